"""A drafter's pool: the cards a seat holds, recorded as the player's card pool (which every
deck-list route checks), and a deck built from it, checked against the pool and saved as
the seat's deck list."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import DomainError
from decklists.models import CardPool, CardPoolEntry, DeckList
from decklists.services.lists import deck_list_submit
from drafts.models import CardInstance, CardSource, DraftSeat, Pod
from rulings.models import Card
from tournaments.models import Event


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


def record_seat_pool(event: Event, seat: DraftSeat, entries: list[PoolEntry]) -> None:
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


def deck_lines(
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


def submit_from_pool(
    event: Event, seat: DraftSeat, quantities: dict[int, int], actor: User
) -> tuple[DeckList, object]:
    entries, lines, total = deck_lines(seat, quantities)
    if total < event.min_deck_size:
        raise DomainError(
            _("A deck has at least %(min)s cards; this one has %(n)s.")
            % {"min": event.min_deck_size, "n": total},
            field="cards",
            code="deck_too_small",
        )
    record_seat_pool(event, seat, entries)
    return deck_list_submit(
        event=event,
        player=seat.registration.player,
        text="\n".join(lines),
        actor=actor,
        from_draft_builder=True,
    )
