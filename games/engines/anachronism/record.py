"""Anachronism record format 1: strict parsing into typed values, and writing back.

The format is documented in ``docs/anachronism-record.md``. :func:`parse_record`
checks the *shape* of a record (and that every card id is in the catalogue),
raising :class:`RecordSyntaxError` with the JSON path of the first problem.
Whether the steps are legal is the replay's job.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engines.anachronism.actions import Action, Attack, Move, Pass, Turn, UseAbility
from games.engines.anachronism.catalogue import Catalogue
from games.engines.anachronism.types import (
    ARENA_SIZES,
    DEFAULT_ARENA,
    NORTH,
    SIDES,
    SOUTH,
    SUPPORTS_PER_SIDE,
)
from games.engines.errors import RecordSyntaxError, UnsupportedGameError
from games.engines.strict import (
    check_header,
    check_list,
    check_object,
    raise_choice_error,
    type_error,
)

GAME = "anachronism"
FORMAT = 1
RULESETS = ("rulebook-1",)
BASIC = "basic"

_TOP_REQUIRED = (
    "format",
    "game",
    "ruleset",
    "catalogue",
    "sides",
    "placement",
    "assaults",
    "result",
)
_TOP_ALLOWED = frozenset((*_TOP_REQUIRED, "arena"))
_SIDE_SET = frozenset(SIDES)
_SIDE_KEYS = ("warrior", "supports")
_PLACEMENT_KEYS = ("rolls", NORTH, SOUTH)
_ASSAULT_ALLOWED = frozenset(("initiative_rolls", "discards", "turns"))
_TURN_KEYS = ("side", "actions")
_ACTION_KEYS = {
    "move": (("do", "to", "face"), ()),
    "turn": (("do", "face"), ()),
    "attack": (("do", "with", "dice"), ("rerolls",)),
    "ability": (("do", "card", "ability"), ("to", "face")),
    "pass": (("do",), ()),
}
_ACTION_ALLOWED = {k: frozenset(req + opt) for k, (req, opt) in _ACTION_KEYS.items()}
_ROLL_SET = frozenset(("attacker", "defender"))

Dice = tuple[int, int]


class TurnEntry(NamedTuple):
    side: str
    actions: tuple[Action, ...]


class AssaultEntry(NamedTuple):
    initiative_rolls: tuple[tuple[Dice, Dice], ...]
    discards: dict[str, tuple[str, ...]]
    turns: tuple[TurnEntry, ...]


class Record(NamedTuple):
    ruleset: str
    catalogue: str
    arena: int
    warriors: dict[str, str]
    supports: dict[str, tuple[str, ...]]
    placement_rolls: tuple[tuple[Dice, Dice], ...]
    start: dict[str, str]
    assaults: tuple[AssaultEntry, ...]
    result: dict[str, int]

    @property
    def settings(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "catalogue": self.catalogue, "arena": self.arena}


def parse_record(data: Any, catalogue: Catalogue) -> Record:
    """Check the shape of Anachronism ``data`` (parsed JSON) against ``catalogue``."""
    check_object(data, "", _TOP_REQUIRED, _TOP_ALLOWED)
    check_header(data, game=GAME, fmt=FORMAT)
    ruleset = _choice(data["ruleset"], "ruleset", RULESETS)
    name = data["catalogue"]
    if type(name) is not str:
        raise type_error("catalogue", "string", name)
    if name != catalogue.id:
        raise UnsupportedGameError(
            "anachronism.catalogue", "catalogue", {"value": name, "expected": catalogue.id}
        )
    arena = data.get("arena", DEFAULT_ARENA)
    if type(arena) is not int or arena not in ARENA_SIZES:
        raise_choice_error(arena, "arena", ARENA_SIZES)
    sides = check_object(data["sides"], "sides", SIDES, _SIDE_SET)
    warriors: dict[str, str] = {}
    supports: dict[str, tuple[str, ...]] = {}
    for side in SIDES:
        path = f"sides.{side}"
        entry = check_object(sides[side], path, _SIDE_KEYS, frozenset(_SIDE_KEYS))
        warriors[side] = _card(entry["warrior"], f"{path}.warrior", catalogue.warriors, "warrior")
        cards = check_list(entry["supports"], f"{path}.supports")
        if len(cards) != SUPPORTS_PER_SIDE:
            raise RecordSyntaxError(
                "anachronism.supports_count",
                f"{path}.supports",
                {"count": len(cards), "expected": SUPPORTS_PER_SIDE},
            )
        supports[side] = tuple(
            _card(card, f"{path}.supports[{j}]", catalogue.supports, "support")
            for j, card in enumerate(cards)
        )
    placement = check_object(
        data["placement"], "placement", _PLACEMENT_KEYS, frozenset(_PLACEMENT_KEYS)
    )
    rolls = _roll_pairs(placement["rolls"], "placement.rolls", (NORTH, SOUTH))
    start = {side: _string(placement[side], f"placement.{side}") for side in SIDES}
    assaults = tuple(
        _assault(entry, f"assaults[{i}]")
        for i, entry in enumerate(check_list(data["assaults"], "assaults"))
    )
    result = check_object(data["result"], "result", SIDES, _SIDE_SET)
    for side in SIDES:
        if type(result[side]) is not int:
            raise type_error(f"result.{side}", "integer", result[side])
    return Record(
        ruleset,
        name,
        arena,
        warriors,
        supports,
        rolls,
        start,
        assaults,
        {NORTH: result[NORTH], SOUTH: result[SOUTH]},
    )


def _choice(value: Any, path: str, allowed: tuple[str, ...]) -> str:
    if type(value) is not str or value not in allowed:
        raise_choice_error(value, path, allowed)
    return value


def _string(value: Any, path: str) -> str:
    if type(value) is not str:
        raise type_error(path, "string", value)
    return value


def _card(value: Any, path: str, cards: dict[str, Any], kind: str) -> str:
    if type(value) is not str:
        raise type_error(path, "string", value)
    if value not in cards:
        raise RecordSyntaxError(
            "anachronism.unknown_card" if kind == "support" else "anachronism.unknown_warrior",
            path,
            {"value": value},
        )
    return value


def _dice(value: Any, path: str) -> Dice:
    if (
        type(value) is not list
        or len(value) != 2
        or type(value[0]) is not int
        or type(value[1]) is not int
    ):
        raise RecordSyntaxError("anachronism.dice_shape", path, {})
    return (value[0], value[1])


def _roll_pairs(value: Any, path: str, keys: tuple[str, str]) -> tuple[tuple[Dice, Dice], ...]:
    out = []
    allowed = frozenset(keys)
    for k, item in enumerate(check_list(value, path)):
        where = f"{path}[{k}]"
        check_object(item, where, keys, allowed)
        out.append(
            (_dice(item[keys[0]], f"{where}.{keys[0]}"), _dice(item[keys[1]], f"{where}.{keys[1]}"))
        )
    return tuple(out)


def _assault(entry: Any, path: str) -> AssaultEntry:
    check_object(entry, path, ("turns",), _ASSAULT_ALLOWED)
    rolls: tuple[tuple[Dice, Dice], ...] = ()
    if "initiative_rolls" in entry:
        rolls = _roll_pairs(entry["initiative_rolls"], f"{path}.initiative_rolls", (NORTH, SOUTH))
    discards: dict[str, tuple[str, ...]] = {NORTH: (), SOUTH: ()}
    if "discards" in entry:
        given = entry["discards"]
        if type(given) is not dict or not given.keys() <= _SIDE_SET:
            check_object(given, f"{path}.discards", (), _SIDE_SET)
        for side, cards in given.items():
            where = f"{path}.discards.{side}"
            discards[side] = tuple(
                _string(card, f"{where}[{j}]") for j, card in enumerate(check_list(cards, where))
            )
    turns = []
    for t, turn in enumerate(check_list(entry["turns"], f"{path}.turns")):
        where = f"{path}.turns[{t}]"
        check_object(turn, where, _TURN_KEYS, frozenset(_TURN_KEYS))
        side = _choice(turn["side"], f"{where}.side", SIDES)
        actions = tuple(
            _action(action, f"{where}.actions[{a}]")
            for a, action in enumerate(check_list(turn["actions"], f"{where}.actions"))
        )
        turns.append(TurnEntry(side, actions))
    return AssaultEntry(rolls, discards, tuple(turns))


def _action(action: Any, path: str) -> Action:
    if type(action) is not dict:
        raise type_error(path, "object", action)
    if "do" not in action:
        raise RecordSyntaxError("syntax.missing", f"{path}.do", {"key": "do", "parent": path})
    kind = _choice(action["do"], f"{path}.do", tuple(_ACTION_KEYS))
    required, _ = _ACTION_KEYS[kind]
    check_object(action, path, required, _ACTION_ALLOWED[kind])
    if kind == "move":
        return Move(_string(action["to"], f"{path}.to"), _string(action["face"], f"{path}.face"))
    if kind == "turn":
        return Turn(_string(action["face"], f"{path}.face"))
    if kind == "pass":
        return Pass()
    if kind == "ability":
        # An absent square is None; a null one is a wrong type like any other value.
        return UseAbility(
            _string(action["card"], f"{path}.card"),
            _string(action["ability"], f"{path}.ability"),
            _string(action["to"], f"{path}.to") if "to" in action else None,
            _string(action["face"], f"{path}.face") if "face" in action else None,
        )
    weapon = _string(action["with"], f"{path}.with")
    dice = check_object(action["dice"], f"{path}.dice", ("attacker", "defender"), _ROLL_SET)
    rerolls = ()
    if "rerolls" in action:
        rerolls = _roll_pairs(action["rerolls"], f"{path}.rerolls", ("attacker", "defender"))
    return Attack(
        None if weapon == BASIC else weapon,
        _dice(dice["attacker"], f"{path}.dice.attacker"),
        _dice(dice["defender"], f"{path}.dice.defender"),
        rerolls,
    )


def _pair(pair: tuple[Dice, Dice], keys: tuple[str, str]) -> dict[str, list[int]]:
    return {keys[0]: list(pair[0]), keys[1]: list(pair[1])}


def action_to_dict(action: Action) -> dict[str, Any]:
    """One action as record JSON data."""
    if type(action) is Move:
        return {"do": "move", "to": action.to, "face": action.face}
    if type(action) is Turn:
        return {"do": "turn", "face": action.face}
    if type(action) is Pass:
        return {"do": "pass"}
    if type(action) is UseAbility:
        data: dict[str, Any] = {"do": "ability", "card": action.card, "ability": action.ability}
        if action.to is not None:
            data["to"] = action.to
        if action.face is not None:
            data["face"] = action.face
        return data
    assert type(action) is Attack
    data = {
        "do": "attack",
        "with": action.weapon or BASIC,
        "dice": {"attacker": list(action.attacker), "defender": list(action.defender)},
    }
    if action.rerolls:
        data["rerolls"] = [_pair(p, ("attacker", "defender")) for p in action.rerolls]
    return data


def record_to_dict(record: Record) -> dict[str, Any]:
    """Write a :class:`Record` as Anachronism format-1 JSON data."""
    assaults = []
    for entry in record.assaults:
        item: dict[str, Any] = {}
        if entry.initiative_rolls:
            item["initiative_rolls"] = [_pair(p, (NORTH, SOUTH)) for p in entry.initiative_rolls]
        if any(entry.discards.values()):
            item["discards"] = {s: list(c) for s, c in entry.discards.items() if c}
        item["turns"] = [
            {"side": t.side, "actions": [action_to_dict(a) for a in t.actions]} for t in entry.turns
        ]
        assaults.append(item)
    return {
        "format": FORMAT,
        "game": GAME,
        "ruleset": record.ruleset,
        "catalogue": record.catalogue,
        "arena": record.arena,
        "sides": {
            side: {"warrior": record.warriors[side], "supports": list(record.supports[side])}
            for side in SIDES
        },
        "placement": {
            "rolls": [_pair(p, (NORTH, SOUTH)) for p in record.placement_rolls],
            NORTH: record.start[NORTH],
            SOUTH: record.start[SOUTH],
        },
        "assaults": assaults,
        "result": dict(record.result),
    }
