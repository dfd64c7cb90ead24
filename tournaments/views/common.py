"""What the event pages share: loading an event, checking a role, calling a service and
turning its refusal into a form error (or a message) with the right status code."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Generic, TypeVar

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from config import clock
from config.errors import ConflictError, DomainError, ForbiddenError, NotFoundError
from config.site_url import local_origin
from tournaments import selectors
from tournaments.live import POLL_SECONDS, live_version, live_version_started
from tournaments.models import Event, Match, Round
from tournaments.models.choices import StaffRole
from tournaments.visibility import visibility_for

T = TypeVar("T")


@dataclass
class Outcome(Generic[T]):
    ok: bool
    value: T | None = None
    status: int = 200
    error: DomainError | None = None  # the refusal, for a page that answers some differently


def status_for(exc: DomainError) -> int:
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, ConflictError):
        return 409
    if isinstance(exc, ForbiddenError):
        return 403
    return 400


def _validation_messages(exc: ValidationError) -> list[tuple[str | None, str]]:
    if hasattr(exc, "error_dict"):
        return [(field, str(m)) for field, errs in exc.message_dict.items() for m in errs]
    return [(None, str(m)) for m in exc.messages]


def attempt(
    request: HttpRequest,
    call: Callable[[], T],
    form: forms.Form | None = None,
    *,
    fields_only: bool = False,
) -> Outcome:
    """Run a service call. A refusal becomes an error on ``form`` (on the field it names, if
    the form has it) or, without a form, an error message; nothing was changed either way.
    With ``fields_only`` only errors about one of the form's fields go on the form, the rest
    are messages (for small forms on a page that shows them only in some states).
    ``PermissionDenied`` is left to Django (403)."""
    try:
        return Outcome(True, call())
    except DomainError as exc:
        _report(request, form, [(exc.field, exc.message)], fields_only)
        return Outcome(False, status=status_for(exc), error=exc)
    except ValidationError as exc:  # a model's own validation inside a service
        _report(request, form, _validation_messages(exc), fields_only)
        return Outcome(False, status=400)


def _report(
    request: HttpRequest,
    form: forms.Form | None,
    errors: list[tuple[str | None, str]],
    fields_only: bool,
) -> None:
    for field, message in errors:
        on_form = form is not None and field in form.fields
        if form is None or (fields_only and not on_form):
            messages.error(request, message)
        else:
            form.add_error(field if on_form else None, message)


def get_event(pk: int) -> Event:
    """The event, with its live number read first: before anything the page shows, so a
    change landing meanwhile makes the page's next poll fetch again (``tournaments.live``)."""
    version = live_version(pk)
    event = get_object_or_404(Event, pk=pk)
    # A lost number starts again (once the event is known to exist), so the next reload of
    # the page can be answered from its ETag.
    event.live_version = version or live_version_started(pk)
    return event


class EventPermissionDenied(PermissionDenied):
    """A refused event page: the 403 page names who can add the reader to its staff."""

    def __init__(self, message: str, *, event: Event) -> None:
        super().__init__(message)
        self.staff_managers = [
            staff.user.public_name
            for staff in event.staff.select_related("user")
            .filter(role=StaffRole.ORGANISER)
            .order_by("user__display_name", "pk")
        ]


def require(request: HttpRequest, perm: str, obj: Any = None) -> None:
    if not request.user.has_perm(perm, obj):
        # The message is for the log line; an event's 403 page names its organisers.
        if isinstance(obj, Event) and request.user.is_authenticated:
            raise EventPermissionDenied(f"lacks {perm}", event=obj)
        raise PermissionDenied(f"lacks {perm}")


def can_run(request: HttpRequest, event: Event) -> bool:
    return request.user.has_perm("tournaments.run_event", event)


def event_context(request: HttpRequest, event: Event, tab: str, **extra: Any) -> dict[str, Any]:
    """The context every event page's header and tabs need."""
    visibility = visibility_for(request.user, event)
    return {
        "event": event,
        "tab": tab,
        "visibility": visibility,
        "can_run": visibility.runs_event,
        "can_change": request.user.has_perm("tournaments.change_event", event),
        "my_registration": selectors.registration_of(event, request.user),
        "live_version": getattr(event, "live_version", None),
        "live_poll_seconds": POLL_SECONDS,
        **extra,
    }


# The session remembers that its reader has seen the warning about QR codes pointing to this
# machine: shown in full once, then folded (the dashboard is opened many times a round).
LOCAL_SITE_WARNING_SEEN = "local_site_warning_seen"


def local_site_warning(request: HttpRequest) -> dict[str, Any]:
    """The context of ``_local_site_warning.html`` on a page a judge keeps going back to:
    the origin the QR codes point to when phones cannot reach it, and whether this reader
    already saw the warning in full (then it is folded). The first showing is remembered
    in the session, on the server."""
    origin = local_origin(request)
    folded = bool(origin) and bool(request.session.get(LOCAL_SITE_WARNING_SEEN))
    if origin and not folded:
        request.session[LOCAL_SITE_WARNING_SEEN] = True
    return {"local_site_origin": origin, "local_site_folded": folded}


@dataclass(frozen=True)
class Clock:
    """What a page needs to show a round's time: a deadline to count down to, or the time
    left while paused, or nothing before the clock starts."""

    started: bool
    paused: bool
    deadline: Any = None
    remaining_seconds: int | None = None
    server_now: Any = None
    time_called: bool = False


def round_clock(round_: Round | None, extension_seconds: int = 0) -> Clock | None:
    if round_ is None or round_.started_at is None:
        return None
    now = clock.now()
    extra = timedelta(seconds=extension_seconds)
    if round_.paused_remaining is not None:
        return Clock(
            started=True,
            paused=True,
            remaining_seconds=int((round_.paused_remaining + extra).total_seconds()),
            server_now=now,
        )
    return Clock(
        started=True,
        paused=False,
        deadline=round_.ends_at + extra,
        server_now=now,
        time_called=round_.time_called_at is not None and extension_seconds == 0,
    )


def match_names(match: Match) -> dict[str, str]:
    names = {"a": match.player_a.name}
    if match.player_b_id:
        names["b"] = match.player_b.name
    return names
