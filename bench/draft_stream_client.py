"""A drafter's stream as the page's script holds it (server-sent events from the stream
server): the newest version it has named and, when a step ended, the pack it sent as data
with the moment it arrived."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any


class Stream:
    """One open stream: the newest version announced (``news`` is set when one arrives) and
    the newest pack sent as data (``pack``, arrived at wall time ``pack_at``)."""

    def __init__(self) -> None:
        self.version: int | None = None
        self.news = asyncio.Event()
        self.events = 0
        self.pack: dict[str, Any] | None = None
        self.pack_at = 0.0
        self.packs = 0


async def open_stream(
    port: int, pod: int, cookie: str
) -> tuple[Stream, asyncio.StreamReader, asyncio.StreamWriter]:
    """Connect the drafter's stream as the page does, and read up to its first event."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET /live/draft/pods/{pod}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Accept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise RuntimeError(f"stream refused: {status!r}")
    while (await reader.readline()).strip():
        pass  # the response's headers
    stream = Stream()
    await read_event(reader, stream)
    return stream, reader, writer


async def read_event(reader: asyncio.StreamReader, stream: Stream) -> None:
    """Read up to the next ``pod`` event, keeping a ``pack`` event met on the way (uvicorn
    sends the body chunked: the chunk sizes are lines of their own, skipped like the
    comments)."""
    event = None
    while True:
        line = (await reader.readline()).strip()
        if not line and reader.at_eof():
            raise ConnectionError("stream closed")
        if line.startswith(b"event: "):
            event = line[7:]
        elif line.startswith(b"data: ") and event == b"pack":
            stream.pack = json.loads(line[6:])
            stream.pack_at = time.time()
            stream.packs += 1
            event = None
        elif line.startswith(b"data: ") and event == b"pod":
            stream.version = int(line[6:])
            stream.events += 1
            stream.news.set()
            return


async def follow(reader: asyncio.StreamReader, stream: Stream, stop: float) -> None:
    while time.monotonic() < stop:
        await read_event(reader, stream)
