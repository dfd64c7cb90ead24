"""Public event pages served cheaply under a refresh storm (``docs/architecture.md``, "Live
pages and caching").

Two layers, both keyed by the event's live number (``tournaments.live``), so a change
invalidates them by construction and nothing has to be deleted:

- :func:`live_page`, a view decorator: Django's ``condition`` with an ETag made of the live
  number and everything else the page depends on (path and query, language, the CSRF cookie
  the page's forms carry, and for a signed-in reader who they are and their role). A reload
  with ``If-None-Match`` while nothing changed answers ``304`` before the view runs; for a
  reader without a session that costs no database query at all.
- :func:`shared_part`: the expensive part of a page (a round's pairings table, the
  standings) rendered once per live number, language and visibility class, and kept in the
  shared cache. It is rendered with :meth:`EventVisibility.shared` and without the request,
  so it never holds a CSRF token, a name from the header or anything private to one
  reader; the page renders its own header around it and marks the reader's row with
  :func:`mark_mine`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.session import SessionStorage
from django.core.cache import cache
from django.http import HttpRequest, HttpResponseBase
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import condition

from config import clock
from tournaments.live import deadline_passed, forget_deadline, live_version
from tournaments.models import Event
from tournaments.services.clock import apply_round_deadlines
from tournaments.visibility import EventVisibility, visibility_for

# How long a shared part stays in the cache. A change makes a new key at once (the live
# number is in it); this only bounds how long the parts of past numbers take up room.
PART_SECONDS = 600


def live_etag(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> str | None:
    """The ETag of an event page as this reader would get it now, or ``None`` (no
    conditional answer) when it cannot be told without rendering: no live number yet, or
    flash messages waiting to be shown."""
    now = clock.now()
    # A round's time ran out and nobody has applied it yet: this read does (the lazy path of
    # the house rules), which moves the live number; a hint that finds nothing due is
    # dropped, so it costs one query once.
    if deadline_passed(pk, now) and not apply_round_deadlines(now):
        forget_deadline(pk)
    version = live_version(pk)
    if not version:
        return None
    parts: list[object] = [
        request.path,
        request.META.get("QUERY_STRING", ""),
        getattr(request, "LANGUAGE_CODE", ""),
        version,
        request.COOKIES.get(settings.CSRF_COOKIE_NAME, ""),
    ]
    # Without a session cookie the reader is anonymous: no query to learn it.
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        if request.session.get(SessionStorage.session_key):
            return None
        user = request.user
        if user.is_authenticated:
            event = Event.objects.filter(pk=pk).first()
            if event is None:
                return None
            parts += [user.pk, visibility_for(user, event).shared_class]
    digest = hashlib.blake2b("|".join(map(str, parts)).encode(), digest_size=16).hexdigest()
    # Weak: the page's forms carry a freshly masked CSRF token on every render.
    return f'W/"{digest}"'


def live_page(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Conditional responses for an event page whose URL takes the event as ``pk``. The
    browser keeps the page and asks again every time (``no-cache``); only a ``200`` carries
    the ETag, so an error page is never answered with ``304`` later."""
    conditional = condition(etag_func=live_etag)(view)

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = conditional(request, *args, **kwargs)
        if response.status_code not in (200, 304):
            if "ETag" in response.headers:
                del response.headers["ETag"]
            return response
        patch_cache_control(response, private=True, no_cache=True)
        patch_vary_headers(response, ("Cookie", "Accept-Language"))  # what the ETag reads
        return response

    return wrapper


def shared_part(
    *,
    event: Event,
    visibility: EventVisibility,
    name: str,
    template: str,
    build: Callable[[], dict[str, Any]],
    key: Sequence[object] = (),
    private: bool = False,
) -> SafeString:
    """``template`` rendered with what ``build()`` returns, from the shared cache when this
    live number, language and visibility class already rendered it. ``build`` runs only on
    a miss, so it is where the expensive queries go. A ``private`` part (one that shows
    the reader something of their own) is rendered for the reader alone and never cached."""

    def render() -> str:
        shown = visibility if private else visibility.shared()
        return render_to_string(template, {"event": event, "visibility": shown, **build()})

    version = getattr(event, "live_version", 0)
    if private or not version:
        return mark_safe(render())
    cache_key = ":".join(
        map(
            str,
            ("live:part", event.pk, version, name, get_language(), visibility.shared_class, *key),
        )
    )
    html = cache.get(cache_key)
    if html is None:
        html = render()
        cache.set(cache_key, html, PART_SECONDS)
    return mark_safe(html)


def mark_mine(html: str, attribute: str, registration_ids: Iterable[int]) -> SafeString:
    """The reader's own rows of a shared part marked ``class="mine"``. The part's rows carry
    ``attribute="<registration id>"`` (each value once); names in it are escaped, so the
    quoted attribute cannot occur inside them."""
    for registration_id in registration_ids:
        needle = f' {attribute}="{registration_id}"'
        html = html.replace(needle, f'{needle} class="mine"', 1)
    return mark_safe(html)
