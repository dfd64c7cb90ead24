"""Qíahn events check each game's record (or, without one, whether its score can happen)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from config.errors import DomainError
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Game
from tournaments.models.choices import MatchStatus
from tournaments.services.results import ReportedResult, match_report, match_set_result

pytestmark = pytest.mark.django_db

RECORDS = Path(__file__).resolve().parents[2] / "games" / "engines" / "records" / "qiahn"
# heads 3 - tails 2 (the record contract's example) and heads 2 - tails 3 (earth, rulebook).
HEADS_WINS = json.loads((RECORDS / "valid" / "squad3-contract-example.json").read_text())
TAILS_WINS = json.loads((RECORDS / "valid" / "squad3-earth-rulebook.json").read_text())
ILLEGAL = json.loads((RECORDS / "invalid" / "sword-while-defending.json").read_text()) | {
    "ruleset": "rulebook-1"
}


def setup(policy: str, game: str = "qiahn-tactics"):
    organiser = make_organiser(f"q_{policy}")
    event = make_event(
        organiser,
        name="Qíahn Open",
        game=game,
        format="standard",
        record_policy=policy,
        qiahn_squad=3,
        qiahn_ruleset="rulebook-1",
    )
    judge = add_judge(event, f"qj_{policy}")
    regs = add_players(event, 2)
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    return event, judge, regs, match


def games(*entries):
    """Game 1 won by A as heads, game 2 by A as tails (A took tails), as a 2-0."""
    return [dict(entry) for entry in entries]


G1 = {"winner": "a", "chooser": "a", "side_a": "heads", "record": HEADS_WINS}
G2 = {"winner": "a", "chooser": "b", "side_a": "tails", "record": TAILS_WINS}


def test_records_that_replay_to_the_reported_games_are_accepted_and_kept():
    _event, _judge, regs, match = setup("require")
    result = ReportedResult(2, 0, games=games(G1, G2))
    match_report(actor=regs[0].player, match_id=match.pk, result=result)
    match = match_report(actor=regs[1].player, match_id=match.pk, result=result)
    assert match.status == MatchStatus.CONFIRMED
    stored = Game.objects.get(match=match, number=1)
    assert stored.record == HEADS_WINS and stored.side_a == "heads"


def test_an_illegal_record_is_refused_with_the_engines_place_and_reason():
    _event, _judge, regs, match = setup("accept")
    bad = dict(G1, record=ILLEGAL)
    with pytest.raises(DomainError) as info:
        match_report(
            actor=regs[0].player,
            match_id=match.pk,
            result=ReportedResult(2, 0, games=games(bad, G2)),
        )
    assert info.value.message.startswith("Game 1: round")
    assert "sword on 'H1' while defending" in info.value.message
    assert not match.reports.exists()


def test_a_record_that_gives_the_other_winner_is_refused_with_both_scores():
    _event, judge, _regs, match = setup("accept")
    wrong = dict(G1, record=TAILS_WINS)  # A was heads, and heads lost 2-3
    with pytest.raises(
        DomainError, match="Game 1: the final score 2-3 says the winner is player B"
    ):
        match_set_result(
            actor=judge, match_id=match.pk, result=ReportedResult(2, 0, games=games(wrong, G2))
        )


def test_a_record_whose_result_differs_from_the_reported_score_is_refused():
    _event, judge, _regs, match = setup("accept")
    claimed = dict(G1, score={"a": 3, "b": 1})
    with pytest.raises(DomainError) as info:
        match_set_result(
            actor=judge, match_id=match.pk, result=ReportedResult(2, 0, games=games(claimed, G2))
        )
    assert info.value.message.startswith("Game 1:")
    assert "3" in info.value.message and "2" in info.value.message


def test_require_refuses_a_game_without_record():
    _event, judge, _regs, match = setup("require")
    with pytest.raises(DomainError, match="Game 2"):
        match_set_result(
            actor=judge,
            match_id=match.pk,
            result=ReportedResult(2, 0, games=games(G1, {"winner": "a", "chooser": "b"})),
        )


def test_without_a_record_an_unreachable_score_is_refused():
    _event, judge, _regs, match = setup("accept")
    impossible = {"winner": "draw", "chooser": "a", "side_a": "heads", "score": {"a": 0, "b": 0}}
    with pytest.raises(DomainError, match="Game 1"):
        match_set_result(
            actor=judge,
            match_id=match.pk,
            result=ReportedResult(1, 0, 1, games=games(impossible, G2)),
        )
    reachable = dict(impossible, winner="a", score={"a": 1, "b": 0})
    match = match_set_result(
        actor=judge, match_id=match.pk, result=ReportedResult(2, 0, games=games(reachable, G2))
    )
    assert match.status == MatchStatus.CONFIRMED


def test_a_record_needs_the_side_player_a_commanded():
    _event, judge, _regs, match = setup("accept")
    no_side = {k: v for k, v in G1.items() if k != "side_a"}
    with pytest.raises(DomainError, match="heads or tails"):
        match_set_result(
            actor=judge, match_id=match.pk, result=ReportedResult(2, 0, games=games(no_side, G2))
        )


def test_a_record_of_another_squad_size_is_refused():
    _event, judge, _regs, match = setup("accept")
    six = json.loads((RECORDS / "valid" / "squad6-every-counter.json").read_text())
    with pytest.raises(DomainError, match="Game 1"):
        match_set_result(
            actor=judge,
            match_id=match.pk,
            result=ReportedResult(2, 0, games=games(dict(G1, record=six), G2)),
        )


def test_ignore_drops_records_unchecked():
    _event, judge, _regs, match = setup("ignore")
    junk = dict(G1, record=copy.deepcopy(ILLEGAL))
    match = match_set_result(
        actor=judge, match_id=match.pk, result=ReportedResult(2, 0, games=games(junk, G2))
    )
    assert match.status == MatchStatus.CONFIRMED
    assert Game.objects.get(match=match, number=1).record is None


def test_records_are_refused_outside_qiahn_events():
    organiser = make_organiser("hk")
    event = make_event(organiser)
    judge = add_judge(event, "hkj")
    regs = add_players(event, 2)
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    with pytest.raises(DomainError, match="only for Qíahn"):
        match_set_result(
            actor=judge, match_id=match.pk, result=ReportedResult(2, 0, games=games(G1, G2))
        )


def test_require_needs_the_games_listed():
    _event, _judge, regs, match = setup("require")
    with pytest.raises(DomainError, match="each game listed"):
        match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 0))


def test_the_play_or_draw_rule_is_humankinds_only():
    _event, judge, _regs, match = setup("accept")
    plain = [{"winner": "b"}, {"winner": "a"}, {"winner": "a"}]
    match = match_set_result(
        actor=judge, match_id=match.pk, result=ReportedResult(2, 1, games=plain)
    )
    assert [g.chooser for g in match.games.order_by("number")] == ["", "", ""]
    with pytest.raises(DomainError, match="already over"):
        match_set_result(
            actor=judge,
            match_id=match.pk,
            result=ReportedResult(2, 1, games=[{"winner": "a"}, {"winner": "a"}, {"winner": "b"}]),
        )
