"""Final placings come from the bracket once the top-cut final has a winner: on the
standings page, in the standings CSV (page, API and ``export_event``) and in the API."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from tournaments.exports import export_csv
from tournaments.models.choices import MatchStatus
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.services.rounds import round_pair_next, round_publish
from tournaments.services.standings import event_standings
from tournaments.services.topcut import topcut_advance, topcut_start
from tournaments.standings import final_placings
from tournaments.visibility import everything

pytestmark = pytest.mark.django_db


def test_core_places_the_bracket_then_the_rest_by_swiss():
    swiss = list(range(1, 11))  # ids in Swiss order
    quarters = [(1, 8, 8), (4, 5, 5), (2, 7, 2), (3, 6, 6)]
    semis = [(8, 5, 5), (2, 6, 2)]
    final = [(5, 2, 5)]
    assert final_placings(swiss, [quarters, semis, final]) == (5, 2, 6, 8, 1, 3, 4, 7, 9, 10)
    assert final_placings(swiss, [quarters, semis, [(5, 2, None)]]) is None
    assert final_placings(swiss, []) is None


TWO_NIL = ReportedResult(2, 0)


def play_out(round_, judge, score=TWO_NIL):
    round_publish(actor=judge, round_id=round_.pk)
    for match in round_.matches.exclude(status=MatchStatus.CONFIRMED):
        match_set_result(actor=judge, match_id=match.pk, result=score)


@pytest.fixture
def finished(event, judge, regs):
    """Three Swiss rounds, a top 4 won by the lowest seeds each time (semifinal losers
    are seeds 1 and 2), then the final."""
    event.swiss_rounds = 3
    event.top_cut = 4
    event.save()
    for _ in range(3):
        play_out(round_pair_next(actor=judge, event_id=event.pk), judge)
    swiss = [r.registration.pk for r in event_standings(event)]
    semis = topcut_start(actor=judge, event_id=event.pk)
    play_out(semis, judge, ReportedResult(0, 2))  # seeds 4 and 3 go through
    final = topcut_advance(actor=judge, event_id=event.pk)
    play_out(final, judge, ReportedResult(2, 1))  # player A of the final wins
    topcut_advance(actor=judge, event_id=event.pk)
    event.refresh_from_db()
    champion = final.matches.get().player_a_id
    finalist = final.matches.get().player_b_id
    return event, swiss, [champion, finalist, swiss[0], swiss[1], *swiss[4:]]


def test_standings_rank_by_the_bracket_after_the_final(finished):
    event, swiss, expected = finished
    rows = event_standings(event)
    assert [r.registration.pk for r in rows] == expected
    assert [r.rank for r in rows] == list(range(1, 9))
    assert rows[2].swiss_rank == 1 and rows[3].swiss_rank == 2
    # The Swiss standings of a round stay Swiss.
    assert [r.registration.pk for r in event_standings(event, as_of_round=3)] == swiss


def test_csv_page_and_api_agree_on_final_places(finished, capsys):
    event, _swiss, expected = finished
    names = {r.registration.pk: r.registration.name for r in event_standings(event)}
    want = [names[pk] for pk in expected]
    exported = list(
        csv.DictReader(io.StringIO(export_csv(event, "standings", visibility=everything(event))))
    )
    assert [e["player"] for e in exported] == want
    assert [e["rank"] for e in exported][:4] == ["1", "2", "3", "4"]
    assert exported[2]["swiss_rank"] == "1"
    call_command("export_event", str(event.pk), "--what", "standings")
    assert [e["player"] for e in csv.DictReader(io.StringIO(capsys.readouterr().out))] == want
    api = APIClient().get(f"/api/v1/events/{event.pk}/standings/").json()["results"]
    assert [row["player"] for row in api] == want
    assert api[2]["swiss_rank"] == 1
    page = Client().get(f"/events/{event.pk}/standings/").content.decode()
    assert "Final standings" in page
    positions = [page.index(f'data-player="{name}"') for name in want]
    assert positions == sorted(positions)
