"""The load generator's HTTP: one request per connection on loopback, as plain asyncio
streams (no client library between the measure and the server)."""

from __future__ import annotations

import asyncio
import time

CONNECTS: list[float] = []  # how long each request's connection took to open


async def request(
    port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> tuple[int, bytes, float]:
    """(status, the whole response, seconds from connecting to the last byte)."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    CONNECTS.append(time.perf_counter() - started)
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    head += [f"{k}: {v}" for k, v in headers.items()]
    if body:
        head.append(f"Content-Length: {len(body)}")
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    data = await reader.read()
    writer.close()
    status = int(data[9:12]) if len(data) > 12 else 0
    return status, data, time.perf_counter() - started
