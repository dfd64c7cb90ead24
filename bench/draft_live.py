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
   (uvicorn, ``DRAFT_STREAM``): each drafter holds a server-sent-event stream, takes its
   next pack from the stream's data when a step ends (as the page draws it) and fetches its
   part of the page when the stream names a version it cannot draw (and every 20 s). Two
   figures: the pick's latency, and the time from each step's end to the next pack shown
   on each drafter's page (``bench/draft_table.py`` says how each is read).
3. ``deadline``: a Celery worker (Redis broker) running; pods whose players stop picking at
   the 5-second steps; how long after each deadline the step has moved on (observed in the
   database every 10 ms, no read that would apply it).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/opm_bench \\
        python bench/draft_live.py --pods 64 --seconds 20 --steps 3

The phases live in modules of their own: ``draft_fixed_steps.py`` (1, 2), ``draft_table.py``
(4), ``draft_deadlines.py`` (3); the drafters are made by ``draft_setup.py``, the stream is
read by ``draft_stream_client.py``, requests go through ``http_client.py`` and the servers'
CPU and memory are read by ``process_usage.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from _django import ROOT, setup
from draft_deadlines import deadline_bench
from draft_fixed_steps import fixed_steps
from draft_setup import prepare
from draft_table import at_a_table
from process_usage import children, wait_until_up


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pods", type=int, default=64)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--port", type=int, default=8791)
    parser.add_argument(
        "--deadline-pods", type=int, default=4, help="0 skips the deadline phase (3)"
    )
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
        "server-sent-event stream from uvicorn, takes each next pack from its data and "
        "fetches its part of the page when told of a version it cannot draw",
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
            at_a_table(args, pids, env, drafters)
        server.terminate()
        server.wait(10)

        # 3. deadlines with a worker
        if not args.deadline_pods:
            return
        worker = subprocess.Popen(
            [
                *(sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo"),
                *("--loglevel", "WARNING", "--without-gossip", "--without-mingle"),
            ],
            cwd=ROOT,
            env=env,
        )
        time.sleep(4)
        lags = deadline_bench(args.deadline_pods)
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
