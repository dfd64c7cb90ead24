"""Booster draft speed through the real services (not a test).

    DATABASE_URL=postgres://.../opm_bench python bench/draft_speed.py --pods 64

1. A pod of 8 bots: its 48 pick steps, in service time (all inside the start of the
   picking, as bots pick the moment a step opens).
2. ``--pods`` pods of 8 players drafting at once: every pick request through
   ``draft_pick`` (one at a time, interleaved across pods, as a server sees them); p50 and
   p99 of the request time.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import time

from _django import setup


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pods", type=int, default=64)
    args = parser.parse_args()
    setup()
    from django.db import transaction
    from django.utils import timezone

    from config.errors import DomainError
    from rulings.demo import load_rulings_data
    from tournaments.draft.bots import BotCard, bot_pick
    from tournaments.models import Pod
    from tournaments.models.choices import EventFormat
    from tournaments.models.draft import DraftPhase
    from tournaments.services.drafts import draft_configure, draft_pick, draft_start
    from tournaments.services.drafts.demo import load_sample_auction_decks
    from tournaments.services.drafts.flow import save_pod, start_drafting, step_view
    from tournaments.services.events import event_create
    from tournaments.services.locking import lock_pod
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

    # 1. a pod of 8 bots: seat it (no picking yet), then time the 48 steps alone.
    from tournaments.services.drafts import setup as draft_setup

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
    refused = 0
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
                    refused += 1
                timings.append(time.perf_counter() - t)
    timings.sort()
    p99 = timings[int(0.99 * (len(timings) - 1))]
    print(
        f"{len(timings)} picks over {steps} steps of {args.pods} pods: "
        f"median {statistics.median(timings) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms "
        f"({refused} refused as late)"
    )


if __name__ == "__main__":
    main()
