"""Phases 1 and 2 of ``draft_live.py``, every pod at the same step at once (the worst case):
512 drafters polling their pod's part once a second with nothing moving, then picking
within the first seconds of each step under that polling, and the same picks alone."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import time

from _measure import pct
from draft_setup import Drafter, current_steps
from http_client import request
from process_usage import cpu_seconds, load_line, start

VERSION = re.compile(rb'data-version="(\d+)"')


async def poller(port: int, d: Drafter, stop: float, stats: dict) -> None:
    await asyncio.sleep(random.random())
    while time.monotonic() < stop:
        tick = time.monotonic()
        path = f"/events/{d.event}/draft/pods/{d.pod}/live/?v={d.version}"
        try:
            status, data, took = await request(port, "GET", path, {"Cookie": d.cookie})
        except OSError:
            stats["errors"] += 1
        else:
            stats["lat"].append(took)
            stats[status] = stats.get(status, 0) + 1
            found = VERSION.search(data) if status == 200 else None
            if found:
                d.version = int(found.group(1))
        await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))


def split(stats: dict) -> str:
    """Pick latency by kind: the picks that leave the step open, and those that close it."""
    return "  " + "; ".join(
        f"{kind} picks: {len(stats.get(kind, []))}, p50 {pct(stats.get(kind, []), 0.5):.1f} ms, "
        f"p99 {pct(stats.get(kind, []), 0.99):.1f} ms"
        for kind in ("open", "closing")
    )


def pick_window(step: tuple[int, int, int, int], args: argparse.Namespace) -> float:
    """Seconds within which a drafter picks at this step: a share of the step's time by the
    DAR's timer table (``--pick-share``), else a fixed ``--pick-window``."""
    if args.pick_share:
        from drafts.core.timers import pick_seconds

        return args.pick_share * pick_seconds(step[3])
    return args.pick_window


async def picker(
    port: int, d: Drafter, step: tuple[int, int, int, int], stats: dict, window: float
) -> None:
    await asyncio.sleep(random.random() * window)
    body = json.dumps({"pack_round": step[0], "pick_number": step[1], "card_instance": step[2]})
    status, data, took = await request(
        port,
        "POST",
        f"/api/events/{d.event}/draft/pick/",
        {"Authorization": f"Token {d.token}", "Content-Type": "application/json"},
        body.encode(),
    )
    stats["picks"].append(took)
    stats["pick_status"][status] = stats["pick_status"].get(status, 0) + 1
    # The pick that completes its pod's step also passes the packs (the heavier kind).
    moved = status == 200 and f'"pick_number":{step[1]},'.encode() not in data.replace(b" ", b"")
    stats.setdefault("closing" if moved else "open", []).append(took)


def fixed_steps(args: argparse.Namespace, pids: list[int], drafters: list) -> None:
    """Phases 1 and 2: polling alone, then picks at every pod's step at once (all
    pods start each step together: the worst case), under polling and alone."""
    people = [d for _s, d in drafters]
    # 1. polling only
    stats: dict = {"lat": [], "errors": 0}
    began = start(pids)
    cpu0, t0 = began.server_cpu, began.t0
    stop = time.monotonic() + args.seconds

    async def poll_only() -> None:
        await asyncio.gather(*(poller(args.port, d, stop, stats) for d in people))

    asyncio.run(poll_only())
    elapsed = time.monotonic() - t0
    cpu = cpu_seconds(pids) - cpu0
    total = len(stats["lat"])
    print(
        f"poll: {len(people)} drafters, {total / elapsed:.0f} requests/s for {elapsed:.0f} s, "
        f"status {dict((k, v) for k, v in stats.items() if isinstance(k, int))}, "
        f"errors {stats['errors']}, latency p50 {pct(stats['lat'], 0.5):.1f} ms "
        f"p99 {pct(stats['lat'], 0.99):.1f} ms; server CPU {cpu / elapsed * 100:.0f}% "
        f"of one core ({cpu / max(total, 1) * 1000:.2f} ms per poll)"
    )

    # 2. polling and picks
    pick_stats: dict = {"picks": [], "pick_status": {}}
    stats = {"lat": [], "errors": 0}
    began = start(pids)
    cpu0, t0 = began.server_cpu, began.t0
    for _step in range(args.steps):
        steps = current_steps(drafters)
        stop = time.monotonic() + max(pick_window(st, args) for st in steps.values()) + 2

        async def one_step(stop: float = stop, steps: dict = steps) -> None:
            await asyncio.gather(
                *(poller(args.port, d, stop, stats) for d in people),
                *(
                    picker(args.port, d, steps[s.pk], pick_stats, pick_window(steps[s.pk], args))
                    for s, d in drafters
                    if s.pk in steps
                ),
            )

        asyncio.run(one_step())
    elapsed = time.monotonic() - t0
    cpu = cpu_seconds(pids) - cpu0
    picks = pick_stats["picks"]
    print(
        f"picks under polling: {len(picks)} picks over {args.steps} steps, status "
        f"{pick_stats['pick_status']}, p50 {pct(picks, 0.5):.1f} ms, "
        f"p99 {pct(picks, 0.99):.1f} ms, max {max(picks) * 1000:.1f} ms; "
        f"polls {len(stats['lat']) / elapsed:.0f}/s "
        f"(status {dict((k, v) for k, v in stats.items() if isinstance(k, int))}, p99 "
        f"{pct(stats['lat'], 0.99):.1f} ms); server CPU {cpu / elapsed * 100:.0f}% of one core"
    )
    print(split(pick_stats) + load_line(began))

    # 2b. the same picks with nobody polling: the pick's own latency at that rate
    alone: dict = {"picks": [], "pick_status": {}}
    began = start(pids)
    cpu0, t0 = began.server_cpu, began.t0
    for _step in range(args.steps):
        steps = current_steps(drafters)

        async def picks_only(steps: dict = steps) -> None:
            await asyncio.gather(
                *(
                    picker(args.port, d, steps[s.pk], alone, pick_window(steps[s.pk], args))
                    for s, d in drafters
                    if s.pk in steps
                )
            )

        asyncio.run(picks_only())
    elapsed = time.monotonic() - t0
    cpu = cpu_seconds(pids) - cpu0
    picks = alone["picks"]
    print(
        f"picks alone: {len(picks)} picks over {args.steps} steps, status "
        f"{alone['pick_status']}, p50 {pct(picks, 0.5):.1f} ms, p99 {pct(picks, 0.99):.1f} ms, "
        f"max {max(picks) * 1000:.1f} ms; server CPU {cpu / elapsed * 100:.0f}% of one core "
        f"({cpu / max(len(picks), 1) * 1000:.1f} ms per pick)"
    )
    print(split(alone) + load_line(began))
