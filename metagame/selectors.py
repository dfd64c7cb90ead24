"""The metagame as a reader may see it: the filters, the figures, the public threshold, and
the cache that keeps them until a result, a list or the rulings document changes."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field, replace

from django.core.cache import cache
from django.db.models import Count, Max, Min, QuerySet
from django.utils.translation import gettext as _

from decklists.rules import lists_public_q
from metagame import queries
from metagame.core.rates import NO_MATCHES, WinRate
from metagame.core.tables import (
    OTHER,
    PUBLIC_THRESHOLD,
    Matchup,
    ShareRow,
    card_win_rate,
    grouping,
    matchup_table,
    share,
    share_rows,
)
from metagame.partials import PART_FORMAT, EventPart, compute_parts, event_parts, event_versions
from tournaments.models import Event
from tournaments.models.choices import EventFormat, GameKind

# The formats whose lists the metagame reads.
FORMATS = (EventFormat.MONOFACCION, EventFormat.MULTIFACCION, EventFormat.BOOSTER_DRAFT)
CACHE_SECONDS = 600  # a bound on staleness the data version cannot see (an event's date moved)


@dataclass(frozen=True)
class Filters:
    game: str = GameKind.HUMANKIND
    format: str = EventFormat.MONOFACCION
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    event_ids: tuple[int, ...] = ()
    public: bool = True

    def cache_key(self, version: str) -> str:
        raw = "|".join(
            str(v)
            for v in (
                self.game,
                self.format,
                self.date_from,
                self.date_to,
                ",".join(map(str, sorted(self.event_ids))),
                self.public,
                version,
            )
        )
        return f"metagame:{PART_FORMAT}:" + hashlib.sha256(raw.encode()).hexdigest()[:32]


def events_for(filters: Filters) -> QuerySet[Event]:
    """The events a metagame is read from; for the public, only those whose lists are public
    in aggregate (``decklists.rules.lists_public_q``)."""
    events = Event.objects.filter(game=filters.game, format=filters.format)
    if filters.date_from:
        events = events.filter(date__gte=filters.date_from)
    if filters.date_to:
        events = events.filter(date__lte=filters.date_to)
    if filters.event_ids:
        events = events.filter(pk__in=filters.event_ids)
    if filters.public:
        events = events.filter(lists_public_q())
    return events


@dataclass(frozen=True)
class CardRow:
    key: str
    name: str
    lists: int
    share: float | None
    average_copies: float | None
    win: WinRate


@dataclass(frozen=True)
class TrendRow:
    month: dt.date
    since: bool
    total_lists: int
    # None where the public may not see the month (too few lists behind it)
    row: CardRow | None


@dataclass(frozen=True)
class WatchTrend:
    card: CardRow | None  # over the whole period, as in the per-card table
    name: str
    listed_on: dt.date
    before: CardRow | None
    since: CardRow | None
    months: list[TrendRow]


@dataclass(frozen=True)
class Metagame:
    filters: Filters
    lists: int
    matches: int
    labels: dict[str, str]
    sanctuaries: list[ShareRow]
    factions: list[ShareRow]
    matchup: Matchup
    cards: list[CardRow]
    cards_left_out: int
    watch: list[WatchTrend] = field(default_factory=list)

    @property
    def threshold(self) -> int:
        return PUBLIC_THRESHOLD if self.filters.public else 1

    def label(self, key: str) -> str:
        return self.labels.get(key, key)


def data_version(filters: Filters) -> tuple[str, dict[int, str]]:
    """A key that moves whenever what this metagame is computed from changes (any of its
    events' key, ``partials.event_versions``, or the events chosen), with the events' keys;
    and a rulings version published (the watch list)."""
    from rulings.models import DocumentVersion

    versions = event_versions(events_for(filters))
    rulings = DocumentVersion.objects.filter(status="published").aggregate(
        n=Count("pk"), last=Max("published_at")
    )
    raw = repr((sorted(versions.items()), rulings))
    return hashlib.sha256(raw.encode()).hexdigest(), versions


def metagame_for(filters: Filters) -> Metagame:
    """The metagame for these filters, from the cache while nothing it reads has changed;
    else from each event's cached counts, only the changed events counted again."""
    version, versions = data_version(filters)
    key = filters.cache_key(version)
    found = cache.get(key)
    if found is None:
        found = combine(filters, event_parts(versions))
        cache.set(key, found, CACHE_SECONDS)
    return found


def _card_row(key: str, name: str, sums: queries.CardSums, total: int) -> CardRow:
    return CardRow(
        key=key,
        name=name,
        lists=sums.lists,
        share=share(sums.lists, total),
        average_copies=sums.copies / sums.lists if sums.lists else None,
        win=card_win_rate(sums.side_points, sums.sides, sums.both),
    )


def _publishable(lists: int, total: int, threshold: int) -> bool:
    """A card's row stands on the lists that play it and those that do not: both groups
    must reach the threshold, or one list could be read out of the other."""
    return lists >= threshold and total - lists >= threshold


def compute_metagame(filters: Filters) -> Metagame:
    """The metagame counted afresh (no cache): what the benchmark's cold figure times."""
    return combine(filters, compute_parts(list(events_for(filters).values_list("pk", flat=True))))


def combine(filters: Filters, parts: dict[int, EventPart]) -> Metagame:
    """The metagame of these events' counts, with the threshold of the filters' reader."""
    from rulings.models import Card
    from rulings.models.choices import FactionChoice

    threshold = PUBLIC_THRESHOLD if filters.public else 1
    sanctuaries = queries.sanctuary_ids()
    labels = {str(pk): name for pk, (name, _faction) in sanctuaries.items()}
    labels[queries.NO_SANCTUARY] = _("No Sanctuary")
    labels[OTHER] = _("Other")
    faction_of = {
        str(pk): faction or queries.NO_SANCTUARY for pk, (_n, faction) in sanctuaries.items()
    }
    faction_of[queries.NO_SANCTUARY] = queries.NO_SANCTUARY
    for value, label in FactionChoice.choices:
        labels[f"faction:{value}"] = str(label)
    labels[f"faction:{queries.NO_SANCTUARY}"] = _("No faction")

    by_sanctuary: dict[str, int] = {}
    cells: dict[tuple[str, str], WinRate] = {}
    running: dict[int, list] = {}
    for part in parts.values():
        for k, n in part.lists.items():
            by_sanctuary[k] = by_sanctuary.get(k, 0) + n
        for pair, win in part.cells.items():
            cells[pair] = cells.get(pair, NO_MATCHES) + win
        for card, card_sums in part.cards.items():
            # added up in place: a metagame adds some 30,000 of these over 200 events
            acc = running.get(card)
            if acc is None:
                running[card] = list(card_sums)
            else:
                for i, value in enumerate(card_sums):
                    acc[i] += value
    sums = {card: queries.CardSums(*acc) for card, acc in running.items()}
    total = sum(by_sanctuary.values())
    sanctuary_rows = _small_other_hidden(
        share_rows(by_sanctuary, cells, threshold=threshold), threshold
    )
    group = grouping(by_sanctuary, threshold)
    matchup = matchup_table(cells, [k for r in sanctuary_rows for k in r.members], group)
    if any(r.is_other and r.lists < threshold for r in sanctuary_rows):
        matchup = _without_other(matchup)

    def faction_key(sanctuary: str) -> str:
        return f"faction:{faction_of.get(sanctuary, queries.NO_SANCTUARY)}"

    by_faction: dict[str, int] = {}
    for key, n in by_sanctuary.items():
        by_faction[faction_key(key)] = by_faction.get(faction_key(key), 0) + n
    faction_cells: dict[tuple[str, str], WinRate] = {}
    for (a, b), win in cells.items():
        pair = (faction_key(a), faction_key(b))
        faction_cells[pair] = faction_cells.get(pair, WinRate(0.0, 0)) + win
    faction_rows = _small_other_hidden(
        share_rows(by_faction, faction_cells, threshold=threshold), threshold
    )

    names = dict(Card.objects.filter(pk__in=list(sums)).values_list("pk", "name"))
    cards, left_out = [], 0
    for card_id, s in sums.items():
        if not s.lists:
            continue
        if not _publishable(s.lists, total, threshold):
            left_out += 1
            continue
        cards.append(_card_row(str(card_id), names.get(card_id, "?"), s, total))
    cards.sort(key=lambda r: (-r.lists, r.name))

    return Metagame(
        filters=filters,
        lists=total,
        matches=sum(part.matches for part in parts.values()),
        labels=labels,
        sanctuaries=sanctuary_rows,
        factions=faction_rows,
        matchup=matchup,
        cards=cards,
        cards_left_out=left_out,
        watch=_watch_trends(parts, cards, threshold),
    )


def _small_other_hidden(rows: list[ShareRow], threshold: int) -> list[ShareRow]:
    """ "Other" with fewer lists than the threshold keeps its share but shows no rate (its
    few lists could be told apart by their results)."""
    return [
        replace(r, win=WinRate(0.0, 0)) if r.is_other and r.lists < threshold else r for r in rows
    ]


def _without_other(matchup: Matchup) -> Matchup:
    keys = tuple(k for k in matchup.keys if k != OTHER)
    cells = {p: w for p, w in matchup.cells.items() if OTHER not in p}
    mirrors = {k: n for k, n in matchup.mirrors.items() if k != OTHER}
    return Matchup(keys=keys, cells=cells, mirrors=mirrors)


def watch_listed() -> dict[int, dt.date]:
    """The cards on the watch list of the latest published rulings version, each with the
    day the first version that listed it came into force."""
    from rulings.core.document import Section
    from rulings.models import DocumentEntry
    from rulings.selectors import document_find, latest_published

    document = document_find()
    latest = latest_published(document) if document else None
    if latest is None:
        return {}
    current = DocumentEntry.objects.filter(version=latest, section=Section.WATCH_LIST).values(
        "card"
    )
    first = (
        DocumentEntry.objects.filter(
            version__document=document,
            version__status="published",
            section=Section.WATCH_LIST,
            card__in=current,
        )
        .values("card")
        .annotate(first=Min("version__published_on"))
    )
    return {r["card"]: r["first"] + dt.timedelta(days=1) for r in first}


def _watch_trends(
    parts: dict[int, EventPart], cards: list[CardRow], threshold: int
) -> list[WatchTrend]:
    from rulings.models import Card

    listed = watch_listed()
    if not listed:
        return []
    names = dict(Card.objects.filter(pk__in=listed).values_list("pk", "name"))
    whole = {r.key: r for r in cards}
    out = []
    for card_id, listed_on in sorted(listed.items(), key=lambda kv: names.get(kv[0], "")):
        name = names.get(card_id, "?")
        totals: dict[tuple[dt.date, bool], int] = {}
        sums: dict[tuple[dt.date, bool], queries.CardSums] = {}
        for part in parts.values():
            key = (part.date.replace(day=1), part.date >= listed_on)
            totals[key] = totals.get(key, 0) + part.total
            found = part.cards.get(card_id)
            if found is not None:
                sums[key] = sums.get(key, queries.CardSums()) + found
        months: list[TrendRow] = []
        halves = {False: queries.CardSums(), True: queries.CardSums()}
        half_totals = {False: 0, True: 0}
        for (month, since), n in sorted(totals.items()):
            s = sums.get((month, since), queries.CardSums())
            halves[since] = halves[since] + s
            half_totals[since] += n
            row = _card_row(str(card_id), name, s, n)
            months.append(
                TrendRow(
                    month=month,
                    since=since,
                    total_lists=n,
                    row=row if _publishable(s.lists, n, threshold) else None,
                )
            )
        before, since_ = (
            _card_row(str(card_id), name, halves[h], half_totals[h])
            if _publishable(halves[h].lists, half_totals[h], threshold)
            else None
            for h in (False, True)
        )
        out.append(
            WatchTrend(
                card=whole.get(str(card_id)),
                name=name,
                listed_on=listed_on,
                before=before,
                since=since_,
                months=months,
            )
        )
    return out
