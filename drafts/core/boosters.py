"""Opening boosters: a per-edition configuration of slots by rarity, filled from the
edition's booster cards by a seeded random choice (DAR 4.1.1: 4 boosters per player)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from drafts.core.errors import BadBoosterSlots, NotEnoughCards
from drafts.core.order import stable_order

BOOSTER_SIZE = 12
PACKS_PER_PLAYER = 4
C = TypeVar("C", bound=Hashable)


@dataclass(frozen=True)
class BoosterSlots:
    """How many cards of each rarity a booster holds, e.g. 1 rare, 3 uncommon, 8 common."""

    slots: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, mapping: Mapping[str, int]) -> BoosterSlots:
        slots = tuple((rarity, count) for rarity, count in mapping.items() if count)
        if any(count < 0 for _r, count in mapping.items()):
            raise BadBoosterSlots(f"slot counts cannot be negative: {dict(mapping)}")
        if sum(count for _r, count in slots) < 1:
            raise BadBoosterSlots(f"a booster holds at least one card: {dict(mapping)}")
        return cls(slots)

    @property
    def size(self) -> int:
        return sum(count for _rarity, count in self.slots)


DEFAULT_SLOTS = BoosterSlots.of({"rare": 1, "uncommon": 3, "common": 8})


def booster_seed(
    event_seed: int, pod: int, seat: int, pack_round: int, replacement: int = 0
) -> str:
    """The seed of one booster, derived from the event's recorded seed, so every booster of
    an event can be opened again from it (a replaced pack gets the next replacement number)."""
    return f"booster:{event_seed}:{pod}:{seat}:{pack_round}:{replacement}"


def open_booster(
    cards_by_rarity: Mapping[str, Sequence[C]], slots: BoosterSlots, seed: int | str
) -> list[C]:
    """The cards of one booster, slot by slot. Within a slot no card repeats while the
    edition has enough cards of that rarity; a slot larger than the rarity's cards repeats
    cards rather than fail. A rarity with no cards at all is refused."""
    rng = random.Random(seed)
    cards: list[C] = []
    for rarity, count in slots.slots:
        choices = sorted(cards_by_rarity.get(rarity, ()), key=stable_order)
        if not choices:
            raise NotEnoughCards(
                f"the booster needs {count} {rarity} card(s) and the edition has none",
                rarity=rarity,
                count=count,
            )
        if count <= len(choices):
            cards.extend(rng.sample(choices, count))
        else:
            cards.extend(rng.choices(choices, k=count))
    return cards
