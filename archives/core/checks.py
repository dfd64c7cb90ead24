"""Checking a parsed archive: every field of its kind, every reference resolved, no lone surrogate.

``check_archive`` gives the checked ``Archive`` or an ``ArchiveError`` naming the first
problem found. Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from archives.core.conservation import check_conservation
from archives.core.drafts import check_pods
from archives.core.errors import ArchiveError
from archives.core.fields import check_fields as _fields
from archives.core.fields import check_object as _object
from archives.core.limits import count_items
from archives.core.schema import (
    ADDED_FIELDS,
    ADDED_IN,
    BASE_FIELDS,
    CARD_FIELDS,
    CARDS,
    DATETIME,
    EDITION_FIELDS,
    FORMAT,
    INT,
    JSON,
    PERSON_FIELDS,
    READABLE_VERSIONS,
    RECORD_FIELDS,
    RULINGS,
    RULINGS_DOCUMENT_FIELDS,
    RULINGS_ENTRY_FIELDS,
    RULINGS_VERSION_FIELDS,
    STR,
    USER,
    card_ref,
    optional,
    record_key,
    rulings_ref,
)


@dataclass(frozen=True)
class Archive:
    """A checked archive: every field has its kind, every reference resolves."""

    event_uid: str
    exported_at: str
    base_install: str
    base_taken_at: str
    base: dict[str, str]
    people: dict[str, dict[str, Any]]
    editions: dict[str, dict[str, Any]]
    cards: dict[str, dict[str, Any]]
    rulings: dict[str, Any] | None
    records: dict[str, dict[str, Any]]

    def of_type(self, record_type: str) -> dict[str, dict[str, Any]]:
        return {k: r for k, r in self.records.items() if r["type"] == record_type}


def _printable(where: str) -> str:
    """A place in the file fit to print (a lone surrogate as its escape)."""
    return where.encode("utf-8", "backslashreplace").decode("utf-8")


def _surrogate_free(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_text(data: Any, where: str = "archive") -> None:
    """Refuse a lone surrogate (JSON ``"\\ud800"``) in any key or string: no database
    stores one, so it would fail halfway through the import instead of being refused."""
    if _surrogate_free_tree(data):
        return
    stack: list[tuple[Any, str]] = [(data, where)]  # again, naming the place this time
    while stack:
        value, at = stack.pop()
        if isinstance(value, str):
            if not _surrogate_free(value):
                raise ArchiveError("lone_surrogate", where=_printable(at))
        elif isinstance(value, dict):
            for key, item in value.items():
                if not _surrogate_free(key):
                    raise ArchiveError("lone_surrogate", where=_printable(f"{at}.{key}"))
                stack.append((item, f"{at}.{key}"))
        elif isinstance(value, list):
            stack.extend((item, f"{at}[{n}]") for n, item in enumerate(value))


def _surrogate_free_tree(data: Any) -> bool:
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if not _surrogate_free(value):
                return False
        elif isinstance(value, dict):
            if not all(_surrogate_free(key) for key in value):
                return False
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return True


def _uuid(value: str, where: str) -> None:
    try:
        uuid.UUID(value)
    except ValueError:
        raise ArchiveError("wrong_type", where=where, expected="uuid") from None


def check_archive(data: Any, *, max_items: int | None = None) -> Archive:
    """The archive in ``data`` (parsed JSON) if it is a complete, consistent archive of
    this format and version; else ``ArchiveError`` naming the first problem found.
    ``max_items`` bounds ``count_items`` (the rows an import may write)."""
    if not isinstance(data, dict):
        raise ArchiveError("not_an_archive")
    if data.get("format") != FORMAT:
        raise ArchiveError("foreign_format", found=_printable(str(data.get("format"))[:60]))
    version = data.get("version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        found = _printable(str(version)[:20])
        supported = ", ".join(str(v) for v in READABLE_VERSIONS)
        raise ArchiveError("unsupported_version", found=found, supported=supported)
    if max_items is not None and (items := count_items(data)) > max_items:
        raise ArchiveError("too_many_records", count=items, limit=max_items)
    check_text(data)
    _fields(
        data,
        {
            "exported_at": DATETIME,
            "event": STR,
            "base": JSON,
            "people": JSON,
            "catalogue": JSON,
            "rulings": JSON,
            "records": JSON,
        },
        "archive",
    )
    _uuid(data["event"], "archive.event")
    base = _fields(data["base"], {**BASE_FIELDS, "digests": JSON}, "base")
    _uuid(base["install"], "base.install")
    base_digests = _object(base["digests"], "base.digests")
    for key, value in base_digests.items():
        if not isinstance(value, str):
            raise ArchiveError("wrong_type", where=f"base.digests.{key}", expected="str")

    people = _object(data["people"], "people")
    for username, person in people.items():
        _fields(person, PERSON_FIELDS, f"people.{username}")

    catalogue = _fields(data["catalogue"], {"editions": JSON, "cards": JSON}, "catalogue")
    editions = _object(catalogue["editions"], "catalogue.editions")
    for code, edition in editions.items():
        _fields(edition, EDITION_FIELDS, f"catalogue.editions.{code}")
    cards = _object(catalogue["cards"], "catalogue.cards")
    for key, card in cards.items():
        where = f"catalogue.cards.{key}"
        _fields(card, CARD_FIELDS, where)
        if card["edition"] not in editions:
            raise ArchiveError(
                "unknown_reference", where=f"{where}.edition", target=card["edition"]
            )
        if key != card_ref(card["edition"], card["number"]):
            raise ArchiveError(
                "wrong_key", where=where, expected=card_ref(card["edition"], card["number"])
            )

    rulings = data["rulings"]
    if rulings is not None:
        rulings = _fields(rulings, {"document": JSON, "version": JSON, "entries": JSON}, "rulings")
        _fields(rulings["document"], RULINGS_DOCUMENT_FIELDS, "rulings.document")
        _fields(rulings["version"], RULINGS_VERSION_FIELDS, "rulings.version")
        if not isinstance(rulings["entries"], list):
            raise ArchiveError("wrong_type", where="rulings.entries", expected="list")
        for n, entry in enumerate(rulings["entries"]):
            where = f"rulings.entries[{n}]"
            _fields(entry, RULINGS_ENTRY_FIELDS, where)
            if entry["card"] is not None and entry["card"] not in cards:
                raise ArchiveError("unknown_reference", where=f"{where}.card", target=entry["card"])

    records = _object(data["records"], "records")
    for key, record in records.items():
        where = f"records.{key}"
        record = _object(record, where)
        record_type = record.get("type")
        if record_type not in RECORD_FIELDS or ADDED_IN.get(record_type, 1) > version:
            raise ArchiveError("unknown_record_type", where=where, found=str(record_type)[:40])
        if ADDED_FIELDS.get(record_type, {}).keys() - record.keys():
            record = records[key] = {**ADDED_FIELDS[record_type], **record}
        _fields(record, RECORD_FIELDS[record_type], where)
        expected = record_key(record_type, record)
        if key != expected:
            raise ArchiveError("wrong_key", where=where, expected=expected)
        _check_references(
            record, RECORD_FIELDS[record_type], where, records, people, cards, rulings
        )
        if "uid" in record:
            _uuid(record["uid"], f"{where}.uid")
    draft = records.get("draft")
    if draft is not None:
        packs = draft["pack_editions"]
        if not isinstance(packs, list) or not all(isinstance(e, str) for e in packs):
            raise ArchiveError("wrong_type", where="records.draft.pack_editions", expected="list")
        check_pods(draft["pods"], "records.draft.pods", records, cards)
        check_conservation(draft, records)
    event = records.get("event")
    if event is None:
        raise ArchiveError("missing_field", where="records.event")
    if event["uid"] != data["event"]:
        raise ArchiveError("wrong_key", where="records.event.uid", expected=data["event"])

    return Archive(
        event_uid=data["event"],
        exported_at=data["exported_at"],
        base_install=base["install"],
        base_taken_at=base["taken_at"],
        base=dict(base_digests),
        people=people,
        editions=editions,
        cards=cards,
        rulings=rulings,
        records=records,
    )


def _check_references(
    record: Mapping[str, Any],
    spec: Mapping[str, str],
    where: str,
    records: Mapping[str, Any],
    people: Mapping[str, Any],
    cards: Mapping[str, Any],
    rulings: Mapping[str, Any] | None,
) -> None:
    for name, kind in spec.items():
        value = record[name]
        if value is None:
            continue
        kind = kind.rstrip("?")
        if kind == USER and value not in people:
            raise ArchiveError("unknown_reference", where=f"{where}.{name}", target=value)
        if kind.startswith("ref:"):
            target = records.get(value)
            if not isinstance(target, dict) or target.get("type") != kind[4:]:
                raise ArchiveError("unknown_reference", where=f"{where}.{name}", target=value)
        if kind == RULINGS and (rulings is None or value != _rulings_key(rulings)):
            raise ArchiveError("unknown_reference", where=f"{where}.{name}", target=value)
        if kind == CARDS:
            for n, entry in enumerate(value):
                at = f"{where}.{name}[{n}]"
                _fields(entry, {"card": STR, "quantity": INT, "line": optional(INT)}, at)
                if entry["card"] not in cards:
                    raise ArchiveError(
                        "unknown_reference", where=f"{at}.card", target=entry["card"]
                    )


def _rulings_key(rulings: Mapping[str, Any]) -> str:
    return rulings_ref(rulings["document"]["slug"], rulings["version"]["number"])
