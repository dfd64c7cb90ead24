"""Anachronism events check each game's record as Qíahn events do, with the sides north and
south: a record must replay legally and to the reported winner and score."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from config.errors import DomainError
from games.engines.anachronism.playout import random_record
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Game
from tournaments.models.choices import MatchStatus
from tournaments.services.results import ReportedResult, match_report, match_set_result

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).resolve().parents[3] / "games" / "data" / "examples"
SOUTH_WINS = json.loads((EXAMPLE / "anachronism-five-assaults.json").read_text())  # 0-1
NORTH_WINS = random_record(random.Random(0))
DRAW = random_record(random.Random(3), warriors={"north": "ash-monk", "south": "ash-monk"})


def setup(policy: str):
    organiser = make_organiser(f"ana_{policy}")
    event = make_event(
        organiser,
        name="Anachronism Open",
        game="anachronism",
        format="standard",
        record_policy=policy,
    )
    judge = add_judge(event, f"anaj_{policy}")
    regs = add_players(event, 2)
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    return event, judge, regs, match


# Player A commanded south in game 1 (and won it), north in game 2 (and won it).
G1 = {"winner": "a", "side_a": "south", "score": {"a": 1, "b": 0}, "record": SOUTH_WINS}
G2 = {"winner": "a", "side_a": "north", "score": {"a": 1, "b": 0}, "record": NORTH_WINS}


def test_the_games_recorded_here_end_as_the_tests_say():
    assert SOUTH_WINS["result"] == {"north": 0, "south": 1}
    assert NORTH_WINS["result"] == {"north": 1, "south": 0}
    assert DRAW["result"] == {"north": 0, "south": 0}


def test_require_accepts_records_that_replay_to_the_reported_games_and_keeps_them():
    _event, _judge, regs, match = setup("require")
    result = ReportedResult(2, 0, games=[dict(G1), dict(G2)])
    match_report(actor=regs[0].player, match_id=match.pk, result=result)
    match = match_report(actor=regs[1].player, match_id=match.pk, result=result)
    assert match.status == MatchStatus.CONFIRMED
    stored = Game.objects.get(match=match, number=1)
    assert stored.record == SOUTH_WINS and stored.side_a == "south"
    assert Game.objects.get(match=match, number=2).side_a == "north"


def test_require_refuses_a_record_that_contradicts_the_reported_score():
    _event, _judge, regs, match = setup("require")
    # Player A says they won game 1 commanding north, but the record's north lost.
    wrong = dict(G1, side_a="north")
    with pytest.raises(DomainError) as info:
        match_report(
            actor=regs[0].player,
            match_id=match.pk,
            result=ReportedResult(2, 0, games=[wrong, dict(G2)]),
        )
    message = info.value.message
    assert message.startswith("Game 1:")
    assert "north 0, south 1" in message and "north 1, south 0" in message
    assert info.value.code == "result.reported_mismatch"
    assert not match.reports.exists()


def test_a_record_that_gives_the_other_winner_is_refused_with_the_final_score():
    _event, judge, _regs, match = setup("accept")
    no_score = {k: v for k, v in G1.items() if k != "score"}
    wrong = dict(no_score, winner="b")  # the record says south (player A) won
    with pytest.raises(
        DomainError, match="Game 1: the final score 0-1 says the winner is player A"
    ):
        match_set_result(
            actor=judge, match_id=match.pk, result=ReportedResult(1, 1, games=[wrong, dict(G2)])
        )


def test_an_illegal_record_is_refused_with_the_engines_place_and_reason():
    _event, judge, _regs, match = setup("accept")
    illegal = json.loads(json.dumps(SOUTH_WINS))
    illegal["assaults"][0]["turns"][0]["actions"][0] = {"do": "move", "to": "a5", "face": "north"}
    with pytest.raises(DomainError) as info:
        match_set_result(
            actor=judge,
            match_id=match.pk,
            result=ReportedResult(2, 0, games=[dict(G1, record=illegal), dict(G2)]),
        )
    assert info.value.message.startswith("Game 1: assault 1, actions, south: 'a5'")


def test_a_draw_is_zero_to_zero():
    _event, judge, _regs, match = setup("require")
    draw = {"winner": "draw", "side_a": "north", "score": {"a": 0, "b": 0}, "record": DRAW}
    match = match_set_result(
        actor=judge,
        match_id=match.pk,
        result=ReportedResult(1, 0, 1, games=[draw, dict(G2)]),
    )
    assert match.status == MatchStatus.CONFIRMED
    with pytest.raises(DomainError, match="Game 1: the final score 0-0 says the winner is nobody"):
        match_set_result(
            actor=judge,
            match_id=match.pk,
            result=ReportedResult(2, 0, games=[dict(draw, winner="a"), dict(G2)]),
        )


def test_the_sides_are_north_and_south():
    _event, judge, _regs, match = setup("accept")
    with pytest.raises(DomainError, match=r"say which side player A commanded \(north or south\)"):
        match_set_result(
            actor=judge,
            match_id=match.pk,
            result=ReportedResult(2, 0, games=[dict(G1, side_a="heads"), dict(G2)]),
        )


def test_require_refuses_a_game_without_its_record():
    _event, judge, _regs, match = setup("require")
    bare = {k: v for k, v in G2.items() if k != "record"}
    with pytest.raises(DomainError, match="Game 2"):
        match_set_result(
            actor=judge, match_id=match.pk, result=ReportedResult(2, 0, games=[dict(G1), bare])
        )
