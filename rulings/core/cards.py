"""The card vocabulary: types, factions, rarities, and the card value the cores work on.

Codes are ASCII, lower case and stable (they are stored in the database and
written in exports); every vocabulary also accepts its Spanish and English
names, with or without accents, in any case.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum


def normalise(text: str) -> str:
    """Fold a card name or label for matching: no accents, case-folded, single spaces.

    Punctuation counts as a space, so "Puentes-Colgantes" and "puentes colgantes"
    fold to the same key.
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^\w]+", " ", stripped.casefold()).split())


class CardType(StrEnum):
    CHARACTER = "personaje"
    TECHNOLOGY = "tecnologia"
    MANIPULATION = "manipulacion"
    ATTACHMENT = "aditamento"
    SANCTUARY = "santuario"

    @property
    def spanish(self) -> str:
        return _TYPE_SPANISH[self]

    @property
    def english(self) -> str:
        return _TYPE_ENGLISH[self]


_TYPE_SPANISH = {
    CardType.CHARACTER: "Personaje",
    CardType.TECHNOLOGY: "Tecnología",
    CardType.MANIPULATION: "Manipulación",
    CardType.ATTACHMENT: "Aditamento",
    CardType.SANCTUARY: "Santuario",
}
_TYPE_ENGLISH = {
    CardType.CHARACTER: "Character",
    CardType.TECHNOLOGY: "Technology",
    CardType.MANIPULATION: "Manipulation",
    CardType.ATTACHMENT: "Attachment",
    CardType.SANCTUARY: "Sanctuary",
}


class Faction(StrEnum):
    """The four factions, in their order on the faction wheel."""

    QUIMERA = "quimera"
    CORPORACION = "corporacion"
    ABISMALES = "abismales"
    ACRACIA = "acracia"

    @property
    def label(self) -> str:
        """The faction's proper name (the same in both languages)."""
        return _FACTION_LABEL[self]


_FACTION_LABEL = {
    Faction.QUIMERA: "Quimera",
    Faction.CORPORACION: "Corporación",
    Faction.ABISMALES: "Abismales",
    Faction.ACRACIA: "Acracia",
}

#: Clockwise order of the faction wheel; the last is next to the first.
FACTION_WHEEL: tuple[Faction, ...] = (
    Faction.QUIMERA,
    Faction.CORPORACION,
    Faction.ABISMALES,
    Faction.ACRACIA,
)


class Rarity(StrEnum):
    COMMON = "common"
    UNCOMMON = "uncommon"
    RARE = "rare"

    @property
    def spanish(self) -> str:
        return {"common": "Común", "uncommon": "Infrecuente", "rare": "Rara"}[self.value]

    @property
    def letter(self) -> str:
        return self.value[0].upper()


def _aliases(pairs: dict[str, object]) -> dict[str, object]:
    return {normalise(k): v for k, v in pairs.items()}


_TYPE_ALIASES = _aliases(
    {
        **{t.value: t for t in CardType},
        **{t.spanish: t for t in CardType},
        **{t.english: t for t in CardType},
        "attachment": CardType.ATTACHMENT,
        "tech": CardType.TECHNOLOGY,
    }
)
_FACTION_ALIASES = _aliases(
    {
        **{f.value: f for f in Faction},
        **{f.label: f for f in Faction},
        "abismal": Faction.ABISMALES,
        "corporation": Faction.CORPORACION,
        "chimera": Faction.QUIMERA,
    }
)
#: Words that say "this card has no faction".
NO_FACTION_WORDS = frozenset({"", "none", "ninguna", "sin faccion", "neutral", "-"})
_RARITY_ALIASES = _aliases(
    {
        **{r.value: r for r in Rarity},
        **{r.spanish: r for r in Rarity},
        **{r.letter: r for r in Rarity},
        "comun": Rarity.COMMON,
        "poco comun": Rarity.UNCOMMON,
    }
)


def parse_card_type(text: str) -> CardType | None:
    """The card type named by ``text`` (code, Spanish or English name), or None."""
    return _TYPE_ALIASES.get(normalise(text))  # type: ignore[return-value]


#: What a catalogue file writes in the type, faction and cost of a card whose attributes
#: the sources do not give.
UNKNOWN_MARK = "?"


def parse_faction(text: str) -> tuple[bool, Faction | None]:
    """``(ok, faction)``: ``(True, None)`` for "no faction", ``(False, None)`` if unknown."""
    key = normalise(text)
    if key in NO_FACTION_WORDS or text.strip() == "-":
        return True, None
    faction = _FACTION_ALIASES.get(key)
    return (faction is not None), faction  # type: ignore[return-value]


def parse_rarity(text: str) -> tuple[bool, Rarity | None]:
    """``(ok, rarity)``: blank means "not in boosters" (``(True, None)``)."""
    key = normalise(text)
    if not key:
        return True, None
    rarity = _RARITY_ALIASES.get(key)
    return (rarity is not None), rarity  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One printed card: the edition code and collector number identify it.

    ``title_key`` groups reprints: two cards with the same name are the same
    title for the copy limit and for the banned and watch lists.
    """

    edition: str
    number: int
    name: str
    type: CardType
    faction: Faction | None = None
    cost: int | None = None
    rarity: Rarity | None = None
    set_size: int | None = None
    #: False when the sources do not give the card's type, faction and Will cost: the
    #: values above are then stand-ins, and no faction rule is applied to the card.
    known: bool = True
    #: The folded name (computed once): reprints share it.
    title_key: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "title_key", normalise(self.name))

    @property
    def key(self) -> tuple[str, int]:
        return (self.edition, self.number)

    @property
    def ref(self) -> str:
        """The collector reference, e.g. ``DV 6/280`` (or ``DV 6`` without a set size)."""
        if self.set_size:
            return f"{self.edition} {self.number}/{self.set_size}"
        return f"{self.edition} {self.number}"

    @property
    def label(self) -> str:
        """Name and reference, e.g. ``Garphades (DV 6/280)``."""
        return f"{self.name} ({self.ref})"

    @property
    def is_sanctuary(self) -> bool:
        return self.type is CardType.SANCTUARY


CardKey = tuple[str, int]

_REF_RE = re.compile(
    r"^\s*(?P<code>[A-Za-z][A-Za-z0-9]{0,4})\s*[-\u2013\u2014:]?\s*(?P<number>[0-9]{1,5})"
    r"(?:\s*/\s*(?P<size>[0-9]{1,5}))?\s*$"
)


@dataclass(frozen=True, slots=True)
class CardRef:
    edition: str
    number: int
    set_size: int | None = None

    @property
    def key(self) -> CardKey:
        return (self.edition, self.number)


def parse_card_ref(text: str) -> CardRef | None:
    """Read a collector reference: ``DV 6``, ``DV-6``, ``dv 006/280``, ``DV - 6/280`` (any dash)."""
    match = _REF_RE.match(text)
    if match is None:
        return None
    size = match.group("size")
    return CardRef(
        edition=match.group("code").upper(),
        number=int(match.group("number")),
        set_size=int(size) if size else None,
    )


def format_card_ref(edition: str, number: int) -> str:
    return f"{edition} {number}"
