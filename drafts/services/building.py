"""Deck building (DAR 4.1.3): the pool is the deck won at auction plus the drafted cards;
the deck is at least the event's minimum (41) cards from it, any number of copies. The
pool is recorded as the player's card pool and the deck goes through the site's deck-list
submission, so the existing deck check (sealed rules, pool containment) judges it, and
lists lock when round 1 starts, as every event's do."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config import clock
from config.errors import ConflictError, ForbiddenError
from decklists.models import DeckList
from drafts.models import DeckState, DraftPhase, DraftSeat, Pod
from drafts.services.flow import save_pod, settle
from drafts.services.locking import lock_pod
from drafts.services.pools import deck_lines, submit_from_pool
from drafts.services.seated import refuse_if_seated
from tournaments.models import Event
from tournaments.models.choices import RegistrationStatus
from tournaments.services.locking import lock_event

ACTIVE = (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)


def builder_start(seat: DraftSeat, deck_list: DeckList | None) -> dict[str, int] | None:
    """The deck the builder opens on (card id as text -> copies): the seat's last saved
    deck, which is what becomes its deck at the deadline if legal (a submission from the
    builder is saved too), else the deck list it submitted through another route; None
    when there is neither (the builder then starts from the deck won at the auction)."""
    if seat.saved_deck is not None:
        return seat.saved_deck
    if deck_list is None:
        return None
    return {
        str(card_id): quantity
        for card_id, quantity in deck_list.entries.values_list("card_id", "quantity")
    }


def _player_seat(event: Event, actor: User) -> DraftSeat:
    seat = (
        DraftSeat.objects.filter(pod__draft__event=event, registration__player_id=actor.pk)
        .select_related("pod", "registration__player")
        .first()
        if actor.is_authenticated
        else None
    )
    if seat is None:
        raise ForbiddenError(_("You have no seat in this draft."), code="no_seat")
    return seat


def _building_open(seat: DraftSeat) -> DraftSeat:
    """The seat, its pod locked with any expired deadline applied (the event is locked by
    the caller): refused unless the seat is still building."""
    pod = lock_pod(seat.pod_id)
    if settle(pod, clock.now()):
        save_pod(pod)
    seat.refresh_from_db(fields=["deck_state", "building_until"])
    seat.pod = pod
    if pod.phase not in (DraftPhase.BUILDING, DraftPhase.DONE):
        raise ConflictError(_("Build your deck when drafting is complete."), code="still_drafting")
    if pod.phase == DraftPhase.DONE or seat.deck_state != DeckState.BUILDING:
        raise ConflictError(
            _(
                "Deck building time is over: the deck you had saved then is your deck, if it "
                "was legal. Ask a judge if you need more time."
            ),
            code="building_over",
        )
    return seat


@transaction.atomic
def draft_deck_submit(
    *, actor: User, event_id: int, quantities: dict[int, int]
) -> tuple[DeckList, object]:
    """Submit the actor's deck from their draft pool: card id -> copies. Refused, with
    nothing saved, before drafting is complete, once the seat's building time is over, for
    a card or count not in the pool, or for a deck below the event's minimum size. The
    deck is also the seat's last saved deck."""
    event = lock_event(event_id)
    seat = _building_open(_player_seat(event, actor))
    result = submit_from_pool(event, seat, quantities, actor)
    DraftSeat.objects.filter(pk=seat.pk).update(saved_deck=_as_json(quantities))
    return result


@transaction.atomic
def draft_deck_save(*, actor: User, event_id: int, quantities: dict[int, int]) -> DraftSeat:
    """Save the deck as the drafter builds it (the page saves each change): any size, each
    count within the pool. At the seat's deadline the last saved deck becomes its deck if
    it is legal. Refused once the seat's building time is over."""
    event = lock_event(event_id)
    seat = _building_open(_player_seat(event, actor))
    deck_lines(seat, quantities)
    seat.saved_deck = _as_json(quantities)
    seat.save(update_fields=["saved_deck"])
    return seat


def _as_json(quantities: dict[int, int]) -> dict[str, int]:
    return {str(card): count for card, count in sorted(quantities.items()) if count}


def building_over(pod: Pod) -> bool:
    """Whether the pod's deck building has ended: its time is up, a judge ended it, or every
    player seat has a deck list in (then round 1 may end it). A seat a bot runs for an
    absent player builds nothing, so it is not waited for."""
    if pod.phase == DraftPhase.DONE:
        return True
    if pod.phase != DraftPhase.BUILDING:
        return False
    event = pod.draft.event
    players = list(
        pod.seats.filter(registration__isnull=False, registration__status__in=ACTIVE, bot=False)
        .exclude(deck_state=DeckState.NO_LEGAL_DECK)
        .values_list("registration__player_id", "deck_state")
    )
    with_lists = set(
        DeckList.objects.filter(event=event, player_id__in=[p for p, _s in players]).values_list(
            "player_id", flat=True
        )
    )
    return all(p in with_lists or state == DeckState.DECK for p, state in players)


def refuse_list_after_building(event: Event, player: User) -> None:
    """A drafter's own deck list through the site's ordinary deck-list submission is
    refused too once their seat's building time is over (the event locked by the caller)."""
    seat = (
        DraftSeat.objects.filter(pod__draft__event=event, registration__player=player)
        .select_related("pod", "registration__player")
        .first()
    )
    if seat is not None:
        _building_open(seat)


def refuse_entry_after_building(event: Event, player: User, actor: User) -> None:
    """A judge's entry of a drafter's deck list (the judge action ``deck_list.enter``, the
    event locked by the caller): refused to a judge with a seat in the drafter's pod, and
    once the seat's deck-building time is over, since the list would not be the seat's
    deck (it stays "no legal deck"): a judge gives the seat more time first, an explicit
    and audited decision, then enters the list within it."""
    seat = (
        DraftSeat.objects.filter(pod__draft__event=event, registration__player=player)
        .select_related("registration")
        .first()
    )
    if seat is None:
        return
    pod = lock_pod(seat.pod_id)
    pod.draft.event = event
    refuse_if_seated(actor, pod)
    if settle(pod, clock.now()):
        save_pod(pod)
    seat.refresh_from_db(fields=["deck_state"])
    over = pod.phase == DraftPhase.DONE or (
        pod.phase == DraftPhase.BUILDING and seat.deck_state != DeckState.BUILDING
    )
    if over:
        raise ConflictError(
            _(
                "Deck building is over for %(name)s (seat %(seat)s of draft pod %(pod)s): "
                "the list would not be their deck. Extend the seat first (draft console: "
                "more deck-building time for this seat), then enter the list."
            )
            % {"name": seat.registration.name, "seat": seat.position + 1, "pod": pod.number},
            code="building_over",
            extra={"pod_id": pod.pk, "seat_id": seat.pk},
        )
