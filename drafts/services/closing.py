"""The end of deck building in a pod (its time up, or a judge ending it): each open seat's
last saved deck becomes its deck if legal, else the deck it submitted; a seat with neither
has the deck the builder opens on, the deck won at the auction, as its deck if legal.
Otherwise it has "no legal deck"."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from config.errors import DomainError
from decklists.models import DeckList
from drafts.models import CardInstance, CardSource, DeckState, DraftPhase, DraftSeat, Pod
from drafts.services.clock import clear_deadline, set_deadline
from drafts.services.pools import submit_from_pool
from tournaments.models import Event
from tournaments.models.choices import RegistrationStatus

ACTIVE = (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)


class _NotLegal(Exception):
    """Rolls back the savepoint of a saved deck that turned out not to be legal."""


def _legal(deck_list: DeckList) -> bool:
    from decklists.selectors import deck_check_for

    return not deck_check_for(deck_list).check.errors


def won_deck(seat: DraftSeat) -> dict[int, int]:
    """The cards the seat won at the auction (card id -> copies): the deck the builder
    opens on when the seat has neither saved a deck nor submitted a list."""
    counts: dict[int, int] = {}
    for card_id in CardInstance.objects.filter(owner=seat, source=CardSource.AUCTION).values_list(
        "card_id", flat=True
    ):
        counts[card_id] = counts.get(card_id, 0) + 1
    return counts


def _deck_if_legal(event: Event, seat: DraftSeat, quantities: dict[int, int]) -> bool:
    """Submit the deck as the seat's deck list if it is legal; an illegal one changes
    nothing (a savepoint rolls it back)."""
    try:
        with transaction.atomic():
            deck_list, _parsed = submit_from_pool(event, seat, quantities, seat.registration.player)
            if not _legal(deck_list):
                raise _NotLegal
        return True
    except (DomainError, _NotLegal, ValueError):
        return False


def _close_seat(event: Event, seat: DraftSeat) -> str:
    """The seat's building ends: its last saved deck is its deck if legal, else the deck it
    submitted if that is legal; a seat that did neither (the builder opened, or not even
    opened, on the deck won at the auction and left as it was) has that deck if legal.
    Otherwise it has no legal deck."""
    player = seat.registration.player
    if seat.saved_deck:
        quantities = {int(k): v for k, v in seat.saved_deck.items()}
        if _deck_if_legal(event, seat, quantities):
            return DeckState.DECK
    submitted = DeckList.objects.filter(event=event, player=player).first()
    if submitted is not None and _legal(submitted):
        return DeckState.DECK
    if seat.saved_deck is None and submitted is None:
        won = won_deck(seat)
        if won and _deck_if_legal(event, seat, won):
            return DeckState.DECK
    return DeckState.NO_LEGAL_DECK


def close_building(pod: Pod, now: datetime, *, everyone: bool = False) -> None:
    """Apply the end of deck building at ``now`` (pod locked, its deadline passed, or
    ``everyone`` for a judge ending it early or round 1 finding every deck in): each open
    player seat whose time is over gets its deck or is marked "no legal deck"; a seat a
    judge gave more time keeps building, and the pod's deadline becomes the next seat's."""
    event = pod.draft.event
    seats = (
        pod.seats.filter(
            registration__isnull=False,
            registration__status__in=ACTIVE,
            deck_state=DeckState.BUILDING,
        )
        .select_related("registration__player")
        .order_by("position")
    )
    later = []
    for seat in seats:
        if not everyone and seat.building_until is not None and seat.building_until > now:
            later.append(seat.building_until)
            continue
        seat.deck_state = _close_seat(event, seat)
        seat.save(update_fields=["deck_state"])
    if later:
        set_deadline(pod, 0, min(later))
        return
    pod.phase = DraftPhase.DONE
    clear_deadline(pod)
