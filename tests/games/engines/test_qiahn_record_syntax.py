"""Strict parsing of Qíahn Tactics record format 1: every shape error has its JSON path."""

from __future__ import annotations

import copy

import pytest

from games.engines.errors import RecordSyntaxError, UnsupportedGameError
from games.engines.qiahn.record import parse_record, record_to_dict
from games.engines.qiahn.replay import check_record
from tests.games.engines.builders import draw_round, qiahn_record

GOOD = qiahn_record([draw_round(1), draw_round(2), draw_round(3)])


def broken(change):
    record = copy.deepcopy(GOOD)
    change(record)
    return record


def syntax_error(record) -> RecordSyntaxError:
    with pytest.raises(RecordSyntaxError) as raised:
        parse_record(record)
    verdict = check_record(record)
    assert not verdict.valid and verdict.error.code == raised.value.code
    return raised.value


def test_a_good_record_round_trips():
    assert record_to_dict(parse_record(GOOD)) == {
        **GOOD,
        "rounds": [{**r, "outfit": {"heads": [], "tails": []}} for r in GOOD["rounds"]],
    }


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        (lambda r: r.update(extra=1), "syntax.unknown_key", ""),
        (lambda r: r.pop("result"), "syntax.missing", "result"),
        (lambda r: r.pop("initiative"), "syntax.missing", "initiative"),
        (lambda r: r.update(squad="3"), "syntax.type", "squad"),
        (lambda r: r.update(squad=4), "syntax.choice", "squad"),
        (lambda r: r.update(squad=True), "syntax.type", "squad"),
        (lambda r: r.update(ruleset="house"), "syntax.choice", "ruleset"),
        (lambda r: r.update(initiative="edge"), "syntax.choice", "initiative"),
        (lambda r: r.update(rounds={}), "syntax.type", "rounds"),
        (lambda r: r["rounds"][1].update(notes="x"), "syntax.unknown_key", "rounds[1]"),
        (lambda r: r["rounds"][1].pop("deploy"), "syntax.missing", "rounds[1].deploy"),
        (
            lambda r: r["rounds"][0]["uncover"].pop("tails"),
            "syntax.missing",
            "rounds[0].uncover.tails",
        ),
        (
            lambda r: r["rounds"][0]["uncover"].update(heads="dragon"),
            "syntax.choice",
            "rounds[0].uncover.heads",
        ),
        (
            lambda r: r["rounds"][0]["deploy"].update(heads="H1"),
            "syntax.type",
            "rounds[0].deploy.heads",
        ),
        (
            lambda r: r["rounds"][0]["deploy"].update(tails=["X1"]),
            "syntax.token_id",
            "rounds[0].deploy.tails[0]",
        ),
        (
            lambda r: r["rounds"][0]["deploy"].update(tails=["T01"]),
            "syntax.token_id",
            "rounds[0].deploy.tails[0]",
        ),
        (
            lambda r: r["rounds"][2].update(outfit={"tails": [{"counter": "fire"}]}),
            "syntax.missing",
            "rounds[2].outfit.tails[0].on",
        ),
        (
            lambda r: r["rounds"][2].update(outfit={"tails": [{"counter": "ice", "on": "T3"}]}),
            "syntax.choice",
            "rounds[2].outfit.tails[0].counter",
        ),
        (
            lambda r: r["rounds"][1].update(outfit={"heads": [{"counter": "water", "on": "H2"}]}),
            "syntax.copy_required",
            "rounds[1].outfit.heads[0]",
        ),
        (
            lambda r: r["rounds"][1].update(
                outfit={"tails": [{"counter": "fire", "on": "T2", "copy": "H2"}]}
            ),
            "syntax.copy_not_allowed",
            "rounds[1].outfit.tails[0].copy",
        ),
        (
            lambda r: r["rounds"][1].update(outfit={"north": []}),
            "syntax.unknown_key",
            "rounds[1].outfit",
        ),
        (lambda r: r["rounds"][1].update(outfit=None), "syntax.type", "rounds[1].outfit"),
        (
            lambda r: r["rounds"][1].update(outfit={"heads": None}),
            "syntax.type",
            "rounds[1].outfit.heads",
        ),
        (lambda r: r["rounds"][1].update(rolls=None), "syntax.type", "rounds[1].rolls"),
        (lambda r: r["rounds"][1]["rolls"].update(H2=3), "syntax.type", "rounds[1].rolls.H2"),
        (
            lambda r: r["rounds"][1]["rolls"].update(H2=[3.0]),
            "syntax.type",
            "rounds[1].rolls.H2[0]",
        ),
        (
            lambda r: r["rounds"][1]["rolls"].update(H2=["3"]),
            "syntax.type",
            "rounds[1].rolls.H2[0]",
        ),
        (lambda r: r["rounds"][1]["rolls"].update(Q2=[3]), "syntax.token_id", "rounds[1].rolls"),
        (lambda r: r["result"].update(heads="3"), "syntax.type", "result.heads"),
        (lambda r: r["result"].update(draw=0), "syntax.unknown_key", "result"),
    ],
)
def test_shape_errors_name_their_json_path(change, code, path):
    err = syntax_error(broken(change))
    assert err.code == code
    assert err.path == path


def test_messages_quote_the_input():
    err = syntax_error(broken(lambda r: r.update(squad="3")))
    assert str(err) == 'squad: expected an integer, got a string ("3")'
    err = syntax_error(broken(lambda r: r["rounds"][0]["uncover"].pop("tails")))
    assert str(err) == "rounds[0].uncover: the required key 'tails' is missing"
    err = syntax_error(broken(lambda r: r.update(extra=1)))
    assert str(err) == "record: unknown key 'extra'"


def test_other_games_and_formats_are_unsupported_not_misread():
    with pytest.raises(UnsupportedGameError) as raised:
        parse_record(broken(lambda r: r.update(format=2)))
    assert raised.value.path == "format"
    with pytest.raises(UnsupportedGameError):
        parse_record(broken(lambda r: r.update(game="chess")))


def test_a_missing_outfit_or_side_means_no_counter():
    record = broken(lambda r: r["rounds"][0].update(outfit={"heads": []}))
    assert check_record(record).valid
    assert check_record(GOOD).valid


def test_record_errors_are_value_errors():
    assert issubclass(RecordSyntaxError, ValueError)
