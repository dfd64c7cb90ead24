"""Result reports over HTTP against PostgreSQL: throughput and latency, then an audit of the
database (every accepted report stored once, every match with two agreeing reports confirmed).

The app runs under gunicorn in its own processes; the load comes from ``wrk`` (a second
process on loopback) with one request per player report, each sent once.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/opmanager_bench \
        python bench/bench_report_http.py --players 16384 --duration 30
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from _django import ROOT, setup


def prepare(players: int, seed: int) -> tuple[int, int, Path]:
    import datetime as dt

    from rest_framework.authtoken.models import Token

    from tournaments.models import Match
    from tournaments.models.choices import MatchStatus
    from tournaments.services.events import event_create
    from tournaments.services.rounds import round_pair_next, round_publish
    from tournaments.services.simulation import add_simulated_players, simulation_organiser

    organiser = simulation_organiser(seed)
    event = event_create(
        actor=organiser,
        name="Report benchmark",
        date=dt.date.today(),
        swiss_rounds=1,
        play_draw_required=False,
    )
    add_simulated_players(event, players)
    round_ = round_pair_next(actor=organiser, event_id=event.pk)
    round_publish(actor=organiser, round_id=round_.pk)
    user_ids = list(event.registrations.values_list("player_id", flat=True))
    Token.objects.bulk_create(
        [Token(user_id=uid, key=Token.generate_key()) for uid in user_ids], ignore_conflicts=True
    )
    tokens = dict(Token.objects.filter(user_id__in=user_ids).values_list("user_id", "key"))
    rng = random.Random(seed)
    lines = []
    for match_id, a_user, b_user in round_.matches.exclude(
        status=MatchStatus.CONFIRMED
    ).values_list("pk", "player_a__player_id", "player_b__player_id"):
        score = rng.choice([(2, 0), (2, 1), (0, 2), (1, 2)])
        body = json.dumps({"games_won_a": score[0], "games_won_b": score[1], "games_drawn": 0})
        lines.append(f"{tokens[a_user]}\t{match_id}\t{body}")
        lines.append(f"{tokens[b_user]}\t{match_id}\t{body}")
    rng.shuffle(lines)
    path = Path(tempfile.mkstemp(suffix=".tsv")[1])
    path.write_text("\n".join(lines) + "\n")
    open_matches = Match.objects.filter(round=round_).exclude(status=MatchStatus.CONFIRMED)
    # The round was set up well before its reports come in: by then autovacuum has
    # analysed the new rows and the checkpoint is behind us, so the load does not pay them.
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
        cursor.execute("CHECKPOINT")
    return event.pk, open_matches.count(), path


def wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the app server did not answer at {url}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=16384)
    parser.add_argument("--duration", type=int, default=30)
    parser.add_argument("--connections", type=int, default=6)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("set DATABASE_URL to a PostgreSQL database")
    setup()
    event_id, open_matches, requests_file = prepare(args.players, args.seed)
    print(f"event {event_id}: {open_matches} matches, {2 * open_matches} reports prepared")
    # Another event's reports warm the workers up first (connections, prepared statements),
    # as on an event day, when the server has been answering for hours.
    _warm_event, _warm_matches, warm_file = prepare(1024, args.seed + 1)

    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "bench-only",
        "SECURE_SSL_REDIRECT": "0",
        "STATIC_MANIFEST": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
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
            "--threads",
            str(args.threads),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_for(f"http://127.0.0.1:{args.port}/healthz")

        def load(file: Path, seconds: int) -> subprocess.CompletedProcess:
            return subprocess.run(
                [
                    "wrk",
                    "-t2",
                    f"-c{args.connections}",
                    f"-d{seconds}s",
                    "--latency",
                    "-s",
                    str(ROOT / "bench" / "report_load.lua"),
                    f"http://127.0.0.1:{args.port}",
                    "--",
                    str(file),
                    "2",
                ],
                capture_output=True,
                text=True,
                check=True,
            )

        load(warm_file, 3)
        wrk = load(requests_file, args.duration)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    print(wrk.stdout)
    ok = int(re.search(r"RESULT ok=(\d+)", wrk.stdout).group(1))
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", wrk.stdout).group(1))
    p99 = re.search(r"LATENCY p99=([\d.]+)ms", wrk.stdout).group(1)

    from django.db.models import Count

    from tournaments.models import Match, ResultReport
    from tournaments.models.choices import MatchStatus

    reports = ResultReport.objects.filter(match__round__event_id=event_id).count()
    per_match = (
        ResultReport.objects.filter(match__round__event_id=event_id)
        .values("match", "registration")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .count()
    )
    two = Match.objects.filter(round__event_id=event_id).annotate(n=Count("reports")).filter(n=2)
    unconfirmed_with_two = two.exclude(status=MatchStatus.CONFIRMED).count()
    print(f"accepted {ok} reports at {rate:.0f}/s, p99 {p99} ms")
    print(
        f"stored reports: {reports}; doubled: {per_match}; matches with two agreeing "
        f"reports left unconfirmed: {unconfirmed_with_two}"
    )
    exhausted = "exhausted=1" in wrk.stdout
    # Requests still in flight when wrk stops are stored without being counted by wrk.
    lost = reports < ok
    if lost or reports > ok + args.connections or per_match or unconfirmed_with_two or exhausted:
        raise SystemExit("FAILED: lost, doubled or unconfirmed results (or too few requests)")
    requests_file.unlink()
    warm_file.unlink()


if __name__ == "__main__":
    main()
