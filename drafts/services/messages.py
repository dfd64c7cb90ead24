"""Translated reasons for the draft core's refusals, keyed by their stable code."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from config.errors import ConflictError, DomainError
from drafts.core.errors import DraftError

MESSAGES = {
    "bad_pod_size": _("A draft needs at least two seats."),
    "bad_booster_slots": _("The booster configuration of an edition is not valid."),
    "not_enough_cards": _(
        "The catalogue has no %(rarity)s cards for this booster; check the edition's booster "
        "configuration."
    ),
    "card_not_in_pack": _("That card is not in the pack in front of you."),
    "seat_already_picked": _("You have already picked in this step."),
    "not_your_turn": _("It is not your turn in the auction."),
    "illegal_bid": _("Bid a whole number from %(low)s to %(high)s, or pass."),
    "wrong_auction_phase": _("The auction is not at that stage."),
    "bad_distribution": _(
        "Remove exactly the number of cards you bid from the deck you take, and place each on "
        "another deck still on the table."
    ),
    "cards_not_conserved": _("The cards of the draft do not add up; nothing was changed."),
    "no_copy_left": _("Every copy of that card is placed already; choose another card."),
    "all_placed": _("You have placed all the cards you must remove; take the deck."),
    "not_placed": _("That card is not placed; nothing was changed."),
}

CONFLICTS = {"not_your_turn", "wrong_auction_phase", "seat_already_picked"}


def draft_error(exc: DraftError) -> DomainError:
    """The core's refusal as the site's error, in the reader's language."""
    message = MESSAGES.get(exc.code)
    text = str(message) % exc.params if message is not None else exc.message
    cls = ConflictError if exc.code in CONFLICTS else DomainError
    return cls(text, code=exc.code)
