"""The Goblin II card catalogue: troop and arsenal cards, their effects, the modes' numbers.

The printed card texts are not in the source rules, so every effect the engine
applies comes from a JSON data file (``games/data/goblin-ii-catalogue.json``
ships the project's defaults from ``docs/readings.md``), never from code. The
engine knows a fixed set of effect *kinds*; the catalogue says which card has
which, with its numbers:

- ``bonus`` (``amount``): the carrier's fighting value rises by ``amount``.
- ``defeat``: the carrier is defeated when the cards are resolved, unless a
  ``block-special`` card is on it too.
- ``copy``: the carrier's value becomes the printed value of another
  vanguard combatant, named when the card is played (``copy``).
- ``send-back``: the carrier goes back to its reserve at once; if its
  vanguard is left empty, the round ends with no defeats.
- ``multiply`` (``factor``): the carrier's value is multiplied.
- ``block-special``: blocks ``defeat`` on the same combatant.

Cards of class ``common`` and ``special`` take a combatant's one equipment
slot, ``magic`` cards its one magic slot. ``targets`` says whose vanguard a
card may go on (``own``, ``enemy``); ``role`` limits who may play it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.engines.errors import CatalogueError, RecordSyntaxError
from games.engines.strict import check_int, check_list, check_object, key_path, type_error

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "data" / "goblin-ii-catalogue.json"

EFFECTS = ("bonus", "defeat", "copy", "send-back", "multiply", "block-special")
CLASSES = ("common", "special", "magic")
ROLES = ("attacker", "defender")
TARGETS = ("own", "enemy")
MODES = ("open", "semi-covered", "covered")


@dataclass(frozen=True)
class TroopCard:
    id: str
    name: dict[str, str]
    value: int
    count: int


@dataclass(frozen=True)
class ArsenalCard:
    id: str
    name: dict[str, str]
    card_class: str
    count: int
    effect: str
    amount: int = 0
    factor: int = 1
    role: str | None = None
    targets: frozenset[str] = field(default_factory=frozenset)

    @property
    def slot(self) -> str:
        """``'equipment'`` (common and special cards) or ``'magic'``."""
        return "magic" if self.card_class == "magic" else "equipment"


@dataclass(frozen=True)
class Catalogue:
    id: str
    version: int
    troop: tuple[TroopCard, ...]
    arsenal: tuple[ArsenalCard, ...]
    specials_kept: int
    covered_discarded: int
    description: str = ""

    @property
    def troop_by_id(self) -> dict[str, TroopCard]:
        return {card.id: card for card in self.troop}

    @property
    def arsenal_by_id(self) -> dict[str, ArsenalCard]:
        return {card.id: card for card in self.arsenal}

    @property
    def troop_size(self) -> int:
        """Combatant cards in each side's troop."""
        return sum(card.count for card in self.troop)

    @property
    def arsenal_size(self) -> int:
        return sum(card.count for card in self.arsenal)

    @property
    def specials_total(self) -> int:
        return sum(card.count for card in self.arsenal if card.card_class == "special")

    def as_dict(self) -> dict[str, Any]:
        """The catalogue as JSON data (the file's own shape)."""
        return {
            "catalogue": self.id,
            "version": self.version,
            "description": self.description,
            "troop": [
                {"id": c.id, "name": dict(c.name), "value": c.value, "count": c.count}
                for c in self.troop
            ],
            "arsenal": [_arsenal_card_dict(c) for c in self.arsenal],
            "modes": {
                "open": {"specials_kept": self.specials_kept, "specials_face_up": True},
                "semi-covered": {"specials_kept": self.specials_kept, "specials_face_up": False},
                "covered": {"discarded": self.covered_discarded},
            },
        }


def _arsenal_card_dict(card: ArsenalCard) -> dict[str, Any]:
    effect: dict[str, Any] = {"kind": card.effect}
    if card.effect == "bonus":
        effect["amount"] = card.amount
    if card.effect == "multiply":
        effect["factor"] = card.factor
    data: dict[str, Any] = {
        "id": card.id,
        "name": dict(card.name),
        "class": card.card_class,
        "count": card.count,
        "effect": effect,
        "targets": sorted(card.targets, key=TARGETS.index),
    }
    if card.role is not None:
        data["role"] = card.role
    return data


_TOP_REQUIRED = ("catalogue", "version", "troop", "arsenal", "modes")
_TOP_ALLOWED = frozenset((*_TOP_REQUIRED, "description"))
_TROOP_KEYS = ("id", "name", "value", "count")
_ARSENAL_REQUIRED = ("id", "name", "class", "count", "effect", "targets")
_ARSENAL_ALLOWED = frozenset((*_ARSENAL_REQUIRED, "role"))


def parse_catalogue(data: Any) -> Catalogue:
    """Check catalogue JSON data strictly and return a :class:`Catalogue`."""
    try:
        return _parse(data)
    except RecordSyntaxError as err:
        raise CatalogueError(err.code, err.params) from None


def _text(value: Any, path: str) -> str:
    if type(value) is not str or not value:
        raise type_error(path, "non_empty_string", value)
    return value


def _names(value: Any, path: str) -> dict[str, str]:
    if type(value) is not dict or not value:
        raise type_error(path, "names", value)
    return {lang: _text(text, key_path(path, lang)) for lang, text in value.items()}


def _positive(value: Any, path: str, minimum: int = 1) -> int:
    check_int(value, path)
    if value < minimum:
        raise RecordSyntaxError(
            "syntax.choice", path, {"value": value, "allowed": f"integers >= {minimum}"}
        )
    return value


def _parse(data: Any) -> Catalogue:
    check_object(data, "", _TOP_REQUIRED, _TOP_ALLOWED)
    troop = []
    seen: set[str] = set()
    for i, item in enumerate(check_list(data["troop"], "troop")):
        path = f"troop[{i}]"
        check_object(item, path, _TROOP_KEYS, frozenset(_TROOP_KEYS))
        card_id = _text(item["id"], f"{path}.id")
        if card_id in seen:
            raise RecordSyntaxError(
                "syntax.choice", f"{path}.id", {"value": card_id, "allowed": "a new card id"}
            )
        seen.add(card_id)
        troop.append(
            TroopCard(
                card_id,
                _names(item["name"], f"{path}.name"),
                _positive(item["value"], f"{path}.value", 0),
                _positive(item["count"], f"{path}.count"),
            )
        )
    if not troop:
        raise RecordSyntaxError("syntax.empty", "troop")
    arsenal = []
    seen = set()
    for i, item in enumerate(check_list(data["arsenal"], "arsenal")):
        path = f"arsenal[{i}]"
        check_object(item, path, _ARSENAL_REQUIRED, _ARSENAL_ALLOWED)
        card_id = _text(item["id"], f"{path}.id")
        if card_id in seen:
            raise RecordSyntaxError(
                "syntax.choice", f"{path}.id", {"value": card_id, "allowed": "a new card id"}
            )
        seen.add(card_id)
        card_class = item["class"]
        if card_class not in CLASSES:
            raise RecordSyntaxError(
                "syntax.choice",
                f"{path}.class",
                {"value": card_class, "allowed": ", ".join(CLASSES)},
            )
        effect = item["effect"]
        kind = effect.get("kind") if type(effect) is dict else None
        if kind not in EFFECTS:
            if type(effect) is not dict:
                raise type_error(f"{path}.effect", "object", effect)
            raise RecordSyntaxError(
                "syntax.choice",
                f"{path}.effect.kind",
                {"value": kind, "allowed": ", ".join(EFFECTS)},
            )
        allowed = {"kind"} | ({"amount"} if kind == "bonus" else set())
        allowed |= {"factor"} if kind == "multiply" else set()
        required = tuple(sorted(allowed))
        check_object(effect, f"{path}.effect", required, frozenset(allowed))
        role = item.get("role")
        if role is not None and role not in ROLES:
            raise RecordSyntaxError(
                "syntax.choice", f"{path}.role", {"value": role, "allowed": ", ".join(ROLES)}
            )
        targets = check_list(item["targets"], f"{path}.targets")
        if not targets or any(t not in TARGETS for t in targets):
            raise RecordSyntaxError(
                "syntax.choice",
                f"{path}.targets",
                {"value": targets, "allowed": "a non-empty list of own, enemy"},
            )
        arsenal.append(
            ArsenalCard(
                card_id,
                _names(item["name"], f"{path}.name"),
                card_class,
                _positive(item["count"], f"{path}.count"),
                kind,
                amount=_positive(effect["amount"], f"{path}.effect.amount", 0)
                if kind == "bonus"
                else 0,
                factor=_positive(effect["factor"], f"{path}.effect.factor", 0)
                if kind == "multiply"
                else 1,
                role=role,
                targets=frozenset(targets),
            )
        )
    modes = check_object(data["modes"], "modes", MODES, frozenset(MODES))
    open_mode = check_object(
        modes["open"], "modes.open", ("specials_kept", "specials_face_up"), _OPEN_KEYS
    )
    semi = check_object(
        modes["semi-covered"],
        "modes.semi-covered",
        ("specials_kept", "specials_face_up"),
        _OPEN_KEYS,
    )
    covered = check_object(
        modes["covered"], "modes.covered", ("discarded",), frozenset({"discarded"})
    )
    kept = _positive(open_mode["specials_kept"], "modes.open.specials_kept", 0)
    if semi["specials_kept"] != kept:
        raise RecordSyntaxError(
            "syntax.choice",
            "modes.semi-covered.specials_kept",
            {"value": semi["specials_kept"], "allowed": f"{kept} (as in the open mode)"},
        )
    if open_mode["specials_face_up"] is not True or semi["specials_face_up"] is not False:
        raise RecordSyntaxError(
            "syntax.choice",
            "modes",
            {"value": "specials_face_up", "allowed": "true for open, false for semi-covered"},
        )
    catalogue = Catalogue(
        _text(data["catalogue"], "catalogue"),
        _positive(data["version"], "version"),
        tuple(troop),
        tuple(arsenal),
        kept,
        _positive(covered["discarded"], "modes.covered.discarded", 0),
        description=data.get("description", ""),
    )
    if kept > catalogue.specials_total:
        raise RecordSyntaxError(
            "syntax.choice",
            "modes.open.specials_kept",
            {"value": kept, "allowed": f"at most the {catalogue.specials_total} special cards"},
        )
    if catalogue.covered_discarded >= catalogue.arsenal_size:
        raise RecordSyntaxError(
            "syntax.choice",
            "modes.covered.discarded",
            {"value": catalogue.covered_discarded, "allowed": "fewer than the arsenal's cards"},
        )
    return catalogue


_OPEN_KEYS = frozenset(("specials_kept", "specials_face_up"))


def load_catalogue(path: str | Path) -> Catalogue:
    """Read and check a catalogue JSON file."""
    with open(path, encoding="utf-8") as handle:
        return parse_catalogue(json.load(handle))


@lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    """The catalogue shipped with the app (``games/data/goblin-ii-catalogue.json``)."""
    return load_catalogue(DEFAULT_PATH)
