"""Standings from confirmed results, and the CSV exports agreeing with them."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.core.management import call_command

from tests.tournaments.helpers import make_round
from tournaments.exports import export_csv
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.services.standings import event_standings
from tournaments.visibility import everything

pytestmark = pytest.mark.django_db


@pytest.fixture
def event_after_round_2(event, regs, judge):
    """Four players: round 1 A beats B 2-0, C beats D 2-1; round 2 A beats C 2-1, B-D draw."""
    a, b, c, d = regs[:4]
    for r in regs[4:]:
        r.delete()
    r1 = make_round(event, [(a, b), (c, d)])
    match_set_result(actor=judge, match_id=r1.matches.get(table=1).pk, result=ReportedResult(2, 0))
    match_set_result(actor=judge, match_id=r1.matches.get(table=2).pk, result=ReportedResult(2, 1))
    r2 = make_round(event, [(a, c), (b, d)])
    match_set_result(actor=judge, match_id=r2.matches.get(table=1).pk, result=ReportedResult(2, 1))
    match_set_result(
        actor=judge, match_id=r2.matches.get(table=2).pk, result=ReportedResult(1, 1, 1)
    )
    return event


def test_standings_order_and_tiebreaks(event_after_round_2, regs):
    rows = event_standings(event_after_round_2)
    names = [row.registration.pk for row in rows]
    a, _b, c, _d = (r.pk for r in regs[:4])
    assert names[:2] == [a, c]
    top = rows[0]
    assert top.match_points == 6 and top.record == "2-0-0"
    # A's opponents: B (1 draw, 1 loss: 1/6 -> floored 1/3) and C (3/6 = 1/2).
    assert top.omw == Decimal("0.4167")
    assert rows[1].match_points == 3


def test_standings_as_of_round_1(event_after_round_2, regs):
    rows = event_standings(event_after_round_2, as_of_round=1)
    assert [r.match_points for r in rows] == [3, 3, 0, 0]


def test_a_dropped_player_stays_in_the_standings(event_after_round_2, regs):
    registration_drop(actor=regs[1].player, registration_id=regs[1].pk)
    rows = {r.registration.pk: r for r in event_standings(event_after_round_2)}
    assert rows[regs[1].pk].dropped


def parse(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_exports_agree_with_the_standings(event_after_round_2, regs, capsys):
    rows = event_standings(event_after_round_2)
    exported = parse(
        export_csv(event_after_round_2, "standings", visibility=everything(event_after_round_2))
    )
    assert [e["player"] for e in exported] == [r.registration.player.public_name for r in rows]
    assert [Decimal(e["omw"]) for e in exported] == [r.omw for r in rows]
    for column in ("rank", "player", "match_points", "omw", "gw", "ogw"):
        assert column in exported[0]
    call_command("export_event", str(event_after_round_2.pk), "--what", "standings")
    assert parse(capsys.readouterr().out) == exported


def test_matches_export_has_every_game_and_the_same_names(event_after_round_2, regs):
    exported = parse(
        export_csv(event_after_round_2, "matches", visibility=everything(event_after_round_2))
    )
    assert len(exported) == 4
    first = exported[0]
    for column in (
        "round",
        "table",
        "player_a",
        "player_b",
        "games_won_a",
        "games_won_b",
        "games_drawn",
    ):
        assert column in first
    assert (first["round"], first["table"], first["games_won_a"], first["games_won_b"]) == (
        "1",
        "1",
        "2",
        "0",
    )
    players = {
        row["player"]
        for row in parse(
            export_csv(event_after_round_2, "players", visibility=everything(event_after_round_2))
        )
    }
    assert {first["player_a"], first["player_b"]} <= players


def test_unknown_export_and_event_are_refused(event, capsys):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("export_event", "999999", "--what", "players")
