"""Setting up a draft: its options, then seating the pods and putting every card on the
table (auction decks, the four boosters of each seat) from the event's recorded seed."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config import clock
from config.errors import ConflictError, DomainError
from drafts.core.boosters import DEFAULT_SLOTS, BoosterSlots, booster_seed, open_booster
from drafts.core.errors import DraftError
from drafts.core.pods import seat_players
from drafts.models import (
    AuctionDeck,
    BoosterConfig,
    CardInstance,
    Draft,
    DraftPhase,
    DraftSeat,
    Pack,
    Pod,
    TableDeck,
)
from drafts.services.flow import auction_start, save_pod, start_drafting
from drafts.services.messages import draft_error
from rulings.models import Card, Edition
from tournaments.models import Event
from tournaments.models.choices import EventFormat, EventStatus, RegistrationStatus
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event
from tournaments.services.permissions import ensure_allowed

PACK_ROUNDS = 4
OPTION_FIELDS = (
    "pack_editions",
    "paper",
    "auction",
    "bots",
    "pod_rounds",
    "bid_seconds",
    "distribute_seconds",
    "review_seconds",
    "building_seconds",
)


def _booster_event(event: Event) -> None:
    if event.format != EventFormat.BOOSTER_DRAFT:
        raise DomainError(_("This event is not a booster draft."), code="not_a_draft")


def _clean_editions(codes: Any) -> list[str]:
    if not isinstance(codes, list | tuple) or len(codes) != PACK_ROUNDS:
        raise DomainError(_("Name the edition of each of the four packs."), field="pack_editions")
    codes = [str(c).strip().upper() for c in codes]
    known = set(Edition.objects.filter(code__in=codes).values_list("code", flat=True))
    unknown = [c for c in codes if c not in known]
    if unknown:
        raise DomainError(
            _("Unknown edition: %(codes)s.") % {"codes": ", ".join(sorted(set(unknown)))},
            field="pack_editions",
        )
    return codes


def _clean_int(fields: dict[str, Any], name: str, low: int, high: int) -> None:
    if name not in fields:
        return
    value = fields[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DomainError(
            _("Choose a whole number from %(low)s to %(high)s.") % {"low": low, "high": high},
            field=name,
        )


@transaction.atomic
def draft_configure(*, actor: User, event_id: int, **fields: Any) -> Draft:
    """Create or change the draft options of a booster draft event, until it starts."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.change_event", event)
    _booster_event(event)
    unknown = set(fields) - set(OPTION_FIELDS)
    if unknown:
        raise DomainError(_("Unknown draft option."), field=sorted(unknown)[0])
    draft, _created = Draft.objects.get_or_create(event=event)
    if draft.started_at is not None:
        raise ConflictError(_("The draft has started; its options are fixed."))
    if fields.get("pack_editions"):  # empty: paper boosters, chosen at the table
        fields["pack_editions"] = _clean_editions(fields["pack_editions"])
    _clean_int(fields, "bots", 0, 64)
    _clean_int(fields, "pod_rounds", 0, 10)
    for name in ("bid_seconds", "distribute_seconds"):
        _clean_int(fields, name, 5, 3600)
    for name in ("review_seconds", "building_seconds"):
        _clean_int(fields, name, 0, 3600)
    before = {name: getattr(draft, name) for name in fields}
    for name, value in fields.items():
        setattr(draft, name, value)
    draft.save()
    audit_record(
        event=event,
        actor=actor,
        action="draft.configure",
        target=str(event),
        before=before,
        after=fields,
    )
    return draft


def slots_by_edition(codes: set[str]) -> dict[str, BoosterSlots]:
    configured = {
        c.edition.code: c.slots
        for c in BoosterConfig.objects.filter(edition__code__in=codes).select_related("edition")
    }
    try:
        return {
            code: BoosterSlots.of(configured[code]) if code in configured else DEFAULT_SLOTS
            for code in codes
        }
    except (DraftError, AttributeError, TypeError) as exc:
        if isinstance(exc, DraftError):
            raise draft_error(exc) from exc
        raise DomainError(_("The booster configuration of an edition is not valid.")) from exc


def cards_by_rarity(codes: set[str]) -> dict[str, dict[str, list[int]]]:
    found: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for code, rarity, pk in (
        Card.objects.filter(edition__code__in=codes)
        .exclude(rarity="")
        .order_by("pk")
        .values_list("edition__code", "rarity", "pk")
    ):
        found[code][rarity].append(pk)
    return found


def open_pack(
    pod: Pod,
    seat: DraftSeat,
    pack_round: int,
    code: str,
    slots: BoosterSlots,
    cards: dict[str, list[int]],
    replacement: int = 0,
) -> tuple[Pack, list[CardInstance]]:
    seed = booster_seed(pod.draft.seed, pod.number, seat.position, pack_round, replacement)
    try:
        card_ids = open_booster(cards, slots, seed)
    except DraftError as exc:
        raise draft_error(exc) from exc
    pack = Pack(pod=pod, opener=seat, pack_round=pack_round, edition=code, replacement=replacement)
    return pack, [CardInstance(pod=pod, card_id=card_id) for card_id in card_ids]


def _auction_decks(n: int, rng: random.Random) -> list[tuple[str, list[tuple[int, int]]]]:
    templates = [
        (deck.name, [(c.card_id, c.quantity) for c in deck.cards.all()])
        for deck in AuctionDeck.objects.filter(active=True).prefetch_related("cards").order_by("pk")
    ]
    templates = [t for t in templates if t[1]]
    if not templates:
        raise ConflictError(
            _("Define auction decks (with cards) before starting a draft with a deck auction."),
            code="no_auction_decks",
        )
    rng.shuffle(templates)
    # Every deck different while there are enough of them (as the DAR recommends).
    return [templates[i % len(templates)] for i in range(n)]


@transaction.atomic
def draft_start(*, actor: User, event_id: int) -> Draft:
    """Seat the checked-in players (and the bot seats) in pods, put the auction decks and
    the boosters on the tables, and start each pod (auction, or drafting without one)."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    _booster_event(event)
    if event.status != EventStatus.REGISTRATION:
        raise ConflictError(_("The Swiss rounds have started; the draft is over."))
    draft, _created = Draft.objects.get_or_create(event=event)
    if draft.started_at is not None:
        raise ConflictError(_("The draft has already started."), code="draft_started")
    players = list(
        event.registrations.filter(status=RegistrationStatus.CHECKED_IN)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    entries: list[int | None] = [*players, *([None] * draft.bots)]
    if len(entries) < 2:
        raise ConflictError(_("A draft needs at least two seats: check players in or add bots."))
    codes = draft.pack_editions
    if not draft.paper:
        codes = _clean_editions(codes) if codes else []
        if not codes:
            raise DomainError(
                _("Name the edition of each of the four packs."), field="pack_editions"
            )
    now = clock.now()
    rng = random.Random(f"decks:{draft.seed}")
    slots = slots_by_edition(set(codes)) if not draft.paper else {}
    catalogue = cards_by_rarity(set(codes)) if not draft.paper else {}
    pods: list[Pod] = []
    for number, members in enumerate(seat_players(entries, draft.seed), start=1):
        pod = Pod.objects.create(draft=draft, number=number, phase=DraftPhase.REVIEW)
        seats = DraftSeat.objects.bulk_create(
            [
                DraftSeat(pod=pod, position=i, registration_id=reg, bot=reg is None)
                for i, reg in enumerate(members)
            ]
        )
        if not draft.paper:
            _put_cards_on_table(pod, seats, codes, slots, catalogue, rng, draft.auction)
        pods.append(pod)
    draft.started_at = now
    draft.save(update_fields=["started_at"])
    for pod in pods:
        pod.draft = draft
        if draft.paper:
            # The judge runs the auction at the table and starts the picking.
            starter = random.Random(f"auction:{draft.seed}:{pod.number}").randrange(
                pod.seats.count()
            )
            pod.auction_state = {"paper_starter": starter, "log": []}
            pod.version += 1
        elif draft.auction:
            auction_start(pod, now)
        else:
            start_drafting(pod, now)
        save_pod(pod)
    audit_record(
        event=event,
        actor=actor,
        action="draft.start",
        target=str(event),
        after={
            "seed": draft.seed,
            "pods": [p.seats.count() for p in pods],
            "bots": draft.bots,
            "paper": draft.paper,
        },
    )
    return draft


def _put_cards_on_table(
    pod: Pod,
    seats: list[DraftSeat],
    codes: list[str],
    slots: dict[str, BoosterSlots],
    catalogue: dict[str, dict[str, list[int]]],
    rng: random.Random,
    with_auction: bool,
) -> None:
    instances: list[CardInstance] = []
    if with_auction:
        for name, cards in _auction_decks(len(seats), rng):
            deck = TableDeck.objects.create(pod=pod, name=name)
            instances += [
                CardInstance(pod=pod, card_id=card_id, table_deck=deck)
                for card_id, quantity in cards
                for _i in range(quantity)
            ]
    packs: list[tuple[Pack, list[CardInstance]]] = [
        open_pack(pod, seat, pack_round, code, slots[code], catalogue[code])
        for seat in seats
        for pack_round, code in enumerate(codes, start=1)
    ]
    Pack.objects.bulk_create([pack for pack, _cards in packs])
    for pack, cards in packs:
        for instance in cards:
            instance.pack = pack
        instances += cards
    CardInstance.objects.bulk_create(instances, batch_size=2000)
