"""Goblin II record format 1: strict parsing into typed values, and writing back.

The format is documented in ``docs/goblin-record.md``. :func:`parse_record`
checks the *shape* of a record against it and against the card catalogue
(card ids must exist; a card whose effect copies needs ``copy``), raising
:class:`RecordSyntaxError` with the JSON path of the first problem. Rules are
the replay's job (:mod:`games.engines.goblin.replay`).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from games.engines.errors import RecordSyntaxError, UnsupportedGameError
from games.engines.goblin.catalogue import MODES, Catalogue
from games.engines.strict import (
    check_header,
    check_list,
    check_object,
    raise_choice_error,
    type_error,
)

GAME = "qiahn-goblin-ii"
FORMAT = 1
SIDES = ("heads", "tails")
SCORINGS = ("survivors", "captures")

_TOP_REQUIRED = (
    "format",
    "game",
    "catalogue",
    "mode",
    "scoring",
    "initiative",
    "rounds",
    "result",
)
_TOP_ALLOWED = frozenset((*_TOP_REQUIRED, "setup"))
_SIDE_SET = frozenset(SIDES)
_ROUND_KEYS = ("uncover", "vanguard", "turns")
_TURN_ALLOWED = frozenset(("side", "plays", "concede"))
_PLAY_ALLOWED = frozenset(("card", "on", "copy"))
_TOKEN_RE = re.compile(r"[HT][1-9][0-9]*")


class Play(NamedTuple):
    """One arsenal card played on a vanguard combatant (``copy`` for a copying card)."""

    card: str
    on: str
    copy: str | None = None


class Turn(NamedTuple):
    """One turn of the card exchange: the cards played, then "turno" (or a concession)."""

    side: str
    plays: tuple[Play, ...] = ()
    concede: bool = False


class RoundEntry(NamedTuple):
    uncover: dict[str, tuple[str, ...]]
    vanguard: dict[str, tuple[str, ...]]
    turns: tuple[Turn, ...]


class Record(NamedTuple):
    catalogue: str
    mode: str
    scoring: str
    initiative: str
    setup: dict[str, tuple[str, ...]] | None
    rounds: tuple[RoundEntry, ...]
    result: dict[str, int]


def parse_record(data: Any, catalogue: Catalogue) -> Record:
    """Check the shape of Goblin II ``data`` (parsed JSON) against ``catalogue``."""
    check_object(data, "", _TOP_REQUIRED, _TOP_ALLOWED)
    check_header(data, game=GAME, fmt=FORMAT)
    name = data["catalogue"]
    if type(name) is not str:
        raise type_error("catalogue", "string", name)
    if name != catalogue.id:
        raise UnsupportedGameError(
            "goblin.catalogue", "catalogue", {"value": name, "expected": catalogue.id}
        )
    mode = _choice(data["mode"], "mode", MODES)
    scoring = _choice(data["scoring"], "scoring", SCORINGS)
    initiative = _choice(data["initiative"], "initiative", SIDES)
    setup = _parse_setup(data, mode, catalogue)
    rounds = check_list(data["rounds"], "rounds")
    parsed = tuple(_parse_round(entry, f"rounds[{i}]", catalogue) for i, entry in enumerate(rounds))
    result = check_object(data["result"], "result", SIDES, _SIDE_SET)
    for side in SIDES:
        if type(result[side]) is not int:
            raise type_error(f"result.{side}", "integer", result[side])
    return Record(
        name,
        mode,
        scoring,
        initiative,
        setup,
        parsed,
        {"heads": result["heads"], "tails": result["tails"]},
    )


def _choice(value: Any, path: str, allowed: tuple[str, ...]) -> str:
    if type(value) is not str or value not in allowed:
        raise_choice_error(value, path, allowed)
    return value


def _token(value: Any, path: str) -> str:
    if type(value) is not str:
        raise type_error(path, "string", value)
    if not _TOKEN_RE.fullmatch(value):
        raise RecordSyntaxError("syntax.token_id", path, {"value": value})
    return value


def _parse_setup(data: dict, mode: str, catalogue: Catalogue) -> dict[str, tuple[str, ...]] | None:
    if "setup" not in data:
        if mode == "open":
            raise RecordSyntaxError("goblin.setup_required", "setup")
        return None
    if mode == "covered":
        raise RecordSyntaxError("goblin.setup_not_allowed", "setup")
    setup = check_object(data["setup"], "setup", SIDES, _SIDE_SET)
    specials = catalogue.arsenal_by_id
    out = {}
    for side in SIDES:
        entry = check_object(setup[side], f"setup.{side}", ("specials",), frozenset({"specials"}))
        cards = check_list(entry["specials"], f"setup.{side}.specials")
        for j, card in enumerate(cards):
            _choice(card, f"setup.{side}.specials[{j}]", tuple(specials))
        out[side] = tuple(cards)
    return out


def _parse_round(entry: Any, path: str, catalogue: Catalogue) -> RoundEntry:
    check_object(entry, path, _ROUND_KEYS, frozenset(_ROUND_KEYS))
    troop_ids = tuple(catalogue.troop_by_id)
    uncover = check_object(entry["uncover"], f"{path}.uncover", SIDES, _SIDE_SET)
    revealed = {}
    for side in SIDES:
        cards = check_list(uncover[side], f"{path}.uncover.{side}")
        for j, card in enumerate(cards):
            _choice(card, f"{path}.uncover.{side}[{j}]", troop_ids)
        revealed[side] = tuple(cards)
    vanguard = check_object(entry["vanguard"], f"{path}.vanguard", SIDES, _SIDE_SET)
    lines = {}
    for side in SIDES:
        tokens = check_list(vanguard[side], f"{path}.vanguard.{side}")
        lines[side] = tuple(_token(t, f"{path}.vanguard.{side}[{j}]") for j, t in enumerate(tokens))
    turns = []
    for k, turn in enumerate(check_list(entry["turns"], f"{path}.turns")):
        turns.append(_parse_turn(turn, f"{path}.turns[{k}]", catalogue))
    return RoundEntry(revealed, lines, tuple(turns))


def _parse_turn(turn: Any, path: str, catalogue: Catalogue) -> Turn:
    check_object(turn, path, ("side",), _TURN_ALLOWED)
    side = _choice(turn["side"], f"{path}.side", SIDES)
    concede = turn.get("concede", False)
    if type(concede) is not bool:
        raise type_error(f"{path}.concede", "boolean", concede)
    plays = []
    if "plays" in turn:
        cards = catalogue.arsenal_by_id
        for j, play in enumerate(check_list(turn["plays"], f"{path}.plays")):
            where = f"{path}.plays[{j}]"
            check_object(play, where, ("card", "on"), _PLAY_ALLOWED)
            card = _choice(play["card"], f"{where}.card", tuple(cards))
            on = _token(play["on"], f"{where}.on")
            copy = None
            if cards[card].effect == "copy":
                if "copy" not in play:
                    raise RecordSyntaxError("goblin.copy_required", where, {"card": card})
                copy = _token(play["copy"], f"{where}.copy")
            elif "copy" in play:
                raise RecordSyntaxError("goblin.copy_not_allowed", f"{where}.copy", {"card": card})
            plays.append(Play(card, on, copy))
    if concede and plays:
        raise RecordSyntaxError("goblin.concede_with_plays", path)
    return Turn(side, tuple(plays), concede)


def record_to_dict(record: Record) -> dict[str, Any]:
    """Write a :class:`Record` as Goblin II format-1 JSON data."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": GAME,
        "catalogue": record.catalogue,
        "mode": record.mode,
        "scoring": record.scoring,
        "initiative": record.initiative,
    }
    if record.setup is not None:
        data["setup"] = {side: {"specials": list(record.setup[side])} for side in SIDES}
    data["rounds"] = [
        {
            "uncover": {side: list(entry.uncover[side]) for side in SIDES},
            "vanguard": {side: list(entry.vanguard[side]) for side in SIDES},
            "turns": [_turn_to_dict(turn) for turn in entry.turns],
        }
        for entry in record.rounds
    ]
    data["result"] = dict(record.result)
    return data


def _turn_to_dict(turn: Turn) -> dict[str, Any]:
    data: dict[str, Any] = {"side": turn.side}
    if turn.concede:
        data["concede"] = True
    else:
        data["plays"] = [
            {"card": p.card, "on": p.on, **({"copy": p.copy} if p.copy is not None else {})}
            for p in turn.plays
        ]
    return data
