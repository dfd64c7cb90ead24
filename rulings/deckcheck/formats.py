"""The tournament formats a deck is checked against, in a registry keyed by code."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rulings.core.cards import normalise


class FactionRule(StrEnum):
    NONE = "none"
    MONO = "mono"  # every card with a faction shares the Sanctuary's faction
    MULTI = "multi"  # any faction; Will cost surcharge by distance on the wheel


@dataclass(frozen=True)
class Format:
    code: str
    name: str
    constructed: bool
    copy_limit: int | None
    faction_rule: FactionRule
    uses_pool: bool


MONOFACCION = Format(
    code="monofaccion",
    name="Monofacción",
    constructed=True,
    copy_limit=4,
    faction_rule=FactionRule.MONO,
    uses_pool=False,
)
MULTIFACCION = Format(
    code="multifaccion",
    name="Multifacción",
    constructed=True,
    copy_limit=4,
    faction_rule=FactionRule.MULTI,
    uses_pool=False,
)
SEALED = Format(
    code="sealed",
    name="Sealed",
    constructed=False,
    copy_limit=None,
    faction_rule=FactionRule.NONE,
    uses_pool=True,
)
DRAFT = Format(
    code="draft",
    name="Booster draft",
    constructed=False,
    copy_limit=None,
    faction_rule=FactionRule.NONE,
    uses_pool=True,
)

FORMATS: dict[str, Format] = {f.code: f for f in (MONOFACCION, MULTIFACCION, SEALED, DRAFT)}

_ALIASES = {
    "mono": "monofaccion",
    "monofaction": "monofaccion",
    "multi": "multifaccion",
    "multifaction": "multifaccion",
    "sellado": "sealed",
    "mazo sellado": "sealed",
    "booster draft": "draft",
}


class UnknownFormat(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(f"unknown format {name!r}; choose one of: {', '.join(FORMATS)}")
        self.name = name


def get_format(name: str | Format) -> Format:
    """The format with this code, alias or name (any case, accents optional)."""
    if isinstance(name, Format):
        return name
    key = normalise(name).replace("_", " ")
    key = _ALIASES.get(key, key).replace(" ", "-")
    try:
        return FORMATS[key]
    except KeyError:
        raise UnknownFormat(name) from None
