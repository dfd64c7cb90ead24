"""Live drafting over HTTP on PostgreSQL: what 512 connected drafters cost, pick latency
under that load, and how soon a worker applies a step's deadline.

The app runs under gunicorn (sync workers, as in production) in its own processes; the
load is a second process on loopback (asyncio, one connection per request). Server CPU is
read from /proc for the gunicorn processes only, so the client's own CPU is not counted.

1. ``poll``: 64 pods of 8 (512 drafters) each poll their pod's fragment once a second
   (``?v=<version>``), nothing moving: requests/s, latency, server CPU.
2. ``picks``: the same pollers, and every drafter picks once per step through the API at a
   random moment of the first ``--pick-window`` seconds of the step (4 by default: a burst
   far denser than people at a table, who have 50 s for the first pick; ``--steps``
   steps): pick latency p50/p99 under that load, and the pollers fetching the new
   fragments. Then the same picks with nobody
   polling (``picks alone``): the pick's own latency and server CPU at that rate.
4. ``--table-seconds``: drafters at a table, on a fresh draft: each polls as its page
   does (every second while waiting, every 3 s while holding a pack) and picks when its
   page shows a pack, after a random share (``--pick-share``) of the step's time, so every
   pod moves at its own pace. ``--only-table`` skips phases 1 and 2. Every drafter loads
   its page before the clock starts. ``--stream`` runs this phase with the stream server
   (uvicorn, ``DRAFT_STREAM``): each drafter holds a server-sent-event stream and fetches its
   part of the page when the stream names a version it does not show (and every 20 s).
3. ``deadline``: a Celery worker (Redis broker) running; pods whose players stop picking at
   the 5-second steps; how long after each deadline the step has moved on (observed in the
   database every 10 ms, no read that would apply it).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/opm_bench \\
        python bench/draft_live.py --pods 64 --seconds 20 --steps 3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from _django import ROOT, setup
from _measure import machine_ticks, pct

STREAM_SAFETY_POLL_SECONDS = 20.0  # drafts.views.drafter
VERSION = re.compile(rb'data-version="(\d+)"')


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def rss_mib(pids: list[int]) -> float:
    """Resident memory of the processes, in MiB."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except FileNotFoundError:
            continue
        total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    return total / 1024


def wait_until_up(port: int) -> None:
    """Wait (20 s at most) for a server started on ``port`` to answer its health check."""
    for _i in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return
        except OSError:
            time.sleep(0.2)


def children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [pid, *(int(p) for p in out.split())]


CONNECTS: list[float] = []  # how long each request's connection took to open


async def request(
    port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> tuple[int, bytes, float]:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    CONNECTS.append(time.perf_counter() - started)
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    head += [f"{k}: {v}" for k, v in headers.items()]
    if body:
        head.append(f"Content-Length: {len(body)}")
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    data = await reader.read()
    writer.close()
    status = int(data[9:12]) if len(data) > 12 else 0
    return status, data, time.perf_counter() - started


class Drafter:
    def __init__(self, event: int, pod: int, version: int, cookie: str, token: str) -> None:
        self.event, self.pod, self.version = event, pod, version
        self.cookie, self.token = cookie, token
        self.interval = 1.0
        self.first: tuple[int, int, list[int]] | None = None  # the pack the page shows


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


@dataclass(frozen=True)
class Start:
    """Where a measurement began: the server's CPU, the clock, the load generator's own CPU
    and the whole machine's ticks."""

    server_cpu: float
    t0: float
    own: float
    ticks: tuple[int, int]


def start(pids: list[int]) -> Start:
    return Start(cpu_seconds(pids), time.monotonic(), time.process_time(), machine_ticks())


def load_line(began: Start) -> str:
    """The load generator's own CPU (it shares the machine's two cores with the server) and
    how busy the whole machine was (server, PostgreSQL, Redis and generator together)."""
    own = (time.process_time() - began.own) / max(time.monotonic() - began.t0, 1e-9)
    busy, total = (now - then for now, then in zip(machine_ticks(), began.ticks, strict=True))
    return (
        f"; load generator CPU {own * 100:.0f}% of one core; whole machine "
        f"{busy / max(total, 1) * 100:.0f}% busy"
    )


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


def prepare(pods: int) -> tuple[int, dict[int, list[tuple[int, object]]]]:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore

    from drafts.services import draft_configure, draft_start
    from rulings.demo import load_rulings_data
    from tournaments.models.choices import EventFormat
    from tournaments.services.events import event_create
    from tournaments.services.simulation import add_simulated_players, simulation_organiser

    load_rulings_data(sample=True)
    organiser = simulation_organiser(0)
    event = event_create(
        actor=organiser, name="live bench", date=dt.date.today(), format=EventFormat.BOOSTER_DRAFT
    )
    add_simulated_players(event, 8 * pods)
    draft_configure(
        actor=organiser,
        event_id=event.pk,
        pack_editions=["DV", "DV", "SU", "SU"],
        auction=False,
        review_seconds=0,
    )
    draft_start(actor=organiser, event_id=event.pk)
    from rest_framework.authtoken.models import Token

    from drafts.models import DraftSeat

    drafters = []
    for seat in DraftSeat.objects.filter(pod__draft__event=event).select_related(
        "registration__player", "pod"
    ):
        user = seat.registration.player
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        token, _created = Token.objects.get_or_create(user=user)
        drafters.append(
            (
                seat,
                Drafter(
                    event.pk,
                    seat.pod_id,
                    seat.pod.version,
                    f"{settings.SESSION_COOKIE_NAME}={session.session_key}",
                    token.key,
                ),
            )
        )
    return event.pk, drafters


def current_steps(drafters: list) -> dict[int, tuple[int, int, int, int]]:
    from drafts.models import Pod
    from drafts.services.flow import step_view

    steps = {}
    pods = {p.pk: p for p in Pod.objects.filter(pk__in={d.pod for _s, d in drafters})}
    views = {pk: step_view(p) for pk, p in pods.items()}
    for seat, d in drafters:
        pod = pods[d.pod]
        cards = views[pod.pk].cards.get(seat.pk) or []
        if cards and seat.pk not in views[pod.pk].picked:
            steps[seat.pk] = (
                pod.pack_round,
                pod.pick_number,
                random.choice(cards).pk,
                len(cards),
            )
    return steps


def deadline_bench(port_unused: int, pods: int) -> list[float]:
    """Pods of two players who pick until the 5-second steps, then let them time out."""
    from drafts.models import DraftSeat, Pod
    from drafts.services import draft_configure, draft_pick, draft_start
    from drafts.services.flow import step_view
    from tournaments.services.events import event_create
    from tournaments.services.simulation import add_simulated_players, simulation_organiser

    organiser = simulation_organiser(0)
    event = event_create(
        actor=organiser, name="deadline bench", date=dt.date.today(), format="booster-draft"
    )
    add_simulated_players(event, 2 * pods)
    draft_configure(
        actor=organiser,
        event_id=event.pk,
        pack_editions=["DV", "DV", "SU", "SU"],
        auction=False,
        review_seconds=0,
    )
    draft_start(actor=organiser, event_id=event.pk)
    ids = list(Pod.objects.filter(draft__event=event).values_list("pk", flat=True))
    seats = {
        pk: list(DraftSeat.objects.filter(pod_id=pk).select_related("registration__player"))
        for pk in ids
    }
    lags: list[float] = []
    for _pack in range(2):
        # pick through steps 1..9 of the pack (the players are quick)
        for _step in range(9):
            for pk in ids:
                pod = Pod.objects.get(pk=pk)
                view = step_view(pod)
                for seat in seats[pk]:
                    draft_pick(
                        actor=seat.registration.player,
                        pod_id=pk,
                        pack_round=pod.pack_round,
                        pick_number=pod.pick_number,
                        card_instance_id=view.cards[seat.pk][0].pk,
                    )
        # steps 10 and 11 (3 and 2 cards, 5 s each) time out; 12 is taken at once
        for _step in range(2):
            waiting = {
                pk: Pod.objects.filter(pk=pk)
                .values_list("deadline", "pack_round", "pick_number")
                .get()
                for pk in ids
            }
            while waiting:
                time.sleep(0.01)
                now = time.time()
                for pk, (deadline, *step) in list(waiting.items()):
                    moved = Pod.objects.filter(pk=pk).values_list("pack_round", "pick_number")
                    if list(moved.get()) != step:
                        lags.append(now - deadline.timestamp())
                        del waiting[pk]
                    elif now - deadline.timestamp() > 30:
                        raise SystemExit("a deadline was not applied within 30 s")
    return lags


INTERVAL = re.compile(rb'hx-trigger="every (\d+)s')
PACK_CARD = re.compile(rb'name="card_instance" value="(\d+)"')
STEP = re.compile(
    rb'name="pack_round" value="(\d+)">\s*<input type="hidden" name="pick_number" value="(\d+)"'
)


def fragment_step(data: bytes) -> tuple[int, int, list[int]] | None:
    """(pack round, pick number, card ids) of the pack a fragment puts in front of the
    drafter, or None when it shows none (picked already, waiting, another phase)."""
    step, cards = STEP.search(data), PACK_CARD.findall(data)
    if step is None or not cards:
        return None
    return int(step.group(1)), int(step.group(2)), [int(c) for c in cards]


async def load_pages(port: int, people: list) -> None:
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


class Stream:
    """A drafter's open stream (server-sent events): the newest version it has announced,
    and an event set when one arrives."""

    def __init__(self) -> None:
        self.version: int | None = None
        self.news = asyncio.Event()
        self.events = 0


async def open_stream(port: int, d: Drafter) -> tuple[Stream, asyncio.StreamReader, object]:
    """Connect the drafter's stream as the page does, and read up to its first event."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    path = f"/live/draft/pods/{d.pod}/"
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        f"Cookie: {d.cookie}\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise RuntimeError(f"stream refused: {status!r}")
    while (await reader.readline()).strip():
        pass  # the response's headers
    stream = Stream()
    await read_event(reader, stream)
    return stream, reader, writer


async def read_event(reader: asyncio.StreamReader, stream: Stream) -> None:
    """Read up to the next ``pod`` event (uvicorn sends the body chunked: the chunk sizes
    are lines of their own, skipped like the comments)."""
    event = None
    while True:
        line = (await reader.readline()).strip()
        if not line and reader.at_eof():
            raise ConnectionError("stream closed")
        if line.startswith(b"event: "):
            event = line[7:]
        elif line.startswith(b"data: ") and event == b"pod":
            stream.version = int(line[6:])
            stream.events += 1
            stream.news.set()
            return


async def follow(reader: asyncio.StreamReader, stream: Stream, stop: float) -> None:
    while time.monotonic() < stop:
        await read_event(reader, stream)


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
    fetches its part of the page when the stream announces a version it has not shown, as
    the page's script does, and otherwise only at the page's (slow) interval."""
    from drafts.core.timers import pick_seconds

    await asyncio.sleep(random.random())
    due: float | None = None
    pending: tuple[int, int, list[int]] | None = None
    seen: set[tuple[int, int]] = set()
    interval = STREAM_SAFETY_POLL_SECONDS if stream is not None else d.interval
    next_poll = time.monotonic() + random.random() * interval

    def plan(step: tuple[int, int, list[int]] | None) -> None:
        nonlocal due, pending
        if step is None or step[:2] in seen:
            return
        seen.add(step[:2])
        pending = step
        due = time.monotonic() + random.random() * share * pick_seconds(len(step[2]))

    plan(d.first)  # the pack on the page as it was loaded

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
            stats["picks"].append(took)
            stats["pick_status"][status] = stats["pick_status"].get(status, 0) + 1
            if status == 200:
                state = json.loads(data.split(b"\r\n\r\n", 1)[1])
                moved = state["pick_number"] != pending[1] or state["pack_round"] != pending[0]
                stats.setdefault("closing" if moved else "open", []).append(took)
                # the page now waits for the next pack: asking every second, or told by its stream
                interval = 1.0 if stream is None else STREAM_SAFETY_POLL_SECONDS
                next_poll = min(next_poll, time.monotonic() + interval)
                if state["pack"]:  # the pick closed the step: the next pack is the answer
                    d.version = state["version"]
                    plan(
                        (
                            state["pack_round"],
                            state["pick_number"],
                            [c["id"] for c in state["pack"]],
                        )
                    )
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
                plan(fragment_step(data))
            continue
        if stream is not None and stream.news.is_set():
            stream.news.clear()
            if stream.version != d.version:
                next_poll = time.monotonic()
                continue
        wake = min(next_poll, due) if due is not None else next_poll
        pause = max(0.0, min(wake, stop) - time.monotonic())
        if stream is None:
            await asyncio.sleep(pause)
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stream.news.wait(), pause)


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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pods", type=int, default=64)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--port", type=int, default=8791)
    parser.add_argument("--deadline-pods", type=int, default=4)
    parser.add_argument(
        "--pick-window",
        type=float,
        default=4.0,
        help="each drafter picks at a random moment of the first this many seconds of a step",
    )
    parser.add_argument(
        "--pick-share",
        type=float,
        default=0.0,
        help="each drafter picks at a random moment of this share of the step's time by the "
        "DAR's timer table (e.g. 0.6: within 30 s of a 12-card pack's 50 s); overrides "
        "--pick-window",
    )
    parser.add_argument(
        "--table-seconds",
        type=int,
        default=0,
        help="then drafters at a table for this long: each picks when its own page shows "
        "it a new pack, after a random share (--pick-share, 0.6 if unset) of the step's time",
    )
    parser.add_argument(
        "--only-table",
        action="store_true",
        help="run the table phase (and the deadline phase) only, on a fresh draft",
    )
    parser.add_argument(
        "--stream",
        action="store_true",
        help="the table phase with the stream server (DRAFT_STREAM): each drafter holds a "
        "server-sent-event stream from uvicorn and fetches its part of the page when told",
    )
    parser.add_argument("--stream-port", type=int, default=8792)
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/11")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("set DATABASE_URL to a PostgreSQL database")
    os.environ["CELERY_BROKER_URL"] = args.broker
    os.environ.setdefault("SECRET_KEY", "bench-only")  # the server must read our sessions
    if args.stream:
        if not os.environ.get("REDIS_URL"):
            raise SystemExit("--stream needs REDIS_URL (the pods' news travel on Redis)")
        os.environ["DRAFT_STREAM"] = "1"
    setup()
    event_id, drafters = prepare(args.pods)
    print(f"event {event_id}: {len(drafters)} drafters in {args.pods} pods")
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "STATIC_MANIFEST": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
    }
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi"),
            *("--bind", f"127.0.0.1:{args.port}", "--workers", str(args.workers)),
            *("--log-level", "warning"),
        ],
        cwd=ROOT,
        env=env,
    )
    worker = None
    try:
        wait_until_up(args.port)
        pids = children(server.pid)

        if not args.only_table:
            fixed_steps(args, pids, drafters)

        # 4. drafters at a table, on a fresh draft (all its pods start together)
        if args.table_seconds:
            if not args.only_table:
                _event, drafters = prepare(args.pods)
            people = [d for _s, d in drafters]
            # Every drafter has loaded its page before the clock starts (as people sit down
            # before a judge starts the draft): a first fetch of 512 fragments at one instant
            # would measure that burst, not the table.
            asyncio.run(load_pages(args.port, people))
            share = args.pick_share or 0.6
            table_stats: dict = {"picks": [], "pick_status": {}}
            polls: dict = {"lat": [], "errors": 0}
            streams: list[Stream | None] = [None] * len(people)
            stream_pids: list[int] = []
            streamer = None
            if args.stream:
                streamer = subprocess.Popen(
                    [
                        *(sys.executable, "-m", "uvicorn", "config.asgi:application"),
                        *("--host", "127.0.0.1", "--port", str(args.stream_port)),
                        *("--log-level", "warning", "--no-access-log"),
                    ],
                    cwd=ROOT,
                    env={**env, "DB_POOL_SIZE": "8"},  # as docs/drafts.md deploys it
                )
                wait_until_up(args.stream_port)
                stream_pids = children(streamer.pid)
            measured: dict = {}

            async def at_table() -> None:
                followers = []
                if args.stream:
                    t = time.monotonic()
                    cpu = cpu_seconds(stream_pids)
                    opened = await asyncio.gather(
                        *(open_stream(args.stream_port, d) for d in people)
                    )
                    measured["connect"] = (time.monotonic() - t, cpu_seconds(stream_pids) - cpu)
                    for i, (stream, _reader, _writer) in enumerate(opened):
                        streams[i] = stream
                measured["began"] = start(pids)
                measured["stream_cpu"] = cpu_seconds(stream_pids)
                stop = time.monotonic() + args.table_seconds
                if args.stream:
                    followers = [
                        asyncio.ensure_future(follow(reader, stream, stop))
                        for stream, reader, _writer in opened
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
                if args.stream:
                    for _stream, _reader, writer in opened:
                        writer.close()

            try:
                asyncio.run(at_table())
            finally:
                if streamer is not None and streamer.poll() is None:
                    streamer.terminate()
                    streamer.wait(10)
            began = measured["began"]
            elapsed = time.monotonic() - began.t0
            cpu = cpu_seconds(pids) - began.server_cpu
            picks = table_stats["picks"]
            from drafts.models import Pod

            reached = sorted(
                Pod.objects.filter(pk__in={d.pod for d in people}).values_list(
                    "pack_round", "pick_number"
                )
            )
            print(
                f"at a table ({share:.0%} of each step's time at most"
                f"{', with the stream server' if args.stream else ''}): {len(picks)} picks in "
                f"{elapsed:.0f} s, status {table_stats['pick_status']}, p50 "
                f"{pct(picks, 0.5):.1f} ms, p99 {pct(picks, 0.99):.1f} ms, max "
                f"{max(picks, default=0) * 1000:.1f} ms; polls {len(polls['lat']) / elapsed:.0f}/s "
                f"(status {dict((k, v) for k, v in polls.items() if isinstance(k, int))}, p50 "
                f"{pct(polls['lat'], 0.5):.1f} ms, p99 {pct(polls['lat'], 0.99):.1f} ms); pods "
                f"reached steps {reached[0]} to {reached[-1]}; server CPU "
                f"{cpu / elapsed * 100:.0f}% of one core"
            )
            print(
                f"  connections to the app server opened in p50 {pct(CONNECTS, 0.5):.1f} ms, "
                f"p99 {pct(CONNECTS, 0.99):.1f} ms, max {max(CONNECTS, default=0) * 1000:.0f} ms"
            )
            if args.stream:
                connect_s, connect_cpu = measured["connect"]
                stream_cpu = measured["stream_cpu"]
                events = sum(st.events for st in streams if st is not None)
                print(
                    f"  stream server: {len(people)} streams opened in {connect_s:.1f} s "
                    f"({connect_cpu * 1000 / len(people):.1f} ms of CPU each); then "
                    f"{events / elapsed:.0f} events/s for {stream_cpu / elapsed * 100:.1f}% of "
                    f"one core; its memory {measured['rss']:.0f} MiB"
                )
            print(split(table_stats) + load_line(began))
        server.terminate()
        server.wait(10)

        # 3. deadlines with a worker
        worker = subprocess.Popen(
            [
                *(sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo"),
                *("--loglevel", "WARNING", "--without-gossip", "--without-mingle"),
            ],
            cwd=ROOT,
            env=env,
        )
        time.sleep(4)
        lags = deadline_bench(args.port, args.deadline_pods)
        print(
            f"deadlines with a worker: {len(lags)} steps, applied after the deadline by "
            f"median {statistics.median(lags) * 1000:.0f} ms, max {max(lags) * 1000:.0f} ms"
        )
    finally:
        if server.poll() is None:
            server.terminate()
        if worker is not None:
            worker.terminate()
            worker.wait(10)


if __name__ == "__main__":
    main()
