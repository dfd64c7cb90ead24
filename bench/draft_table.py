"""Phase 4 of ``draft_live.py``: drafters at a table, each page as a browser holds it.

Every drafter loads its page before the clock starts, then polls as its page does (every
second while waiting, every 3 s while holding a pack) or, with the stream server, holds its
stream and polls every 20 s; it picks through the API when its page shows a pack, after a
random share of the step's time, so the pods drift apart as real ones do.

Two figures: the pick's latency, and how long after each step's end the next pack is shown
on each drafter's page. A step ends when the service that closes it (the last pick, or the
deadline) takes its time under the pod's lock; the next step's deadline is that moment plus
the step's time, so every client knows it from the deadline it is shown. "Shown" is the
moment the client has the pack: the stream's data arriving (drawn without a fetch), the
fetched part of the page, or the closing pick's own answer.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import random
import re
import subprocess
import sys
import time

from _django import ROOT
from _measure import pct
from draft_setup import Drafter
from draft_stream_client import Stream, follow, open_stream
from http_client import CONNECTS, request
from process_usage import children, cpu_seconds, load_line, rss_mib, start, wait_until_up

STREAM_SAFETY_POLL_SECONDS = 20.0  # drafts.views.drafter
VERSION = re.compile(rb'data-version="(\d+)"')
INTERVAL = re.compile(rb'hx-trigger="every (\d+)s')
PACK_CARD = re.compile(rb'name="card_instance" value="(\d+)"')
STEP = re.compile(
    rb'name="pack_round" value="(\d+)">\s*<input type="hidden" name="pick_number" value="(\d+)"'
)
DEADLINE = re.compile(rb'data-deadline="([^"]+)"')

# (pack round, pick number, card instance ids, wall time the step opened or None)
Shown = tuple[int, int, list[int], float | None]


def opened_at(deadline: float, cards: int) -> float:
    """When a step opened, from its deadline and the cards in front of a seat that has not
    picked (the DAR's time for that many cards)."""
    from drafts.core.timers import pick_seconds

    return deadline - pick_seconds(cards)


def fragment_step(data: bytes) -> Shown | None:
    """The pack a fragment puts in front of the drafter, or None when it shows none (picked
    already, waiting, another phase)."""
    step, cards = STEP.search(data), PACK_CARD.findall(data)
    if step is None or not cards:
        return None
    found = DEADLINE.search(data)
    opened = None
    if found:
        opened = opened_at(
            dt.datetime.fromisoformat(found.group(1).decode()).timestamp(), len(cards)
        )
    return int(step.group(1)), int(step.group(2)), [int(c) for c in cards], opened


async def load_pages(port: int, people: list[Drafter]) -> None:
    """Each drafter's first look at its page: the version and the pack it shows, sixteen
    at a time."""
    gate = asyncio.Semaphore(16)

    async def one(d: Drafter) -> None:
        async with gate:
            path = f"/events/{d.event}/draft/pods/{d.pod}/live/?v=0"
            _status, data, _took = await request(port, "GET", path, {"Cookie": d.cookie})
        d.version = int(VERSION.search(data).group(1))
        every = INTERVAL.search(data)
        d.interval = float(every.group(1)) if every else 1.0
        d.first = fragment_step(data)

    await asyncio.gather(*(one(d) for d in people))
    CONNECTS.clear()


async def table_drafter(
    port: int,
    d: Drafter,
    stop: float,
    share: float,
    stats: dict,
    polls: dict,
    stream: Stream | None = None,
) -> None:
    """A drafter at a table: polls as often as the page says (every second while waiting,
    every few seconds while holding a pack); when the fragment (or a pick's answer) shows a
    new pack, picks a random card of it after thinking for a random share of the step's
    time by the DAR's timer table, so each pod moves at its own pace, as real pods do,
    instead of every pod starting every step at the same moment. With a ``stream``, it
    takes the next pack from the stream's data when the page could draw it (it showed the
    version just before), else fetches its part when the stream names a newer version, as
    the page's script does, and otherwise only at the page's (slow) interval."""
    from drafts.core.timers import pick_seconds

    await asyncio.sleep(random.random())
    due: float | None = None
    pending: tuple[int, int, list[int]] | None = None
    seen: set[tuple[int, int]] = set()
    interval = STREAM_SAFETY_POLL_SECONDS if stream is not None else d.interval
    next_poll = time.monotonic() + random.random() * interval

    def plan(step: Shown | None, how: str, at: float | None = None) -> None:
        """The page shows ``step`` (found ``how``, at wall time ``at``, now by default)."""
        nonlocal due, pending
        if step is None or step[:2] in seen:
            return
        seen.add(step[:2])
        opened = step[3]
        if opened is not None and opened >= stats["began_wall"]:
            stats["shown"].append((at or time.time()) - opened)
            stats["shown_by"][how] = stats["shown_by"].get(how, 0) + 1
        pending = step[:3]
        due = time.monotonic() + random.random() * share * pick_seconds(len(step[2]))

    plan(d.first, "page")  # the pack on the page as it was loaded

    while time.monotonic() < stop:
        now = time.monotonic()
        if due is not None and due <= now and pending is not None:
            body = json.dumps(
                {
                    "pack_round": pending[0],
                    "pick_number": pending[1],
                    "card_instance": random.choice(pending[2]),
                }
            )
            due = None
            status, data, took = await request(
                port,
                "POST",
                f"/api/events/{d.event}/draft/pick/",
                {"Authorization": f"Token {d.token}", "Content-Type": "application/json"},
                body.encode(),
            )
            answered = time.time()
            stats["picks"].append(took)
            stats["pick_times"].append((answered - took, took, status))
            stats["pick_status"][status] = stats["pick_status"].get(status, 0) + 1
            if status != 200:  # why, by the API's error code, and at which step
                with contextlib.suppress(ValueError, IndexError):
                    code = json.loads(data.split(b"\r\n\r\n", 1)[1]).get("code", status)
                    why = f"{code} at {pending[0]}.{pending[1]}"
                    stats["refused"][why] = stats["refused"].get(why, 0) + 1
            if status == 200:
                state = json.loads(data.split(b"\r\n\r\n", 1)[1])
                moved = state["pick_number"] != pending[1] or state["pack_round"] != pending[0]
                stats.setdefault("closing" if moved else "open", []).append(took)
                # the page now waits for the next pack: asking every second, or told by its stream
                interval = 1.0 if stream is None else STREAM_SAFETY_POLL_SECONDS
                next_poll = min(next_poll, time.monotonic() + interval)
                if state["pack"]:  # the pick closed the step: the next pack is the answer
                    d.version = state["version"]
                    cards = [c["id"] for c in state["pack"]]
                    left = state["remaining_seconds"]
                    opened = None
                    if left is not None:
                        opened = opened_at(answered + left, len(cards))
                    plan((state["pack_round"], state["pick_number"], cards, opened), "answer")
            continue
        if now >= next_poll:
            next_poll = now + interval
            path = f"/events/{d.event}/draft/pods/{d.pod}/live/?v={d.version}"
            try:
                status, data, took = await request(port, "GET", path, {"Cookie": d.cookie})
            except OSError:
                polls["errors"] += 1
                continue
            polls["lat"].append(took)
            polls[status] = polls.get(status, 0) + 1
            if status == 200:
                found = VERSION.search(data)
                if found:
                    d.version = int(found.group(1))
                every = INTERVAL.search(data)
                interval = float(every.group(1)) if every else 1.0
                next_poll = now + interval
                plan(fragment_step(data), "fragment")
            continue
        if stream is not None and stream.news.is_set():
            stream.news.clear()
            if stream.version is not None and stream.version > d.version:
                news = stream.pack
                if news is not None and news["v"] == stream.version and news["since"] == d.version:
                    # drawn from the data, as the page's script does: no fetch
                    d.version = news["v"]
                    cards = [instance for instance, _card in news["cards"]]
                    deadline = dt.datetime.fromisoformat(news["deadline"]).timestamp()
                    shown = (news["round"], news["pick"], cards, deadline - news["seconds"])
                    plan(shown, "data", stream.pack_at)
                else:
                    next_poll = time.monotonic()
                continue
        wake = min(next_poll, due) if due is not None else next_poll
        pause = max(0.0, min(wake, stop) - time.monotonic())
        if stream is None:
            await asyncio.sleep(pause)
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stream.news.wait(), pause)


def start_stream_server(args: argparse.Namespace, env: dict[str, str]) -> subprocess.Popen:
    """The stream server (uvicorn, one process) as docs/drafts.md deploys it."""
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "uvicorn", "config.asgi:application"),
            *("--host", "127.0.0.1", "--port", str(args.stream_port)),
            *("--log-level", "warning", "--no-access-log"),
        ],
        cwd=ROOT,
        env={**env, "DB_POOL_SIZE": "8"},
    )
    wait_until_up(args.stream_port)
    return server


def at_a_table(
    args: argparse.Namespace, pids: list[int], env: dict[str, str], drafters: list
) -> None:
    """Phase 4 on the drafters of a fresh draft (all its pods start together); prints the
    figures."""
    people = [d for _s, d in drafters]
    # Every drafter has loaded its page before the clock starts (as people sit down before
    # a judge starts the draft): a first fetch of 512 fragments at one instant would
    # measure that burst, not the table.
    asyncio.run(load_pages(args.port, people))
    share = args.pick_share or 0.6
    table_stats: dict = {
        "picks": [],
        "pick_status": {},
        "shown": [],
        "shown_by": {},
        "refused": {},
        "pick_times": [],
    }
    polls: dict = {"lat": [], "errors": 0}
    streams: list[Stream | None] = [None] * len(people)
    stream_pids: list[int] = []
    streamer = None
    if args.stream:
        streamer = start_stream_server(args, env)
        stream_pids = children(streamer.pid)
    measured: dict = {}

    async def table() -> None:
        followers = []
        opened = []
        if args.stream:
            t = time.monotonic()
            cpu = cpu_seconds(stream_pids)
            opened = await asyncio.gather(
                *(open_stream(args.stream_port, d.pod, d.cookie) for d in people)
            )
            measured["connect"] = (time.monotonic() - t, cpu_seconds(stream_pids) - cpu)
            for i, (stream, _reader, _writer) in enumerate(opened):
                streams[i] = stream
        measured["began"] = start(pids)
        measured["stream_cpu"] = cpu_seconds(stream_pids)
        table_stats["began_wall"] = time.time()
        stop = time.monotonic() + args.table_seconds
        followers = [
            asyncio.ensure_future(follow(reader, stream, stop)) for stream, reader, _w in opened
        ]
        await asyncio.gather(
            *(
                table_drafter(args.port, d, stop, share, table_stats, polls, streams[i])
                for i, d in enumerate(people)
            )
        )
        measured["rss"] = rss_mib(stream_pids)
        measured["stream_cpu"] = cpu_seconds(stream_pids) - measured["stream_cpu"]
        for task in followers:
            task.cancel()
        for _stream, _reader, writer in opened:
            writer.close()

    try:
        asyncio.run(table())
    finally:
        if streamer is not None and streamer.poll() is None:
            streamer.terminate()
            streamer.wait(10)
    report(args, people, measured, table_stats, polls, streams, pids, share)


def report(
    args: argparse.Namespace,
    people: list[Drafter],
    measured: dict,
    table_stats: dict,
    polls: dict,
    streams: list[Stream | None],
    pids: list[int],
    share: float,
) -> None:
    from draft_fixed_steps import split

    from drafts.models import Pod

    began = measured["began"]
    elapsed = time.monotonic() - began.t0
    cpu = cpu_seconds(pids) - began.server_cpu
    picks = table_stats["picks"]
    reached = sorted(
        Pod.objects.filter(pk__in={d.pod for d in people}).values_list("pack_round", "pick_number")
    )
    print(
        f"at a table ({share:.0%} of each step's time at most"
        f"{', with the stream server' if args.stream else ''}): {len(picks)} picks in "
        f"{elapsed:.0f} s, status {table_stats['pick_status']} (refused: "
        f"{table_stats['refused'] or 'none'}), p50 "
        f"{pct(picks, 0.5):.1f} ms, p99 {pct(picks, 0.99):.1f} ms, max "
        f"{max(picks, default=0) * 1000:.1f} ms; polls {len(polls['lat']) / elapsed:.0f}/s "
        f"(status {dict((k, v) for k, v in polls.items() if isinstance(k, int))}, p50 "
        f"{pct(polls['lat'], 0.5):.1f} ms, p99 {pct(polls['lat'], 0.99):.1f} ms); pods "
        f"reached steps {reached[0]} to {reached[-1]}; server CPU "
        f"{cpu / elapsed * 100:.0f}% of one core"
    )
    shown = table_stats["shown"]
    print(
        f"  next pack shown after its step's end: {len(shown)} packs on drafters' pages, p50 "
        f"{pct(shown, 0.5):.1f} ms, p99 {pct(shown, 0.99):.1f} ms, max "
        f"{max(shown, default=0) * 1000:.0f} ms; from {table_stats['shown_by']}"
    )
    print(
        f"  connections to the app server opened in p50 {pct(CONNECTS, 0.5):.1f} ms, "
        f"p99 {pct(CONNECTS, 0.99):.1f} ms, max {max(CONNECTS, default=0) * 1000:.0f} ms"
    )
    if args.stream:
        connect_s, connect_cpu = measured["connect"]
        stream_cpu = measured["stream_cpu"]
        events = sum(st.events for st in streams if st is not None)
        packs = sum(st.packs for st in streams if st is not None)
        print(
            f"  stream server: {len(people)} streams opened in {connect_s:.1f} s "
            f"({connect_cpu * 1000 / len(people):.1f} ms of CPU each); then "
            f"{events / elapsed:.0f} events/s ({packs / elapsed:.0f} packs/s) for "
            f"{stream_cpu / elapsed * 100:.1f}% of one core; its memory "
            f"{measured['rss']:.0f} MiB"
        )
    print(split(table_stats) + load_line(began))
    # The machine is shared: a tail that comes and goes with the time says it was others' load.
    windows: dict[int, list[float]] = {}
    for at, took, _status in table_stats["pick_times"]:
        windows.setdefault(int((at - table_stats["began_wall"]) // 20), []).append(took)
    print(
        "  picks p99 by 20 s of the table: "
        + ", ".join(f"{pct(v, 0.99):.0f}" for _w, v in sorted(windows.items()))
        + " ms"
    )
