"""The deck auction of DAR 4.1.1, before the draft, as a state machine.

One preconstructed deck per player lies on the table. A random player starts; then, going
clockwise (to the left, the next seat number), the starter must bid an integer 1-54, and
each next player still in passes or bids strictly higher; a player who passes is out of
this auction. When one bidder is left (or someone bids 54, which nobody can beat) that
player takes any deck still on the table, removes exactly the bid number of cards from it
(all of them, if it has fewer) and distributes them in any combination over the decks still
on the table. Cards earlier winners added to a deck are part of it. The next auction starts
with the next player clockwise (from the previous starter) who has no deck yet; the last
player gets the last deck with everything in it.

The state is a plain value (``to_dict``/``from_dict`` for storage); the contents of the
decks are passed in where they matter (distribution), so the site keeps them as rows.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from drafts.core.errors import BadDistribution, IllegalBid, NotYourTurn, WrongPhase
from drafts.core.order import stable_order

MIN_BID = 1
MAX_BID = 54
BIDDING = "bidding"
DISTRIBUTING = "distributing"
DONE = "done"
I = TypeVar("I", bound=Hashable)  # noqa: E741


@dataclass(frozen=True)
class Auction:
    seats: int
    decks: tuple[int, ...]  # every deck of the pod
    deck_of: dict[int, int] = field(default_factory=dict)  # seat -> deck won
    starter: int = 0
    bidders: tuple[int, ...] = ()  # still in this auction, clockwise from the starter
    to_act: int | None = None
    high_bid: int | None = None
    high_bidder: int | None = None
    phase: str = BIDDING
    number: int = 1  # which auction of the pod (1, 2, ...)

    # --- reading --------------------------------------------------------------------------
    @property
    def on_table(self) -> tuple[int, ...]:
        won = set(self.deck_of.values())
        return tuple(d for d in self.decks if d not in won)

    @property
    def without_deck(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s not in self.deck_of)

    @property
    def winner(self) -> int | None:
        return self.high_bidder if self.phase == DISTRIBUTING else None

    def cards_to_remove(self, deck_size: int) -> int:
        """How many cards the winner removes from a deck of ``deck_size`` cards."""
        return min(self.high_bid or 0, deck_size)

    # --- playing --------------------------------------------------------------------------
    def bid(self, seat: int, amount: int) -> Auction:
        self._expect(BIDDING, seat)
        floor = MIN_BID if self.high_bid is None else self.high_bid + 1
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalBid(f"a bid is a whole number, not {amount!r}", low=floor, high=MAX_BID)
        if amount < floor or amount > MAX_BID:
            raise IllegalBid(
                f"bid {amount} refused: bid from {floor} to {MAX_BID}", low=floor, high=MAX_BID
            )
        state = replace(self, high_bid=amount, high_bidder=seat)
        if amount == MAX_BID or len(self.bidders) == 1:
            return replace(state, phase=DISTRIBUTING, to_act=seat)
        return replace(state, to_act=state._next_bidder(seat))

    def pass_turn(self, seat: int) -> Auction:
        self._expect(BIDDING, seat)
        if self.high_bid is None:
            raise IllegalBid(
                f"seat {seat} starts this auction and must bid from {MIN_BID} to {MAX_BID}",
                low=MIN_BID,
                high=MAX_BID,
            )
        following = self._next_bidder(seat)
        bidders = tuple(s for s in self.bidders if s != seat)
        state = replace(self, bidders=bidders, to_act=following)
        if len(bidders) == 1:
            return replace(state, phase=DISTRIBUTING, to_act=self.high_bidder)
        return state

    def distribute(
        self,
        seat: int,
        deck: int,
        moves: Mapping[I, int],
        contents: Mapping[int, Sequence[I]],
    ) -> tuple[Auction, dict[int, list[I]]]:
        """The winner takes ``deck`` and moves each card of ``moves`` to the deck it names.
        Returns the next state and the new contents of every deck."""
        self._expect(DISTRIBUTING, seat)
        if deck not in self.on_table:
            raise BadDistribution(f"deck {deck} is not on the table", deck=deck)
        taken = list(contents.get(deck, ()))
        needed = self.cards_to_remove(len(taken))
        targets = set(self.on_table) - {deck}
        if len(moves) != needed:
            raise BadDistribution(
                f"remove exactly {needed} cards, not {len(moves)}", needed=needed, given=len(moves)
            )
        for card, target in moves.items():
            if card not in taken:
                raise BadDistribution(f"card {card!r} is not in deck {deck}", card=card)
            if target not in targets:
                raise BadDistribution(
                    f"deck {target} is not a deck still on the table", deck=target
                )
        new = {d: list(cards) for d, cards in contents.items()}
        new[deck] = [c for c in taken if c not in moves]
        for card, target in moves.items():
            new.setdefault(target, []).append(card)
        return self._award(seat, deck), new

    def random_distribution(
        self, deck: int, contents: Mapping[int, Sequence[I]], seed: int | str
    ) -> dict[I, int]:
        """What the site does when the winner's time runs out: the removed cards and the
        decks they go to, chosen at random."""
        rng = random.Random(seed)
        taken = sorted(contents.get(deck, ()), key=stable_order)
        targets = sorted(set(self.on_table) - {deck})
        cards = rng.sample(taken, self.cards_to_remove(len(taken)))
        return {card: rng.choice(targets) for card in cards}

    def random_deck(self, seed: int | str) -> int:
        return random.Random(seed).choice(sorted(self.on_table))

    # --- internals ------------------------------------------------------------------------
    def _expect(self, phase: str, seat: int) -> None:
        if self.phase != phase:
            raise WrongPhase(f"the auction is {self.phase}, not {phase}", phase=self.phase)
        if seat != self.to_act:
            raise NotYourTurn(f"seat {seat} is not to act; seat {self.to_act} is", seat=seat)

    def _next_bidder(self, seat: int) -> int:
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if candidate in self.bidders and candidate != seat:
                return candidate
        return seat

    def _award(self, seat: int, deck: int) -> Auction:
        deck_of = {**self.deck_of, seat: deck}
        state = replace(self, deck_of=deck_of, high_bid=None, high_bidder=None)
        left = state.without_deck
        if len(left) == 1:
            last_deck = state.on_table[0]
            return replace(
                state,
                deck_of={**deck_of, left[0]: last_deck},
                phase=DONE,
                to_act=None,
                bidders=(),
            )
        starter = next(
            (self.starter + step) % self.seats
            for step in range(1, self.seats + 1)
            if (self.starter + step) % self.seats in left
        )
        return _open(state, starter, number=self.number + 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "decks": list(self.decks),
            "deck_of": {str(k): v for k, v in self.deck_of.items()},
            "starter": self.starter,
            "bidders": list(self.bidders),
            "to_act": self.to_act,
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder,
            "phase": self.phase,
            "number": self.number,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Auction:
        return cls(
            seats=data["seats"],
            decks=tuple(data["decks"]),
            deck_of={int(k): v for k, v in data["deck_of"].items()},
            starter=data["starter"],
            bidders=tuple(data["bidders"]),
            to_act=data["to_act"],
            high_bid=data["high_bid"],
            high_bidder=data["high_bidder"],
            phase=data["phase"],
            number=data["number"],
        )


def _open(state: Auction, starter: int, *, number: int) -> Auction:
    left = set(state.without_deck)
    bidders = tuple((starter + i) % state.seats for i in range(state.seats))
    bidders = tuple(s for s in bidders if s in left)
    return replace(
        state,
        starter=starter,
        bidders=bidders,
        to_act=starter,
        high_bid=None,
        high_bidder=None,
        phase=BIDDING,
        number=number,
    )


def start_auction(seats: int, decks: Sequence[int], seed: int | str) -> Auction:
    """The first auction of a pod: one deck per seat, a random starter from ``seed``."""
    if seats < 2:
        raise WrongPhase(f"an auction needs at least 2 players, not {seats}", phase="new")
    if len(decks) != seats or len(set(decks)) != seats:
        raise BadDistribution(
            f"one distinct deck per player: {seats} players, {len(decks)} decks", deck=None
        )
    starter = random.Random(seed).randrange(seats)
    return _open(Auction(seats=seats, decks=tuple(decks)), starter, number=1)


def bot_bid(state: Auction) -> int | None:
    """A bot's bid: the lowest allowed when it must open an auction, otherwise it passes
    (it keeps the cards of the deck it will be left with). ``None`` means pass."""
    return MIN_BID if state.high_bid is None else None
