"""Row locks, always taken in the same order: event, then round, then matches by primary key.

Every read-modify-write of tournament state starts here, inside ``transaction.atomic``.
Only the named row is locked (``of=("self",)``), never the rows joined for display.
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from config.errors import NotFoundError
from tournaments.models import Event, Match, Registration, Round


def _get_locked(queryset: QuerySet, pk: int, message: str):
    obj = queryset.select_for_update(of=("self",)).filter(pk=pk).first()
    if obj is None:
        raise NotFoundError(message)
    return obj


def lock_event(event_id: int) -> Event:
    return _get_locked(Event.objects.all(), event_id, _("There is no such event."))


def lock_round(round_id: int) -> Round:
    return _get_locked(
        Round.objects.select_related("event"), round_id, _("There is no such round.")
    )


def lock_match(match_id: int) -> Match:
    return _get_locked(
        Match.objects.select_related("round__event", "player_a__player", "player_b__player"),
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
