"""An event always keeps an organiser: its only organiser can neither be removed nor made
a judge (a site admin alone could repair an event left without one)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.errors import ConflictError
from tests.tournaments.helpers import make_organiser
from tournaments.models import AuditEntry, EventStaff
from tournaments.models.choices import StaffRole
from tournaments.services.events import staff_set

pytestmark = pytest.mark.django_db


def roles(event) -> dict[str, str]:
    return dict(event.staff.values_list("user__username", "role"))


def test_the_only_organiser_cannot_make_themself_a_judge(event, organiser):
    before = roles(event)
    with pytest.raises(ConflictError, match="An event needs at least one organiser"):
        staff_set(actor=organiser, event_id=event.pk, user=organiser, role=StaffRole.JUDGE)
    assert roles(event) == before
    assert not AuditEntry.objects.filter(action="event.staff").exists()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("", "An event needs at least one organiser."),
        ("/es", "Un evento necesita al menos un organizador."),
    ],
)
def test_the_staff_tab_refuses_it_with_409_and_the_reason(event, organiser, as_user, lang, said):
    before = roles(event)
    response = as_user(organiser).post(
        f"{lang}{reverse('tournaments:event_staff', args=[event.pk])}",
        {"person": organiser.display_name, "role": StaffRole.JUDGE},
    )
    assert response.status_code == 409
    assert said in response.content.decode()
    assert roles(event) == before


def test_with_a_second_organiser_the_first_may_become_a_judge(event, organiser, as_user):
    second = make_organiser("second")
    EventStaff.objects.create(event=event, user=second, role=StaffRole.ORGANISER)
    response = as_user(organiser).post(
        reverse("tournaments:event_staff", args=[event.pk]),
        {"person": str(organiser.player_number), "role": StaffRole.JUDGE},
    )
    assert response.status_code == 302
    assert roles(event) == {"orga": StaffRole.JUDGE, "second": StaffRole.ORGANISER}
    # …and the last organiser left is kept.
    with pytest.raises(ConflictError):
        staff_set(actor=second, event_id=event.pk, user=second, role=StaffRole.JUDGE)
    with pytest.raises(ConflictError):
        staff_set(actor=second, event_id=event.pk, user=second, role=None)
    assert roles(event) == {"orga": StaffRole.JUDGE, "second": StaffRole.ORGANISER}
