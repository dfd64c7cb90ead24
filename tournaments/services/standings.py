"""Standings of an event: loads registrations and confirmed Swiss results, calls the pure
core, and caches the answer keyed by the event's results version (any confirmed result,
drop or entry bumps it, so a cached table is never stale) and the round it is after.

Every reader's standings (pages, API, CSV and spreadsheets, print, the big screen, the
home page) come from ``standings_table`` / ``event_standings``, which decide here, once,
which round they are after: the last completed one (``tournaments.standings.progress``),
so a round's byes and early results count only when the round ends."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from decimal import Decimal

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Q

from config.prepared import hot_cursor
from tournaments.models import Event, Match, Registration, ResultsVersion, Round
from tournaments.models.choices import MatchStatus, RegistrationStatus, RoundKind, RoundStatus
from tournaments.standings import (
    PRESETS,
    MatchResult,
    Override,
    RoundProgress,
    Standing,
    StandingsPlayer,
    StandingsRound,
    compute_standings,
    final_placings,
    standings_round,
)

CACHE_SECONDS = 3600
PERCENT_COLUMNS = ("omw", "gw", "ogw")


def tiebreak_presets() -> list[str]:
    return sorted(PRESETS)


@functools.cache
def _bump_sql() -> str:
    # An upsert: events made before their first result have no row yet. PostgreSQL and
    # SQLite both read this syntax.
    quote = connection.ops.quote_name
    table = quote(ResultsVersion._meta.db_table)
    event, value = (quote(ResultsVersion._meta.get_field(f).column) for f in ("event", "value"))
    return (
        f"INSERT INTO {table} ({event}, {value}) VALUES (%s, 1) "
        f"ON CONFLICT ({event}) DO UPDATE SET {value} = {table}.{value} + 1"
    )


def bump_statement(event_id: int) -> tuple[str, list[int]]:
    """``bump_results_version`` as a statement to run with another write (every confirmed
    report runs it; see ``config.row_writes``)."""
    return _bump_sql(), [event_id]


def bump_results_version(event_id: int) -> None:
    """Call inside the transaction that changes what the standings are computed from,
    after every other lock it takes (the version row is the last in the lock order)."""
    with hot_cursor() as cursor:
        cursor.execute(*bump_statement(event_id))


def results_version(event_id: int) -> int:
    """Read it before what it versions: a table computed from newer data than its key
    says is harmless, the other way round would stay stale."""
    value = ResultsVersion.objects.filter(event_id=event_id).values_list("value", flat=True).first()
    return value or 0


@dataclass(frozen=True)
class StandingRow:
    rank: int
    registration: Registration
    match_points: int
    wins: int
    losses: int
    draws: int
    byes: int
    omw: Decimal
    gw: Decimal
    ogw: Decimal
    dropped: bool
    values: tuple[tuple[str, object], ...]
    # The rank in the Swiss standings; ``rank`` is the final place once the bracket is decided.
    swiss_rank: int | None = None

    @property
    def record(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"


def standings_inputs(event: Event) -> tuple[list[StandingsPlayer], list[MatchResult]]:
    players = [
        StandingsPlayer(
            id=pk,
            dropped=status == RegistrationStatus.DROPPED,
            dropped_after_round=after,
            tie_name=username,
        )
        for pk, status, after, username in event.registrations.exclude(
            status=RegistrationStatus.NO_SHOW
        ).values_list("pk", "status", "dropped_after_round", "player__username")
    ]
    # A draft round's bye is confirmed when it is paired, but counts only once published.
    rows = (
        Match.objects.filter(
            round__event=event, round__kind=RoundKind.SWISS, status=MatchStatus.CONFIRMED
        )
        .exclude(round__status=RoundStatus.DRAFT)
        .values_list(
            "round__number",
            "player_a_id",
            "player_b_id",
            "games_won_a",
            "games_won_b",
            "games_drawn",
            "override",
        )
    )
    results = [
        MatchResult(
            round=n,
            player_a=a,
            player_b=b,
            games_won_a=ga,
            games_won_b=gb,
            games_drawn=gd,
            override=Override(ov) if ov else Override.NONE,
        )
        for n, a, b, ga, gb, gd, ov in rows
    ]
    return players, results


def compute_event_standings(
    event: Event, *, as_of_round: int | None = None
) -> tuple[Standing, ...]:
    """The core's standings (exact values) after ``as_of_round`` exactly (every confirmed
    result when None), cached per results version and round. For pairing, seeding and the
    points before a round; what readers see goes through ``standings_table``."""
    version = results_version(event.pk)
    key = f"standings:{event.pk}:{event.seed}:{event.tiebreaks}:{version}:{as_of_round}"
    standings = cache.get(key)
    if standings is None:
        players, results = standings_inputs(event)
        standings = compute_standings(
            players,
            results,
            tiebreaks=event.tiebreaks,
            as_of_round=as_of_round,
            tie_seed=event.seed,
        )
        cache.set(key, standings, CACHE_SECONDS)
    return standings


def bracket_order(event: Event, swiss_order: list[int]) -> tuple[int, ...] | None:
    """The final order from the top cut (``final_placings``), or None until the final has
    a confirmed winner or when the event has no top cut."""
    rows = (
        Match.objects.filter(round__event=event, round__kind=RoundKind.TOP_CUT)
        .exclude(round__status=RoundStatus.DRAFT)
        .order_by("round__number", "table")
        .values_list("round__number", "player_a_id", "player_b_id", "status", "winner")
    )
    rounds: dict[int, list[tuple[int, int, int | None]]] = {}
    for number, a, b, status, winner in rows:
        decided = status == MatchStatus.CONFIRMED and winner in ("a", "b")
        rounds.setdefault(number, []).append(
            (a, b, (a if winner == "a" else b) if decided else None)
        )
    return final_placings(swiss_order, [rounds[n] for n in sorted(rounds)])


def rounds_progress(event: Event) -> list[RoundProgress]:
    """The published Swiss rounds, each with whether it has ended and its matches still
    without a result (one query)."""
    rows = (
        Round.objects.filter(event=event, kind=RoundKind.SWISS)
        .exclude(status=RoundStatus.DRAFT)
        .annotate(open=Count("matches", filter=~Q(matches__status=MatchStatus.CONFIRMED)))
        .values_list("number", "status", "open")
    )
    return [RoundProgress(n, status == RoundStatus.FINISHED, open_) for n, status, open_ in rows]


def shown_round(event: Event, *, as_of_round: int | None = None) -> StandingsRound:
    """The round the standings readers see are after: the last completed one, or
    ``as_of_round`` when it is earlier (``tournaments.standings.progress``)."""
    return standings_round(rounds_progress(event), requested=as_of_round)


@dataclass(frozen=True)
class StandingsTable:
    """What a reader sees: the rows, which round they are after (``shown``), and whether
    they are the final placings from the top cut."""

    rows: list[StandingRow]
    shown: StandingsRound
    final: bool

    @property
    def after_round(self) -> int:
        """The round the rows are after (0: no round is complete yet)."""
        return self.shown.after

    @property
    def latest_round(self) -> int:
        """The last completed round."""
        return self.shown.latest

    @property
    def playing_round(self) -> int | None:
        """The round being played whose results wait, when the rows are the latest."""
        return self.shown.playing if self.shown.is_latest else None


def standings_table(event: Event, *, as_of_round: int | None = None) -> StandingsTable:
    """The standings a reader sees, after the last completed round or ``as_of_round`` if
    earlier: a round being played counts in none of them, its byes and the results already
    confirmed included, until it ends.

    Once the top-cut final has a winner (and unless ``as_of_round`` asks for the Swiss
    standings of a round), the rows are the final placings: ``rank`` is the final place
    from the bracket and ``swiss_rank`` the Swiss one."""
    shown = shown_round(event, as_of_round=as_of_round)
    standings = compute_event_standings(event, as_of_round=shown.after)
    registrations = {r.pk: r for r in event.registrations.select_related("player")}
    rows = []
    for standing in standings:
        values = dict(standing.values)
        record = standing.record
        rows.append(
            StandingRow(
                rank=standing.rank,
                registration=registrations[standing.player],
                match_points=standing.match_points,
                wins=record.wins,
                losses=record.losses,
                draws=record.draws,
                byes=record.byes,
                omw=standing.decimal("omw") if "omw" in values else Decimal(0),
                gw=standing.decimal("gw") if "gw" in values else Decimal(0),
                ogw=standing.decimal("ogw") if "ogw" in values else Decimal(0),
                dropped=standing.dropped,
                values=standing.values,
                swiss_rank=standing.rank,
            )
        )
    final = False
    if as_of_round is None and event.top_cut and rows:
        order = bracket_order(event, [row.registration.pk for row in rows])
        if order is not None:
            final = True
            by_player = {row.registration.pk: row for row in rows}
            rows = [
                replace(by_player[pk], rank=place)
                for place, pk in enumerate(order, start=1)
                if pk in by_player
            ]
    return StandingsTable(rows, shown, final)


def event_standings(event: Event, *, as_of_round: int | None = None) -> list[StandingRow]:
    """The rows of ``standings_table``, for readers that need only them."""
    return standings_table(event, as_of_round=as_of_round).rows
