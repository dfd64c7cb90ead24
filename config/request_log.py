"""One line in the log for each refused request (403).

Django logs a refusal on ``django.request``: a view's ``PermissionDenied`` as a warning with
its whole traceback, a 403 answered by the API as a bare "Forbidden: <path>". A refusal is
routine (a player opening a judge's page, a stale tab); tracebacks for each would bury the
errors that matter, and a bare path does not say who was refused or why. The filter below
rewrites both into one line: method, path, user id and reason.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied

# Where the API's handler leaves the reason it answered with (the log record carries the
# request, not the response).
REASON_ATTRIBUTE = "refusal_reason"


def note_refusal(request: Any, reason: str) -> None:
    """Remember why ``request`` (Django's own request) is refused, for its log line."""
    setattr(request, REASON_ATTRIBUTE, reason)


def _escaped(text: str) -> str:
    # As Django escapes what it logs: a path or reason cannot forge log lines.
    return text.encode("unicode_escape").decode("ascii")


def _user_id(request: Any) -> str:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "anonymous"
    return str(user.pk)


class ForbiddenOneLine(logging.Filter):
    """For ``django.request``: a 403 becomes ``Forbidden: METHOD PATH user=ID reason=...``
    with no traceback. Other records pass unchanged."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) != 403 or getattr(record, "one_line", False):
            return True  # not a refusal, or already written (a filter on several handlers)
        request = getattr(record, "request", None)
        exception = record.exc_info[1] if record.exc_info else None
        reason = str(exception) if isinstance(exception, PermissionDenied) else ""
        reason = reason or getattr(request, REASON_ATTRIBUTE, "") or "permission denied"
        try:
            user = _user_id(request)
        except Exception:  # a log line must never fail the request (a broken session)
            user = "unknown"
        record.msg = "Forbidden: %s %s user=%s reason=%s"
        record.args = (
            getattr(request, "method", "") or "-",
            _escaped(getattr(request, "path", "") or "-"),
            user,
            _escaped(reason),
        )
        record.exc_info = None
        record.exc_text = None
        record.one_line = True
        return True
