"""How often one person may ask for something, counted in the shared cache.

A fixed window: each ``window`` seconds (aligned on the clock, so every server agrees on
where a window starts) holds one counter per scope and person, a cache key that expires
with its window. ``add`` creates the counter only if missing and ``incr`` counts
atomically (Redis wherever several app servers run), so two servers, or two threads,
never both take the last request of a window. Nothing is kept in process memory.
"""

from __future__ import annotations

import math
import time

from django.core.cache import cache
from django.http import JsonResponse
from django.utils.translation import ngettext


def now() -> float:
    """The clock the windows are cut from (tests move it instead of waiting)."""
    return time.time()


def count(*, scope: str, who: int | str, window: int) -> tuple[int, int]:
    """Count one request of ``who`` in ``scope``: how many this window holds with it, and
    the seconds (at least 1) until the window ends."""
    moment = now()
    start = int(moment // window) * window
    key = f"rate:{scope}:{who}:{start}"
    # A second more than the window, so the counter outlives its window on any server.
    cache.add(key, 0, window + 1)
    try:
        counted = cache.incr(key)
    except ValueError:  # evicted between ``add`` and ``incr``: counted afresh
        cache.add(key, 1, window + 1)
        counted = 1
    return counted, max(1, math.ceil(start + window - moment))


def take(*, scope: str, who: int | str, limit: int, window: int) -> int | None:
    """Count one request of ``who`` in ``scope``. ``None`` while it is within ``limit`` a
    window; beyond, the seconds (at least 1) until the window ends, for ``Retry-After``."""
    counted, reset = count(scope=scope, who=who, window=window)
    return None if counted <= limit else reset


def search_limited(*, scope: str, who: int | str, limit: int) -> JsonResponse | None:
    """A search route's per-person limit (``limit`` a minute): ``None`` while within it, else
    the 429 to answer, with ``Retry-After`` and the reason in the reader's language."""
    wait = take(scope=scope, who=who, limit=limit, window=60)
    if wait is None:
        return None
    detail = ngettext(
        "Too many searches in a row: try again in %(n)s second.",
        "Too many searches in a row: try again in %(n)s seconds.",
        wait,
    ) % {"n": wait}
    response = JsonResponse(
        {"detail": detail, "code": "too_many_searches", "results": []}, status=429
    )
    response["Retry-After"] = str(wait)
    return response
