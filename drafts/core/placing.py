"""The auction winner's placement in progress (DAR 4.1.1), one tap at a time: the deck
taken and, for each card removed from it so far, the deck it goes to. The site keeps it
with the auction's state, so what the winner's page shows placed is placed: when the
winner's time runs out, the cards placed stay where they were put and only the rest is
chosen at random.

Cards are instance ids (any hashable); decks are deck ids. A placement is a plain value
(``to_dict``/``from_dict`` for storage)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from drafts.core.errors import AllPlaced, BadDistribution, NoCopyLeft, NotPlaced
from drafts.core.order import stable_order

I = TypeVar("I", bound=Hashable)  # noqa: E741


@dataclass(frozen=True)
class Placement(Generic[I]):
    auction: int  # the number of the auction it belongs to
    deck: int  # the deck the winner takes
    moves: dict[I, int] = field(default_factory=dict)  # removed card -> deck it goes to

    def left(self, needed: int) -> int:
        """How many cards are still to place when ``needed`` must be removed."""
        return max(needed - len(self.moves), 0)

    def received(self, target: int) -> int:
        return sum(1 for t in self.moves.values() if t == target)

    def place(
        self, copies: Sequence[I], target: int, targets: Collection[int], needed: int
    ) -> Placement[I]:
        """One more card, a copy of ``copies`` (the instances of one card in the deck) not
        placed yet, goes to ``target``."""
        if target not in targets:
            raise BadDistribution(f"deck {target} is not a deck still on the table", deck=target)
        if self.left(needed) == 0:
            raise AllPlaced(f"all {needed} cards are placed", needed=needed)
        free = [c for c in copies if c not in self.moves]
        if not free:
            raise NoCopyLeft("every copy of that card is placed already")
        return replace(self, moves={**self.moves, free[0]: target})

    def take_back(self, card: I) -> Placement[I]:
        """The card goes back into the deck taken."""
        if card not in self.moves:
            raise NotPlaced(f"card {card!r} is not placed", card=card)
        return replace(self, moves={c: t for c, t in self.moves.items() if c != card})

    def spread(
        self,
        taken: Sequence[I],
        targets: Sequence[int],
        needed: int,
        seed: int | str,
        keep: Collection[I] = (),
    ) -> Placement[I]:
        """The rest placed evenly: cards of the deck not placed yet, chosen at random (those
        of ``keep`` last), each to the deck that has received the fewest so far (the first
        of ``targets`` on a tie)."""
        if not targets:
            raise BadDistribution("no other deck is on the table", deck=None)
        moves = dict(self.moves)
        counts = Counter({t: 0 for t in targets}) + Counter(moves.values())
        for card in self._rest(taken, needed, seed, keep):
            target = min(targets, key=lambda t: (counts[t], targets.index(t)))
            moves[card] = target
            counts[target] += 1
        return replace(self, moves=moves)

    def completed(
        self,
        taken: Sequence[I],
        targets: Sequence[int],
        needed: int,
        seed: int | str,
        keep: Collection[I] = (),
    ) -> dict[I, int]:
        """What the site does when the winner's time runs out: the cards placed stay, the
        rest are chosen and placed at random."""
        rng = random.Random(f"{seed}:targets")
        moves = dict(self.moves)
        ordered = sorted(targets)
        for card in self._rest(taken, needed, seed, keep):
            moves[card] = rng.choice(ordered)
        return moves

    def _rest(
        self, taken: Sequence[I], needed: int, seed: int | str, keep: Collection[I]
    ) -> list[I]:
        free = sorted((c for c in taken if c not in self.moves), key=stable_order)
        random.Random(seed).shuffle(free)
        free.sort(key=lambda c: c in keep)  # stable: the random order within each part
        return free[: self.left(needed)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "auction": self.auction,
            "deck": self.deck,
            "moves": [[card, target] for card, target in self.moves.items()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Placement[Any]:
        return cls(
            auction=data["auction"],
            deck=data["deck"],
            moves={card: target for card, target in data["moves"]},
        )
