"""One synchronous pick step (DAR 4.1.1 and 4.1.2): every seat has one pack in front of it
and picks one card from it; when all have picked or time runs out, a seat that did not pick
gets a random card of its pack, then all packs pass at once."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from drafts.core.errors import CardNotInPack, SeatAlreadyPicked
from drafts.core.order import stable_order

S = TypeVar("S", bound=Hashable)  # a seat
I = TypeVar("I", bound=Hashable)  # a card instance  # noqa: E741


@dataclass(frozen=True)
class StepPick(Generic[I]):
    card: I
    timed_out: bool


def check_pick(pack: Sequence[I], card: I, *, already_picked: bool) -> None:
    """Refuse a pick of a card that is not in the pack, or a second pick in one step."""
    if already_picked:
        raise SeatAlreadyPicked("this seat has already picked in this step")
    if card not in pack:
        raise CardNotInPack(f"card {card!r} is not in the pack in front of this seat", card=card)


def timeout_card(pack: Sequence[I], seed: int | str) -> I:
    """The card a judge takes at random for a seat that did not pick in time."""
    if not pack:
        raise CardNotInPack("an empty pack has no card to take")
    return random.Random(seed).choice(sorted(pack, key=stable_order))


def resolve_step(
    packs: Mapping[S, Sequence[I]], picks: Mapping[S, I], seed: int | str
) -> dict[S, StepPick[I]]:
    """Close a step: every seat's pick, the missing ones taken at random (``timed_out``)."""
    result: dict[S, StepPick[I]] = {}
    for seat, pack in packs.items():
        if seat in picks:
            check_pick(pack, picks[seat], already_picked=False)
            result[seat] = StepPick(picks[seat], timed_out=False)
        else:
            result[seat] = StepPick(timeout_card(pack, f"{seed}:{seat!r}"), timed_out=True)
    return result


def pass_packs(
    packs: Mapping[S, Sequence[I]], taken: Mapping[S, I], receiver: Mapping[S, S]
) -> dict[S, list[I]]:
    """After a step: each pack without the card its seat took, now in front of the receiver."""
    passed: dict[S, list[I]] = {}
    for seat, pack in packs.items():
        rest = list(pack)
        rest.remove(taken[seat])
        passed[receiver[seat]] = rest
    return passed
