"""The drafters' stream on a real Redis (the site's cache and the stream's news, as where the
stream server runs): each version is sent once, and one drafter holds a few streams at
most, counted in the shared cache so that every stream server sees the same count and a
killed server's streams free their places by themselves."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time

import pytest
from django.db import transaction
from django.http import HttpResponse
from django.test import AsyncRequestFactory
from django.urls import reverse

from config import stream_slots
from drafts.models import Pod
from drafts.services.flow import save_pod
from drafts.views import stream as draft_stream
from tests.asyncio_helpers import run
from tests.drafts.helpers import draft_event

REDIS = "redis://127.0.0.1:6379/4"


@pytest.fixture
def redis_site(settings):
    """The stream's settings where it runs: Redis for the news and the cache."""
    settings.REDIS_URL = REDIS
    settings.DRAFT_STREAM = True
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS,
            "KEY_PREFIX": f"stream-limits-{os.getpid()}-{time.monotonic_ns()}",
        }
    }
    return REDIS


@pytest.fixture
def drafted():
    event, _judge, regs = draft_event(2, auction=False, prefix="sl")
    return event, Pod.objects.get(draft__event=event), regs


def bump(pod_id: int) -> int:
    with transaction.atomic():
        pod = Pod.objects.select_related("draft").select_for_update().get(pk=pod_id)
        pod.version += 1
        save_pod(pod)
    return pod.version


class Listener:
    """Reads a stream into a queue in a task of its own, so that waiting for silence does
    not cancel the stream itself."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.chunks: asyncio.Queue[str] = asyncio.Queue()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for chunk in self.stream:
            await self.chunks.put(chunk.decode() if isinstance(chunk, bytes) else chunk)

    async def pod_events(self, quiet: float) -> list[str]:
        """The data of every ``pod`` event until the stream says nothing more for
        ``quiet`` seconds."""
        heard = []
        while True:
            try:
                chunk = await asyncio.wait_for(self.chunks.get(), quiet)
            except TimeoutError:
                return heard
            if chunk.startswith("event: pod"):
                heard.append(chunk.split("data: ", 1)[1].strip())

    async def close(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        await self.stream.aclose()


@pytest.mark.django_db(transaction=True)
def test_the_stream_sends_each_version_once(redis_site, drafted):
    _event, pod, _regs = drafted

    async def scenario() -> list[list[str]]:
        stream = Listener(draft_stream.pod_events(pod.pk))
        # The subscription's first resync comes while the version read at first still
        # holds: it must not be sent again.
        first = await stream.pod_events(quiet=1.0)
        assert draft_stream.pod_news(redis_site).subscribed.is_set()
        await asyncio.to_thread(bump, pod.pk)
        after = await stream.pod_events(quiet=1.0)
        await stream.close()
        return [first, after]

    assert run(scenario()) == [[str(pod.version)], [str(pod.version + 1)]]


def reader_request(user, pod: Pod):
    request = AsyncRequestFactory().get(reverse("draft_pod_stream", args=[pod.pk]))

    async def auser():
        return user

    request.auser = auser
    return request


@pytest.mark.django_db(transaction=True)
def test_a_drafter_holds_a_few_streams_at_most(redis_site, drafted, settings):
    settings.DRAFT_STREAMS_PER_USER = 2
    _event, pod, regs = drafted
    drafter, other = regs[0].player, regs[1].player

    async def open_stream(user) -> tuple[HttpResponse, Listener | None]:
        response = await draft_stream.pod_stream(reader_request(user, pod), pod=pod.pk)
        if response.status_code != 200:
            return response, None
        listener = Listener(aiter(response.streaming_content))
        assert await listener.pod_events(quiet=0.3) == [str(pod.version)]  # it has begun
        return response, listener

    async def scenario() -> dict[str, object]:
        seen: dict[str, object] = {}
        _one, one = await open_stream(drafter)
        _two, two = await open_stream(drafter)
        third, _ = await open_stream(drafter)
        seen["third"] = third.status_code
        seen["reason"] = third.content.decode()
        seen["retry_after"] = third.get("Retry-After")
        # Another drafter has places of their own.
        theirs, their_stream = await open_stream(other)
        seen["other"] = theirs.status_code
        # A stream that ends (its reader gone: the server cancels it) gives its place back.
        await one.close()
        again, again_stream = await open_stream(drafter)
        seen["after_one_closed"] = again.status_code
        await asyncio.wait_for(draft_stream.pod_news(redis_site).subscribed.wait(), 3)
        for listener in (two, their_stream, again_stream):
            await listener.close()
        return seen

    seen = run(scenario())
    assert seen == {
        "third": 429,
        "reason": "You have too many draft pages open: close one and reload this one.",
        "retry_after": str(stream_slots.SLOT_SECONDS),
        "other": 200,
        "after_one_closed": 200,
    }


@pytest.mark.django_db
def test_a_place_left_by_a_killed_server_frees_itself(redis_site, monkeypatch):
    """A server killed mid-stream never gives its places back: they expire, since only an
    open stream keeps refreshing its own."""
    monkeypatch.setattr(stream_slots, "SLOT_SECONDS", 1)

    async def scenario() -> list[bool]:
        held = await stream_slots.take(user_id=7, limit=1)
        refused = await stream_slots.take(user_id=7, limit=1)
        # The holder refreshes its place (as an open stream does): still taken after the
        # first expiry would have passed.
        await asyncio.sleep(0.6)
        await held.refresh()
        await asyncio.sleep(0.6)
        still_refused = await stream_slots.take(user_id=7, limit=1)
        # Then the holder dies without a word: the place is free once it expires.
        await asyncio.sleep(1.2)
        freed = await stream_slots.take(user_id=7, limit=1)
        return [held is not None, refused is None, still_refused is None, freed is not None]

    assert run(scenario()) == [True, True, True, True]
