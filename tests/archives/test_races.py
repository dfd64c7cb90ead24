"""Archive imports racing each other and the event's own actions, on real connections."""

from __future__ import annotations

import json

import pytest

from archives.services import (
    ArchiveConflictError,
    ImportResult,
    archive_json,
    event_archive_export,
    event_archive_import,
)
from tests.tournaments.helpers import add_players, make_event, make_organiser, make_round
from tests.tournaments.services.test_concurrency import race
from tournaments.models import Event, Match, ResultReport
from tournaments.models.choices import MatchStatus
from tournaments.services.results import ReportedResult, match_report

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.fixture
def event_in_round_1() -> Event:
    event = make_event(make_organiser("race_archive"))
    regs = add_players(event, 4)
    make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    return event


def test_the_same_new_archive_imported_twice_at_once_creates_one_event(event_in_round_1):
    event = event_in_round_1
    data = archive_json(event_archive_export(event_id=event.pk))
    uid = event.uid
    Match.objects.filter(round__event=event).delete()
    event.delete()

    outcomes = race(
        lambda: event_archive_import(data=data), lambda: event_archive_import(data=data)
    )

    assert all(isinstance(o, ImportResult) for o in outcomes), outcomes
    assert sorted(o.created_event for o in outcomes) == [False, True]
    assert Event.objects.filter(uid=uid).count() == 1


def test_an_import_and_a_players_report_on_the_same_match(event_in_round_1):
    """Either the report comes first (the import then sees a match changed here: refused)
    or the import does (the report then applies to the imported match); never a mix."""
    event = event_in_round_1
    archive = event_archive_export(event_id=event.pk)
    match = Match.objects.get(round__event=event, table=1)
    archive["records"]["round:1/table:1"]["extension_seconds"] = 300  # a laptop's extension
    data = json.dumps(archive)

    outcomes = race(
        lambda: event_archive_import(data=data),
        lambda: match_report(
            actor=match.player_a.player, match_id=match.pk, result=ReportedResult(2, 1)
        ),
    )

    imported, reported = outcomes
    assert isinstance(reported, Match), outcomes
    match.refresh_from_db()
    assert match.status == MatchStatus.AWAITING
    assert ResultReport.objects.filter(match=match).count() == 1
    if isinstance(imported, ArchiveConflictError):
        keys = sorted(c.key for c in imported.conflicts)
        assert keys[-1] == "round:1/table:1" and keys[0].startswith("report:")
        assert match.extension_seconds == 0
    else:
        assert isinstance(imported, ImportResult), outcomes
        assert imported.plan.updates == ("round:1/table:1",)
        assert match.extension_seconds == 300
