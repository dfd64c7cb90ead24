"""Qíahn Tactics record format 1: strict parsing into typed values, and writing back.

:func:`parse_record` checks the *shape* of a record exactly as
``qiahn-record.md`` defines it (unknown keys, wrong types and missing fields
are :class:`RecordSyntaxError`\\ s with their JSON path) and returns a
:class:`Record`. It checks no rule: whether a step is legal is the replay's
job (:mod:`games.engines.qiahn.replay`). :func:`record_to_dict` writes a
:class:`Record` back as format-1 JSON data.

Two places where the contract leaves room, read leniently because they carry
no information: ``outfit`` may be omitted like each of its sides (no counter
placed), and a round that wind ended may give ``rolls`` as an empty object.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engines.errors import RecordSyntaxError
from games.engines.qiahn.types import (
    COUNTERS,
    DIE_SIDES,
    RULESETS,
    SIDES,
    SQUADS,
    TOKEN_IDS,
    WATER,
    parse_token_id,
)
from games.engines.strict import (
    check_header,
    key_path,
    raise_choice_error,
    raise_object_error,
    type_error,
)

GAME = "qiahn-tactics"
FORMAT = 1

_TOP_REQUIRED = ("format", "game", "ruleset", "squad", "initiative", "rounds", "result")
_TOP_ALLOWED = frozenset(_TOP_REQUIRED)
_ROUND_REQUIRED = ("uncover", "deploy")
_ROUND_ALLOWED = frozenset(("uncover", "deploy", "outfit", "rolls"))
_SIDE_SET = frozenset(SIDES)
_PLACE_REQUIRED = ("counter", "on")
_PLACE_ALLOWED = frozenset(("counter", "on", "copy"))
_COUNTER_SET = frozenset(COUNTERS)


class Placement(NamedTuple):
    """One counter placed in the outfit phase: ``copy`` only for water."""

    counter: str
    on: str
    copy: str | None = None


class RoundEntry(NamedTuple):
    """One round of a record, as written (ids are strings, not yet checked)."""

    uncover: dict[str, str]
    deploy: dict[str, tuple[str, ...]]
    outfit: dict[str, tuple[Placement, ...]]
    rolls: dict[str, tuple[int, ...]] | None


class Record(NamedTuple):
    """A well-formed format-1 record (not yet replayed)."""

    ruleset: str
    squad: int
    initiative: str
    rounds: tuple[RoundEntry, ...]
    result: dict[str, int]


_NO_PLACEMENTS: tuple[Placement, ...] = ()


def parse_record(data: Any) -> Record:
    """Check the shape of format-1 ``data`` (parsed JSON) and return a :class:`Record`.

    Raises :class:`UnsupportedGameError` if ``format``/``game`` are not format 1
    of ``qiahn-tactics`` and :class:`RecordSyntaxError` for any other shape
    problem, each with the JSON path of the first offending value.
    """
    if type(data) is not dict or not _TOP_ALLOWED >= data.keys() >= _TOP_ALLOWED:
        raise_object_error(data, "", _TOP_REQUIRED, _TOP_ALLOWED)
    check_header(data, game=GAME, fmt=FORMAT)
    ruleset = data["ruleset"]
    if type(ruleset) is not str or ruleset not in RULESETS:
        raise_choice_error(ruleset, "ruleset", RULESETS)
    squad = data["squad"]
    if type(squad) is not int or squad not in SQUADS:
        raise_choice_error(squad, "squad", SQUADS)
    initiative = data["initiative"]
    if type(initiative) is not str or initiative not in _SIDE_SET:
        raise_choice_error(initiative, "initiative", SIDES)
    rounds = data["rounds"]
    if type(rounds) is not list:
        raise type_error("rounds", "array", rounds)
    parsed = tuple([_parse_round(entry, i) for i, entry in enumerate(rounds)])
    return Record(ruleset, squad, initiative, parsed, _parse_score(data["result"], "result"))


def _parse_score(value: Any, path: str) -> dict[str, int]:
    if type(value) is not dict or value.keys() != _SIDE_SET:
        raise_object_error(value, path, SIDES, _SIDE_SET)
    heads = value["heads"]
    tails = value["tails"]
    if type(heads) is not int:
        raise type_error(key_path(path, "heads"), "integer", heads)
    if type(tails) is not int:
        raise type_error(key_path(path, "tails"), "integer", tails)
    return {"heads": heads, "tails": tails}


def _parse_round(entry: Any, i: int) -> RoundEntry:
    if (
        type(entry) is not dict
        or not entry.keys() <= _ROUND_ALLOWED
        or not ("uncover" in entry and "deploy" in entry)
    ):
        raise_object_error(entry, f"rounds[{i}]", _ROUND_REQUIRED, _ROUND_ALLOWED)

    uncover = entry["uncover"]
    if type(uncover) is not dict or uncover.keys() != _SIDE_SET:
        raise_object_error(uncover, f"rounds[{i}].uncover", SIDES, _SIDE_SET)
    for side in SIDES:
        kind = uncover[side]
        if type(kind) is not str or kind not in DIE_SIDES:
            raise_choice_error(kind, f"rounds[{i}].uncover.{side}", DIE_SIDES)

    deploy = entry["deploy"]
    if type(deploy) is not dict or deploy.keys() != _SIDE_SET:
        raise_object_error(deploy, f"rounds[{i}].deploy", SIDES, _SIDE_SET)
    heads_ids = deploy["heads"]
    tails_ids = deploy["tails"]
    if type(heads_ids) is not list:
        raise type_error(f"rounds[{i}].deploy.heads", "array", heads_ids)
    if type(tails_ids) is not list:
        raise type_error(f"rounds[{i}].deploy.tails", "array", tails_ids)
    for side, ids in (("heads", heads_ids), ("tails", tails_ids)):
        for j, token in enumerate(ids):
            if type(token) is not str or (token not in TOKEN_IDS and parse_token_id(token) is None):
                _raise_token_error(token, f"rounds[{i}].deploy.{side}[{j}]")

    outfit = entry.get("outfit")
    if outfit is None:
        if "outfit" in entry:
            raise type_error(f"rounds[{i}].outfit", "object", outfit)
        placements = {"heads": _NO_PLACEMENTS, "tails": _NO_PLACEMENTS}
    else:
        if type(outfit) is not dict or not outfit.keys() <= _SIDE_SET:
            raise_object_error(outfit, f"rounds[{i}].outfit", (), _SIDE_SET)
        placements = {
            "heads": _parse_placements(outfit, i, "heads"),
            "tails": _parse_placements(outfit, i, "tails"),
        }

    rolls = entry.get("rolls")
    if rolls is not None:
        rolls = _parse_rolls(rolls, i)
    elif "rolls" in entry:
        raise type_error(f"rounds[{i}].rolls", "object", None)

    return RoundEntry(
        {"heads": uncover["heads"], "tails": uncover["tails"]},
        {"heads": tuple(heads_ids), "tails": tuple(tails_ids)},
        placements,
        rolls,
    )


def _parse_placements(outfit: dict, i: int, side: str) -> tuple[Placement, ...]:
    if side not in outfit:
        return _NO_PLACEMENTS
    value = outfit[side]
    if type(value) is not list:
        raise type_error(f"rounds[{i}].outfit.{side}", "array", value)
    out = []
    for j, item in enumerate(value):
        if (
            type(item) is not dict
            or not item.keys() <= _PLACE_ALLOWED
            or not ("counter" in item and "on" in item)
        ):
            raise_object_error(
                item, f"rounds[{i}].outfit.{side}[{j}]", _PLACE_REQUIRED, _PLACE_ALLOWED
            )
        counter = item["counter"]
        if type(counter) is not str or counter not in _COUNTER_SET:
            raise_choice_error(counter, f"rounds[{i}].outfit.{side}[{j}].counter", COUNTERS)
        on = item["on"]
        if type(on) is not str or (on not in TOKEN_IDS and parse_token_id(on) is None):
            _raise_token_error(on, f"rounds[{i}].outfit.{side}[{j}].on")
        copy = item.get("copy")
        if counter == WATER:
            if copy is None:
                if "copy" in item:
                    raise type_error(f"rounds[{i}].outfit.{side}[{j}].copy", "string", None)
                raise RecordSyntaxError("syntax.copy_required", f"rounds[{i}].outfit.{side}[{j}]")
            if type(copy) is not str or (copy not in TOKEN_IDS and parse_token_id(copy) is None):
                _raise_token_error(copy, f"rounds[{i}].outfit.{side}[{j}].copy")
        elif "copy" in item:
            raise RecordSyntaxError(
                "syntax.copy_not_allowed",
                f"rounds[{i}].outfit.{side}[{j}].copy",
                {"counter": counter},
            )
        out.append(Placement(counter, on, copy))
    return tuple(out)


def _parse_rolls(value: Any, i: int) -> dict[str, tuple[int, ...]]:
    if type(value) is not dict:
        raise type_error(f"rounds[{i}].rolls", "object", value)
    out = {}
    for token, faces in value.items():
        if token not in TOKEN_IDS and parse_token_id(token) is None:
            _raise_token_error(token, f"rounds[{i}].rolls")
        if type(faces) is not list:
            raise type_error(f"rounds[{i}].rolls.{token}", "array", faces)
        for j, face in enumerate(faces):
            if type(face) is not int:
                raise type_error(f"rounds[{i}].rolls.{token}[{j}]", "integer", face)
        out[token] = tuple(faces)
    return out


def _raise_token_error(value: Any, path: str) -> None:
    if type(value) is not str:
        raise type_error(path, "string", value)
    raise RecordSyntaxError("syntax.token_id", path, {"value": value})


def record_to_dict(record: Record) -> dict[str, Any]:
    """Write a :class:`Record` as format-1 JSON data (both outfit sides always present)."""
    rounds = []
    for entry in record.rounds:
        data: dict[str, Any] = {
            "uncover": dict(entry.uncover),
            "deploy": {side: list(entry.deploy[side]) for side in SIDES},
            "outfit": {side: [_placement_to_dict(p) for p in entry.outfit[side]] for side in SIDES},
        }
        if entry.rolls is not None:
            data["rolls"] = {token: list(faces) for token, faces in entry.rolls.items()}
        rounds.append(data)
    return {
        "format": FORMAT,
        "game": GAME,
        "ruleset": record.ruleset,
        "squad": record.squad,
        "initiative": record.initiative,
        "rounds": rounds,
        "result": dict(record.result),
    }


def _placement_to_dict(placement: Placement) -> dict[str, str]:
    data = {"counter": placement.counter, "on": placement.on}
    if placement.copy is not None:
        data["copy"] = placement.copy
    return data


__all__ = [
    "FORMAT",
    "GAME",
    "Placement",
    "Record",
    "RoundEntry",
    "parse_record",
    "record_to_dict",
]
