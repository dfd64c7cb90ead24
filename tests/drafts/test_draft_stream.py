"""The drafters' stream (server-sent events) on a real Redis: a seated drafter's stream says
the pod's version at once and each new one as its change commits; nobody else gets one; a
WSGI server never serves it (it would hold a worker for ever); the page listens to it and
polls only as a safety net when the site runs it."""

from __future__ import annotations

import asyncio
import os
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.http import Http404
from django.test import AsyncClient, AsyncRequestFactory, Client
from django.urls import reverse

from drafts.models import Pod
from drafts.services.flow import save_pod
from drafts.views import stream as draft_stream
from drafts.views.drafter import STREAM_SAFETY_POLL_SECONDS
from tests.asyncio_helpers import in_own_thread, run
from tests.celery_worker import reachable, redis_url
from tests.drafts.helpers import draft_event


@pytest.fixture
def streaming(settings):
    """The site as it runs the stream: ``DRAFT_STREAM`` on and the cache on Redis (the pods'
    news go out on the cache's connections; the system check refuses the stream without
    it), whatever the suite's own settings are."""
    url = redis_url()
    if not reachable(url):
        pytest.skip(f"no Redis at {url}")
    settings.REDIS_URL = url
    settings.DRAFT_STREAM = True
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"stream-test-{os.getpid()}-{time.monotonic_ns()}",
        }
    }
    return url


@pytest.fixture
def drafted():
    event, _judge, regs = draft_event(2, auction=False, prefix="st")
    return event, Pod.objects.get(draft__event=event), regs


def bump(pod_id: int) -> int:
    """A change to the pod, committed through the services' own save."""
    with transaction.atomic():
        pod = Pod.objects.select_related("draft").select_for_update().get(pk=pod_id)
        pod.version += 1
        save_pod(pod)
    return pod.version


async def event_data(stream, timeout: float = 5.0) -> str:
    """The data of the next ``pod`` event (skipping comments and the retry line)."""
    while True:
        chunk = await asyncio.wait_for(anext(stream), timeout)
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        if text.startswith("event: pod"):
            return text.split("data: ", 1)[1].strip()


@pytest.mark.django_db(transaction=True)
def test_a_drafter_hears_each_committed_version(streaming, drafted):
    _event, pod, _regs = drafted

    async def scenario() -> list[str]:
        stream = draft_stream.pod_events(pod.pk)
        heard = [await event_data(stream)]  # the version now, before any change
        fanout = draft_stream.pod_news(streaming)
        await asyncio.wait_for(fanout.subscribed.wait(), 3)
        for _ in range(2):
            new = await asyncio.to_thread(bump, pod.pk)
            data = await event_data(stream)
            while data != str(new):  # a resync on subscribing repeats the version
                data = await event_data(stream)
            heard.append(data)
        await stream.aclose()
        assert fanout.listeners() == 0
        return heard

    assert run(scenario()) == [str(pod.version), str(pod.version + 1), str(pod.version + 2)]


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_change_is_not_announced(streaming, drafted):
    _event, pod, _regs = drafted

    def rolled_back() -> None:
        with pytest.raises(RuntimeError), transaction.atomic():
            locked = Pod.objects.select_related("draft").select_for_update().get(pk=pod.pk)
            locked.version += 1
            save_pod(locked)
            raise RuntimeError

    async def scenario() -> None:
        stream = draft_stream.pod_events(pod.pk)
        assert await event_data(stream) == str(pod.version)
        await asyncio.wait_for(draft_stream.pod_news(streaming).subscribed.wait(), 3)
        await asyncio.to_thread(rolled_back)
        with pytest.raises(TimeoutError):
            while True:  # only the resync's repeat of the same version may come
                assert await event_data(stream, timeout=0.5) == str(pod.version)
        await stream.aclose()

    run(scenario())


@pytest.mark.django_db(transaction=True)
def test_an_idle_stream_keeps_the_connection_alive(streaming, drafted):
    _event, pod, _regs = drafted

    async def scenario() -> str:
        stream = draft_stream.pod_events(pod.pk, keepalive=0.05)
        await event_data(stream)
        chunk = await asyncio.wait_for(anext(stream), 3)
        while chunk.startswith("event: pod"):  # the subscription's resync
            chunk = await asyncio.wait_for(anext(stream), 3)
        await stream.aclose()
        return chunk

    assert run(scenario()) == ": keep-alive\n\n"


@pytest.mark.django_db(transaction=True)
def test_only_a_drafter_seated_in_the_pod_gets_its_stream(streaming, drafted, other_player):
    _event, pod, regs = drafted
    url = reverse("draft_pod_stream", args=[pod.pk])

    def as_reader(user):
        # The view itself, as the ASGI handler calls it, with the reader signed in: Django's
        # AsyncClient, whose session reads go through the cache, could leave a thread-bound
        # call behind and hang the end of this test's event loop.
        request = AsyncRequestFactory().get(url)

        async def auser():
            return user

        request.auser = auser
        return draft_stream.pod_stream(request, pod=pod.pk)

    async def status(user) -> int:
        try:
            return (await as_reader(user)).status_code
        except Http404:
            return 404

    async def scenario() -> dict[str, object]:
        seen: dict[str, object] = {}
        seen["anonymous"] = await status(AnonymousUser())
        seen["stranger"] = await status(other_player)
        response = await as_reader(regs[0].player)
        seen["drafter"] = response.status_code
        seen["type"] = response["Content-Type"]
        seen["buffering"] = response["X-Accel-Buffering"]
        content = aiter(response.streaming_content)
        seen["first"] = await event_data(content)
        # Let the subscription finish connecting before the loop ends: redis-py may not
        # give way to a cancellation in the middle of a connect, and the loop waits on it.
        await asyncio.wait_for(draft_stream.pod_news(streaming).subscribed.wait(), 3)
        await content.aclose()
        return seen

    seen = run(scenario())
    assert seen == {
        "anonymous": 403,
        "stranger": 404,
        "drafter": 200,
        "type": "text/event-stream",
        "buffering": "no",
        "first": str(pod.version),
    }


@pytest.mark.django_db(transaction=True)
def test_a_wsgi_server_never_serves_the_stream(streaming, drafted):
    _event, pod, regs = drafted
    client = Client()
    client.force_login(regs[0].player)
    url = reverse("draft_pod_stream", args=[pod.pk])
    # The view is async: the WSGI client crosses into it with async_to_sync, which a browser
    # test's event loop left in this thread would refuse.
    assert in_own_thread(lambda: client.get(url)).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_stream_is_off_where_the_site_does_not_run_it(settings, drafted):
    settings.DRAFT_STREAM = False
    _event, pod, regs = drafted

    async def scenario() -> int:
        client = AsyncClient()
        await client.aforce_login(regs[0].player)
        return (await client.get(reverse("draft_pod_stream", args=[pod.pk]))).status_code

    assert run(scenario()) == 404


@pytest.mark.django_db
@pytest.mark.parametrize("stream", [True, False])
def test_the_page_listens_to_the_stream_only_where_it_runs(request, settings, drafted, stream):
    if stream:
        request.getfixturevalue("streaming")
    else:
        settings.DRAFT_STREAM = False
    event, pod, regs = drafted
    client = Client()
    client.force_login(regs[0].player)
    html = client.get(reverse("drafts:my_draft", args=[event.pk])).content.decode()
    stream_url = reverse("draft_pod_stream", args=[pod.pk])
    assert (f'data-pod-stream="{stream_url}"' in html) is stream
    safety_net = f'hx-trigger="every {STREAM_SAFETY_POLL_SECONDS}s, op:expired'
    assert (safety_net in html) is stream
    assert 'hx-trigger="every 3s, op:expired' in html or stream  # holding a pack, polling
