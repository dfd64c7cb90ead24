"""A total order on card and deck identities (ints numerically, anything else by its text),
so that every seeded random choice sees its candidates in the same order every run."""

from __future__ import annotations

from collections.abc import Hashable


def stable_order(item: Hashable) -> tuple[int, int | str]:
    if isinstance(item, bool):
        return (1, repr(item))
    if isinstance(item, int):
        return (0, item)
    return (1, repr(item))
