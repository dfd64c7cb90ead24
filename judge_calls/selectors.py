"""Reads of judge calls for pages, the API and the print view. Who sees which call is the
reader's ``EventVisibility`` (``tournaments.visibility``): the event's judges see every call,
a player only their own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Q, QuerySet
from django.utils import timezone

from judge_calls.models import OPEN_STATES, JudgeCall
from judge_calls.times import CallRow, RoundCallTimes, call_times

if TYPE_CHECKING:
    from tournaments.models import Event, Match, Registration
    from tournaments.visibility import EventVisibility

CALL_RELATED = (
    "event",
    "round",
    "match__player_a__player",
    "match__player_b__player",
    "caller__player",
    "claimed_by",
    "escalated_by",
    "resolved_by",
    "penalty__registration__player",
)


def visible_calls(event: Event, visibility: EventVisibility) -> QuerySet[JudgeCall]:
    """The event's calls this reader may see, oldest first (the queue's order: by how long
    the player has been waiting)."""
    calls = JudgeCall.objects.filter(event=event).select_related(*CALL_RELATED)
    if not visibility.runs_event:
        calls = calls.filter(caller_id__in=visibility.own_registration_ids)
    return calls.order_by("created_at", "pk")


def call_queue(event: Event, visibility: EventVisibility) -> list[JudgeCall]:
    """The open calls, the longest-waiting first."""
    return list(visible_calls(event, visibility).filter(state__in=OPEN_STATES))


def open_call_count(event: Event, visibility: EventVisibility) -> int:
    """How many calls wait or are being handled (one COUNT, none of the rows)."""
    return visible_calls(event, visibility).filter(state__in=OPEN_STATES).count()


def recent_answered(event: Event, visibility: EventVisibility, limit: int = 20) -> list[JudgeCall]:
    """The latest closed calls (resolved or cancelled), newest first."""
    closed = visible_calls(event, visibility).exclude(state__in=OPEN_STATES)
    return list(closed.order_by("-updated_at", "-pk")[:limit])


def call_log(
    event: Event, visibility: EventVisibility, *, round_number: int | None = None
) -> list[JudgeCall]:
    """Every call the reader may see, in the order they came (the print view's log)."""
    calls = visible_calls(event, visibility)
    if round_number is not None:
        calls = calls.filter(round__number=round_number)
    return list(calls)


def my_calls(match: Match, registration: Registration) -> list[JudgeCall]:
    """One player's calls at this match, newest first (what their match page shows)."""
    return list(
        JudgeCall.objects.filter(match=match, caller=registration)
        .select_related(*CALL_RELATED)
        .order_by("-created_at", "-pk")
    )


def event_call_times(event: Event, visibility: EventVisibility) -> list[RoundCallTimes]:
    """Waiting and handling times per round (judges only: the reader's calls otherwise)."""
    rows = (
        visible_calls(event, visibility)
        .filter(Q(answered_at__isnull=False) | Q(state__in=OPEN_STATES))
        .values_list("round__number", "created_at", "answered_at", "resolved_at", "state")
        .order_by()
    )
    return call_times(
        (
            CallRow(number, created, answered, resolved, state in OPEN_STATES)
            for number, created, answered, resolved, state in rows
        ),
        now=timezone.now(),
    )
