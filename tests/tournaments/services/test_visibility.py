"""One visibility rule for every read path: each export (page, API, command) and the JSON
API, walked for every kind of reader.

Private: a drop reason and a disqualification (the event's judges and that player);
unpublished pairings (the event's judges); round and event seeds (the event's judges, and
everyone once the event is finished)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser, make_round
from tournaments.models import Event
from tournaments.models.choices import EventStatus, RoundStatus
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_set_result

pytestmark = pytest.mark.django_db

REASON = "Marked cards found at table 2"
ROLES = [
    "anonymous",
    "other_player",
    "the_player",
    "fellow_player",
    "other_judge",
    "judge",
    "admin",
]
SEES_PRIVATE = {"the_player", "judge", "admin"}
SEES_DRAFTS = {"judge", "admin"}


@pytest.fixture
def setting(event, judge, regs):
    """Round 1 played; the first player disqualified with a reason; round 2 still a draft."""
    one = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    for match in one.matches.all():
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1))
    registration_drop(actor=judge, registration_id=regs[0].pk, reason=REASON, disqualified=True)
    make_round(event, [(regs[1], regs[2]), (regs[3], None)], status=RoundStatus.DRAFT)
    other_event = make_event(make_organiser("elsewhere"), name="Another Open")
    readers = {
        "anonymous": None,
        "other_player": UserFactory(username="outsider"),
        "the_player": regs[0].player,
        "fellow_player": regs[1].player,
        "other_judge": add_judge(other_event, "judge_elsewhere"),
        "judge": judge,
        "admin": UserFactory(username="root", is_staff=True, is_superuser=True),
    }
    return event, regs, readers


def csv_rows(body: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(body)))


def export_bodies(event: Event, reader) -> dict[str, dict[str, str]]:
    page, api = Client(), APIClient()
    if reader is not None:
        page.force_login(reader)
        api.force_authenticate(reader)
    bodies = {}
    for what in ("players", "matches", "standings"):
        bodies[what] = {
            "page": page.get(f"/events/{event.pk}/export/{what}.csv").content.decode(),
            "api": api.get(f"/api/events/{event.pk}/export/{what}.csv").content.decode(),
        }
    return bodies


@pytest.mark.parametrize("role", ROLES)
def test_every_export_shows_each_reader_what_the_rule_allows(setting, role):
    event, regs, readers = setting
    bodies = export_bodies(event, readers[role])
    for path in ("page", "api"):
        players = {row["player"]: row for row in csv_rows(bodies["players"][path])}
        disqualified = players[regs[0].player.public_name]
        assert disqualified["status"] == "dropped"
        if role in SEES_PRIVATE:
            assert (disqualified["drop_reason"], disqualified["disqualified"]) == (REASON, "1")
        else:
            assert (disqualified["drop_reason"], disqualified["disqualified"]) == ("", "0")
        rounds = {row["round"] for row in csv_rows(bodies["matches"][path])}
        assert rounds == ({"1", "2"} if role in SEES_DRAFTS else {"1"}), (role, path)
        for body in bodies.values():
            assert REASON not in body[path] or role in SEES_PRIVATE
    # The page and the API export agree exactly, for every export.
    for what, body in bodies.items():
        assert body["page"] == body["api"], what


@pytest.mark.parametrize("role", ROLES)
def test_the_json_api_applies_the_same_rule(setting, role):
    event, regs, readers = setting
    api = APIClient()
    if readers[role] is not None:
        api.force_authenticate(readers[role])
    players = {p["id"]: p for p in api.get(f"/api/v1/events/{event.pk}/players/").json()["results"]}
    private = (players[regs[0].pk]["drop_reason"], players[regs[0].pk]["disqualified"])
    assert private == ((REASON, True) if role in SEES_PRIVATE else ("", False))
    rounds = api.get(f"/api/v1/events/{event.pk}/rounds/").json()["results"]
    assert [r["status"] for r in rounds] == (
        ["published", "draft"] if role in SEES_DRAFTS else ["published"]
    )
    seeds = {r["seed"] for r in rounds}
    assert (seeds == {None}) == (role not in SEES_DRAFTS)
    detail = api.get(f"/api/rounds/{rounds[0]['id']}/").json()
    assert (detail["seed"] is None) == (role not in SEES_DRAFTS)
    assert (api.get(f"/api/events/{event.pk}/").json()["seed"] is None) == (role not in SEES_DRAFTS)


@pytest.mark.parametrize("role", ROLES)
def test_the_pages_show_a_disqualification_by_the_same_rule(setting, role):
    event, _regs, readers = setting
    client = Client()
    if readers[role] is not None:
        client.force_login(readers[role])
    for path in (f"/events/{event.pk}/players/", f"/events/{event.pk}/standings/"):
        page = client.get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert ("isqualified" in page) == (role in SEES_PRIVATE), (role, path)


def test_seeds_are_public_once_the_event_is_finished(setting):
    event, _regs, _readers = setting
    Event.objects.filter(pk=event.pk).update(status=EventStatus.FINISHED)
    api = APIClient()
    rounds = api.get(f"/api/v1/events/{event.pk}/rounds/").json()["results"]
    assert all(r["seed"] is not None for r in rounds)
    assert api.get(f"/api/events/{event.pk}/").json()["seed"] == event.seed
    listed = {e["id"]: e for e in api.get("/api/events/").json()["results"]}
    assert listed[event.pk]["seed"] == event.seed
