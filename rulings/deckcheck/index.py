"""A read-only index of the card catalogue, for resolving what a deck list names."""

from __future__ import annotations

import difflib
from bisect import bisect_left
from collections.abc import Iterable, Mapping

from rulings.core.cards import CardInfo, CardKey, normalise


class CardIndex:
    """Cards by key, by folded name and by name prefix; editions by code.

    ``editions`` maps each known edition code to its set size (or None); when
    it is omitted, the editions are those of the cards.
    """

    def __init__(
        self,
        cards: Iterable[CardInfo],
        editions: Mapping[str, int | None] | None = None,
    ) -> None:
        self._by_key: dict[CardKey, CardInfo] = {}
        self._by_name: dict[str, list[CardInfo]] = {}
        for card in cards:
            self._by_key[card.key] = card
            self._by_name.setdefault(card.title_key, []).append(card)
        for same_name in self._by_name.values():
            same_name.sort(key=lambda c: c.key)
        self._names = sorted(self._by_name)
        if editions is None:
            editions = {}
            for card in self._by_key.values():
                editions.setdefault(card.edition, card.set_size)
        self._editions = {code.upper(): size for code, size in editions.items()}

    def __len__(self) -> int:
        return len(self._by_key)

    def __iter__(self):
        return iter(self._by_key.values())

    def has_edition(self, code: str) -> bool:
        return code.upper() in self._editions

    def set_size(self, code: str) -> int | None:
        return self._editions.get(code.upper())

    def get(self, edition: str, number: int) -> CardInfo | None:
        return self._by_key.get((edition.upper(), number))

    def named(self, name: str) -> list[CardInfo]:
        """Every card whose folded name equals the folded ``name`` (reprints included)."""
        return list(self._by_name.get(normalise(name), ()))

    def starting_with(self, name: str, limit: int = 50) -> list[CardInfo]:
        """Cards whose folded name starts with the folded ``name`` (at most ``limit``)."""
        key = normalise(name)
        if not key:
            return []
        found: list[CardInfo] = []
        i = bisect_left(self._names, key)
        while i < len(self._names) and self._names[i].startswith(key) and len(found) < limit:
            found.extend(self._by_name[self._names[i]])
            i += 1
        return found

    def suggestions(self, name: str, limit: int = 3) -> list[str]:
        """Close names for a name that matched nothing (for "did you mean")."""
        key = normalise(name)
        close = difflib.get_close_matches(key, self._names, n=limit, cutoff=0.75)
        return [self._by_name[k][0].name for k in close]
