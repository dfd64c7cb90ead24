"""The match side of the per-card figures, as one SQL statement over the ORM's own queries.

Measured need (bench/metagame.py, 10,000 lists and 100,000 matches on PostgreSQL): the same
sums as ORM joins (each match joined to every card of both lists) took 10-13 s, because
PostgreSQL misjudges a join on (event, player) by a factor of a thousand and builds its hash
on the wrong side. Here the matches are reduced to one row per deck list first (its points
and matches), joined to the cards once (not once per match), and only the count of matches
where both lists play a card joins each match to its two lists' cards. The match rows and
the events come from the ORM (``played_matches``), so which matches count is decided in one
place; this module only adds the grouping the ORM cannot express (a join to an aggregate).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from django.db import connection, transaction
from django.db.models import F, FilteredRelation, Q, QuerySet

from decklists.models import DeckListEntry
from tournaments.models import Event, Match


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
        .values(list_a=F("la__id"), list_b=F("lb__id"), pa=points("a"), event=F("round__event"))
    )
    return rows.query.sql_with_params()


def card_match_sums(events: QuerySet[Event]) -> list[tuple[int, int, float, int, int]]:
    """Rows ``(event, card, side_points, sides, both)``: the points and matches of every side
    whose list plays the card, and the matches where both lists play it."""
    from metagame.queries import played_matches

    match_sql, params = _match_rows(played_matches(events))
    entry = connection.ops.quote_name(DeckListEntry._meta.db_table)
    sql = f"""
        WITH m AS MATERIALIZED ({match_sql}),
        sides AS (
            SELECT list_a AS list, pa AS p, event FROM m
            UNION ALL SELECT list_b AS list, 1.0 - pa AS p, event FROM m
        ),
        per_list AS (
            SELECT list, SUM(p) AS w, COUNT(*) AS n, MIN(event) AS event
            FROM sides GROUP BY list
        ),
        s AS (
            SELECT pl.event AS event, e.card_id AS card, SUM(pl.w) AS w, SUM(pl.n) AS n
            FROM {entry} e JOIN per_list pl ON pl.list = e.deck_list_id
            GROUP BY 1, 2
        ),
        bo AS (
            SELECT m.event AS event, e.card_id AS card, COUNT(*) AS n
            FROM m JOIN {entry} e ON e.deck_list_id = m.list_a
            JOIN {entry} eb ON eb.deck_list_id = m.list_b AND eb.card_id = e.card_id
            GROUP BY 1, 2
        )
        SELECT s.event, s.card, s.w, s.n, COALESCE(bo.n, 0)
        FROM s LEFT JOIN bo ON bo.card = s.card AND bo.event = s.event
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [(int(ev), int(card), float(w), int(n), int(b)) for ev, card, w, n, b in rows]


@contextlib.contextmanager
def hash_joins(*, many: bool = True) -> Iterator[None]:
    """A transaction in which PostgreSQL joins by hash when ``many`` events are counted: its
    row guess for a match joined to its players' lists is off a thousandfold (see above),
    and the merge or nested-loop joins it then picks take seconds where hash joins take a
    fraction of one. For a few events its own choice (index lookups) is the right one."""
    with transaction.atomic():
        if many and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL enable_mergejoin = off")
                cursor.execute("SET LOCAL enable_nestloop = off")
        yield
