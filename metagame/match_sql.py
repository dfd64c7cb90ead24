"""The match side of the metagame, as SQL over a table of the ORM's own match rows.

Measured need (bench/metagame.py, 10,000 lists and 100,000 matches on PostgreSQL 15):

- the per-card sums as ORM joins (each match joined to every card of both lists) took
  10-13 s. Here the matches are reduced to one row per deck list first (its points and
  matches) and joined to the cards once; only the count of matches where both lists play a
  card joins each match to its two lists' cards (1.6 million joined rows, about 0.5 s
  unloaded: the cost that remains). The ORM cannot join to an aggregate;
- every aggregate starts from the same join of a match to its players' lists at its event
  (nine tables, 0.2-0.3 s), which the ORM would make once per query. It is made once, from
  the ORM's own query (``played_matches``, so which matches count is decided in one place),
  into a temporary table of one row per match: the Sanctuary pairings (0.4 s as an ORM
  query over the join, 0.1 s here) and the card sums are read from it;
- PostgreSQL misjudges that join (on event and player) a thousandfold, and with the
  misjudged row count it picked merge or nested-loop joins (the per-card sums took 2.1 s
  where hash joins took 1.1 s); the temporary table is analysed, so every later join is
  planned on its true size (no planner switches).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from django.db import connection, transaction
from django.db.models import F, FilteredRelation, FloatField, Q, QuerySet
from django.db.models.functions import Cast

from decklists.models import DeckListEntry
from tournaments.models import Event, Match

TABLE = "metagame_played_match"


class MatchSums(NamedTuple):
    # (event, Sanctuary of A or None, Sanctuary of B or None, A's points, matches)
    cells: list[tuple[int, int | None, int | None, float, int]]
    # (event, card, points of the sides whose list plays it, those sides, matches where both do)
    cards: list[tuple[int, int, float, int, int]]


def _match_rows(matches: QuerySet[Match]) -> tuple[str, tuple]:
    """(SQL, params) of one row per match: its two deck lists, A's points, its event."""
    from metagame.queries import LIST, points

    rows = (
        matches.annotate(
            la=FilteredRelation(
                LIST["a"], condition=Q(**{f"{LIST['a']}__event": F("round__event")})
            ),
            lb=FilteredRelation(
                LIST["b"], condition=Q(**{f"{LIST['b']}__event": F("round__event")})
            ),
        )
        .filter(la__isnull=False, lb__isnull=False)
        .order_by()  # a set of rows: the model's ordering would sort 100,000 of them
        .values(
            list_a=F("la__id"),
            list_b=F("lb__id"),
            # a float in the database too (its literals would make it a slower numeric)
            pa=Cast(points("a"), FloatField()),
            event=F("round__event"),
        )
    )
    return rows.query.sql_with_params()


def match_sums(events: QuerySet[Event], sanctuaries: Iterable[int]) -> MatchSums:
    """The Sanctuary pairings and the per-card match sums of these events' played matches."""
    from metagame.queries import played_matches

    match_sql, params = _match_rows(played_matches(events))
    qn = connection.ops.quote_name
    table, entry = qn(TABLE), qn(DeckListEntry._meta.db_table)
    ids = [int(pk) for pk in sanctuaries]
    # a list without a Sanctuary among these cards has none (an empty IN is not SQL)
    marks = ", ".join(["%s"] * len(ids))

    def is_sanctuary(alias: str) -> str:
        return f"{alias}.card_id IN ({marks})" if ids else "1 = 0"

    cells_sql = f"""
        SELECT m.event, sa.card_id, sb.card_id, SUM(m.pa), COUNT(*)
        FROM {table} m
        LEFT JOIN {entry} sa ON sa.deck_list_id = m.list_a AND {is_sanctuary("sa")}
        LEFT JOIN {entry} sb ON sb.deck_list_id = m.list_b AND {is_sanctuary("sb")}
        GROUP BY m.event, sa.card_id, sb.card_id
    """
    cards_sql = f"""
        WITH sides AS (
            SELECT list_a AS list, pa AS p, event FROM {table}
            UNION ALL SELECT list_b AS list, 1 - pa AS p, event FROM {table}
        ),
        per_list AS (
            -- an integer count: PostgreSQL adds bigints up as numeric, far slower
            SELECT list, SUM(p) AS w, CAST(COUNT(*) AS INTEGER) AS n, MIN(event) AS event
            FROM sides GROUP BY list
        ),
        s AS (
            SELECT pl.event AS event, e.card_id AS card, SUM(pl.w) AS w, SUM(pl.n) AS n
            FROM {entry} e JOIN per_list pl ON pl.list = e.deck_list_id
            GROUP BY pl.event, e.card_id
        ),
        bo AS (
            SELECT m.event AS event, e.card_id AS card, COUNT(*) AS n
            FROM {table} m JOIN {entry} e ON e.deck_list_id = m.list_a
            JOIN {entry} eb ON eb.deck_list_id = m.list_b AND eb.card_id = e.card_id
            GROUP BY m.event, e.card_id
        )
        SELECT s.event, s.card, s.w, s.n, COALESCE(bo.n, 0)
        FROM s LEFT JOIN bo ON bo.card = s.card AND bo.event = s.event
    """
    # The table lives in this transaction: dropped at its end, or rolled back with it.
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"CREATE TEMPORARY TABLE {table} AS {match_sql}", params)
        if connection.vendor == "postgresql":
            cursor.execute(f"ANALYZE {table}")
        cursor.execute(cells_sql, ids * 2)
        # as the database gives them: integers, and floats for the points
        cells = cursor.fetchall()
        cursor.execute(cards_sql)
        cards = cursor.fetchall()
        cursor.execute(f"DROP TABLE {table}")
    return MatchSums(cells=cells, cards=cards)
