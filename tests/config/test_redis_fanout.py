"""The stream server's one Redis subscription per process, on a real Redis: each listener
gets the messages of its own key only, the newest when it falls behind, and a resync after
the subscription is lost and made again."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis

from config.redis_fanout import RESYNC, Fanout
from tests.asyncio_helpers import run
from tests.celery_worker import reachable, redis_url


@pytest.fixture
def url() -> str:
    url = redis_url()
    if not reachable(url):
        pytest.skip(f"no Redis at {url}")
    return url


def prefix() -> str:
    return f"test-fanout-{time.monotonic_ns()}:"


async def next_item(queue: asyncio.Queue[str], timeout: float = 3.0) -> str:
    return await asyncio.wait_for(queue.get(), timeout)


def test_each_listener_gets_the_messages_of_its_key(url):
    channel = prefix()
    publisher = redis.Redis.from_url(url)

    async def scenario() -> None:
        fanout = Fanout(url, channel)
        async with fanout.listen("7") as seven, fanout.listen("7") as also_seven:
            async with fanout.listen("8") as eight:
                await asyncio.wait_for(fanout.subscribed.wait(), 3)
                # Subscribing (for the first time too) tells every listener to read afresh.
                assert await next_item(seven) == RESYNC
                assert await next_item(eight) == RESYNC
                assert await next_item(also_seven) == RESYNC
                publisher.publish(f"{channel}7", 42)
                assert await next_item(seven) == "42"
                assert await next_item(also_seven) == "42"
                with pytest.raises(TimeoutError):
                    await next_item(eight, timeout=0.3)
            assert fanout.listeners() == 2
        assert fanout.listeners() == 0

    run(scenario())


def test_a_listener_behind_keeps_only_the_newest_message(url):
    channel = prefix()
    publisher = redis.Redis.from_url(url)

    async def scenario() -> None:
        fanout = Fanout(url, channel)
        async with fanout.listen("1") as queue:
            await asyncio.wait_for(fanout.subscribed.wait(), 3)
            assert await next_item(queue) == RESYNC
            for version in (5, 6, 7):
                publisher.publish(f"{channel}1", version)
            await asyncio.sleep(0.3)
            assert await next_item(queue) == "7"
            assert queue.empty()

    run(scenario())


def test_a_lost_subscription_is_made_again_and_says_resync(url):
    channel = prefix()
    name = f"fanout-test-{time.monotonic_ns()}"
    publisher = redis.Redis.from_url(url)

    async def scenario() -> None:
        fanout = Fanout(url, channel, name=name)
        async with fanout.listen("3") as queue:
            await asyncio.wait_for(fanout.subscribed.wait(), 3)
            assert await next_item(queue) == RESYNC
            (client,) = [c for c in publisher.client_list() if c["name"] == name]
            publisher.client_kill_filter(_id=client["id"])
            # The news published while it was gone is lost: the listener is told to resync.
            assert await next_item(queue, timeout=5) == RESYNC
            publisher.publish(f"{channel}3", 9)
            assert await next_item(queue) == "9"

    run(scenario())
