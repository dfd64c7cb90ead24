"""Each event's share of the metagame, cached on its own.

Every figure is a sum over events (a list and a match belong to one event), so an event's
grouped counts are computed once and kept under a key made of what they are computed from:
the event's results version (bumped in the same transaction as every confirmed or
corrected result, bye and drop), its deck lists (how many, the last change) and its date.
A result confirmed at a running event recomputes that event's counts alone; a finished
event's counts are read from the cache for as long as it keeps them.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import Count, Max, OuterRef, QuerySet, Subquery

from metagame import queries
from metagame.core.rates import WinRate
from metagame.match_sql import match_sums
from tournaments.models import Event, ResultsVersion

# Keys follow the data, so a part is never stale; a finished event's part is read back for a
# month before it is counted again.
PART_SECONDS = 30 * 24 * 3600
# In every key: a change to what a part holds (its classes) takes new keys, so a cache filled
# by an older release is never read back into the new shapes.
PART_FORMAT = 2


@dataclass(frozen=True)
class EventPart:
    date: dt.date
    lists: dict[str, int] = field(default_factory=dict)  # per Sanctuary key
    cells: dict[tuple[str, str], WinRate] = field(default_factory=dict)
    cards: dict[int, queries.CardSums] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.lists.values())

    @property
    def matches(self) -> int:
        # each match is in two cells (one per side), a mirror twice in its own
        return sum(w.matches for w in self.cells.values()) // 2


def event_versions(events: QuerySet[Event]) -> dict[int, str]:
    """Each event's cache key, in one query."""
    rows = events.values("pk", "date").annotate(
        n=Count("deck_lists"),
        last=Max("deck_lists__updated_at"),
        rv=Subquery(ResultsVersion.objects.filter(event=OuterRef("pk")).values("value")[:1]),
    )
    out = {}
    for r in rows:
        raw = f"{r['pk']}|{r['date']}|{r['n']}|{r['last']}|{r['rv']}"
        out[r["pk"]] = (
            f"metagame:event:{PART_FORMAT}:" + hashlib.sha256(raw.encode()).hexdigest()[:32]
        )
    return out


def compute_parts(event_ids: list[int]) -> dict[int, EventPart]:
    """The grouped counts of these events, each query grouped by event."""
    if not event_ids:
        return {}
    events = Event.objects.filter(pk__in=event_ids)
    dates = dict(events.values_list("pk", "date"))
    sanctuaries = list(queries.sanctuary_ids())
    lists = queries.lists_by_sanctuary(events, sanctuaries)
    sums = match_sums(events, sanctuaries)
    cells = queries.sanctuary_cells(sums)
    cards = queries.card_sums(events, sums)
    return {
        pk: EventPart(
            date=day,
            lists=lists.get(pk, {}),
            cells=cells.get(pk, {}),
            cards=cards.get(pk, {}),
        )
        for pk, day in dates.items()
    }


def event_parts(versions: dict[int, str]) -> dict[int, EventPart]:
    """The parts of these events (``event_versions``): from the cache, the missing ones
    computed together and kept."""
    found = cache.get_many(list(versions.values()))
    parts = {pk: found[key] for pk, key in versions.items() if key in found}
    missing = [pk for pk in versions if pk not in parts]
    if missing:
        fresh = compute_parts(missing)
        cache.set_many({versions[pk]: part for pk, part in fresh.items()}, PART_SECONDS)
        parts.update(fresh)
    return parts
