"""Standings polling with and without If-None-Match: python bench/api_conditional.py

A 64-player event after one Swiss round; one player's token polls its standings through
the whole middleware and DRF stack (Django's test client, in process: no network). Each
mode runs for ``--seconds`` (20 by default, so the whole run stays within a minute); prints
requests a second, milliseconds a request (mean, median, 95th percentile) and database
queries a request. Runs on a throwaway SQLite database unless DATABASE_URL is set (set
REDIS_URL too, to read the data version from Redis as production does).
"""

from __future__ import annotations

import argparse
import os
import platform
import secrets
import statistics
import tempfile
import time

from bench._measure import pct


def build_event(players: int) -> tuple[int, str]:
    import datetime as dt

    from django.contrib.auth.models import Group
    from rest_framework.authtoken.models import Token

    from accounts.models import User
    from tournaments.models import EventStaff, Match, Registration
    from tournaments.models.choices import RegistrationStatus, StaffRole
    from tournaments.rules import ORGANISERS_GROUP
    from tournaments.services.events import event_create
    from tournaments.services.results import ReportedResult
    from tournaments.services.results.judge import match_set_result
    from tournaments.services.rounds import round_pair_next, round_publish

    run = secrets.token_hex(3)  # a database kept between runs gets new people each time

    def person(name: str) -> User:
        name = f"{name}_{run}"
        return User.objects.create_user(username=name, email=f"{name}@example.invalid")

    organiser = person("bench_orga")
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    event = event_create(
        actor=organiser, name="Bench Open", date=dt.date(2026, 12, 5), play_draw_required=False
    )
    judge = person("bench_judge")
    EventStaff.objects.create(event=event, user=judge, role=StaffRole.JUDGE)
    people = [person(f"bench_{i}") for i in range(players)]
    for person in people:
        Registration.objects.create(
            event=event,
            player=person,
            status=RegistrationStatus.CHECKED_IN,
            checked_in_at=dt.datetime.now(dt.UTC),
        )
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    for match in Match.objects.filter(round=round_, player_b__isnull=False):
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1, 0, []))
    round_pair_next(actor=judge, event_id=event.pk)  # ends round 1: its results count
    return event.pk, Token.objects.create(user=people[0]).key


def poll(client, url: str, seconds: float, headers: dict[str, str], status: int) -> list[float]:
    timings = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        response = client.get(url, headers=headers)
        timings.append(time.perf_counter() - start)
        assert response.status_code == status, response.status_code
    return timings


def queries_per_request(client, url: str, headers: dict[str, str], n: int = 50) -> float:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        for _ in range(n):
            client.get(url, headers=headers)
    return len(queries) / n


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        scratch = tempfile.mkdtemp(prefix="bench-api-conditional-")
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/bench.sqlite3"
    os.environ["API_READS_PER_MINUTE"] = "100000000"  # measure the reads, not the limit

    from bench._django import setup

    setup()
    from django.conf import settings
    from django.test import Client

    settings.ALLOWED_HOSTS = ["*"]
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    print(f"database {engine}, cache {cache}, {args.players} players after round 1")
    event_id, token = build_event(args.players)
    client = Client()
    url = f"/api/v1/events/{event_id}/standings/?limit=100"
    auth = {"Authorization": f"Token {token}"}
    etag = client.get(url, headers=auth)["ETag"]
    conditional = {**auth, "If-None-Match": etag}
    for name, headers, status in (
        ("full answer (200)", auth, 200),
        ("If-None-Match (304)", conditional, 304),
    ):
        poll(client, url, 1.0, headers, status)  # warm up
        timings = poll(client, url, args.seconds, headers, status)
        per_query = queries_per_request(client, url, headers)
        print(
            f"{name:20s} {len(timings) / sum(timings):7.0f} req/s  "
            f"mean {statistics.mean(timings) * 1000:.2f} ms  "
            f"median {pct(timings, 0.5):.2f} ms  p95 {pct(timings, 0.95):.2f} ms  "
            f"{per_query:.1f} queries/request"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
