"""Refusals of the draft core: one class per kind, each a ``CoreError`` with a stable code."""

from __future__ import annotations

from tournaments.core import CoreError


class DraftError(CoreError):
    code = "draft_error"


class BadPodSize(DraftError):
    code = "bad_pod_size"


class BadBoosterSlots(DraftError):
    code = "bad_booster_slots"


class NotEnoughCards(DraftError):
    code = "not_enough_cards"


class CardNotInPack(DraftError):
    code = "card_not_in_pack"


class SeatAlreadyPicked(DraftError):
    code = "seat_already_picked"


class NotYourTurn(DraftError):
    code = "not_your_turn"


class IllegalBid(DraftError):
    code = "illegal_bid"


class WrongPhase(DraftError):
    code = "wrong_auction_phase"


class BadDistribution(DraftError):
    code = "bad_distribution"


class CardsNotConserved(DraftError):
    code = "cards_not_conserved"


class NoCopyLeft(DraftError):
    code = "no_copy_left"


class AllPlaced(DraftError):
    code = "all_placed"


class NotPlaced(DraftError):
    code = "not_placed"
