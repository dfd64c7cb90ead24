"""A seat's pool and the conservation of cards: every card instance is in exactly one
place (a pack, a pool, a deck on the auction table) at every step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

from drafts.core.errors import CardsNotConserved

I = TypeVar("I", bound=Hashable)  # noqa: E741
K = TypeVar("K", bound=Hashable)
C = TypeVar("C", bound=Hashable)


def check_conservation(expected: Iterable[I], places: Mapping[K, Iterable[I]]) -> None:
    """Raise unless the places together hold every expected instance exactly once."""
    seen: Counter[I] = Counter()
    for cards in places.values():
        seen.update(cards)
    twice = sorted((repr(c) for c, n in seen.items() if n > 1))
    want = set(expected)
    missing = sorted(repr(c) for c in want - set(seen))
    extra = sorted(repr(c) for c in set(seen) - want)
    if twice or missing or extra:
        raise CardsNotConserved(
            f"cards not conserved: twice {twice[:5]}, missing {missing[:5]}, unknown {extra[:5]}",
            twice=len(twice),
            missing=len(missing),
            unknown=len(extra),
        )


def pool_counts(instances: Iterable[I], card_of: Mapping[I, C]) -> dict[C, int]:
    """A pool as copies per card (what the deck check's pool containment reads)."""
    return dict(Counter(card_of[i] for i in instances))
