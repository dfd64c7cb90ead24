"""Record digests and the three-way comparison of an import: base, this install, the archive.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from archives.core.schema import APPEND_ONLY, RECORD_TYPES


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_digest(record: Mapping[str, Any]) -> str:
    """A short fingerprint of a record: equal digests, equal records."""
    return hashlib.sha256(canonical(record).encode()).hexdigest()[:32]


def digests(records: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    return {key: record_digest(record) for key, record in records.items()}


@dataclass(frozen=True)
class Conflict:
    """A record this install changed since the base that the archive has otherwise.
    ``here``: "created", "changed" or "deleted" (what this install did to it)."""

    key: str
    record_type: str
    here: str


@dataclass(frozen=True)
class ImportPlan:
    creates: tuple[str, ...] = ()
    updates: tuple[str, ...] = ()
    deletes: tuple[str, ...] = ()
    conflicts: tuple[Conflict, ...] = field(default=())

    @property
    def changes_nothing(self) -> bool:
        return not (self.creates or self.updates or self.deletes)


def _type_order(record_type: str) -> int:
    return RECORD_TYPES.index(record_type)


def plan_import(
    *,
    base: Mapping[str, str],
    current: Mapping[str, Mapping[str, Any]],
    incoming: Mapping[str, Mapping[str, Any]],
) -> ImportPlan:
    """What importing ``incoming`` over ``current`` does, given the ``base`` digests both
    started from (empty when the event is new here).

    - the same here and in the archive: nothing to do;
    - changed only in the archive (here it is still as in the base): applied (created,
      updated or deleted);
    - changed here since the base and different in the archive: a conflict. Any conflict
      refuses the whole import (the caller writes nothing);
    - append-only records (the audit log): added when missing here, else left alone.
    """
    current_digests = digests(current)
    incoming_digests = digests(incoming)
    creates: list[str] = []
    updates: list[str] = []
    deletes: list[str] = []
    conflicts: list[Conflict] = []
    for key in sorted(set(base) | set(current_digests) | set(incoming_digests)):
        b, c, i = base.get(key), current_digests.get(key), incoming_digests.get(key)
        if c == i:
            continue
        record_type = (incoming.get(key) or current[key])["type"]
        if record_type in APPEND_ONLY:
            if c is None:
                creates.append(key)
            continue
        if c != b:
            here = "created" if b is None else "deleted" if c is None else "changed"
            conflicts.append(Conflict(key=key, record_type=record_type, here=here))
        elif c is None:
            creates.append(key)
        elif i is None:
            deletes.append(key)
        else:
            updates.append(key)

    def in_order(keys: list[str], source: Mapping[str, Mapping[str, Any]]) -> tuple[str, ...]:
        return tuple(sorted(keys, key=lambda k: (_type_order(source[k]["type"]), k)))

    return ImportPlan(
        creates=in_order(creates, incoming),
        updates=in_order(updates, incoming),
        deletes=tuple(reversed(in_order(deletes, current))),
        conflicts=tuple(conflicts),
    )
