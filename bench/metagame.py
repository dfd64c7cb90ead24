"""The metagame over a large data set: cold (computed) and warm (cached) figures.

Makes (once; a second run reuses it) 200 finished Monofacción events of 50 players each
(10,000 deck lists of 16 lines) with 20 rounds of confirmed matches (100,000 matches),
then times the admin's and the public's metagame: cold (every event counted, no cache),
the first read (the same, kept in the cache), warm (cached), and after a result confirmed
at one event (that event recounted, the others' counts read from the cache).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/opm_metagame_bench \\
        REDIS_URL=redis://127.0.0.1:6379/8 timeout 900 python bench/metagame.py
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import time

from _django import setup

EVENTS, PLAYERS, ROUNDS, USERS, SANCTUARIES, CARDS = 200, 50, 20, 2000, 8, 150


def make_data(rng: random.Random) -> None:
    from django.db import transaction

    from accounts.models import User
    from decklists.models import DeckList, DeckListEntry
    from rulings.models import Card, DocumentEntry, DocumentVersion, Edition, RulingsDocument
    from tournaments.models import Event, Match, Registration, Round

    with transaction.atomic():
        edition = Edition.objects.create(code="BENCH", name="Bench", set_size=999)
        factions = ["quimera", "corporacion", "abismales", "acracia"]
        sanctuaries = Card.objects.bulk_create(
            Card(
                edition=edition,
                number=i + 1,
                name=f"Santuario {i + 1}",
                name_key=f"s{i}",
                type="santuario",
                faction=factions[i % 4],
            )
            for i in range(SANCTUARIES)
        )
        cards = Card.objects.bulk_create(
            Card(
                edition=edition,
                number=100 + i,
                name=f"Carta {i}",
                name_key=f"c{i}",
                type="personaje",
                faction=factions[i % 4],
                cost=1 + i % 5,
            )
            for i in range(CARDS)
        )
        users = User.objects.bulk_create(
            User(username=f"bench{i}", display_name=f"Bench {i}", email=f"bench{i}@example.org")
            for i in range(USERS)
        )
        admin = users[0]
        start = dt.date(2026, 1, 1)
        events = Event.objects.bulk_create(
            Event(
                name=f"Bench {i}",
                date=start + dt.timedelta(days=i),
                status="finished",
                format="monofaccion",
                created_by=admin,
            )
            for i in range(EVENTS)
        )
        strength = {s.pk: rng.uniform(0.35, 0.65) for s in sanctuaries}
        regs, lists, meta = [], [], []
        for event in events:
            for user in rng.sample(users, PLAYERS):
                sanctuary = rng.choice(sanctuaries)
                regs.append(Registration(event=event, player=user, status="checked_in"))
                lists.append(DeckList(event=event, player=user, text="-"))
                meta.append(sanctuary)
        Registration.objects.bulk_create(regs, batch_size=5000)
        DeckList.objects.bulk_create(lists, batch_size=5000)
        entries = []
        for deck, sanctuary in zip(lists, meta, strict=True):
            entries.append(DeckListEntry(deck_list=deck, card=sanctuary, quantity=1))
            for card in rng.sample(cards, 15):
                entries.append(DeckListEntry(deck_list=deck, card=card, quantity=rng.randint(1, 4)))
        DeckListEntry.objects.bulk_create(entries, batch_size=10000)
        rounds = Round.objects.bulk_create(
            Round(event=e, number=n + 1, seed=1, status="finished")
            for e in events
            for n in range(ROUNDS)
        )
        by_event: dict[int, list[tuple[Registration, int]]] = {}
        for reg, sanctuary in zip(regs, meta, strict=True):
            by_event.setdefault(reg.event_id, []).append((reg, sanctuary.pk))
        matches = []
        for rnd in rounds:
            players = by_event[rnd.event_id][:]
            rng.shuffle(players)
            for t in range(0, PLAYERS, 2):
                (a, sa), (b, sb) = players[t], players[t + 1]
                roll = rng.random()
                p = 0.5 + strength[sa] - strength[sb]
                winner = "" if roll < 0.05 else ("a" if roll < 0.05 + 0.95 * p else "b")
                score = {"a": (2, 0, 0), "b": (0, 2, 0), "": (1, 1, 1)}[winner]
                matches.append(
                    Match(
                        round=rnd,
                        table=t // 2 + 1,
                        player_a=a,
                        player_b=b,
                        status="confirmed",
                        games_won_a=score[0],
                        games_won_b=score[1],
                        games_drawn=score[2],
                        winner=winner,
                        result_source="players",
                    )
                )
        Match.objects.bulk_create(matches, batch_size=10000)
        document, _ = RulingsDocument.objects.get_or_create(
            slug="humankind-dar", defaults={"title_en": "DAR", "title_es": "DAR"}
        )
        number = document.versions.order_by("-number").values_list("number", flat=True).first() or 0
        version = DocumentVersion.objects.create(
            document=document,
            number=number + 1,
            status="published",
            published_on=dt.date(2026, 4, 1),
        )
        for card in cards[:2]:
            DocumentEntry.objects.create(
                version=version, section="watch_list", key=str(card.pk), card=card
            )


def timed(label: str, fn) -> object:
    started = time.perf_counter()
    value = fn()
    print(f"{label}: {time.perf_counter() - started:.3f} s")
    return value


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup()
    from django.core.cache import cache
    from django.db import connection

    from decklists.models import DeckList
    from metagame.selectors import Filters, compute_metagame, metagame_for
    from tournaments.models import Event, Match
    from tournaments.services.standings import bump_results_version

    if not DeckList.objects.filter(event__name="Bench 0").exists():
        timed("data set made", lambda: make_data(random.Random(args.seed)))
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("ANALYZE")
    print(
        f"database: {connection.vendor}; deck lists: {DeckList.objects.count()}; "
        f"confirmed matches: {Match.objects.filter(status='confirmed').count()}"
    )
    # Every run starts with no metagame in the cache (the bench's own Redis database).
    if hasattr(cache, "delete_pattern"):
        cache.delete_pattern("*metagame:*")
    else:
        cache.clear()
    for name, filters in (
        ("admin", Filters(public=False)),
        ("public from 2026-01-01", Filters(date_from=dt.date(2026, 1, 1))),
    ):
        meta = timed(f"{name}, cold (computed)", lambda f=filters: compute_metagame(f))
        timed(f"{name}, first read (computed and cached)", lambda f=filters: metagame_for(f))
        timed(f"{name}, warm (cached)", lambda f=filters: metagame_for(f))
        bump_results_version(Event.objects.get(name="Bench 7").pk)  # a result confirmed there
        timed(
            f"{name}, after a result at one event (it alone recounted)",
            lambda f=filters: metagame_for(f),
        )
        print(
            f"  {meta.lists} lists, {meta.matches} matches, {len(meta.sanctuaries)} Sanctuary "
            f"rows, {len(meta.cards)} card rows, {len(meta.watch)} watch-listed cards"
        )


if __name__ == "__main__":
    main()
