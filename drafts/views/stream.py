"""A drafter's stream: server-sent events that tell the drafter's page each new version of
its pod, so the page fetches its part (``draft_live``) only when the pod has moved, instead
of asking every second whether it has.

Served by a separate ASGI process (``uvicorn config.asgi:application``) where the site turns
it on (``DRAFT_STREAM``): there each open stream is a coroutine waiting on the process's one
Redis subscription (``config.redis_fanout``), costing no worker and no query while the pod
stands still. The writers publish a pod's new version when they commit
(``poll_state.remember_poll_state``). Elsewhere (the embedded default, a plain WSGI server)
the URL answers 404 and the pages poll as before.

The stream says the pod's version, to the drafters seated in that pod; what changed is read
through ``draft_live``, which applies the visibility rule. When the change opened a pick
step, a drafter's stream also sends, before the version, the pack now in front of that
drafter's own seat as data (``pack`` events, ``drafts.services.pack_news``), for the seat the
visibility rule lets the reader see and no other: the page draws it without a fetch."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from functools import cache

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from config import clock, stream_slots
from config.redis_fanout import RESYNC, Fanout
from config.stream_slots import Slot
from drafts.models import DraftSeat
from drafts.services.pack_news import read_message, seat_share
from drafts.services.poll_state import POD_CHANNEL_PREFIX
from drafts.services.reading import pod_version
from tournaments.visibility import visibility_for

# A comment line this often keeps proxies and phones from closing an idle stream.
KEEPALIVE_SECONDS = 15
# How long a browser waits before reconnecting a stream that dropped.
RETRY_MILLISECONDS = 1000
# How long a new stream waits for its process's subscription to Redis before it begins.
SUBSCRIBE_SECONDS = 2


@cache
def pod_news(url: str) -> Fanout:
    """The process's one subscription to the pods' channels."""
    return Fanout(url, POD_CHANNEL_PREFIX, name="draft-pod-news")


def _read_version(pod_id: int) -> int | None:
    """The pod's version (from the cache while it holds), then give back the request's
    database connection: an open stream must not hold one (512 streams would be 512
    PostgreSQL connections; with ``DB_POOL_SIZE`` it goes back to the pool)."""
    try:
        return pod_version(pod_id)
    finally:
        connections.close_all()


def _event(version: int | str | None) -> str:
    return f"event: pod\ndata: {'' if version is None else version}\n\n"


def _reader_seat(pod_id: int, user: object) -> tuple[bool, int | None]:
    """Whether the reader is seated in the pod, and the seat whose packs their stream may
    carry (the visibility rule's ``pack_in_front``: their own), then give back the
    connection as ``_read_version`` does."""
    try:
        seat = (
            DraftSeat.objects.filter(pod_id=pod_id, registration__player=user)
            .select_related("pod__draft__event")
            .first()
        )
        if seat is None:
            return False, None
        visibility = visibility_for(user, seat.pod.draft.event)
        return True, seat.pk if visibility.pack_in_front(seat.registration_id) else None
    finally:
        connections.close_all()


async def pod_events(
    pod_id: int,
    keepalive: float = KEEPALIVE_SECONDS,
    slot: Slot | None = None,
    seat_id: int | None = None,
) -> AsyncIterator[str]:
    """The stream's text: the pod's version now, then each new one as it is published,
    each preceded by ``seat_id``'s pack when the change opened a pick step (``pack``
    events; none without a seat). ``slot``, the reader's place (``config.stream_slots``),
    is kept while the stream is open and given back when it ends."""
    loop = asyncio.get_running_loop()
    refreshed = loop.time()
    try:
        fanout = pod_news(settings.REDIS_URL)
        async with fanout.listen(str(pod_id)) as news:
            yield f"retry: {RETRY_MILLISECONDS}\n\n"
            # A step's packs published before the process's subscription is made are lost
            # (the version is read again then, the packs are not): wait for it, briefly.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fanout.subscribed.wait(), SUBSCRIBE_SECONDS)
            # Read after listening begins, so that a change made in between is not missed.
            sent = await sync_to_async(_read_version)(pod_id)
            yield _event(sent)
            while True:
                try:
                    payload = await asyncio.wait_for(news.get(), keepalive)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                else:
                    share = None
                    if payload == RESYNC:  # news may have been lost: read the pod itself
                        version = await sync_to_async(_read_version)(pod_id)
                    else:
                        heard = read_message(payload)
                        if heard.version is None:  # not a message of ours: nothing to say
                            continue
                        version = heard.version
                        share = seat_share(heard, seat_id, clock.now())
                    # The subscription's first resync, or news of the change the first read
                    # already saw, repeat the version sent: the page needs it once.
                    if str(version) != str(sent):
                        sent = version
                        if share is not None:
                            yield f"event: pack\ndata: {share}\n\n"
                        yield _event(version)
                if slot is not None and loop.time() - refreshed >= keepalive:
                    refreshed = loop.time()
                    await slot.refresh()
    finally:
        if slot is not None:
            await slot.release()


@require_GET
async def pod_stream(request: HttpRequest, pod: int) -> HttpResponse:
    # A WSGI server would try to read the endless stream to its end, holding a worker.
    if not settings.DRAFT_STREAM or not isinstance(request, ASGIRequest):
        raise Http404
    user = await request.auser()
    if not user.is_authenticated:
        return HttpResponse(status=403)
    seated, seat_id = await sync_to_async(_reader_seat)(pod, user)
    if not seated:
        raise Http404
    slot = await stream_slots.take(user_id=user.pk, limit=settings.DRAFT_STREAMS_PER_USER)
    if slot is None:
        # The page polls instead (static/js/draft.js): nothing is lost but the stream.
        response = HttpResponse(
            _("You have too many draft pages open: close one and reload this one."),
            status=429,
            content_type="text/plain; charset=utf-8",
        )
        response["Retry-After"] = str(stream_slots.SLOT_SECONDS)
        return response
    response = StreamingHttpResponse(
        pod_events(pod, slot=slot, seat_id=seat_id), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy must pass each event on at once
    return response
