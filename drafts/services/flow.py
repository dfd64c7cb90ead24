"""What happens to a pod, under its row lock: bots acting, pick steps closing and packs
passing, the auction's turns and timeouts, the phases following one another.

Every function here expects the pod locked by its caller (``lock_pod``) inside a
transaction, and leaves the pod saved. Times: a timeout is recorded at the deadline it
belongs to, a new wait starts from ``now`` (when the pack is really in front of the seat).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Exists, F, OuterRef, QuerySet

from drafts.core import auction as auction_core
from drafts.core.bots import BotCard, bot_pick
from drafts.core.passing import holder_of, opener_in_front
from drafts.core.picking import timeout_card
from drafts.core.placing import Placement
from drafts.core.timers import pick_seconds
from drafts.models import (
    CardInstance,
    CardSource,
    DraftPhase,
    DraftSeat,
    Pack,
    Pick,
    PickKind,
    Pod,
    TableDeck,
)
from drafts.services.clock import expired, set_deadline
from drafts.services.closing import close_building
from drafts.services.locking import lock_pod
from drafts.services.pack_news import note_opened_step
from drafts.services.poll_state import remember_poll_state
from drafts.services.pools import record_pod_pools
from rulings.models.choices import CardTypeChoice
from tournaments.live import announce_change

POD_FIELDS = [
    "phase",
    "pack_round",
    "pick_number",
    "auction_state",
    "deadline",
    "paused_remaining",
    "version",
]
PACK_ROUNDS = 4
BOOSTER_CARDS = 12


def save_pod(pod: Pod) -> None:
    pod.save(update_fields=POD_FIELDS)
    remember_poll_state(pod)
    announce_change(pod.draft.event_id)  # the big screen shows every pod's step and timer


def settle_pod(pod_id: int, now: datetime) -> bool:
    """Lock the pod and apply whatever has expired by ``now``."""
    pod = lock_pod(pod_id)
    changed = settle(pod, now)
    if changed:
        save_pod(pod)
    return changed


def settle(pod: Pod, now: datetime) -> bool:
    """Apply the pod's expired deadline (and any that follow at once). Pod locked."""
    changed = False
    guard = 0
    while expired(pod, now):
        guard += 1
        if guard > 200:  # every pass moves the pod on; this only stops a bug from spinning
            raise RuntimeError(f"pod {pod.pk} does not settle")
        at = pod.deadline
        if pod.phase == DraftPhase.AUCTION:
            auction_timeout(pod, at, now)
        elif pod.phase == DraftPhase.REVIEW:
            start_drafting(pod, now)
        elif pod.phase == DraftPhase.DRAFTING and pod.draft.paper:
            paper_step(pod, now)
        elif pod.phase == DraftPhase.DRAFTING:
            run_steps(pod, now, timed_out_at=at)
        elif pod.phase == DraftPhase.BUILDING:
            close_building(pod, now)
        changed = True
    return changed


# --- drafting -------------------------------------------------------------------------------
@dataclass
class StepView:
    seats: list[DraftSeat]
    packs: dict[int, Pack] = field(default_factory=dict)  # seat id -> pack (whole step read)
    cards: dict[int, list[CardInstance]] = field(default_factory=dict)  # seat id -> its cards
    picked: set[int] = field(default_factory=set)  # seat ids that picked this step

    @property
    def cards_in_pack(self) -> int:
        return max((len(c) for c in self.cards.values()), default=0)


def pod_seats(pod: Pod) -> list[DraftSeat]:
    return list(pod.seats.order_by("position"))


def step_view(
    pod: Pod, seats: list[DraftSeat] | None = None, picked: set[int] | None = None
) -> StepView:
    """The pack in front of every seat at the pod's current step, and who has picked
    (``picked`` when the caller has just read it, under the pod's lock)."""
    seats = seats if seats is not None else pod_seats(pod)
    size = len(seats)
    by_position = {s.position: s for s in seats}
    view = StepView(seats=seats)
    packs = list(
        Pack.objects.filter(pod=pod, pack_round=pod.pack_round, replaced=False).select_related(
            "opener"
        )
    )
    holder = {}
    for pack in packs:
        seat = by_position[holder_of(pack.opener.position, pod.pack_round, pod.pick_number, size)]
        view.packs[seat.pk] = pack
        view.cards[seat.pk] = []
        holder[pack.pk] = seat.pk
    for instance in (
        CardInstance.objects.filter(pack__in=[p.pk for p in packs])
        .select_related("card__edition")
        .order_by("pk")
    ):
        view.cards[holder[instance.pack_id]].append(instance)
    view.picked = set(picked) if picked is not None else picked_now(pod)
    return view


def passed_view(pod: Pod, view: StepView) -> StepView:
    """The step just opened by passing every pack of ``view`` (same pack round): the same
    packs and cards, each now in front of the next seat; nobody has picked yet. Worked out
    from the step the pod has just closed instead of read again."""
    size = len(view.seats)
    by_position = {s.position: s for s in view.seats}
    passed = StepView(seats=view.seats)
    for seat_id, pack in view.packs.items():
        holder = by_position[holder_of(pack.opener.position, pod.pack_round, pod.pick_number, size)]
        passed.packs[holder.pk] = pack
        passed.cards[holder.pk] = view.cards[seat_id]
    return passed


def seats_at_step(pod: Pod) -> list[DraftSeat]:
    """The pod's seats round the table, each with its player's id (``player_id``, None for
    an empty seat) and whether it has picked at the pod's current step (``picked``): what a
    pick needs to know of the table, in one query."""
    picks = Pick.objects.filter(
        seat=OuterRef("pk"), pack_round=pod.pack_round, pick_number=pod.pick_number
    )
    return list(
        pod.seats.annotate(player_id=F("registration__player_id"), picked=Exists(picks)).order_by(
            "position"
        )
    )


def picked_now(pod: Pod) -> set[int]:
    """The seats that have picked at the pod's current step."""
    return set(
        Pick.objects.filter(pod=pod, pack_round=pod.pack_round, pick_number=pod.pick_number)
        .order_by()
        .values_list("seat_id", flat=True)
    )


@dataclass
class SeatStep:
    """One seat's share of the current step (what its drafter's page needs): the cards of
    the pack in front of it, whether it has picked, and how many seats have not."""

    cards: list[CardInstance]
    picked: bool
    waiting_for: int
    cards_in_pack: int


def _in_front_of(pod: Pod, seat: DraftSeat, size: int) -> QuerySet[CardInstance]:
    """The cards of the pack in front of one seat at the pod's current step (``size`` is the
    number of seats round the table)."""
    opener = opener_in_front(seat.position, pod.pack_round, pod.pick_number, size)
    return CardInstance.objects.filter(
        pack__pod=pod,
        pack__pack_round=pod.pack_round,
        pack__replaced=False,
        pack__opener__position=opener,
    ).order_by("pk")


def seat_pack(pod: Pod, seat: DraftSeat, size: int) -> tuple[Pack | None, list[CardInstance]]:
    """The pack in front of one seat at the pod's current step and its cards, with their
    catalogue cards (one query)."""
    cards = list(_in_front_of(pod, seat, size).select_related("pack", "card__edition"))
    return (cards[0].pack if cards else None), cards


def seat_pack_cards(pod: Pod, seat: DraftSeat, size: int) -> list[CardInstance]:
    """The card instances of the pack in front of one seat, bare (a pick that moves one of
    them needs nothing else of them)."""
    return list(_in_front_of(pod, seat, size))


def seat_step(pod: Pod, seat: DraftSeat) -> SeatStep:
    """The current step as one seat sees it, reading only that seat's pack (two small
    queries: the seats with who has picked, and the pack)."""
    seats = seats_at_step(pod)
    size = len(seats)
    _pack, cards = seat_pack(pod, seat, size)
    picked = {s.pk for s in seats if s.picked}
    return SeatStep(
        cards=cards,
        picked=seat.pk in picked,
        waiting_for=max(size - len(picked), 0),
        cards_in_pack=len(cards) + (1 if seat.pk in picked else 0),
    )


def _bot_card(instance: CardInstance) -> BotCard[int]:
    return BotCard(instance.pk, instance.card.rarity, instance.card.faction, instance.card.name)


def _bot_history(pod: Pod, seat_ids: list[int]) -> dict[int, list[BotCard[int]]]:
    history: dict[int, list[BotCard[int]]] = defaultdict(list)
    for instance in CardInstance.objects.filter(
        owner_id__in=seat_ids, source=CardSource.DRAFT
    ).select_related("card"):
        history[instance.owner_id].append(_bot_card(instance))
    return history


def record_picks(
    pod: Pod,
    view: StepView,
    chosen: list[tuple[DraftSeat, CardInstance, str, str]],
    at: datetime,
) -> list[Pick]:
    """Write picks (seat, card, kind, reason) of the current step and move the cards to
    the seats' pools. The unique constraints refuse a second pick of a seat or a card."""
    if not chosen:
        return []
    seconds = pick_seconds(view.cards_in_pack) if view.cards_in_pack else 0
    picks = Pick.objects.bulk_create(
        [
            Pick(
                pod=pod,
                seat=seat,
                pack_round=pod.pack_round,
                pick_number=pod.pick_number,
                pack_id=instance.pack_id,  # the pack the card is in until this pick
                card_instance=instance,
                kind=kind,
                reason=reason[:200],
                seconds_allowed=seconds,
                picked_at=at,
            )
            for seat, instance, kind, reason in chosen
        ]
    )
    for seat, instance, _kind, _reason in chosen:
        instance.pack = None
        instance.owner = seat
        instance.source = CardSource.DRAFT
        view.picked.add(seat.pk)
        view.cards[seat.pk] = [c for c in view.cards[seat.pk] if c.pk != instance.pk]
    if len(chosen) == 1:  # a player's pick: a plain UPDATE, not bulk_update's CASE
        seat, instance, _kind, _reason = chosen[0]
        CardInstance.objects.filter(pk=instance.pk).update(
            pack=None, owner=seat, source=CardSource.DRAFT
        )
    else:
        CardInstance.objects.bulk_update(
            [instance for _s, instance, _k, _r in chosen], ["pack", "owner", "source"]
        )
    return picks


@dataclass
class BotMemory:
    """The bots' picks so far (what ``bot_pick`` leans on): read once when a bot first
    picks in a run of the pod's steps, then kept up to date as the pod's seats pick."""

    picks: dict[int, list[BotCard[int]]] | None = None

    def of(self, pod: Pod, seats: list[DraftSeat]) -> dict[int, list[BotCard[int]]]:
        if self.picks is None:
            self.picks = _bot_history(pod, [s.pk for s in seats if s.bot])
        return self.picks

    def add(self, seat: DraftSeat, instance: CardInstance) -> None:
        if self.picks is not None and seat.bot:
            self.picks[seat.pk].append(_bot_card(instance))


def _automatic_picks(
    pod: Pod,
    view: StepView,
    now: datetime,
    timed_out_at: datetime | None,
    memory: BotMemory,
) -> None:
    """Bots pick, a last card is taken at once, and on timeout the missing seats get a
    random card of their pack."""
    waiting = [s for s in view.seats if s.pk not in view.picked and view.cards.get(s.pk)]
    chosen: list[tuple[DraftSeat, CardInstance, str, str]] = []
    history = memory.of(pod, view.seats) if any(s.bot for s in waiting) else {}
    for seat in waiting:
        cards = view.cards[seat.pk]
        by_id = {c.pk: c for c in cards}
        if len(cards) == 1:
            chosen.append((seat, cards[0], PickKind.LAST, "last card, taken at once"))
        elif seat.bot:
            choice = bot_pick([_bot_card(c) for c in cards], history[seat.pk])
            chosen.append((seat, by_id[choice.card], PickKind.BOT, choice.reason))
        elif timed_out_at is not None:
            seed = (
                f"timeout:{pod.draft.seed}:{pod.number}:{pod.pack_round}:"
                f"{pod.pick_number}:{seat.position}"
            )
            card = timeout_card([c.pk for c in cards], seed)
            chosen.append((seat, by_id[card], PickKind.TIMEOUT, "time ran out: random card"))
    record_picks(pod, view, chosen, timed_out_at or now)
    for seat, instance, _kind, _reason in chosen:
        memory.add(seat, instance)


def run_steps(
    pod: Pod,
    now: datetime,
    *,
    timed_out_at: datetime | None = None,
    new_step: bool = False,
    view: StepView | None = None,
) -> StepView | None:
    """Play the pod forward: automatic picks, and whenever every seat has picked, pass all
    packs at once and open the next step; stop at a step that waits for a player (its clock
    started when the step opened) or at the end of the draft. ``view`` is the current
    step as the caller has already read it (and updated it with its picks), if it has.
    Returns the step the pod waits at (None once drafting is over)."""
    seats = view.seats if view is not None else pod_seats(pod)
    opened = False  # a step this loop has just opened, in which nobody can have picked yet
    since = pod.version  # what the drafters' pages show before this call moves the pod
    memory = BotMemory()
    while pod.phase == DraftPhase.DRAFTING:
        view = view if view is not None else step_view(pod, seats, set() if opened else None)
        _automatic_picks(pod, view, now, timed_out_at, memory)
        timed_out_at = None
        if any(s.pk not in view.picked and view.cards.get(s.pk) for s in seats):
            if new_step or (pod.deadline is None and pod.paused_remaining is None):
                set_deadline(pod, pick_seconds(view.cards_in_pack), now)
            if opened:  # the stream's drafters get their next pack as data (pack_news)
                note_opened_step(
                    pod, since=since, seats=seats, cards=view.cards, picked=view.picked
                )
            return view
        pack_round = pod.pack_round
        pass_packs(pod, view.cards_in_pack, now)  # cards left after the picks
        new_step = opened = True
        # Within a pack round the next step holds the same packs, passed on; a new pack
        # round opens new packs, which are read.
        same_round = pod.phase == DraftPhase.DRAFTING and pod.pack_round == pack_round
        view = passed_view(pod, view) if same_round else None
    return None


def pass_packs(pod: Pod, left: int, now: datetime) -> None:
    """Every seat has picked: all packs pass at once (which pack is in front of whom
    follows from the pick number), or the pack round ends, or the draft does. ``left`` is
    the number of cards in each pack after this step's picks."""
    pod.deadline = None
    pod.version += 1
    if left > 0:
        pod.pick_number += 1
    elif pod.pack_round < PACK_ROUNDS:
        pod.pack_round += 1
        pod.pick_number = 1
    else:
        pod.phase = DraftPhase.BUILDING
        set_deadline(pod, pod.draft.building_seconds, now)
        if not pod.draft.paper:  # paper boosters: no cards are tracked
            record_pod_pools(pod)


def paper_step(pod: Pod, now: datetime) -> None:
    """Paper mode: the step's time is up; the judge calls the pass and the next step's
    timer starts (packs of 12 cards, as the timer table assumes)."""
    pass_packs(pod, BOOSTER_CARDS - pod.pick_number, now)
    if pod.phase == DraftPhase.DRAFTING:
        set_deadline(pod, pick_seconds(BOOSTER_CARDS - pod.pick_number + 1), now)


def start_drafting(pod: Pod, now: datetime) -> None:
    pod.phase = DraftPhase.DRAFTING
    pod.pack_round = 1
    pod.pick_number = 1
    pod.deadline = None
    pod.version += 1
    if pod.draft.paper:
        set_deadline(pod, pick_seconds(BOOSTER_CARDS), now)
        return
    run_steps(pod, now, new_step=True)


# --- the deck auction ----------------------------------------------------------------------
def auction_of(pod: Pod) -> auction_core.Auction:
    return auction_core.Auction.from_dict(pod.auction_state["state"])


def auction_log(pod: Pod) -> list[dict]:
    return list(pod.auction_state.get("log", []))


def _store(pod: Pod, state: auction_core.Auction, entry: dict | None) -> None:
    log = auction_log(pod)
    if entry is not None:
        log.append({"auction": pod.auction_state["state"]["number"], **entry})
    pod.auction_state = {"state": state.to_dict(), "log": log}
    pod.version += 1


def deck_contents(pod: Pod) -> dict[int, list[int]]:
    contents: dict[int, list[int]] = {d.pk: [] for d in pod.table_decks.filter(owner=None)}
    for instance_id, deck_id in (
        CardInstance.objects.filter(table_deck__pod=pod)
        .order_by("pk")
        .values_list("pk", "table_deck_id")
    ):
        contents.setdefault(deck_id, []).append(instance_id)
    return contents


def auction_bid(pod: Pod, seat: int, amount: int | None, now: datetime, how: str) -> None:
    """A bid (or a pass when ``amount`` is None) by the seat at ``seat``; core errors pass
    through to the caller."""
    state = auction_of(pod)
    if amount is None:
        state = state.pass_turn(seat)
        _store(pod, state, {"seat": seat, "action": "pass", "how": how})
    else:
        state = state.bid(seat, amount)
        _store(pod, state, {"seat": seat, "action": "bid", "amount": amount, "how": how})
    auction_continue(pod, now, new_turn=True)


def auction_distribute(
    pod: Pod, seat: int, deck_id: int, moves: dict[int, int], now: datetime, how: str
) -> None:
    """The winner takes ``deck_id`` and moves each card of ``moves`` to the deck named."""
    auction_distribute_inner(pod, seat, deck_id, moves, now, how)
    auction_continue(pod, now, new_turn=True)


def _award(pod: Pod, position: int, deck_id: int) -> None:
    seat = pod.seats.get(position=position)
    TableDeck.objects.filter(pk=deck_id).update(owner=seat)
    CardInstance.objects.filter(table_deck_id=deck_id).update(
        table_deck=None, owner=seat, source=CardSource.AUCTION
    )


def auction_continue(pod: Pod, now: datetime, *, new_turn: bool) -> None:
    """Bots act while it is their turn; then the clock of whoever is to act starts, or,
    the auction over, the review time does."""
    seats = {s.position: s for s in pod_seats(pod)}
    guard = 0
    while True:
        guard += 1
        if guard > 500:
            raise RuntimeError(f"auction of pod {pod.pk} does not settle")
        state = auction_of(pod)
        if state.phase == auction_core.DONE:
            pod.phase = DraftPhase.REVIEW
            set_deadline(pod, pod.draft.review_seconds, now)
            if pod.draft.review_seconds == 0:
                start_drafting(pod, now)
            return
        seat = seats[state.to_act]
        if not seat.bot:
            break
        _act_for(pod, state, seat.position, now, "bot")
    if new_turn:
        seconds = (
            pod.draft.bid_seconds
            if auction_of(pod).phase == auction_core.BIDDING
            else pod.draft.distribute_seconds
        )
        set_deadline(pod, seconds, now)


def _act_for(pod: Pod, state: auction_core.Auction, position: int, now: datetime, how: str) -> None:
    """Act for a bot or for a player whose time ran out: a bidder bids the lowest allowed
    when it must open the auction and passes otherwise; a winner takes a deck at random
    and spreads the cards at random."""
    if state.phase == auction_core.BIDDING:
        state_log_amount = auction_core.bot_bid(state)
        state2 = (
            state.pass_turn(position)
            if state_log_amount is None
            else state.bid(position, state_log_amount)
        )
        entry = {"seat": position, "how": how}
        if state_log_amount is None:
            entry["action"] = "pass"
        else:
            entry |= {"action": "bid", "amount": state_log_amount}
        _store(pod, state2, entry)
        return
    seed = f"auction:{pod.draft.seed}:{pod.number}:{state.number}"
    held = held_placement(pod, state)
    if held is None:
        deck = state.random_deck(seed)
        moves = state.random_distribution(deck, deck_contents(pod), seed)
    else:  # the cards the winner placed stay where they were put
        deck = held.deck
        taken = deck_contents(pod).get(deck, [])
        moves = held.completed(
            taken,
            [d for d in state.on_table if d != deck],
            state.cards_to_remove(len(taken)),
            seed,
            keep=sanctuaries(taken),
        )
    auction_distribute_inner(pod, position, deck, moves, now, how)


def held_placement(pod: Pod, state: auction_core.Auction) -> Placement[int] | None:
    """The winner's placement in progress, kept with the auction's state (every step of the
    auction replaces that state, so it lasts until the deck is taken)."""
    data = (pod.auction_state or {}).get("placing")
    if not data or state.phase != auction_core.DISTRIBUTING:
        return None
    held = Placement.from_dict(data)
    if held.auction != state.number or held.deck not in state.on_table:
        return None
    return held


def store_placement(pod: Pod, placement: Placement[int]) -> None:
    pod.auction_state = {**pod.auction_state, "placing": placement.to_dict()}
    pod.version += 1


def sanctuaries(instance_ids: list[int]) -> set[int]:
    """The Sanctuaries among these cards: spread at random last, as a deck has one."""
    return set(
        CardInstance.objects.filter(
            pk__in=instance_ids, card__type=CardTypeChoice.SANTUARIO
        ).values_list("pk", flat=True)
    )


def auction_distribute_inner(
    pod: Pod, position: int, deck: int, moves: dict[int, int], now: datetime, how: str
) -> None:
    state = auction_of(pod)
    contents = deck_contents(pod)
    bid = state.high_bid
    state, _new = state.distribute(position, deck, moves, contents)
    by_target: dict[int, list[int]] = defaultdict(list)
    for instance_id, target in moves.items():
        by_target[target].append(instance_id)
    for target, ids in by_target.items():
        CardInstance.objects.filter(pk__in=ids, table_deck_id=deck).update(table_deck_id=target)
    _award(pod, position, deck)
    _store(
        pod,
        state,
        {
            "seat": position,
            "action": "take",
            "deck": deck,
            "bid": bid,
            "cards": len(moves),
            # where each removed card went, so a judge can rebuild who received what
            "moved": [[target, sorted(ids)] for target, ids in sorted(by_target.items())],
            "how": how,
        },
    )
    if state.phase == auction_core.DONE:
        for last_seat, last_deck in state.deck_of.items():
            if TableDeck.objects.filter(pk=last_deck, owner=None).exists():
                _award(pod, last_seat, last_deck)
                _store(
                    pod,
                    state,
                    {"seat": last_seat, "action": "last", "deck": last_deck, "how": "rule"},
                )


def auction_timeout(pod: Pod, at: datetime, now: datetime) -> None:
    state = auction_of(pod)
    _act_for(pod, state, state.to_act, now, "timeout")
    auction_continue(pod, now, new_turn=True)


def auction_start(pod: Pod, now: datetime) -> None:
    decks = list(pod.table_decks.order_by("pk").values_list("pk", flat=True))
    state = auction_core.start_auction(
        len(decks), decks, seed=f"auction:{pod.draft.seed}:{pod.number}"
    )
    pod.phase = DraftPhase.AUCTION
    pod.auction_state = {"state": state.to_dict(), "log": []}
    auction_continue(pod, now, new_turn=True)
