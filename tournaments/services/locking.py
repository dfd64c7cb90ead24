"""Row locks, always taken in one order, so that no two actions can wait on each other:

    event -> draft pod -> round -> match -> judge call -> registration
          -> the event's results version

each kind by primary key. An action may skip kinds, never go back: an action that holds a
match never then locks its event or round, and one that holds a registration never then
locks a match. The results version (``ResultsVersion``) is bumped last, after every other
lock, by whatever changes the standings; its row is separate from the event's precisely so
that a confirmed report, which holds its match, never waits on the event that a judge's
action holds while it waits for that match.

The locks are ``FOR NO KEY UPDATE``: they never change a key, so they do not block the
``FOR KEY SHARE`` locks PostgreSQL takes on a referenced row when another transaction
inserts a report, penalty or audit entry pointing at it (an audit entry of any action
points at the event).

A judge call is locked after its match and before any registration: answering a call with
a time extension or a penalty holds the match (and, for a penalty, the event before it),
then the call, then lets the clock or penalty service take the player's registration; a
claim, a release, an escalation or a player's cancellation locks the call alone.

A draft pod's row guards everything of that pod (seats, auction decks, packs, card
instances, picks): a pick, a deadline applied by a worker, the sweep or a read, and a
judge's action on the pod all lock the pod first and write the rest only while holding it.
A judge's action locks the event, then the pod; a player's pick locks the pod alone.

The draft pod's lock is ``drafts.services.locking.lock_pod`` and the judge call's
``judge_calls.services.lock_judge_call``: they sit in their apps, in this order.

Every read-modify-write of tournament state starts here, inside ``transaction.atomic``.
Only the named row is locked (``of=("self",)``), never the rows joined for display.
"""

from __future__ import annotations

import functools
from typing import TypeVar

from django.db import connection
from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import NotFoundError
from config.joined_rows import JoinedRows, quoted
from config.prepared import hot_cursor
from tournaments.models import Event, Match, Registration, Round

M = TypeVar("M", bound=Model)


def lock_row(queryset: QuerySet[M], pk: int, message: str) -> M:
    """One row by primary key, locked; the other apps' lock functions use it too."""
    # No ORDER BY: a primary-key lookup needs none, and the models' default orderings
    # would join and sort the related tables.
    rows = list(queryset.select_for_update(of=("self",), no_key=True).filter(pk=pk).order_by()[:1])
    if not rows:
        raise NotFoundError(message)
    return rows[0]


def lock_event(event_id: int) -> Event:
    return lock_row(Event.objects.all(), event_id, _("There is no such event."))


def lock_round(round_id: int) -> Round:
    return lock_row(Round.objects.select_related("event"), round_id, _("There is no such round."))


@functools.cache
def _match_rows(with_users: bool) -> tuple[JoinedRows, str]:
    parts = [(Match, "m"), (Round, "r"), (Event, "e"), (Registration, "pa"), (Registration, "pb")]
    joins = [
        f"JOIN {quoted(Round)} r ON r.id = m.round_id",
        f"JOIN {quoted(Event)} e ON e.id = r.event_id",
        f"JOIN {quoted(Registration)} pa ON pa.id = m.player_a_id",
        f"LEFT JOIN {quoted(Registration)} pb ON pb.id = m.player_b_id",
    ]
    if with_users:
        parts += [(User, "ua"), (User, "ub")]
        joins += [
            f"JOIN {quoted(User)} ua ON ua.id = pa.player_id",
            f"LEFT JOIN {quoted(User)} ub ON ub.id = pb.player_id",
        ]
    rows = JoinedRows(*parts)
    # SQLite has no row locks: its transactions take the database's write lock at BEGIN.
    lock = " FOR NO KEY UPDATE OF m" if connection.features.has_select_for_update_of else ""
    sql = f"SELECT {rows.select_list} FROM {quoted(Match)} m " + " ".join(joins)
    return rows, sql + f" WHERE m.id = %s{lock}"


def lock_match(match_id: int, *, with_users: bool = True) -> Match:
    """The match, its round and event and both registrations; with their users (names) unless
    the caller only needs the registrations (the hot path of result reports).

    Built from one precompiled query (see ``config.joined_rows``): this is the first thing
    every result report does, and the equivalent queryset costs more to build than to run.

    Read anything that other holders of the match lock write (reports, penalties) in a
    later statement: under READ COMMITTED this one may have waited for the lock, and it
    still sees the other tables as they were when it started."""
    rows, sql = _match_rows(with_users)
    with hot_cursor() as cursor:
        cursor.execute(sql, [match_id])
        row = cursor.fetchone()
    if row is None:
        raise NotFoundError(_("There is no such match."))
    match, round_, event, player_a, player_b, *users = rows.build(row)
    round_.event = event
    match.round = round_
    match.player_a = player_a
    match.player_b = player_b
    if users:
        player_a.player = users[0]
        if player_b is not None:
            player_b.player = users[1]
    return match


def lock_registration(registration_id: int) -> Registration:
    return lock_row(
        Registration.objects.select_related("event", "player"),
        registration_id,
        _("There is no such registration."),
    )


def event_of_registration(registration_id: int) -> int:
    """The event id, read without a lock, so the event can be locked first."""
    event_id = (
        Registration.objects.filter(pk=registration_id).values_list("event_id", flat=True).first()
    )
    if event_id is None:
        raise NotFoundError(_("There is no such registration."))
    return event_id


def event_of_round(round_id: int) -> int:
    event_id = Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise NotFoundError(_("There is no such round."))
    return event_id


def lock_event_rows(event: Event) -> None:
    """Every round, match and registration of an event, in the lock order, for an action
    that rewrites the whole event (an archive import); the caller holds the event."""
    for queryset in (
        Round.objects.filter(event=event),
        Match.objects.filter(round__event=event),
        Registration.objects.filter(event=event),
    ):
        list(
            queryset.select_for_update(of=("self",), no_key=True)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
