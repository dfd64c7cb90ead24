"""The rulings version is pinned on the event when it starts: a version published (even
backdated) mid-event does not apply, and the date that chose it can no longer move."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from config.errors import ConflictError
from decklists import selectors as deck_selectors
from decklists.models import DeckList
from decklists.services.lists import deck_list_submit
from rulings import selectors
from rulings.models import Card
from rulings.services import (
    document_entry_save,
    document_version_publish,
    document_version_start_draft,
)
from tests.rulings_fixtures import quimera_list, with_summary
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.models import AuditEntry
from tournaments.services.events import event_update
from tournaments.services.rounds import round_pair_next

pytestmark = pytest.mark.django_db


def test_a_running_event_keeps_its_version_and_its_date(rulings_data, site_admin):
    today = timezone.localdate()
    organiser = make_organiser()
    event = make_event(organiser, date=today)
    judge = add_judge(event)
    regs = add_players(event, 2)
    who = regs[0].player
    deck_list_submit(
        event=event, player=who, text=quimera_list(size=37, extra="4 Garphades"), actor=who
    )
    round_pair_next(actor=judge, event_id=event.pk)
    event.refresh_from_db()
    assert event.rulings_version is not None and event.rulings_version.number == 1
    assert AuditEntry.objects.get(action="event.start").after["rulings_version"] == 1

    # Mid-event a new version bans Garphades, dated as if already in force on the event's
    # date (the service's ``today`` lets the test backdate it).
    draft = document_version_start_draft(document=selectors.document_get(), actor=site_admin)
    garphades = Card.objects.get(edition__code="DV", number=6)
    document_entry_save(version=draft, section="banned_list", card=garphades)
    earlier = today - dt.timedelta(days=3)
    document_version_publish(
        version=with_summary(draft), published_on=earlier, actor=site_admin, today=earlier
    )
    assert selectors.version_in_force(selectors.document_get(), today).number == 2
    report = deck_selectors.deck_check_for(DeckList.objects.get(event=event))
    assert report.version.number == 1
    assert "banned_card" not in [i.code for i in report.check.errors]

    with pytest.raises(ConflictError, match="date"):
        event_update(actor=organiser, event_id=event.pk, date=today + dt.timedelta(days=1))
    event.refresh_from_db()
    assert event.date == today
