"""Booster draft speed through the real services (not a test).

    DATABASE_URL=postgres://.../opm_bench python bench/draft_speed.py --pods 64 \\
        --table-seconds 120 --clients 4

1. A pod of 8 bots: its 48 pick steps, in service time (all inside the start of the
   picking, as bots pick the moment a step opens).
2. ``--pods`` pods of 8 players drafting at once: every pick request through
   ``draft_pick`` (one at a time, interleaved across pods, as a server sees them); p50 and
   p99 of the request time, apart for the picks refused as late (one client is slower
   than 512 drafters at the 5-second steps; the first request after a step's deadline
   applies it, random cards for the seats still to pick, and is refused).
3. ``--table-seconds``: ``--pods`` pods of 8 players at a table, on a fresh draft, driven
   by ``--clients`` processes at once (each with its own database connection, as app
   server workers are; every pod's drafters are spread over them, so a pod's picks race
   for its row lock): each drafter reads the pack in front of it when its step opens and
   picks after a random share (up to ``--pick-share``) of the step's time in the DAR's
   timer table, so every pod moves at its own pace. p50 and p99 of ``draft_pick``, for
   the picks that leave their step open and those that close it, and the machine's busy
   share (these processes and PostgreSQL share its two cores).
"""

from __future__ import annotations

import argparse
import datetime as dt
import multiprocessing
import random
import time

from _django import setup
from _measure import machine_ticks, pct


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pods", type=int, default=64)
    parser.add_argument("--table-seconds", type=float, default=0, help="0: no table phase")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--pick-share", type=float, default=0.6)
    parser.add_argument("--only-table", action="store_true", help="skip phases 1 and 2")
    args = parser.parse_args()
    setup()
    from drafts.services import draft_configure
    from drafts.services.demo import load_sample_auction_decks
    from rulings.demo import load_rulings_data
    from tournaments.models.choices import EventFormat
    from tournaments.services.events import event_create
    from tournaments.services.simulation import add_simulated_players, simulation_organiser

    load_rulings_data(sample=True)
    load_sample_auction_decks()
    organiser = simulation_organiser(0)

    def new_event(players: int, bots: int) -> int:
        event = event_create(
            actor=organiser,
            name="bench draft",
            date=dt.date.today(),
            format=EventFormat.BOOSTER_DRAFT,
        )
        add_simulated_players(event, players)
        draft_configure(
            actor=organiser,
            event_id=event.pk,
            pack_editions=["DV", "DV", "SU", "SU"],
            bots=bots,
            auction=False,
            review_seconds=0,
        )
        return event.pk

    if not args.only_table:
        sequential_phases(args, new_event, organiser)
    if args.table_seconds > 0:
        table_phase(args, new_event(8 * args.pods, 0), organiser)


def sequential_phases(args: argparse.Namespace, new_event, organiser) -> None:
    from django.db import transaction
    from django.utils import timezone

    from config.errors import DomainError
    from drafts.core.bots import BotCard, bot_pick
    from drafts.models import DraftPhase, Pod
    from drafts.services import draft_pick, draft_start
    from drafts.services import setup as draft_setup
    from drafts.services.flow import save_pod, start_drafting, step_view
    from drafts.services.locking import lock_pod

    # 1. a pod of 8 bots: seat it (no picking yet), then time the 48 steps alone.

    event_id = new_event(0, 8)
    original = draft_setup.start_drafting
    draft_setup.start_drafting = lambda pod, now: None
    try:
        draft_start(actor=organiser, event_id=event_id)
    finally:
        draft_setup.start_drafting = original
    pod = Pod.objects.get(draft__event_id=event_id)
    started = time.perf_counter()
    with transaction.atomic():
        pod = lock_pod(pod.pk)
        start_drafting(pod, timezone.now())
        save_pod(pod)
    elapsed = time.perf_counter() - started
    pod.refresh_from_db()
    print(f"pod of 8 bots: 48 steps in {elapsed:.2f} s of service time (phase {pod.phase})")

    # 2. many pods of 8 players picking.
    event_id = new_event(8 * args.pods, 0)
    started = time.perf_counter()
    draft_start(actor=organiser, event_id=event_id)
    print(f"{args.pods} pods seated with their boosters in {time.perf_counter() - started:.1f} s")
    pods = list(Pod.objects.filter(draft__event_id=event_id).order_by("number"))
    seats = {
        p.pk: list(p.seats.select_related("registration__player").order_by("position"))
        for p in pods
    }
    timings: list[float] = []
    late: list[float] = []  # refused: the step's clock ran out first (and was applied then)
    steps = 0
    while True:
        active = [p for p in pods if Pod.objects.get(pk=p.pk).phase == DraftPhase.DRAFTING]
        if not active or steps >= 12:
            break
        steps += 1
        views = {}
        for p in active:
            p.refresh_from_db()
            views[p.pk] = (p.pack_round, p.pick_number, step_view(p, seats[p.pk]))
        for position in range(8):
            for p in active:
                pack_round, pick_number, view = views[p.pk]
                seat = seats[p.pk][position]
                cards = view.cards[seat.pk]
                choice = bot_pick([BotCard(c.pk, c.card.rarity, c.card.faction) for c in cards], [])
                t = time.perf_counter()
                try:
                    draft_pick(
                        actor=seat.registration.player,
                        pod_id=p.pk,
                        pack_round=pack_round,
                        pick_number=pick_number,
                        card_instance_id=choice.card,
                    )
                except DomainError:  # this single client fell behind the step's clock
                    late.append(time.perf_counter() - t)
                    continue
                timings.append(time.perf_counter() - t)
    print(
        f"{len(timings) + len(late)} pick requests over {steps} steps of {args.pods} pods, "
        "one at a time:"
    )
    print("  " + percentiles("picks taken", timings))
    # One client is slower than 512 drafters at the 5-second steps: the first request after
    # a step's deadline applies it (random cards for the seats still to pick) and is refused.
    print("  " + percentiles("picks refused as late", late))


def percentiles(name: str, times: list[float]) -> str:
    if not times:
        return f"{name}: none"
    return f"{name}: {len(times)}, median {pct(times, 0.5):.1f} ms, p99 {pct(times, 0.99):.1f} ms"


def table_phase(args: argparse.Namespace, event_id: int, organiser) -> None:
    from django.db import connections

    from drafts.models import DraftSeat
    from drafts.services import draft_start

    draft_start(actor=organiser, event_id=event_id)
    drafters = list(
        DraftSeat.objects.filter(pod__draft__event_id=event_id)
        .order_by("pod__number", "position")
        .values_list("pod_id", "pk", "registration__player_id")
    )
    # Seat i of every pod goes to client i % clients: a pod's picks come from all of them.
    shares = [drafters[i :: args.clients] for i in range(args.clients)]
    connections.close_all()  # each client process opens its own connection
    busy0, total0 = machine_ticks()
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.clients) as pool:
        results = pool.starmap(
            drive_drafters,
            [(share, args.table_seconds, args.pick_share, n) for n, share in enumerate(shares)],
        )
    elapsed = time.perf_counter() - started
    busy1, total1 = machine_ticks()
    picks = [r for client in results for r in client["picks"]]
    refused = sum(client["refused"] for client in results)
    cpu = sum(client["cpu"] for client in results)

    print(
        f"at a table, {args.pods} pods, {args.clients} clients, {elapsed:.0f} s, pick share "
        f"{args.pick_share}: {len(picks)} picks ({len(picks) / elapsed:.1f}/s, "
        f"{refused} refused); clients' CPU {cpu / len(picks) * 1000:.1f} ms a pick; machine "
        f"{(busy1 - busy0) / (total1 - total0) * 100:.0f}% busy"
    )
    print("  " + percentiles("all picks", [t for t, _closed in picks]))
    print("  " + percentiles("picks leaving the step open", [t for t, c in picks if not c]))
    print("  " + percentiles("picks closing the step", [t for t, c in picks if c]))


# How often a client looks at its pods for steps just opened (a pick's moment is worked out
# from the step's deadline, so a late look does not delay it).
LOOK_SECONDS = 0.25


def drive_drafters(
    share: list[tuple[int, int, int]], seconds: float, pick_share: float, number: int
) -> dict:
    """One client: its drafters read their pack when their step opens and pick after a
    random share of the step's time. Returns each pick's (seconds, closed its step)."""
    from accounts.models import User
    from config.errors import DomainError
    from drafts.core.timers import pick_seconds
    from drafts.models import DraftPhase, DraftSeat, Pod
    from drafts.services import draft_pick
    from drafts.services.flow import BOOSTER_CARDS, seat_pack

    rng = random.Random(number)
    users = User.objects.in_bulk([player for _pod, _seat, player in share])
    seats = DraftSeat.objects.in_bulk([seat for _pod, seat, _player in share])
    pod_ids = sorted({pod for pod, _seat, _player in share})
    due: dict[int, tuple[float, tuple[int, int]]] = {}  # seat -> (when, step)
    done: set[tuple[int, tuple[int, int]]] = set()
    picks: list[tuple[float, bool]] = []
    refused = 0
    cpu0 = time.process_time()
    end = time.time() + seconds
    pods: dict[int, Pod] = {}
    looked = 0.0
    while time.time() < end:
        if time.time() - looked >= LOOK_SECONDS:
            looked = time.time()
            pods = {p.pk: p for p in Pod.objects.filter(pk__in=pod_ids)}
            for pod_id, seat_id, _player in share:
                pod = pods[pod_id]
                step = (pod.pack_round, pod.pick_number)
                if pod.phase != DraftPhase.DRAFTING or pod.deadline is None:
                    continue
                if (seat_id, step) in done or due.get(seat_id, (0, None))[1] == step:
                    continue
                allowed = pick_seconds(BOOSTER_CARDS + 1 - pod.pick_number)
                opened = pod.deadline.timestamp() - allowed
                due[seat_id] = (opened + rng.uniform(0, pick_share) * allowed, step)
        for pod_id, seat_id, player in share:
            when, step = due.get(seat_id, (None, None))
            if when is None or when > time.time():
                continue
            del due[seat_id]
            done.add((seat_id, step))
            pod = pods[pod_id]
            _pack, cards = seat_pack(pod, seats[seat_id], 8)  # what the drafter's page shows
            if not cards:
                continue
            t = time.perf_counter()
            try:
                outcome = draft_pick(
                    actor=users[player],
                    pod_id=pod_id,
                    pack_round=step[0],
                    pick_number=step[1],
                    card_instance_id=rng.choice(cards).pk,
                )
            except DomainError:
                refused += 1
                continue
            elapsed = time.perf_counter() - t
            closed = (outcome.pod.pack_round, outcome.pod.pick_number) != step
            picks.append((elapsed, closed))
        soonest = min((when for when, _step in due.values()), default=end)
        time.sleep(max(0.0, min(soonest, looked + LOOK_SECONDS, end) - time.time()))
    return {"picks": picks, "refused": refused, "cpu": time.process_time() - cpu0}


if __name__ == "__main__":
    main()
