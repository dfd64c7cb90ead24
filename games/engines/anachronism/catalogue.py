"""The Anachronism card catalogue: warriors and support cards, read from a data file.

The printed card texts are not in the source rules, so every number and
ability the engine applies comes from a JSON catalogue, never from code. The
project ships an invented sample set (``games/data/anachronism-sample-catalogue.json``,
marked ``"invented": true``); an administrator can load another file.

A warrior has life, speed, experience, damage (of its basic attack), an
element and a combat grid. A support card has a type (``weapon``, ``armor``,
``inspiration``, ``special``), an initiative, the hands it takes, a trait
(``torso``, ``head``, ``arm``, ``shield`` or none) and, for a weapon, its
damage and combat grid. Abilities have a timing (``action``: used as one of
the turn's actions; ``reveal``: takes effect when the card is revealed;
``static``: applies while the card is in play) and one effect the engine
knows:

- ``attack-bonus``, ``defense-bonus`` (static, ``amount``): added to the
  carrier's attack or defence totals;
- ``damage-bonus`` (static): added to the damage of the carrier's hits, after
  a critical doubled the base damage; ``armor`` (static): taken from the
  damage the carrier suffers (never below 0);
- ``speed-bonus`` (static): more actions per turn;
- ``heal`` (reveal or action): the carrier regains life, up to its printed life;
- ``wound`` (reveal): the enemy warrior loses life;
- ``diagonal-move`` (action): move one square diagonally, then face any way.

Combat grids are written as five rows of five cells, the first row two
squares in front of the warrior (``W`` in the centre); ``.`` cannot be
attacked and a number is the attacker's bonus against that square.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.engines.errors import CatalogueError, RecordSyntaxError
from games.engines.strict import check_int, check_list, check_object, key_path, type_error

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "data" / "anachronism-sample-catalogue.json"

SUPPORT_TYPES = ("weapon", "armor", "inspiration", "special")
TRAITS = ("torso", "head", "arm", "shield")
TIMINGS = ("action", "reveal", "static")
ELEMENTS = ("fire", "water", "earth", "air")
STATIC_EFFECTS = ("attack-bonus", "defense-bonus", "damage-bonus", "armor", "speed-bonus")
EFFECT_TIMINGS: dict[str, tuple[str, ...]] = {
    **{kind: ("static",) for kind in STATIC_EFFECTS},
    "heal": ("reveal", "action"),
    "wound": ("reveal",),
    "diagonal-move": ("action",),
}
EFFECTS = tuple(EFFECT_TIMINGS)
GRID_SIZE = 5
_CENTRE = GRID_SIZE // 2

# Facings in clockwise order; (forward, right) unit vectors on the arena (x right, y up).
FACINGS = ("north", "east", "south", "west")
_VECTORS = {
    "north": ((0, 1), (1, 0)),
    "east": ((1, 0), (0, -1)),
    "south": ((0, -1), (-1, 0)),
    "west": ((-1, 0), (0, 1)),
}


@dataclass(frozen=True)
class Ability:
    id: str
    name: dict[str, str]
    timing: str
    effect: str
    amount: int = 0


class Grid:
    """A combat grid: the attacker's bonus for each square around the warrior, by facing.

    ``cells`` maps (forward, right) offsets to bonuses as printed (facing up);
    :meth:`bonus` answers for an arena offset (dx, dy) and a facing.
    """

    __slots__ = ("_by_facing", "cells", "rows")

    def __init__(self, rows: tuple[str, ...], cells: dict[tuple[int, int], int]) -> None:
        self.rows = rows
        self.cells = cells
        self._by_facing: dict[str, dict[tuple[int, int], int]] = {}
        for facing, ((fx, fy), (rx, ry)) in _VECTORS.items():
            self._by_facing[facing] = {
                (f * fx + r * rx, f * fy + r * ry): bonus for (f, r), bonus in cells.items()
            }

    def bonus(self, facing: str, dx: int, dy: int) -> int | None:
        """The bonus against the square at arena offset (dx, dy), or None if not attackable."""
        return self._by_facing[facing].get((dx, dy))

    def squares(self, facing: str) -> dict[tuple[int, int], int]:
        """Every attackable arena offset with its bonus, for a warrior facing ``facing``."""
        return self._by_facing[facing]


@dataclass(frozen=True)
class Warrior:
    id: str
    name: dict[str, str]
    life: int
    speed: int
    experience: int
    damage: int
    element: str
    grid: Grid
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class Support:
    id: str
    name: dict[str, str]
    type: str
    initiative: int
    hands: int
    trait: str | None
    abilities: tuple[Ability, ...]
    damage: int = 0
    grid: Grid | None = None


@dataclass(frozen=True)
class Catalogue:
    id: str
    version: int
    warriors: dict[str, Warrior]
    supports: dict[str, Support]
    invented: bool = False
    description: str = ""
    source: Any = None

    def as_dict(self) -> dict[str, Any]:
        """The catalogue as JSON data (the file it was read from)."""
        return json.loads(json.dumps(self.source))


_TOP_REQUIRED = ("catalogue", "version", "warriors", "supports")
_TOP_ALLOWED = frozenset((*_TOP_REQUIRED, "description", "invented"))
_WARRIOR_KEYS = (
    "id",
    "name",
    "life",
    "speed",
    "experience",
    "damage",
    "element",
    "grid",
    "abilities",
)
_SUPPORT_REQUIRED = ("id", "name", "type", "initiative", "hands", "trait", "abilities")
_SUPPORT_ALLOWED = frozenset((*_SUPPORT_REQUIRED, "damage", "grid"))
_ABILITY_KEYS = ("id", "name", "timing", "effect")


def parse_catalogue(data: Any) -> Catalogue:
    """Check catalogue JSON data strictly and return a :class:`Catalogue`."""
    try:
        return _parse(data)
    except RecordSyntaxError as err:
        raise CatalogueError(err.code, err.params) from None


def load_catalogue(path: str | Path) -> Catalogue:
    """Read and check a catalogue JSON file."""
    with open(path, encoding="utf-8") as handle:
        return parse_catalogue(json.load(handle))


@lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    """The invented sample catalogue shipped with the app."""
    return load_catalogue(DEFAULT_PATH)


def _bad(path: str, value: Any, allowed: str) -> RecordSyntaxError:
    return RecordSyntaxError("syntax.choice", path, {"value": value, "allowed": allowed})


def _text(value: Any, path: str) -> str:
    if type(value) is not str or not value:
        raise type_error(path, "non_empty_string", value)
    return value


def _names(value: Any, path: str) -> dict[str, str]:
    if type(value) is not dict or not value:
        raise type_error(path, "names", value)
    return {lang: _text(text, key_path(path, lang)) for lang, text in value.items()}


def _number(value: Any, path: str, low: int, high: int) -> int:
    check_int(value, path)
    if not low <= value <= high:
        raise _bad(path, value, f"integers {low} to {high}")
    return value


def _grid(value: Any, path: str) -> Grid:
    rows = check_list(value, path)
    if len(rows) != GRID_SIZE:
        raise _bad(path, f"{len(rows)} rows", f"{GRID_SIZE} rows")
    cells: dict[tuple[int, int], int] = {}
    for i, row in enumerate(rows):
        where = f"{path}[{i}]"
        parts = _text(row, where).split()
        if len(parts) != GRID_SIZE:
            raise _bad(where, row, f"{GRID_SIZE} cells separated by spaces")
        for j, cell in enumerate(parts):
            centre = i == _CENTRE and j == _CENTRE
            if centre != (cell == "W"):
                raise _bad(where, row, "'W' in the centre cell only")
            if cell in (".", "W"):
                continue
            try:
                bonus = int(cell)
            except ValueError:
                raise _bad(where, cell, "'.', 'W' or a whole number from -9 to 9") from None
            if not -9 <= bonus <= 9:
                raise _bad(where, cell, "'.', 'W' or a whole number from -9 to 9")
            cells[(_CENTRE - i, j - _CENTRE)] = bonus
    return Grid(tuple(rows), cells)


def _abilities(value: Any, path: str, seen: set[str]) -> tuple[Ability, ...]:
    out = []
    for k, item in enumerate(check_list(value, path)):
        where = f"{path}[{k}]"
        check_object(item, where, _ABILITY_KEYS, frozenset(_ABILITY_KEYS))
        ability_id = _text(item["id"], f"{where}.id")
        timing = item["timing"]
        if timing not in TIMINGS:
            raise _bad(f"{where}.timing", timing, ", ".join(TIMINGS))
        effect = item["effect"]
        kind = effect.get("kind") if type(effect) is dict else None
        if kind not in EFFECTS:
            if type(effect) is not dict:
                raise type_error(f"{where}.effect", "object", effect)
            raise _bad(f"{where}.effect.kind", kind, ", ".join(EFFECTS))
        if timing not in EFFECT_TIMINGS[kind]:
            raise _bad(f"{where}.timing", timing, ", ".join(EFFECT_TIMINGS[kind]))
        keys = ("kind",) if kind == "diagonal-move" else ("kind", "amount")
        check_object(effect, f"{where}.effect", keys, frozenset(keys))
        amount = (
            0
            if kind == "diagonal-move"
            else _number(effect["amount"], f"{where}.effect.amount", 1, 9)
        )
        if ability_id in seen:
            raise _bad(f"{where}.id", ability_id, "an ability id not used on this card")
        seen.add(ability_id)
        out.append(Ability(ability_id, _names(item["name"], f"{where}.name"), timing, kind, amount))
    return tuple(out)


def _parse(data: Any) -> Catalogue:
    check_object(data, "", _TOP_REQUIRED, _TOP_ALLOWED)
    invented = data.get("invented", False)
    if type(invented) is not bool:
        raise type_error("invented", "boolean", invented)
    description = data.get("description", "")
    if type(description) is not str:
        raise type_error("description", "string", description)
    ids: set[str] = set()
    warriors: dict[str, Warrior] = {}
    for i, item in enumerate(check_list(data["warriors"], "warriors")):
        path = f"warriors[{i}]"
        check_object(item, path, _WARRIOR_KEYS, frozenset(_WARRIOR_KEYS))
        card_id = _card_id(item["id"], f"{path}.id", ids)
        element = item["element"]
        if element not in ELEMENTS:
            raise _bad(f"{path}.element", element, ", ".join(ELEMENTS))
        warriors[card_id] = Warrior(
            card_id,
            _names(item["name"], f"{path}.name"),
            _number(item["life"], f"{path}.life", 1, 99),
            _number(item["speed"], f"{path}.speed", 1, 9),
            _number(item["experience"], f"{path}.experience", 0, 99),
            _number(item["damage"], f"{path}.damage", 0, 9),
            element,
            _grid(item["grid"], f"{path}.grid"),
            _abilities(item["abilities"], f"{path}.abilities", set()),
        )
    if not warriors:
        raise RecordSyntaxError("syntax.empty", "warriors")
    supports: dict[str, Support] = {}
    for i, item in enumerate(check_list(data["supports"], "supports")):
        path = f"supports[{i}]"
        check_object(item, path, _SUPPORT_REQUIRED, _SUPPORT_ALLOWED)
        card_id = _card_id(item["id"], f"{path}.id", ids)
        kind = item["type"]
        if kind not in SUPPORT_TYPES:
            raise _bad(f"{path}.type", kind, ", ".join(SUPPORT_TYPES))
        trait = item["trait"]
        if trait is not None and trait not in TRAITS:
            raise _bad(f"{path}.trait", trait, ", ".join(TRAITS) + " or null")
        weapon = kind == "weapon"
        for key in ("damage", "grid"):
            if weapon and key not in item:
                raise RecordSyntaxError(
                    "syntax.missing", f"{path}.{key}", {"key": key, "parent": path}
                )
            if not weapon and key in item:
                raise RecordSyntaxError("syntax.unknown_key", path, {"key": key})
        supports[card_id] = Support(
            card_id,
            _names(item["name"], f"{path}.name"),
            kind,
            _number(item["initiative"], f"{path}.initiative", 0, 99),
            _number(item["hands"], f"{path}.hands", 0, 2),
            trait,
            _abilities(item["abilities"], f"{path}.abilities", set()),
            damage=_number(item["damage"], f"{path}.damage", 0, 9) if weapon else 0,
            grid=_grid(item["grid"], f"{path}.grid") if weapon else None,
        )
    if not supports:
        raise RecordSyntaxError("syntax.empty", "supports")
    return Catalogue(
        _text(data["catalogue"], "catalogue"),
        _number(data["version"], "version", 1, 10**6),
        warriors,
        supports,
        invented=invented,
        description=description,
        source=data,
    )


def _card_id(value: Any, path: str, seen: set[str]) -> str:
    card_id = _text(value, path)
    if card_id in seen:
        raise _bad(path, card_id, "a card id not used by another card")
    seen.add(card_id)
    return card_id
