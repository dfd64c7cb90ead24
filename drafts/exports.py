"""CSV rows of a booster draft: the pick log and the pools. A seat's rows appear only when
the reader's ``EventVisibility`` allows its cards (judges always; the seat's player once
its pod's drafting is complete; everyone else once the event is finished, unless it keeps
them private), the same rule as the pages and the API. Seats are numbered from 1 round the
table; ``from_seat`` is the seat that opened the pack."""

from __future__ import annotations

from collections.abc import Iterator

from drafts.models import CardInstance, DraftSeat, Pick, PickKind
from drafts.services.reading import bot_name, readable_draft_seats
from tournaments.models import Event
from tournaments.visibility import EventVisibility

PICK_COLUMNS = [
    "pod",
    "seat",
    "player",
    "pack_round",
    "pick",
    "pack_id",
    "card_instance",
    "card",
    "card_ref",
    "from_seat",
    "timed_out",
    "kind",
    "seconds_allowed",
    "reason",
]
POOL_COLUMNS = ["pod", "seat", "player", "card_instance", "card", "card_ref", "source"]


def _player(seat: DraftSeat) -> str:
    if seat.registration_id is None:
        return bot_name(seat.position)
    return seat.registration.player.public_name


def picks_rows(event: Event, *, visibility: EventVisibility) -> Iterator[list[object]]:
    yield PICK_COLUMNS
    picks = (
        Pick.objects.filter(seat_id__in=readable_draft_seats(event, visibility))
        .select_related(
            "pod",
            "seat__registration__player",
            "pack__opener",
            "card_instance__card__edition",
        )
        .order_by("pod__number", "pack_round", "pick_number", "seat__position")
    )
    for p in picks:
        card = p.card_instance.card
        yield [
            p.pod.number,
            p.seat.position + 1,
            _player(p.seat),
            p.pack_round,
            p.pick_number,
            p.pack_id,
            p.card_instance_id,
            card.name,
            f"{card.edition.code} {card.number}",
            p.pack.opener.position + 1,
            "true" if p.kind == PickKind.TIMEOUT else "false",
            p.kind,
            p.seconds_allowed,
            p.reason,
        ]


def pools_rows(event: Event, *, visibility: EventVisibility) -> Iterator[list[object]]:
    yield POOL_COLUMNS
    instances = (
        CardInstance.objects.filter(owner_id__in=readable_draft_seats(event, visibility))
        .select_related("pod", "owner__registration__player", "card__edition")
        .order_by("pod__number", "owner__position", "pk")
    )
    for i in instances:
        yield [
            i.pod.number,
            i.owner.position + 1,
            _player(i.owner),
            i.pk,
            i.card.name,
            f"{i.card.edition.code} {i.card.number}",
            i.source,
        ]
