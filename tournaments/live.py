"""Live pages: one number per event that moves whenever something its open pages show
changes (pairings published, a report, a dispute, the clock, a judge call, the screen).

Open pages poll the number (``GET /events/<id>/live/?v=<n>``) and fetch their live parts
again only when it moved, so a page learns of a change within its poll interval without a
reload, and an unchanged poll costs no database query.

The number lives in the shared cache (Redis in production; the embedded default's one
process has its local-memory cache), not in the database: it is a hint to look again, never
a fact pages show. Pages read it *before* the data they render, so a change that lands
between the two makes the next poll fetch again instead of being lost. A missing key (an
evicted or flushed cache) reads as 0, and a bump of a missing key starts from the clock, so a
lost key can only cause one needless refresh, never a missed one. The value is opaque: it
says that something changed, not what.

Services call :func:`announce_change` inside their transaction; the bump happens after the
commit, so a rolled-back action wakes nobody and a page never sees the new number before the
new rows.
"""

from __future__ import annotations

import time
from datetime import datetime
from functools import partial

from django.core.cache import cache
from django.db import transaction

# Seconds between polls of an open page; with the fetch that follows a change, pages learn of
# it within 2 s (the figure). Rendered into the pages, read by static/js/live.js.
POLL_SECONDS = 1.5


def _key(event_id: int) -> str:
    return f"live:event:{event_id}"


def live_version(event_id: int) -> int:
    """The event's current live number (0 when the cache holds none)."""
    return int(cache.get(_key(event_id), 0))


def live_version_started(event_id: int) -> int:
    """The event's live number, started from the clock when the cache holds none (a new
    event, an evicted key), so that pages always have a number for their ETag and cached
    parts. Call it only for an event that exists."""
    version = live_version(event_id)
    if not version:
        cache.add(_key(event_id), time.time_ns() // 1000, timeout=None)
        version = live_version(event_id)
    return version


def _bump(event_id: int) -> None:
    key = _key(event_id)
    try:
        cache.incr(key)
    except ValueError:  # no key yet (or evicted): start from the clock, never from 0 again
        if not cache.add(key, time.time_ns() // 1000, timeout=None):
            cache.incr(key)  # another process created it meanwhile


def announce_change(event_id: int, *, using: str | None = None) -> None:
    """Tell the event's open pages to look again, once the current transaction commits (at
    once outside a transaction)."""
    transaction.on_commit(partial(_bump, event_id), using=using)


# --- the next moment an event's pages change by themselves ---------------------------------
# A round's time running out changes what the pages show (time called, the tables still
# playing) though no action announced it: a read of the round applies it. A page answered
# 304 from its ETag reads no round, so once that moment has passed the ETag's maker applies
# the deadline first (``tournaments.views.live_pages``), which announces it.


def _deadline_key(event_id: int) -> str:
    return f"live:deadline:{event_id}"


def _store_deadline(event_id: int, at: datetime | None) -> None:
    if at is None:
        cache.delete(_deadline_key(event_id))
    else:
        cache.set(_deadline_key(event_id), at.timestamp(), timeout=None)


def expect_deadline(event_id: int, at: datetime | None, *, using: str | None = None) -> None:
    """Remember (after the commit) when the event's running round runs out; ``None`` once
    nothing is due (time called, the clock paused)."""
    transaction.on_commit(partial(_store_deadline, event_id, at), using=using)


def forget_deadline(event_id: int) -> None:
    """Drop the event's remembered deadline at once (it was found not to be due)."""
    _store_deadline(event_id, None)


def deadline_passed(event_id: int, now: datetime) -> bool:
    """Whether a remembered deadline of the event has come and not yet been applied."""
    at = cache.get(_deadline_key(event_id))
    return at is not None and at <= now.timestamp()
