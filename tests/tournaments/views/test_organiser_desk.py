"""The organiser's desk on event day: finding and adding players (type-ahead, surnames,
bulk), checking in, and the staff of an event."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from config.errors import ConflictError
from tests.factories import UserFactory
from tests.tournaments.helpers import add_players
from tournaments.models import AuditEntry, Registration
from tournaments.models.choices import RegistrationStatus
from tournaments.people import people_search as person_search
from tournaments.services.registration import registration_check_in_all

pytestmark = pytest.mark.django_db


def url(name, *args):
    return reverse(f"tournaments:{name}", args=args)


@pytest.fixture
def people(db):
    return {
        "ana": UserFactory(username="anam", display_name="Ana Martínez"),
        "luis": UserFactory(username="luisg", display_name="Luis García Ñúñez"),
        "eva": UserFactory(username="evag", display_name="Eva Gil"),
        "eve": UserFactory(username="eveg", display_name="Eve Gil"),
    }


def test_search_finds_surnames_and_ignores_accents_and_case(people):
    assert person_search("martinez") == [people["ana"]]
    assert person_search("MARTÍNEZ") == [people["ana"]]
    assert person_search("nunez") == [people["luis"]]
    assert person_search("luis garc") == [people["luis"]]
    assert set(person_search("gil")) == {people["eva"], people["eve"]}
    assert person_search("evag") == []  # a username is never searched
    number = people["eva"].player_number
    assert person_search(str(number))[0] == people["eva"]
    assert person_search("zzz") == []


def test_a_surname_alone_adds_the_one_player_it_matches(event, judge, as_user, people):
    response = as_user(judge).post(url("judge_players", event.pk), {"player": "martinez"})
    assert response.status_code == 302
    assert event.registrations.filter(player=people["ana"]).exists()


def test_an_ambiguous_surname_names_the_candidates(event, judge, as_user, people):
    response = as_user(judge).post(url("judge_players", event.pk), {"player": "Gil"})
    body = response.content.decode()
    assert response.status_code == 400
    assert "Several people match" in body and "Eva Gil" in body and "Eve Gil" in body
    assert not event.registrations.exists()


def test_a_refused_entry_is_not_left_in_the_field(event, judge, as_user, people):
    """The service refuses (already in the event): said with what was typed, and the
    fields start empty for the next player. A name nobody has stays, to be corrected."""
    client = as_user(judge)
    Registration.objects.create(event=event, player=people["eva"])
    response = client.post(url("judge_players", event.pk), {"player": "Eva Gil"})
    body = response.content.decode()
    assert response.status_code == 409
    assert "“Eva Gil”: Eva Gil is already registered for this event." in body
    assert 'value="Eva Gil"' not in body
    response = client.post(url("judge_players", event.pk), {"player": "nobody-at-all"})
    assert response.status_code == 400
    assert 'value="nobody-at-all"' in response.content.decode()
    response = client.post(url("judge_players", event.pk), {"display_name": "Walter Walkin"})
    assert response.status_code == 302


def test_suggestions_are_json_for_staff_only(event, judge, as_user, people):
    response = as_user(judge).get(url("player_suggestions", event.pk), {"q": "martin"})
    assert response.status_code == 200
    [row] = response.json()["results"]
    assert row["value"] == str(people["ana"].player_number)
    assert "Ana Martínez" in row["label"] and row["registered"] is False
    assert (
        as_user(people["eva"]).get(url("player_suggestions", event.pk), {"q": "gil"}).status_code
        == 403
    )
    page = as_user(judge).get(url("judge_players", event.pk)).content.decode()
    assert 'id="player-suggestions"' in page and url("player_suggestions", event.pk) in page


def test_bulk_add_reports_each_line_then_adds_what_the_judge_confirms(
    event, judge, as_user, people
):
    lines = "\n".join(
        [
            str(people["ana"].player_number),
            "evag",
            "Luis Garcia Nunez",
            "Gil",
            "999999",
            "Walter Walkin",
            "",
        ]
    )
    client = as_user(judge)
    response = client.post(url("judge_players", event.pk), {"lines": lines})
    assert response.status_code == 200
    body = " ".join(response.content.decode().split())
    assert 'data-testid="bulk-preview"' in body
    assert "Several people match: choose one." in body
    assert "Nobody has the player number 999999." in body
    assert not event.registrations.exists()  # nothing before the judge confirms
    batch = re.search(r'name="batch" value="([^"]+)"', body).group(1)
    data = {
        "batch": batch,
        "line": lines.splitlines()[:6],
        "line-1": f"n{people['ana'].player_number}",
        "line-2": f"n{people['eva'].player_number}",
        "line-3": f"n{people['luis'].player_number}",
        "line-4": "skip",
        "line-5": "skip",
        "line-6": "walk-in",
    }
    response = client.post(url("judge_players", event.pk), data, follow=True)
    body = " ".join(response.content.decode().split())
    added = set(event.registrations.values_list("player__display_name", flat=True))
    assert added == {"Ana Martínez", "Eva Gil", "Luis García Ñúñez", "Walter Walkin"}
    assert "4 players added" in body and "2 lines left out." in body


def test_check_in_everyone_registered_in_one_go(event, judge, as_user):
    regs = add_players(event, 12, checked_in=False)
    client = as_user(judge)
    page = client.get(url("judge_players", event.pk)).content.decode()
    assert "0 of 12 checked in" in " ".join(page.split())
    assert url("check_in_all", event.pk) in page
    response = client.post(url("check_in_all", event.pk), follow=True)
    body = " ".join(response.content.decode().split())
    assert "12 players checked in." in body and "12 of 12 checked in" in body
    assert {r.status for r in Registration.objects.filter(pk__in=[r.pk for r in regs])} == {
        RegistrationStatus.CHECKED_IN
    }
    [entry] = AuditEntry.objects.filter(action="registration.check_in_all")
    assert entry.actor == judge and len(entry.after["players"]) == 12


def test_check_in_all_is_for_staff_and_before_the_start(event, judge, regs, round1, as_user):
    add_players(event, 1, checked_in=False, prefix="late")
    assert as_user(regs[0].player).post(url("check_in_all", event.pk)).status_code == 403
    with pytest.raises(ConflictError):
        registration_check_in_all(actor=judge, event_id=event.pk)


def test_a_row_checks_in_without_a_page_load(event, judge, as_user):
    reg = add_players(event, 2, checked_in=False)[0]
    response = as_user(judge).post(
        url("check_in", reg.pk), {"checked_in": "1"}, HTTP_HX_REQUEST="true"
    )
    body = " ".join(response.content.decode().split())
    assert response.status_code == 200
    assert body.startswith(f'<tr id="reg-{reg.pk}"') and 'data-testid="undo-check-in"' in body
    assert 'hx-swap-oob="true"' in body and "1 of 2 checked in" in body
    page = as_user(judge).get(url("judge_players", event.pk)).content.decode()
    assert f'hx-post="{url("check_in", reg.pk)}"' in page and "htmx" in page


def test_a_judge_not_on_the_event_is_told_who_can_add_them(event, organiser, as_user):
    outsider = UserFactory(username="outsider", display_name="Out Sider")
    response = as_user(outsider).get(url("judge_players", event.pk))
    body = " ".join(response.content.decode().split())
    assert response.status_code == 403
    assert "Its organisers can add you to the staff: Organiser orga." in body


def test_staff_have_their_own_tab(event, organiser, judge, as_user):
    page = as_user(judge).get(url("dashboard", event.pk)).content.decode()
    assert f'href="{url("event_staff", event.pk)}"' in page
    staff_page = as_user(judge).get(url("event_staff", event.pk))
    body = " ".join(staff_page.content.decode().split())
    assert staff_page.status_code == 200
    assert "Judge judy" in body and "add and remove staff: Organiser orga." in body
    assert "Add to the staff" not in body  # a judge reads; organisers manage
    helper = UserFactory(username="helper", display_name="Helpful Hannah")
    client = as_user(organiser)
    assert "Add to the staff" in client.get(url("event_staff", event.pk)).content.decode()
    response = client.post(url("event_staff", event.pk), {"person": "hannah", "role": "judge"})
    assert response.status_code == 302 and response["Location"] == url("event_staff", event.pk)
    assert helper.has_perm("tournaments.run_event", event)
