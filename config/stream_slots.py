"""Places for a user's open streams, counted in the shared cache.

A stream is an open connection held for as long as its page is open; one user opening
hundreds (a script, a browser restoring many tabs) would hold the stream server's
connections and Redis's attention for nothing. Each stream takes one of the user's
``limit`` places first, and beyond them it is refused.

The places live in the shared cache (Redis wherever streams run), not in a process, so
every stream server sees the same count. Each is a key with an expiry that its open
stream keeps refreshing: a stream that ends gives its place back at once, and a server
killed mid-stream, which cannot, leaves places that free themselves once they expire.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.core.cache import cache

# A place not refreshed for this long is free again. Streams refresh it at every keep-alive
# (``drafts.views.stream.KEEPALIVE_SECONDS``, four times as often).
SLOT_SECONDS = 60


@dataclass(frozen=True)
class Slot:
    """One place held by one open stream."""

    key: str
    token: str

    async def refresh(self) -> None:
        """Keep the place while the stream is open (taking it again if it lapsed)."""
        if not await cache.atouch(self.key, SLOT_SECONDS):
            await cache.aadd(self.key, self.token, SLOT_SECONDS)

    async def release(self) -> None:
        """Give the place back, unless it lapsed and another stream holds it now."""
        if await cache.aget(self.key) == self.token:
            await cache.adelete(self.key)


async def take(*, user_id: int, limit: int) -> Slot | None:
    """One of the user's ``limit`` places, or None when all are held."""
    token = secrets.token_hex(8)
    for number in range(limit):
        key = f"stream-slot:{user_id}:{number}"
        # ``add`` sets only a missing key, atomically: two streams never get one place.
        if await cache.aadd(key, token, SLOT_SECONDS):
            return Slot(key, token)
    return None
