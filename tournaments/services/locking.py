"""Row locks, always taken in the same order: event, then round, then matches by primary key.

Every read-modify-write of tournament state starts here, inside ``transaction.atomic``.
Only the named row is locked (``of=("self",)``), never the rows joined for display.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

from config.errors import NotFoundError
from tournaments.models import Event, Match, Penalty, Registration, Round


def _get_locked(queryset: QuerySet, pk: int, message: str):
    # No ORDER BY: a primary-key lookup needs none, and the models' default orderings
    # would join and sort the related tables.
    rows = list(queryset.select_for_update(of=("self",)).filter(pk=pk).order_by()[:1])
    if not rows:
        raise NotFoundError(message)
    return rows[0]


def lock_event(event_id: int) -> Event:
    return _get_locked(Event.objects.all(), event_id, _("There is no such event."))


def lock_round(round_id: int) -> Round:
    return _get_locked(
        Round.objects.select_related("event"), round_id, _("There is no such round.")
    )


def lock_match(match_id: int, *, with_users: bool = True) -> Match:
    """The match, its round and event and both registrations; with their users (names) unless
    the caller only needs the registrations (the hot path of result reports)."""
    related = (
        ("round__event", "player_a__player", "player_b__player")
        if with_users
        else ("round__event", "player_a", "player_b")
    )
    # Whether any game loss was given in the match comes with the lock, so a report
    # without penalties (nearly all of them) needs no second query for them.
    has_game_loss = Exists(Penalty.objects.filter(match=OuterRef("pk"), kind="game_loss"))
    return _get_locked(
        Match.objects.select_related(*related).annotate(has_game_loss=has_game_loss),
        match_id,
        _("There is no such match."),
    )


def lock_registration(registration_id: int) -> Registration:
    return _get_locked(
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
