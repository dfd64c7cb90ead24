"""Reads of a draft, each applying an expired deadline first (the lazy path), and each
shaped by the reader's ``EventVisibility``: during the draft a player sees only the pack in
front of their own seat; their pool and picks once the pod's drafting is complete."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from config import clock
from decklists.models import DeckList
from drafts.core.passing import pass_direction
from drafts.core.timers import pick_seconds
from drafts.models import CardInstance, DeckState, Draft, DraftPhase, DraftSeat, Pick, Pod
from drafts.services.building import legal_list_players
from drafts.services.clock import expired
from drafts.services.deadlines import settle_if_expired
from drafts.services.flow import (
    SeatStep,
    StepView,
    auction_of,
    deck_contents,
    seat_step,
    step_view,
)
from drafts.services.poll_state import cached_version, offer_poll_state
from rulings.models.choices import CardTypeChoice, FactionChoice, RarityChoice
from tournaments.models import Event
from tournaments.visibility import EventVisibility

COMPLETE = (DraftPhase.BUILDING, DraftPhase.DONE)


def drafting_complete(pod: Pod) -> bool:
    return pod.phase in COMPLETE


def players_without_seat(event: Event) -> list[Any]:
    """The event's active players the draft has not seated (none before it starts)."""
    from tournaments.models.choices import RegistrationStatus

    if not Draft.objects.filter(event=event, started_at__isnull=False).exists():
        return []
    return list(
        event.registrations.filter(
            status__in=[RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN],
            draft_seat__isnull=True,
        )
        .select_related("player")
        .order_by("pk")
    )


def building_status(seat: DraftSeat) -> dict[str, Any]:
    """Where the seat's deck building stands, its deadline applied first: ``open`` (the
    seat may still save and submit), ``state`` (a ``DeckState``) and ``until`` (when its
    time ends, while open)."""
    settle_if_expired(seat.pod_id)
    seat.refresh_from_db(fields=["deck_state", "building_until"])
    pod = Pod.objects.only("phase", "deadline").get(pk=seat.pod_id)
    is_open = pod.phase == DraftPhase.BUILDING and seat.deck_state == DeckState.BUILDING
    until = None
    if is_open:
        ends = [t for t in (pod.deadline, seat.building_until) if t is not None]
        until = max(ends) if ends else None
    return {"open": is_open, "state": seat.deck_state, "until": until}


def readable_draft_seats(event: Event, visibility: EventVisibility) -> list[int]:
    """The seats of the event whose pool and picks the reader may read (the rule is
    ``EventVisibility.draft_cards``): what the CSV exports and any list of pools show."""
    seats = DraftSeat.objects.filter(pod__draft__event=event).order_by("pk")
    return [
        pk
        for pk, registration_id, phase in seats.values_list("pk", "registration_id", "pod__phase")
        if visibility.draft_cards(registration_id, drafting_complete=phase in COMPLETE)
    ]


def draft_of(event: Event) -> Draft | None:
    return Draft.objects.filter(event=event).first()


def event_pods(event: Event) -> list[Pod]:
    """The event's pods, each with any expired deadline applied."""
    ids = list(
        Pod.objects.filter(draft__event=event).order_by("number").values_list("pk", flat=True)
    )
    for pod_id in ids:
        settle_if_expired(pod_id)
    return list(Pod.objects.filter(pk__in=ids).select_related("draft__event").order_by("number"))


def pod_read(pod_id: int) -> Pod | None:
    settle_if_expired(pod_id)
    return Pod.objects.select_related("draft__event").filter(pk=pod_id).first()


def seat_of_player(event: Event | int, user: Any) -> DraftSeat | None:
    """The reader's seat in the event (an event or its id), with its pod, draft and
    event."""
    if not getattr(user, "is_authenticated", False):
        return None
    return (
        DraftSeat.objects.filter(pod__draft__event=event, registration__player_id=user.pk)
        .select_related("pod__draft__event", "registration")
        .first()
    )


def pod_version(pod_id: int, now: datetime | None = None) -> int | None:
    """The cheapest look at a pod (for polling): its version, from the cache while a cached
    answer holds (``poll_state``), else in one query while nothing has expired; an expired
    deadline is applied first (then the version is read again)."""
    now = now or clock.now()
    cached = cached_version(pod_id, now)
    if cached is not None:
        return cached
    row = (
        Pod.objects.filter(pk=pod_id)
        .values_list("version", "phase", "deadline", "paused_remaining")
        .first()
    )
    if row is None:
        return None
    version, phase, deadline, paused = row
    if phase != DraftPhase.DONE and paused is None and deadline is not None and deadline <= now:
        settle_if_expired(pod_id, now)
        return Pod.objects.filter(pk=pod_id).values_list("version", flat=True).first()
    offer_poll_state(pod_id, version, phase, deadline, paused)
    return version


def event_draft_version(event: Event) -> str:
    """One value that changes whenever any pod of the event changes or a pick comes in
    (the judge console's "anything new?"), applying expired deadlines first."""
    now = clock.now()
    rows = list(
        Pod.objects.filter(draft__event=event).values_list(
            "pk", "version", "phase", "deadline", "paused_remaining"
        )
    )
    if any(
        phase != DraftPhase.DONE and paused is None and deadline is not None and deadline <= now
        for _pk, _v, phase, deadline, paused in rows
    ):
        for pk, *_rest in rows:
            settle_if_expired(pk, now)
        rows = list(
            Pod.objects.filter(draft__event=event).values_list(
                "pk", "version", "phase", "deadline", "paused_remaining"
            )
        )
    # A pick that leaves its step open changes no drafter's page (picks are face down) and
    # so not the pod's version, but the console shows who has not picked: count the picks.
    picks = Pick.objects.filter(pod_id__in=[r[0] for r in rows]).order_by().count()
    version = f"{len(rows)}.{sum(r[1] for r in rows)}.{picks}"
    if any(phase == DraftPhase.BUILDING for _pk, _v, phase, _d, _p in rows):
        # the console shows who has a deck in: a deck list or a first save changes no pod
        lists = DeckList.objects.filter(event=event).order_by().count()
        saved = DraftSeat.objects.filter(
            pod_id__in=[r[0] for r in rows], saved_deck__isnull=False
        ).count()
        version += f".{lists}.{saved}"
    return version


@dataclass
class CardView:
    id: int
    name: str
    ref: str
    faction: str
    type: str
    rarity: str
    card_id: int
    cost: int | None = None

    # The catalogue's labels in the reader's language (the codes above are for the API).
    @property
    def faction_label(self) -> str:
        return str(FactionChoice(self.faction).label) if self.faction else ""

    @property
    def type_label(self) -> str:
        return str(CardTypeChoice(self.type).label) if self.type else ""

    @property
    def rarity_label(self) -> str:
        return str(RarityChoice(self.rarity).label) if self.rarity else ""


def card_view(instance: CardInstance) -> CardView:
    card = instance.card
    return CardView(
        id=instance.pk,
        name=card.name,
        ref=f"{card.edition.code} {card.number}",
        faction=card.faction,
        type=card.type,
        rarity=card.rarity,
        card_id=card.pk,
        cost=card.cost,
    )


@dataclass
class DrafterView:
    """What one seat's player (or a judge) sees of the pod right now."""

    pod: Pod
    seat: DraftSeat
    now: datetime
    remaining: float | None
    pack: list[CardView] = field(default_factory=list)
    picked_this_step: bool = False
    pool: list[CardView] | None = None
    direction: str = ""
    seconds_allowed: int = 0
    waiting_for: int = 0

    @property
    def step_key(self) -> str:
        return f"{self.pod.pk}:{self.pod.version}"


def drafter_view(
    seat: DraftSeat,
    visibility: EventVisibility,
    *,
    pod: Pod | None = None,
    step: StepView | None = None,
) -> DrafterView:
    """What the seat's reader sees now, reading only this seat's pack. ``pod`` is the pod
    as the caller has just read or written it in this request (a pick, or the seat read
    with its pod), and ``step`` its current step if the caller holds it (a pick). Without
    ``pod``, or when its deadline has passed, the deadline is applied and the pod read."""
    now = clock.now()
    if pod is None or expired(pod, now):
        settle_if_expired(seat.pod_id, now)
        seat = DraftSeat.objects.select_related("pod__draft__event", "registration").get(pk=seat.pk)
        pod, step = seat.pod, None
    remaining = pod.remaining(now)
    view = DrafterView(
        pod=pod,
        seat=seat,
        now=now,
        remaining=remaining.total_seconds() if remaining is not None else None,
    )
    if pod.phase == DraftPhase.DRAFTING:
        view.direction = "left" if pass_direction(pod.pack_round) > 0 else "right"
    if pod.phase == DraftPhase.DRAFTING and not pod.draft.paper:
        if step is not None:
            cards = step.cards.get(seat.pk, [])
            picked = seat.pk in step.picked
            mine = SeatStep(
                cards=cards,
                picked=picked,
                waiting_for=sum(1 for s in step.seats if s.pk not in step.picked),
                # the pack as the step opened: a seat that has picked holds one card fewer
                cards_in_pack=len(cards) + (1 if picked else 0),
            )
        else:
            mine = seat_step(pod, seat)
        view.picked_this_step = mine.picked
        view.waiting_for = mine.waiting_for
        view.seconds_allowed = pick_seconds(max(mine.cards_in_pack, 1))
        if not view.picked_this_step and visibility.pack_in_front(seat.registration_id):
            view.pack = [card_view(c) for c in mine.cards]
    if visibility.draft_cards(seat.registration_id, drafting_complete=drafting_complete(pod)):
        view.pool = [
            card_view(c)
            for c in CardInstance.objects.filter(owner=seat)
            .select_related("card__edition")
            .order_by("card__faction", "card__type", "card__name", "pk")
        ]
    return view


def seat_number(position: int | None) -> int | None:
    """A seat as people read it, numbered from 1 round the table. The database and the
    auction's state count from 0; every page, API answer and export shows this number."""
    return None if position is None else position + 1


def _log_entry(entry: dict[str, Any], names: dict[int, str], cards: dict[int, str]) -> dict:
    """One auction log line as readers get it: the seat numbered from 1 and, for a deck
    taken, where the removed cards went (``cards``: the names of the moved cards the
    reader may see, by instance id; judges only)."""
    out = {**entry, "seat": seat_number(entry.get("seat"))}
    out.pop("moved", None)
    if entry.get("action") == "take":
        out["moves"] = [
            {
                "deck": deck,
                "deck_name": names.get(deck, ""),
                "cards": len(ids),
                **({"card_instances": [{"id": i, "name": cards[i]} for i in ids]} if cards else {}),
            }
            for deck, ids in entry.get("moved", [])
        ]
    return out


def auction_view(pod: Pod, *, with_cards: bool = False) -> dict[str, Any] | None:
    """The auction table (public to the pod: bids and decks are said out loud), seats
    numbered from 1: the decks still on the table with their cards, the decks taken and by
    whom, and the log with where each taken deck's removed cards went (which cards, with
    ``with_cards``: for the event's judges). ``state`` is the core's state, for the
    services' own comparisons (0-based)."""
    if not pod.auction_state or "state" not in pod.auction_state:
        return None
    state = auction_of(pod)
    decks = list(pod.table_decks.select_related("owner").order_by("pk"))
    names = {d.pk: d.name for d in decks}
    counts = {k: len(v) for k, v in deck_contents(pod).items()}
    log = pod.auction_state.get("log", [])
    cards: dict[int, str] = {}
    if with_cards:
        moved = [i for e in log for _deck, ids in e.get("moved", []) for i in ids]
        cards = dict(CardInstance.objects.filter(pk__in=moved).values_list("pk", "card__name"))
    return {
        "state": state,
        "number": state.number,
        "phase": state.phase,
        "to_act": seat_number(state.to_act),
        "high_bid": state.high_bid,
        "high_bidder": seat_number(state.high_bidder),
        "bidders": [seat_number(b) for b in state.bidders],
        "log": [_log_entry(e, names, cards) for e in log],
        "decks": [
            {"id": d.pk, "name": d.name, "cards": counts.get(d.pk, 0)}
            for d in decks
            if d.owner_id is None
        ],
        "taken": [
            {"id": d.pk, "name": d.name, "seat": seat_number(d.owner.position), "owner": d.owner}
            for d in decks
            if d.owner_id is not None
        ],
        "on_table": list(state.on_table),
    }


def pick_log(pod: Pod) -> list[Pick]:
    return list(
        Pick.objects.filter(pod=pod)
        .select_related("seat", "pack__opener", "card_instance__card__edition")
        .order_by("pack_round", "pick_number", "seat__position")
    )


@dataclass
class SeatStatus:
    seat: DraftSeat
    name: str
    picked: bool
    deck: str = ""
    # During deck building (a player's seat): ``submitted`` (a legal list), ``not_legal``
    # (a list in that fails the deck check), ``saved`` (saved only),
    # ``nothing`` or ``no_legal_deck``; empty otherwise.
    deck_in: str = ""

    @property
    def no_legal_deck(self) -> bool:
        return self.seat.deck_state == DeckState.NO_LEGAL_DECK

    @property
    def deck_in_label(self) -> str:
        return {
            "submitted": _("Submitted"),
            "not_legal": _("Saved, not legal"),
            "saved": _("Saved only"),
            "nothing": _("Nothing yet"),
            "no_legal_deck": _("No legal deck"),
        }.get(self.deck_in, "")


@dataclass
class PodStatus:
    """A pod as the judge console shows it."""

    pod: Pod
    seats: list[SeatStatus]
    remaining: float | None
    direction: str = ""
    cards_in_pack: int = 0
    seconds_allowed: int = 0
    waiting: list[str] = field(default_factory=list)
    replaceable: list[Any] = field(default_factory=list)
    auction: dict[str, Any] | None = None
    paper_starter: str = ""


def bot_name(position: int) -> str:
    """An empty seat's bot, named by its seat (numbered from 1) wherever it is named."""
    return _("Bot, seat %(n)s") % {"n": seat_number(position)}


def seat_name(seat: DraftSeat) -> str:
    if seat.registration_id is None:
        return bot_name(seat.position)
    return seat.registration.name


def _deck_in(pod: Pod, seats: list[SeatStatus]) -> None:
    """Where each player's deck stands once drafting is complete (one query for the pod's
    deck lists): the seat's final state once its building is over, else a deck list
    submitted, a deck saved in the builder only, or nothing."""
    players = [s.seat.registration.player_id for s in seats if s.seat.registration_id]
    submitted = set(
        DeckList.objects.filter(event_id=pod.draft.event_id, player_id__in=players).values_list(
            "player_id", flat=True
        )
    )
    building = [
        s.seat.registration.player_id
        for s in seats
        if s.seat.registration_id and s.seat.deck_state == DeckState.BUILDING
    ]
    legal = (
        legal_list_players(pod.draft.event, [p for p in building if p in submitted])
        if building
        else set()
    )
    for item in seats:
        seat = item.seat
        if seat.registration_id is None:
            continue
        if seat.deck_state == DeckState.NO_LEGAL_DECK:
            item.deck_in = "no_legal_deck"
        elif seat.deck_state == DeckState.DECK or seat.registration.player_id in legal:
            item.deck_in = "submitted"
        elif seat.registration.player_id in submitted:
            item.deck_in = "not_legal"
        elif seat.saved_deck is not None:
            item.deck_in = "saved"
        else:
            item.deck_in = "nothing"


def pod_status(pod: Pod, now: datetime | None = None) -> PodStatus:
    """Step, clock, who has not picked, the packs a judge may still replace."""
    from drafts.models import Pack

    now = now or clock.now()
    seats = list(pod.seats.select_related("registration__player").order_by("position"))
    remaining = pod.remaining(now)
    decks = {d.owner_id: d.name for d in pod.table_decks.exclude(owner=None)}
    status = PodStatus(
        pod=pod,
        seats=[SeatStatus(s, seat_name(s), False, decks.get(s.pk, "")) for s in seats],
        remaining=remaining.total_seconds() if remaining is not None else None,
    )
    if pod.phase == DraftPhase.DRAFTING:
        status.direction = "left" if pass_direction(pod.pack_round) > 0 else "right"
    if pod.phase in COMPLETE:
        _deck_in(pod, status.seats)
    if pod.draft.paper:
        starter = (pod.auction_state or {}).get("paper_starter")
        if starter is not None and starter < len(seats):
            status.paper_starter = seat_name(seats[starter])
        if pod.phase == DraftPhase.DRAFTING:
            status.cards_in_pack = 12 - pod.pick_number + 1
            status.seconds_allowed = pick_seconds(status.cards_in_pack)
        return status
    if pod.phase == DraftPhase.DRAFTING:
        step = step_view(pod, seats)
        status.cards_in_pack = step.cards_in_pack
        status.seconds_allowed = pick_seconds(max(step.cards_in_pack, 1))
        for item in status.seats:
            item.picked = item.seat.pk in step.picked or not step.cards.get(item.seat.pk)
        status.waiting = [s.name for s in status.seats if not s.picked]
    if pod.phase in (DraftPhase.AUCTION, DraftPhase.REVIEW, DraftPhase.DRAFTING):
        packs = (
            Pack.objects.filter(pod=pod, replaced=False)
            .exclude(picks__isnull=False)
            .select_related("opener")
        )
        if pod.phase == DraftPhase.DRAFTING:
            packs = packs.filter(pack_round__gte=pod.pack_round)
            if pod.pick_number > 1:
                packs = packs.exclude(pack_round=pod.pack_round)
        status.replaceable = [p for p in packs.order_by("pack_round", "opener__position")]
    if pod.auction_state and pod.auction_state.get("log"):
        status.auction = auction_view(pod, with_cards=True)  # the judges' console
    return status


@dataclass
class DeckGroup:
    name: str
    ref: str
    instance_ids: list[int]
    card_id: int = 0


def table_deck_groups(pod: Pod, deck_id: int) -> list[DeckGroup]:
    """The cards of a deck on the auction table, one line per card (for the winner who
    removes cards from it)."""
    groups: dict[int, DeckGroup] = {}
    for instance in (
        CardInstance.objects.filter(table_deck_id=deck_id, pod=pod)
        .select_related("card__edition")
        .order_by("card__name", "pk")
    ):
        card = instance.card
        group = groups.setdefault(
            card.pk, DeckGroup(card.name, f"{card.edition.code} {card.number}", [], card.pk)
        )
        group.instance_ids.append(instance.pk)
    return list(groups.values())


def own_auction_deck(seat: DraftSeat) -> list[CardView]:
    """The deck a seat won at the auction, as it is now (said out loud at the table, and
    the DAR gives time to review it): the auction cards of its pool."""
    return [
        card_view(c)
        for c in CardInstance.objects.filter(owner=seat, source="auction")
        .select_related("card__edition")
        .order_by("card__faction", "card__type", "card__name", "pk")
    ]
