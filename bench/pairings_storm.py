"""The refresh storm: 2,000 readers reload the published pairings page of a 2,000-player
event at once, against gunicorn, PostgreSQL and Redis (the shared cache), on this machine.

Builds the event (round 1 paired and published) in its own PostgreSQL database, starts
gunicorn from ``config/gunicorn.py`` and loads the page with ``wrk`` (C, a second process
on loopback; ``apt-get install wrk``), one connection per reader, in two shapes:

- ``storm``: every reader reloads as soon as the page arrives (2,000 requests always in
  flight: the most the server can answer, and the queueing that costs);
- ``paced``: every reader reloads every ``--think-ms`` on average (random, uniform), so the
  requests arrive at about 2,000 / think time per second (1,180/s by default): the latency
  of each answer when the server keeps up;

for (a) first loads (no ETag: ``200``, the table from the shared cache; storm only, as the
paced rate is beyond what full renders can reach here) and (b) reloads with
``If-None-Match`` (``304``). Between measurements the server is let drain the requests
still queued from the last one. The server counts the database queries of every response
(``QUERY_COUNT_HEADER=1``, ``config/query_count.py``), cross-checked against PostgreSQL's
own transaction count; the load generator's CPU time is printed beside its figures.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/opm_storm_bench \\
    REDIS_URL=redis://127.0.0.1:6379/6 \\
        timeout 300 python bench/pairings_storm.py
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import resource
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

from _django import ROOT, setup

EVENT_NAME = "Refresh storm benchmark"


def prepare(players: int, seed: int) -> int:
    """The event's id: built once (a later run with as many players reuses it)."""
    import datetime as dt

    from tournaments.models import Event
    from tournaments.models.choices import RoundStatus
    from tournaments.services.events import event_create
    from tournaments.services.rounds import round_pair_next, round_publish
    from tournaments.services.simulation import add_simulated_players, simulation_organiser

    for event in Event.objects.filter(name=EVENT_NAME).order_by("-pk"):
        if (
            event.registrations.count() == players
            and event.rounds.filter(number=1, status=RoundStatus.PUBLISHED).exists()
        ):
            return event.pk
    organiser = simulation_organiser(seed)
    event = event_create(
        actor=organiser,
        name=EVENT_NAME,
        date=dt.date.today(),
        swiss_rounds=11,
        play_draw_required=False,
    )
    add_simulated_players(event, players)
    round_ = round_pair_next(actor=organiser, event_id=event.pk)
    round_publish(actor=organiser, round_id=round_.pk)
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return event.pk


def wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the app server did not answer at {url}")


def drained(url: str, seconds: float = 120) -> None:
    """Wait until the server answers at once again: requests still queued when a
    measurement ends are answered after it, and must not slow the next one down."""
    deadline = time.monotonic() + seconds
    quick = 0
    while time.monotonic() < deadline and quick < 3:
        started = time.monotonic()
        with contextlib.suppress(OSError):
            urllib.request.urlopen(url, timeout=30)
        quick = quick + 1 if time.monotonic() - started < 0.05 else 0
        time.sleep(0.2)


def transactions() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = "
            "current_database()"
        )
        return int(cursor.fetchone()[0])


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--connections", type=int, default=2000, help="readers, at once")
    parser.add_argument("--duration", type=int, default=10, help="seconds per measurement")
    parser.add_argument("--think-ms", type=int, default=1700, help="paced: mean between reloads")
    # Threaded workers keep each reader's connection open between reloads (sync workers close
    # it after every answer: 2,000 readers then cost a TCP handshake per request and wait
    # in the listen queue); three processes for two cores, as requests wait on Redis and
    # PostgreSQL part of the time; a few threads each to use those waits.
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--worker-class", default="gthread")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--keep-alive", type=int, default=10)
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--runs", default="storm:reload,paced:reload,storm:first", help="shape:request, ..."
    )
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("set DATABASE_URL to a PostgreSQL database of its own")
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("set REDIS_URL: the app servers share their cache in Redis")
    started = time.monotonic()
    setup()
    event_id = prepare(args.players, args.seed)
    print(
        f"event {event_id}: {args.players} players, round 1 published "
        f"({time.monotonic() - started:.0f} s to set up)"
    )

    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "bench-only",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "STATIC_MANIFEST": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
        "QUERY_COUNT_HEADER": "1",
    }
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            "config/gunicorn.py",
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{args.port}",
            "--workers",
            str(args.workers),
            "--worker-class",
            args.worker_class,
            "--threads",
            str(args.threads),
            "--backlog",
            "4096",
            "--keep-alive",
            str(args.keep_alive),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{args.port}"
    page = f"{base}/events/{event_id}/pairings/"
    rows = []
    try:
        wait_for(f"{base}/healthz")
        first = urllib.request.urlopen(page, timeout=30)
        etag = first.headers["ETag"]
        size = len(first.read())
        request = urllib.request.Request(page, headers={"If-None-Match": etag})
        try:
            urllib.request.urlopen(request, timeout=30)
            raise SystemExit("a reload with the page's ETag was not answered 304")
        except urllib.error.HTTPError as answer:
            if answer.code != 304:
                raise
        print(f"page: {size / 1024:.0f} KiB, ETag {etag}; a reload with it answers 304")
        # Every worker warm (its connections open, templates loaded) before measuring.
        subprocess.run(
            ["wrk", "-t2", "-c50", "-d2s", page], capture_output=True, check=True, cwd=ROOT
        )
        for run in args.runs.split(","):
            shape, request_kind = run.split(":")
            think = 0 if shape == "storm" else args.think_ms
            kind, tag = ("reload", etag) if request_kind == "reload" else ("first load", "")
            xacts, cpu = transactions(), children_cpu()
            wrk = subprocess.run(
                [
                    "wrk",
                    "-t2",
                    f"-c{args.connections}",
                    f"-d{args.duration}s",
                    "--timeout",
                    "10s",
                    "--latency",
                    "-s",
                    str(ROOT / "bench" / "pairings_storm.lua"),
                    page,
                    "--",
                    str(think),
                    tag,
                ],
                capture_output=True,
                text=True,
                check=True,
            )
            cpu = children_cpu() - cpu
            drained(f"{base}/healthz")
            time.sleep(1.5)  # PostgreSQL's statistics reach the view within a second
            # Includes the requests still queued when wrk stopped, and the drain's checks.
            xacts = transactions() - xacts - 2  # the two reads of the count itself
            out = wrk.stdout
            rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
            lat = dict(re.findall(r"(p50|p90|p99|max)=([\d.]+)ms", out))
            res = dict((k, int(v)) for k, v in re.findall(r"(\w+)=(\d+)", out.split("RESULT")[1]))
            n = max(res["responses"], 1)
            rows.append((shape, kind, rate, lat, res, res["queries"] / n, xacts / n, cpu, args))
            print(
                f"{shape:5} {kind:10}: {rate:7.0f} responses/s, p50 {lat['p50']} ms, "
                f"p99 {lat['p99']} ms (max {lat['max']}); 200: {res['s200']}, 304: "
                f"{res['s304']}, other {res['other']}, errors {res['errors']}, timeouts "
                f"{res['timeouts']}; queries/response {res['queries'] / n:.2f} (server "
                f"count), {xacts / n:.2f} (PostgreSQL transactions); wrk CPU "
                f"{cpu:.1f} s of {args.duration} s",
                flush=True,
            )
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    load = os.getloadavg()
    print(
        f"load average after the run: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} "
        f"({os.cpu_count()} cores); {args.workers} {args.worker_class} workers"
    )
    print("| shape | request | responses/s | p50 ms | p99 ms | queries/response | wrk CPU |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for shape, kind, rate, lat, _res, queries, _xacts, cpu, _args in rows:
        print(
            f"| {shape} | {kind} | {rate:.0f} | {lat['p50']} | {lat['p99']} | "
            f"{queries:.2f} | {cpu / args.duration:.0%} of a core |"
        )


if __name__ == "__main__":
    main()
