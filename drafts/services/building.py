"""Deck building (DAR 4.1.3): the pool is the deck won at auction plus the drafted cards;
the deck is at least the event's minimum (41) cards from it, any number of copies. The
pool is recorded as the player's card pool and the deck goes through the site's deck-list
submission, so the existing deck check (sealed rules, pool containment) judges it, and
lists lock when round 1 starts, as every event's do."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ConflictError, DomainError, ForbiddenError
from decklists.models import CardPool, CardPoolEntry, DeckList
from decklists.services.lists import deck_list_submit
from drafts.models import CardInstance, CardSource, DeckState, DraftPhase, DraftSeat, Pod
from drafts.services.clock import clear_deadline, set_deadline
from drafts.services.flow import save_pod, settle
from drafts.services.locking import lock_pod
from rulings.models import Card
from tournaments.models import Event
from tournaments.models.choices import RegistrationStatus
from tournaments.services.locking import lock_event

ACTIVE = (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)


@dataclass(frozen=True)
class PoolEntry:
    card: Card
    count: int
    auction: int  # how many of them came with the auction deck


def pool_entries(seat: DraftSeat) -> list[PoolEntry]:
    counts: Counter[int] = Counter()
    auction: Counter[int] = Counter()
    for card_id, source in CardInstance.objects.filter(owner=seat).values_list("card_id", "source"):
        counts[card_id] += 1
        if source == CardSource.AUCTION:
            auction[card_id] += 1
    cards = Card.objects.filter(pk__in=counts).select_related("edition")
    return sorted(
        (PoolEntry(c, counts[c.pk], auction[c.pk]) for c in cards),
        key=lambda e: (e.card.faction, e.card.type, e.card.name, e.card.pk),
    )


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


def _record_pool(event: Event, seat: DraftSeat, entries: list[PoolEntry]) -> None:
    record_pool(event.pk, seat.registration.player_id, {e.card.pk: e.count for e in entries})


def record_pool(event_id: int, player_id: int, counts: dict[int, int]) -> None:
    """Record a player's draft pool (card id -> copies) as their card pool, which every
    deck-list route of the event checks the list against."""
    pool, _created = CardPool.objects.select_for_update().get_or_create(
        event_id=event_id, player_id=player_id, defaults={"source": "draft"}
    )
    pool.source = "draft"
    pool.save(update_fields=["source", "updated_at"])
    pool.entries.all().delete()
    CardPoolEntry.objects.bulk_create(
        CardPoolEntry(pool=pool, card_id=card_id, quantity=min(n, 32767))
        for card_id, n in sorted(counts.items())
    )


def record_pod_pools(pod: Pod) -> None:
    """Drafting is complete: record every player's pool (the auction deck and the picks),
    whether or not they open the deck builder. Pod locked by the caller."""
    players = dict(
        pod.seats.filter(registration__isnull=False).values_list("pk", "registration__player_id")
    )
    counts: dict[int, Counter[int]] = {seat_id: Counter() for seat_id in players}
    for seat_id, card_id in CardInstance.objects.filter(owner_id__in=players).values_list(
        "owner_id", "card_id"
    ):
        counts[seat_id][card_id] += 1
    for seat_id, player_id in players.items():
        record_pool(pod.draft.event_id, player_id, counts[seat_id])


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
    if settle(pod, timezone.now()):
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


def _quantities(
    seat: DraftSeat, quantities: dict[int, int]
) -> tuple[list[PoolEntry], list[str], int]:
    """The deck's lines checked against the seat's pool: (pool, lines, cards in the deck)."""
    entries = pool_entries(seat)
    by_id = {e.card.pk: e for e in entries}
    if not isinstance(quantities, dict):
        raise DomainError(_("Say how many copies of each card."), field="cards")
    lines = []
    total = 0
    for card_id, count in sorted(quantities.items()):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DomainError(_("A number of copies is a whole number, 0 or more."), field="cards")
        if count == 0:
            continue
        entry = by_id.get(card_id)
        if entry is None or count > entry.count:
            raise DomainError(
                _("Your pool has %(have)s of %(card)s; you asked for %(want)s.")
                % {
                    "have": entry.count if entry else 0,
                    "card": entry.card.name if entry else card_id,
                    "want": count,
                },
                field="cards",
                code="not_in_pool",
            )
        total += count
        lines.append(f"{count} {entry.card.edition.code} {entry.card.number}")
    return entries, lines, total


def _submit(
    event: Event, seat: DraftSeat, quantities: dict[int, int], actor: User
) -> tuple[DeckList, object]:
    entries, lines, total = _quantities(seat, quantities)
    if total < event.min_deck_size:
        raise DomainError(
            _("A deck has at least %(min)s cards; this one has %(n)s.")
            % {"min": event.min_deck_size, "n": total},
            field="cards",
            code="deck_too_small",
        )
    _record_pool(event, seat, entries)
    return deck_list_submit(
        event=event,
        player=seat.registration.player,
        text="\n".join(lines),
        actor=actor,
        from_draft_builder=True,
    )


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
    result = _submit(event, seat, quantities, actor)
    DraftSeat.objects.filter(pk=seat.pk).update(saved_deck=_as_json(quantities))
    return result


@transaction.atomic
def draft_deck_save(*, actor: User, event_id: int, quantities: dict[int, int]) -> DraftSeat:
    """Save the deck as the drafter builds it (the page saves each change): any size, each
    count within the pool. At the seat's deadline the last saved deck becomes its deck if
    it is legal. Refused once the seat's building time is over."""
    event = lock_event(event_id)
    seat = _building_open(_player_seat(event, actor))
    _quantities(seat, quantities)
    seat.saved_deck = _as_json(quantities)
    seat.save(update_fields=["saved_deck"])
    return seat


def _as_json(quantities: dict[int, int]) -> dict[str, int]:
    return {str(card): count for card, count in sorted(quantities.items()) if count}


class _NotLegal(Exception):
    """Rolls back the savepoint of a saved deck that turned out not to be legal."""


def _legal(deck_list: DeckList) -> bool:
    from decklists.selectors import deck_check_for

    return not deck_check_for(deck_list).check.errors


def _close_seat(event: Event, seat: DraftSeat) -> str:
    """The seat's building ends: its last saved deck is its deck if legal, else the deck it
    submitted if that is legal, else it has no legal deck."""
    player = seat.registration.player
    if seat.saved_deck:
        try:
            with transaction.atomic():  # a savepoint: an illegal saved deck changes nothing
                quantities = {int(k): v for k, v in seat.saved_deck.items()}
                deck_list, _parsed = _submit(event, seat, quantities, player)
                if not _legal(deck_list):
                    raise _NotLegal
            return DeckState.DECK
        except (DomainError, _NotLegal, ValueError):
            pass
    submitted = DeckList.objects.filter(event=event, player=player).first()
    if submitted is not None and _legal(submitted):
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


__all__ = [
    "builder_start",
    "building_over",
    "close_building",
    "draft_deck_save",
    "draft_deck_submit",
    "pool_entries",
    "record_pod_pools",
    "refuse_list_after_building",
]
