"""The size and record limits of an archive, checked before the file is read whole or checked.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, BinaryIO

from archives.core.drafts import pod_items
from archives.core.errors import ArchiveError


def read_bounded(stream: BinaryIO, limit: int, chunk: int = 1 << 20) -> bytes:
    """The stream's bytes, read in chunks, or ``ArchiveError("too_large")`` as soon as it
    holds more than ``limit`` bytes: an oversized file is never read whole."""
    parts: list[bytes] = []
    size = 0
    while part := stream.read(min(chunk, limit + 1 - size)):
        parts.append(part)
        size += len(part)
        if size > limit:
            raise ArchiveError("too_large", limit=limit)
    return b"".join(parts)


def check_size(size: int, limit: int) -> None:
    """Refuse a file of ``size`` bytes above ``limit`` (before reading it)."""
    if size > limit:
        raise ArchiveError("too_large", limit=limit)


def count_items(data: Mapping[str, Any]) -> int:
    """How many rows importing ``data`` may write: records, people, editions, cards,
    rulings entries, the card entries of deck lists, pools and the lists deck checks
    kept, and a draft's pods, seats, auction decks, packs, cards and picks. Only
    containers are counted (nothing is checked yet), so a damaged file counts what it holds."""

    def size(value: Any) -> int:
        return len(value) if isinstance(value, (dict, list)) else 0

    catalogue = data.get("catalogue")
    catalogue = catalogue if isinstance(catalogue, dict) else {}
    rulings = data.get("rulings")
    rulings = rulings if isinstance(rulings, dict) else {}
    records = data.get("records")
    records = records if isinstance(records, dict) else {}
    entries = sum(
        size(r.get("entries")) + size(r.get("checked_entries")) + pod_items(r.get("pods"))
        for r in records.values()
        if isinstance(r, dict)
    )
    return (
        len(records)
        + entries
        + size(data.get("people"))
        + size(catalogue.get("editions"))
        + size(catalogue.get("cards"))
        + size(rulings.get("entries"))
    )
