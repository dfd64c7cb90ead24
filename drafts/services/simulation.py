"""A whole booster draft through the real services (``simulate_draft``): every seat is a
simulated player who acts by the bot rule through the same calls as a person, except a
share of seat-steps left to time out, which the deadline path (``apply_draft_deadlines``,
as the sweep runs it) settles.

It runs on a simulated clock (``config.clock.simulated_clock``) that stands still: the pods
are simulated one after another, and on the real clock a later pod's deadlines would pass
while an earlier pod drafts, more so on a busy machine. A deadline passes only where the
simulation lets it (``_time_out``), so the same seed gives the same draft on any machine at
any load (``draft_digest``)."""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from config import clock
from config.clock import simulated_clock
from drafts.core import auction as auction_core
from drafts.core.bots import BotCard, bot_pick
from drafts.models import CardInstance, CardSource, Draft, DraftPhase, DraftSeat, Pick, Pod
from drafts.services.building import draft_deck_submit
from drafts.services.demo import load_sample_auction_decks
from drafts.services.flow import auction_of, deck_contents, settle_pod, step_view
from drafts.services.players import draft_bid, draft_distribute, draft_pick
from drafts.services.pools import pool_entries
from drafts.services.setup import draft_configure, draft_start
from tournaments.models import Event
from tournaments.models.choices import EventFormat
from tournaments.services.events import event_create
from tournaments.services.rounds import round_pair_next, round_publish
from tournaments.services.simulation import add_simulated_players, simulation_organiser


@dataclass
class DraftSimulation:
    event: Event
    setup_seconds: float = 0.0
    auction_seconds: float = 0.0
    drafting_seconds: float = 0.0
    pick_seconds: list[float] = field(default_factory=list)
    timeouts: int = 0
    deadline_applications: int = 0
    round_id: int | None = None

    def pick_percentile(self, q: float) -> float:
        if not self.pick_seconds:
            return 0.0
        ordered = sorted(self.pick_seconds)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _time_out(pod: Pod, sim: DraftSimulation) -> None:
    """Let this pod's deadline pass: the applier the sweep and the worker run, for this pod
    alone (a clock moved forward for every pod would time out the other pods too)."""
    pod.refresh_from_db()
    if pod.deadline is None:
        return
    with transaction.atomic():
        sim.deadline_applications += int(settle_pod(pod.pk, pod.deadline + timedelta(seconds=1)))


def _auction(pod: Pod, rng: random.Random, timeout_rate: float, sim: DraftSimulation) -> None:
    players = {
        s.position: s.registration.player for s in pod.seats.select_related("registration__player")
    }
    while True:
        pod.refresh_from_db()
        if pod.phase != DraftPhase.AUCTION:
            return
        state = auction_of(pod)
        if rng.random() < timeout_rate:
            sim.timeouts += 1
            _time_out(pod, sim)
            continue
        actor = players[state.to_act]
        if state.phase == auction_core.BIDDING:
            low = (state.high_bid or 0) + 1
            amount = None
            if state.high_bid is None:
                amount = rng.randint(1, 10)
            elif low <= auction_core.MAX_BID and rng.random() < 0.3:
                amount = rng.randint(low, min(auction_core.MAX_BID, low + 5))
            draft_bid(actor=actor, pod_id=pod.pk, auction=state.number, amount=amount)
        else:
            contents = deck_contents(pod)
            deck = state.random_deck(rng.random())
            moves = state.random_distribution(deck, contents, rng.random())
            draft_distribute(
                actor=actor, pod_id=pod.pk, auction=state.number, deck=deck, moves=moves
            )


def _drafting(pod: Pod, rng: random.Random, timeout_rate: float, sim: DraftSimulation) -> None:
    seats = list(pod.seats.select_related("registration__player").order_by("position"))
    while True:
        pod.refresh_from_db()
        if pod.phase != DraftPhase.DRAFTING:
            return
        view = step_view(pod, seats)
        step = (pod.pack_round, pod.pick_number)
        skipped = False
        for seat in seats:
            if seat.pk in view.picked or not view.cards.get(seat.pk):
                continue
            if rng.random() < timeout_rate:
                skipped = True
                continue
            history = [
                BotCard(i.pk, i.card.rarity, i.card.faction)
                for i in CardInstance.objects.filter(
                    owner=seat, source=CardSource.DRAFT
                ).select_related("card")
            ]
            choice = bot_pick(
                [BotCard(c.pk, c.card.rarity, c.card.faction) for c in view.cards[seat.pk]],
                history,
            )
            started = time.perf_counter()
            draft_pick(
                actor=seat.registration.player,
                pod_id=pod.pk,
                pack_round=step[0],
                pick_number=step[1],
                card_instance_id=choice.card,
            )
            sim.pick_seconds.append(time.perf_counter() - started)
        if skipped:
            pod.refresh_from_db()
            if (pod.pack_round, pod.pick_number) == step and pod.phase == DraftPhase.DRAFTING:
                sim.timeouts += 1
                _time_out(pod, sim)


def _build_decks(event: Event) -> None:
    """Every seat submits a legal deck from its pool: one Sanctuary and every other card."""
    seats = DraftSeat.objects.filter(
        pod__draft__event=event, registration__isnull=False
    ).select_related("registration__player", "pod")
    for seat in seats:
        deck: dict[int, int] = {}
        sanctuary = False
        for entry in pool_entries(seat):
            if entry.card.is_sanctuary:
                if not sanctuary:
                    deck[entry.card.pk] = 1
                    sanctuary = True
                continue
            deck[entry.card.pk] = entry.count
        draft_deck_submit(actor=seat.registration.player, event_id=event.pk, quantities=deck)


def _pair_round_one(event: Event, organiser: User, sim: DraftSimulation) -> None:
    """Decks built and submitted, building ends (every deck is in), round 1 is paired
    within the pods and published."""
    _build_decks(event)
    round_ = round_pair_next(actor=organiser, event_id=event.pk)
    round_publish(actor=organiser, round_id=round_.pk)
    sim.round_id = round_.pk


def draft_digest(event: Event) -> str:
    """A fingerprint of the draft's outcome: every pick (pod, seat, step, card, how) and every
    seat's auction cards; two runs from one seed give the same one."""
    picks = (
        Pick.objects.filter(pod__draft__event=event)
        .order_by("pod__number", "pack_round", "pick_number", "seat__position")
        .values_list(
            "pod__number",
            "seat__position",
            "pack_round",
            "pick_number",
            "card_instance__card__name",
            "kind",
        )
    )
    auction = (
        CardInstance.objects.filter(owner__pod__draft__event=event, source=CardSource.AUCTION)
        .order_by("owner__pod__number", "owner__position", "card__name")
        .values_list("owner__pod__number", "owner__position", "card__name")
    )
    digest = hashlib.sha256()
    for row in (*picks, *auction):
        digest.update(repr(row).encode())
    return digest.hexdigest()


def simulate_draft(
    *, players: int, seed: int, timeout_rate: float = 0.0, pair_round_1: bool = False
) -> DraftSimulation:
    with simulated_clock():
        return _simulate_draft(
            players=players, seed=seed, timeout_rate=timeout_rate, pair_round_1=pair_round_1
        )


def _simulate_draft(
    *, players: int, seed: int, timeout_rate: float, pair_round_1: bool
) -> DraftSimulation:
    from rulings.demo import load_rulings_data

    rng = random.Random(seed)
    started = time.perf_counter()
    load_rulings_data(sample=True)
    load_sample_auction_decks()
    organiser = simulation_organiser(seed)
    event = event_create(
        actor=organiser,
        name=f"Simulated draft (seed {seed})",
        date=timezone.localdate(clock.now()),
        format=EventFormat.BOOSTER_DRAFT,
    )
    add_simulated_players(event, players)
    draft_configure(
        actor=organiser,
        event_id=event.pk,
        pack_editions=["DV", "DV", "SU", "SU"],
        review_seconds=0,
        building_seconds=120,
    )
    Draft.objects.filter(event=event).update(seed=seed)
    draft_start(actor=organiser, event_id=event.pk)
    sim = DraftSimulation(event=event, setup_seconds=time.perf_counter() - started)
    pods = list(Pod.objects.filter(draft__event=event).order_by("number"))
    started = time.perf_counter()
    for pod in pods:
        _auction(pod, rng, timeout_rate, sim)
    sim.auction_seconds = time.perf_counter() - started
    started = time.perf_counter()
    for pod in pods:
        _drafting(pod, rng, timeout_rate, sim)
    sim.drafting_seconds = time.perf_counter() - started
    if pair_round_1:
        _pair_round_one(event, organiser, sim)
    return sim
