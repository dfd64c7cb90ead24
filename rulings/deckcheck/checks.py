"""Deck legality by format, as a value: errors, warnings and Multifacción surcharges.

The reading of the DAR this follows (see docs/readings.md, "Constructed formats and deck legality"):

- A deck has exactly one Sanctuary. It is one of the deck's cards, so it
  counts toward the minimum size. A missing Sanctuary is an error in
  constructed formats and a warning in sealed and draft (the judge decides).
- The minimum size is an event setting (41 by default); there is no maximum.
- Constructed formats allow at most 4 copies of a title (reprints in other
  editions are the same title). Sealed and draft allow any number of copies,
  but the deck must come from the player's pool.
- The banned list is an error in every format it names (no formats named =
  every format); the watch list is only a warning. Both are matched by title.
- Monofacción: every card with a faction shares the Sanctuary's faction.
- Multifacción: any card is legal; the Will surcharge per card is reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulings.core.cards import CardInfo, CardKey, Faction
from rulings.core.issues import Issue, issue
from rulings.deckcheck.formats import FactionRule, Format, get_format
from rulings.deckcheck.parser import DeckEntry
from rulings.deckcheck.wheel import surcharge

DEFAULT_MINIMUM = 41


@dataclass(frozen=True)
class BannedCard:
    card: CardInfo
    formats: frozenset[str] = frozenset()  # empty: banned in every format

    def applies_to(self, format_code: str) -> bool:
        return not self.formats or format_code in self.formats


@dataclass(frozen=True)
class CardLists:
    """The banned and watch lists of one version of the rulings document.

    ``version`` labels the version in messages. ``missing_on`` is set (to a
    date text) when no version is in force, which the check reports as a
    warning instead of silently checking nothing.
    """

    version: str = ""
    banned: tuple[BannedCard, ...] = ()
    watched: tuple[CardInfo, ...] = ()
    missing_on: str | None = None
    _banned_by_title: dict[str, BannedCard] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _watched_by_title: dict[str, CardInfo] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        for ban in self.banned:
            self._banned_by_title[ban.card.title_key] = ban
        for card in self.watched:
            self._watched_by_title[card.title_key] = card

    @classmethod
    def none_in_force(cls, on_date: str) -> CardLists:
        return cls(missing_on=on_date)

    def ban_for(self, card: CardInfo) -> BannedCard | None:
        return self._banned_by_title.get(card.title_key)

    def is_watched(self, card: CardInfo) -> bool:
        return card.title_key in self._watched_by_title


@dataclass(frozen=True)
class Surcharge:
    """The Multifacción extra Will cost of one card in the deck."""

    card: CardInfo
    quantity: int
    faction: Faction
    extra: int
    base_cost: int | None

    @property
    def total_cost(self) -> int | None:
        return None if self.base_cost is None else self.base_cost + self.extra

    def as_dict(self) -> dict[str, Any]:
        return {
            "card": self.card.label,
            "edition": self.card.edition,
            "number": self.card.number,
            "quantity": self.quantity,
            "faction": self.faction.value,
            "extra": self.extra,
            "base_cost": self.base_cost,
            "total_cost": self.total_cost,
        }


@dataclass(frozen=True)
class DeckCheck:
    format: Format
    card_count: int
    minimum: int
    sanctuary: CardInfo | None
    errors: tuple[Issue, ...]
    warnings: tuple[Issue, ...]
    surcharges: tuple[Surcharge, ...]
    version: str = ""

    @property
    def legal(self) -> bool:
        return not self.errors

    def as_dict(self) -> dict[str, Any]:
        return {
            "format": self.format.code,
            "legal": self.legal,
            "card_count": self.card_count,
            "minimum": self.minimum,
            "sanctuary": self.sanctuary.label if self.sanctuary else None,
            "rulings_version": self.version or None,
            "errors": [e.as_dict() for e in self.errors],
            "warnings": [w.as_dict() for w in self.warnings],
            "surcharges": [s.as_dict() for s in self.surcharges],
        }


def _merge(entries: Iterable[DeckEntry]) -> list[DeckEntry]:
    merged: dict[CardKey, DeckEntry] = {}
    for entry in entries:
        seen = merged.get(entry.card.key)
        if seen is None:
            merged[entry.card.key] = entry
        else:
            merged[entry.card.key] = DeckEntry(seen.card, seen.quantity + entry.quantity, seen.line)
    return list(merged.values())


def pool_shortfalls(entries: Sequence[DeckEntry], pool: Mapping[CardKey, int]) -> list[Issue]:
    """One ``not_in_pool`` issue per card of the deck with more copies than the pool holds
    (sealed pool containment)."""
    shortfalls = []
    for entry in _merge(entries):
        owned = pool.get(entry.card.key, 0)
        if entry.quantity > owned:
            shortfalls.append(
                issue(
                    "not_in_pool",
                    line=entry.line,
                    card=entry.card.label,
                    in_deck=entry.quantity,
                    in_pool=owned,
                )
            )
    return shortfalls


def check_deck(
    entries: Sequence[DeckEntry],
    *,
    format: str | Format,
    lists: CardLists | None = None,
    minimum: int = DEFAULT_MINIMUM,
    sanctuary: CardInfo | None = None,
    pool: Mapping[CardKey, int] | None = None,
) -> DeckCheck:
    """Check a deck. ``sanctuary`` names the Sanctuary when the list itself does not.

    ``pool`` (sealed and draft) maps each card key to the copies the player
    owns; without it the containment check is skipped with a warning.
    Raises ``UnknownFormat`` for a format that does not exist.
    """
    fmt = get_format(format)
    lists = lists or CardLists()
    errors: list[Issue] = []
    warnings: list[Issue] = []
    surcharges: list[Surcharge] = []

    deck = _merge(entries)
    if sanctuary is not None:
        if not sanctuary.is_sanctuary:
            errors.append(
                issue(
                    "sanctuary_not_a_sanctuary", card=sanctuary.label, type=sanctuary.type.english
                )
            )
            sanctuary = None
        elif all(e.card.key != sanctuary.key for e in deck):
            deck.insert(0, DeckEntry(sanctuary, 1, None))

    for entry in deck:
        if entry.quantity < 1:
            errors.append(
                issue("bad_quantity", line=entry.line or 0, quantity=entry.quantity, limit=99)
            )

    # --- the Sanctuary ---------------------------------------------------------------
    sanctuaries = [e for e in deck if e.card.is_sanctuary]
    sanctuary_copies = sum(e.quantity for e in sanctuaries)
    if sanctuary_copies > 1:
        errors.append(
            issue(
                "second_sanctuary",
                count=sanctuary_copies,
                cards=", ".join(f"{e.quantity} x {e.card.label}" for e in sanctuaries),
            )
        )
    elif sanctuary_copies == 0:
        (errors if fmt.constructed else warnings).append(issue("missing_sanctuary"))
    if sanctuary is None and len(sanctuaries) == 1:
        sanctuary = sanctuaries[0].card

    # --- size ------------------------------------------------------------------------
    card_count = sum(max(e.quantity, 0) for e in deck)
    if card_count < minimum:
        errors.append(issue("deck_too_small", count=card_count, minimum=minimum))

    # --- copies of a title -------------------------------------------------------------
    if fmt.copy_limit is not None:
        by_title: dict[str, list[DeckEntry]] = {}
        for entry in deck:
            if not entry.card.is_sanctuary:
                by_title.setdefault(entry.card.title_key, []).append(entry)
        for same in by_title.values():
            count = sum(e.quantity for e in same)
            if count > fmt.copy_limit:
                errors.append(
                    issue(
                        "too_many_copies",
                        line=same[0].line,
                        title=same[0].card.name,
                        count=count,
                        limit=fmt.copy_limit,
                        format=fmt.name,
                    )
                )

    # --- banned and watch lists --------------------------------------------------------
    if lists.missing_on is not None:
        warnings.append(issue("no_version_in_force", date=lists.missing_on))
    seen_titles: set[str] = set()
    for entry in deck:
        title = entry.card.title_key
        if title in seen_titles:
            continue
        seen_titles.add(title)
        ban = lists.ban_for(entry.card)
        if ban is not None and ban.applies_to(fmt.code):
            errors.append(
                issue(
                    "banned_card",
                    line=entry.line,
                    card=entry.card.label,
                    format=fmt.name,
                    version=lists.version,
                )
            )
        elif lists.is_watched(entry.card):
            warnings.append(
                issue("watched_card", line=entry.line, card=entry.card.label, version=lists.version)
            )

    # --- factions ------------------------------------------------------------------------
    if fmt.faction_rule is not FactionRule.NONE and sanctuary is not None:
        home = sanctuary.faction
        if home is None:
            errors.append(issue("sanctuary_without_faction", card=sanctuary.label, format=fmt.name))
        elif fmt.faction_rule is FactionRule.MONO:
            for entry in deck:
                if not entry.card.known:
                    warnings.append(
                        issue("faction_unknown", line=entry.line, card=entry.card.label)
                    )
                    continue
                faction = entry.card.faction
                if faction is not None and faction is not home and not entry.card.is_sanctuary:
                    errors.append(
                        issue(
                            "off_faction",
                            line=entry.line,
                            card=entry.card.label,
                            faction=faction.label,
                            sanctuary_faction=home.label,
                        )
                    )
        else:
            for entry in deck:
                if not entry.card.known:
                    warnings.append(
                        issue("faction_unknown", line=entry.line, card=entry.card.label)
                    )
                    continue
                faction = entry.card.faction
                if faction is None or entry.card.is_sanctuary:
                    continue
                extra = surcharge(faction, home)
                if extra:
                    surcharges.append(
                        Surcharge(entry.card, entry.quantity, faction, extra, entry.card.cost)
                    )

    # --- the player's pool (sealed and draft) ------------------------------------------
    if fmt.uses_pool:
        if pool is None:
            warnings.append(issue("pool_not_checked"))
        else:
            errors.extend(pool_shortfalls(deck, pool))

    return DeckCheck(
        format=fmt,
        card_count=card_count,
        minimum=minimum,
        sanctuary=sanctuary,
        errors=tuple(errors),
        warnings=tuple(warnings),
        surcharges=tuple(surcharges),
        version=lists.version,
    )
