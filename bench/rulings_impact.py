"""The impact of a rulings version on registered deck lists: python bench/rulings_impact.py

Builds ``--events`` upcoming Monofacción events with ``--lists`` registered lists each (41
cards; every other list plays the card the draft bans), in a fresh SQLite file unless
``DATABASE_URL`` names a database (then it must be a scratch one: rows are added to it), and
times ``decklists.rulings_impact.rulings_impact`` for a draft that bans one card and
watch-lists another, with its number of queries. Target: under 1 s for 5,000 lists, a fixed
number of queries. Exit status 1 if the median misses the target.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET_S = 1.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--lists", type=int, default=250)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        scratch = Path(tempfile.mkdtemp()) / "impact.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}"
    from bench._django import setup

    setup()
    import datetime as dt

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from accounts.models import User
    from decklists.models import DeckList, DeckListEntry
    from decklists.rulings_impact import rulings_impact
    from rulings import selectors
    from rulings.demo import load_rulings_data
    from rulings.models import Card
    from rulings.services import document_entry_save, document_version_start_draft
    from tournaments.models import Event, Registration

    load_rulings_data(sample=True)
    admin = User.objects.create(
        username="bench-admin", email="bench-admin@example.org", is_staff=True, is_superuser=True
    )
    quimera = list(Card.objects.filter(faction="quimera", number__gt=100).order_by("number"))
    suero = Card.objects.get(edition__code="DV", number=110)
    caparazon = Card.objects.get(edition__code="DV", number=111)
    plain = [c for c in quimera if c.pk not in (suero.pk, caparazon.pk)][:10]
    day = timezone.localdate() + dt.timedelta(days=30)
    players = User.objects.bulk_create(
        User(username=f"bench-{i}", email=f"bench-{i}@example.org", display_name=f"Player {i}")
        for i in range(args.lists)
    )
    for e in range(args.events):
        event = Event.objects.create(
            name=f"Bench {e}", date=day, format="monofaccion", created_by=admin
        )
        Registration.objects.bulk_create(Registration(event=event, player=p) for p in players)
        lists = DeckList.objects.bulk_create(
            DeckList(event=event, player=p, text="") for p in players
        )
        entries = []
        for i, deck in enumerate(lists):
            cards = [*plain, suero if i % 2 else caparazon]
            entries += [DeckListEntry(deck_list=deck, card=c, quantity=4) for c in cards]
        DeckListEntry.objects.bulk_create(entries, batch_size=5000)
    draft = document_version_start_draft(document=selectors.document_get(), actor=admin)
    document_entry_save(version=draft, section="banned_list", card=suero, formats=["monofaccion"])
    document_entry_save(version=draft, section="watch_list", card=caparazon)

    times = []
    for _ in range(args.repeat):
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            report = rulings_impact(draft, timezone.localdate())
            times.append(time.perf_counter() - start)
    total = args.events * args.lists
    median = statistics.median(times)
    print(f"{connection.vendor}: {total} lists in {args.events} events")
    print(
        f"impact: {report.impact.illegal_count} illegal, {report.impact.watched_count} warned; "
        f"{len(queries.captured_queries)} queries"
    )
    print(f"fastest {min(times):.3f} s, median {median:.3f} s (target {TARGET_S} s)")
    return 0 if median <= TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
