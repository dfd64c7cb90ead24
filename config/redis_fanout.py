"""One Redis subscription per process, shared by every open stream of that process.

A stream server holds hundreds of server-sent-event connections; giving each its own Redis
connection and subscription would cost Redis a client per drafter. Instead the process
subscribes once to a channel pattern and hands each message to the queues of the streams
that asked for its key. No Django import: the streams' views use it, and it is tested on its
own against a real Redis.

When the subscription is lost (Redis restarted, a network blip), messages published
meanwhile are lost with it. After every (re)subscription each queue therefore receives
``RESYNC``: its stream must read the current state again instead of trusting that nothing
happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import AsyncIterator

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

# Put in every queue after a (re)subscription: what was published meanwhile is lost.
RESYNC = ""
RETRY_SECONDS = 1.0
CLOSE_SECONDS = 1.0


def _offer(queue: asyncio.Queue[str], item: str) -> None:
    """Keep only the newest item: a stream needs the latest news, never a backlog."""
    with contextlib.suppress(asyncio.QueueEmpty):
        queue.get_nowait()
    queue.put_nowait(item)


class Fanout:
    """Messages on ``<prefix><key>`` channels, delivered to the listeners of ``key``."""

    def __init__(self, url: str, prefix: str, name: str = "fanout") -> None:
        self.url, self.prefix, self.name = url, prefix, name
        self._queues: dict[str, set[asyncio.Queue[str]]] = defaultdict(set)
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.subscribed = asyncio.Event()

    def _ensure_running(self) -> None:
        loop = asyncio.get_running_loop()
        if self._task is not None and not self._task.done() and self._loop is loop:
            return
        # A new event loop (a test's, a restarted server's) needs its own subscriber.
        self._loop = loop
        self.subscribed = asyncio.Event()
        self._task = loop.create_task(self._run(), name=f"fanout {self.prefix}")

    @contextlib.asynccontextmanager
    async def listen(self, key: str) -> AsyncIterator[asyncio.Queue[str]]:
        """A queue of the payloads published for ``key`` while the block runs."""
        self._ensure_running()
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
        self._queues[key].add(queue)
        try:
            yield queue
        finally:
            listeners = self._queues.get(key)
            if listeners is not None:
                listeners.discard(queue)
                if not listeners:
                    del self._queues[key]

    def listeners(self) -> int:
        return sum(len(q) for q in self._queues.values())

    async def _run(self) -> None:
        while True:
            client = aioredis.from_url(self.url, client_name=self.name)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(f"{self.prefix}*")
                self.subscribed.set()
                for queues in self._queues.values():
                    for queue in queues:
                        _offer(queue, RESYNC)
                async for message in pubsub.listen():
                    channel = message["channel"].decode()
                    data = message["data"]
                    payload = data.decode() if isinstance(data, bytes) else str(data)
                    for queue in self._queues.get(channel.removeprefix(self.prefix), ()):
                        _offer(queue, payload)
            except (RedisError, OSError) as error:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    # redis-py may report a cancellation as a lost connection: stop, do not
                    # retry (a retrying task would never end its event loop).
                    raise asyncio.CancelledError from error
                log.warning("subscription to %s* lost (%s); retrying", self.prefix, error)
            finally:
                self.subscribed.clear()
                # Bounded: closing a connection cancelled mid-read can wait for ever.
                with contextlib.suppress(RedisError, OSError, TimeoutError):
                    await asyncio.wait_for(pubsub.aclose(), CLOSE_SECONDS)
                    await asyncio.wait_for(client.aclose(), CLOSE_SECONDS)
            await asyncio.sleep(RETRY_SECONDS)
