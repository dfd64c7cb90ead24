"""The auction winner places the removed cards one tap at a time: take a deck, then a card
and the deck it goes to (or the rest spread evenly), a card taken back, and finally the
deck taken with the cards where they were put. Each tap is saved with the auction's state
under the pod's row lock, so the page shows what the server holds; when the winner's time
runs out the cards placed stay and only the rest is placed at random
(``flow.held_placement``).

A tap names its auction; a tap for an auction that moved on, from a seat not to act, or
after the winner's time is refused as a conflict (409), and bad input (a deck not on the
table, a card not in the deck, a card with no copy left) as a 400; neither changes
anything."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config import clock
from config.errors import ConflictError, DomainError
from drafts.core import auction as auction_core
from drafts.core.errors import DraftError
from drafts.core.placing import Placement
from drafts.models import CardInstance, Pod
from drafts.services.deadlines import settle_if_expired
from drafts.services.flow import (
    auction_distribute,
    auction_of,
    deck_contents,
    held_placement,
    sanctuaries,
    save_pod,
    settle,
    store_placement,
)
from drafts.services.locking import lock_pod
from drafts.services.messages import draft_error
from drafts.services.players import auction_seat

ACTIONS = ("deck", "place", "back", "spread", "done")


def draft_place(
    *,
    actor: User,
    pod_id: int,
    auction: int,
    action: str,
    deck: int | None = None,
    card: int | None = None,
    target: int | None = None,
) -> Pod:
    """One tap of the auction's winner. ``action``: ``deck`` takes ``deck`` (and starts the
    placement again), ``place`` puts a copy of the catalogue card ``card`` not placed yet
    on ``target``, ``back`` returns the placed card instance ``card`` to the deck taken,
    ``spread`` places the rest evenly, ``done`` takes the deck with the cards placed."""
    if action not in ACTIONS:
        raise DomainError(_("Tap a card, then the deck it goes to."), field="action")
    needs = {"deck": ("deck",), "place": ("card", "target"), "back": ("card",)}
    given = {"deck": deck, "card": card, "target": target}
    for name in needs.get(action, ()):
        value = given[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise DomainError(_("Tap a card, then the deck it goes to."), field=name)
    settle_if_expired(pod_id)
    return _place(actor, pod_id, auction, action, given)


@transaction.atomic
def _place(actor: User, pod_id: int, auction: int, action: str, given: dict[str, Any]) -> Pod:
    pod = lock_pod(pod_id)
    now = clock.now()
    if settle(pod, now):
        save_pod(pod)
    seat = auction_seat(pod, actor, auction)
    state = auction_of(pod)
    if state.phase != auction_core.DISTRIBUTING:
        raise ConflictError(_("The bidding of this auction is not over."), code="still_bidding")
    if action == "deck":
        if given["deck"] not in state.on_table:
            raise DomainError(_("Choose a deck still on the table."), field="deck")
        store_placement(pod, Placement(auction=state.number, deck=given["deck"]))
        save_pod(pod)
        return pod
    held = held_placement(pod, state)
    if held is None:
        raise DomainError(_("Take a deck first."), field="deck")
    taken = deck_contents(pod).get(held.deck, [])
    needed = state.cards_to_remove(len(taken))
    targets = [d for d in state.on_table if d != held.deck]
    try:
        if action == "done":
            if held.left(needed):
                raise DomainError(
                    _("Place %(n)s more cards first.") % {"n": held.left(needed)},
                    field="moves",
                    code="cards_left",
                )
            auction_distribute(pod, seat.position, held.deck, held.moves, now, "player")
        else:
            store_placement(pod, _moved(held, action, given, taken, targets, needed, pod))
    except DraftError as exc:
        raise draft_error(exc) from exc
    save_pod(pod)
    return pod


def _moved(
    held: Placement[int],
    action: str,
    given: dict[str, Any],
    taken: list[int],
    targets: list[int],
    needed: int,
    pod: Pod,
) -> Placement[int]:
    if action == "back":
        return held.take_back(given["card"])
    if action == "spread":
        seed = f"spread:{pod.draft.seed}:{pod.number}:{held.auction}"
        return held.spread(taken, targets, needed, seed, keep=sanctuaries(taken))
    copies = list(
        CardInstance.objects.filter(pk__in=taken, card_id=given["card"])
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    if not copies:
        raise DomainError(_("That card is not in the deck you took."), field="card")
    if given["target"] not in targets:
        raise DomainError(_("Choose a deck still on the table."), field="target")
    return held.place(copies, given["target"], targets, needed)
