"""The event archive format, its checks and the three-way comparison of records (pure Python).

An archive is one JSON object::

    {"format": "opm-event-archive", "version": 1, "exported_at": "...", "event": "<uuid>",
     "base": {"install": "<uuid>", "taken_at": "...", "digests": {"<key>": "<digest>"}},
     "people": {"<username>": {...}}, "catalogue": {"editions": {...}, "cards": {...}},
     "rulings": null | {...}, "records": {"<key>": {"type": "<type>", ...}}}

``records`` holds the event's own rows, each under a key that is the same on every
install (natural keys such as ``registration:<username>`` or ``round:3/table:5``, or
``report:<uuid>`` where a row has no natural key). ``base.digests`` is the state of those
records on the install the event was exported from; importing compares it with what the
importing install holds now and with the archive (``plan_import``).

Nothing here imports Django: the services turn rows into records and back, and translate
an ``ArchiveError`` by its ``code`` (``tournaments.services.archive.refusals.MESSAGES``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import uuid
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, BinaryIO

FORMAT = "opm-event-archive"
VERSION = 1

# Field kinds. A trailing "?" allows null.
STR, INT, BOOL, DATE, DATETIME, SECONDS, JSON, USER, CARDS = (
    "str",
    "int",
    "bool",
    "date",
    "datetime",
    "seconds",
    "json",
    "user",
    "cards",
)
RULINGS = "rulings"


def ref(record_type: str) -> str:
    """The kind of a field that names another record of the archive by its key."""
    return f"ref:{record_type}"


def optional(kind: str) -> str:
    return f"{kind}?"


# The records of an event, in the order they are created (a record only refers to records
# of the types before it); deletions run in the reverse order.
# Fields added to format 1 after files were written without them: such a file reads as if
# it held this value (the one every event had before the field existed).
ADDED_FIELDS: dict[str, dict[str, Any]] = {"event": {"draft_cards_private": False}}

RECORD_FIELDS: dict[str, dict[str, str]] = {
    "event": {
        "uid": STR,
        "name": STR,
        "game": STR,
        "format": STR,
        "date": DATE,
        "venue": STR,
        "status": STR,
        "swiss_rounds": optional(INT),
        "round_minutes": INT,
        "top_cut": INT,
        "games_per_match": INT,
        "player_cap": optional(INT),
        "play_draw_required": BOOL,
        "tiebreaks": STR,
        "min_deck_size": INT,
        "deck_lists_required": BOOL,
        "draft_cards_private": BOOL,
        "record_policy": STR,
        "qiahn_ruleset": STR,
        "qiahn_squad": INT,
        "goblin_mode": STR,
        "goblin_scoring": STR,
        "rulings_version": optional(RULINGS),
        "seed": INT,
        "created_by": USER,
        "created_at": DATETIME,
    },
    "staff": {"user": USER, "role": STR},
    "registration": {
        "player": USER,
        "status": STR,
        "registered_at": DATETIME,
        "checked_in_at": optional(DATETIME),
        "late_entry": BOOL,
        "first_round": INT,
        "fixed_table": optional(INT),
        "dropped_at": optional(DATETIME),
        "dropped_after_round": optional(INT),
        "drop_reason": STR,
        "dropped_by": optional(USER),
        "disqualified": BOOL,
    },
    "round": {
        "number": INT,
        "kind": STR,
        "status": STR,
        "seed": INT,
        "forced": BOOL,
        "created_at": DATETIME,
        "published_at": optional(DATETIME),
        "started_at": optional(DATETIME),
        "ends_at": optional(DATETIME),
        "paused_remaining": optional(SECONDS),
        "time_called_at": optional(DATETIME),
        "finished_at": optional(DATETIME),
    },
    "match": {
        "round": ref("round"),
        "table": INT,
        "player_a": ref("registration"),
        "player_b": optional(ref("registration")),
        "flags": JSON,
        "extension_seconds": INT,
        "status": STR,
        "games_won_a": optional(INT),
        "games_won_b": optional(INT),
        "games_drawn": optional(INT),
        "result_source": STR,
        "confirmed_at": optional(DATETIME),
        "winner": STR,
        "override": STR,
    },
    "game": {
        "match": ref("match"),
        "number": INT,
        "random_winner": STR,
        "chooser": STR,
        "choice_reason": STR,
        "choice": STR,
        "winner": STR,
        "by_penalty": BOOL,
        "side_a": STR,
        "score": JSON,
        "record": JSON,
    },
    "report": {
        "uid": STR,
        "match": ref("match"),
        "registration": optional(ref("registration")),
        "reported_by": USER,
        "games_won_a": INT,
        "games_won_b": INT,
        "games_drawn": INT,
        "games": JSON,
        "idempotency_key": STR,
        "created_at": DATETIME,
        "updated_at": DATETIME,
    },
    "penalty": {
        "uid": STR,
        "registration": ref("registration"),
        "match": optional(ref("match")),
        "round": optional(ref("round")),
        "infraction": STR,
        "kind": STR,
        "deviation_reason": STR,
        "game_number": optional(INT),
        "next_match": BOOL,
        "reason": STR,
        "issued_by": USER,
        "created_at": DATETIME,
    },
    "deck_list": {
        "player": USER,
        "text": STR,
        "submitted_at": DATETIME,
        "updated_at": DATETIME,
        "submitted_by": optional(USER),
        "entries": CARDS,
    },
    "card_pool": {"player": USER, "source": STR, "updated_at": DATETIME, "entries": CARDS},
    "deck_pick": {
        "deck_list": ref("deck_list"),
        "batch": INT,
        "picked_by": USER,
        "picked_at": DATETIME,
    },
    "deck_check": {
        "uid": STR,
        "registration": ref("registration"),
        "round": optional(ref("round")),
        "deck_list": optional(ref("deck_list")),
        "drawn_at_random": BOOL,
        "checked_at": DATETIME,
        "checked_by": USER,
        "outcome": STR,
        "note": STR,
        "penalty": optional(ref("penalty")),
        "created_at": DATETIME,
    },
    "audit": {
        "uid": STR,
        "actor": optional(USER),
        "action": STR,
        "target": STR,
        "before": JSON,
        "after": JSON,
        "reason": STR,
        "created_at": DATETIME,
    },
}
RECORD_TYPES: tuple[str, ...] = tuple(RECORD_FIELDS)

# Kept, never changed or removed by an import: entries only ever get added to a log.
APPEND_ONLY = frozenset({"audit"})

KEY_RULES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "event": lambda r: "event",
    "staff": lambda r: f"staff:{r['user']}",
    "registration": lambda r: f"registration:{r['player']}",
    "round": lambda r: f"round:{r['number']}",
    "match": lambda r: f"{r['round']}/table:{r['table']}",
    "game": lambda r: f"{r['match']}/game:{r['number']}",
    "report": lambda r: f"report:{r['uid']}",
    "penalty": lambda r: f"penalty:{r['uid']}",
    "deck_list": lambda r: f"deck_list:{r['player']}",
    "card_pool": lambda r: f"card_pool:{r['player']}",
    "deck_pick": lambda r: f"{r['deck_list']}/pick:{r['batch']}",
    "deck_check": lambda r: f"deck_check:{r['uid']}",
    "audit": lambda r: f"audit:{r['uid']}",
}

PERSON_FIELDS = {
    "display_name": STR,
    "first_name": STR,
    "last_name": STR,
    "player_number": optional(INT),
}
EDITION_FIELDS = {"name": STR, "set_size": INT, "release_date": optional(DATE)}
CARD_FIELDS = {
    "edition": STR,
    "number": INT,
    "name": STR,
    "type": STR,
    "faction": STR,
    "cost": optional(INT),
    "rarity": STR,
    "sample": BOOL,
    "attributes_known": BOOL,
}
RULINGS_DOCUMENT_FIELDS = {"slug": STR, "title_en": STR, "title_es": STR}
RULINGS_VERSION_FIELDS = {
    "number": INT,
    "status": STR,
    "published_on": optional(DATE),
    "summary_en": STR,
    "summary_es": STR,
}
RULINGS_ENTRY_FIELDS = {
    "section": STR,
    "key": STR,
    "card": optional(STR),
    "formats": JSON,
    "title_en": STR,
    "title_es": STR,
    "text_en": STR,
    "text_es": STR,
}
BASE_FIELDS = {"install": STR, "taken_at": DATETIME}


def record_key(record_type: str, record: Mapping[str, Any]) -> str:
    """The key a record of this type is stored under: the same on every install."""
    return KEY_RULES[record_type](record)


def card_ref(edition: str, number: int) -> str:
    return f"{edition}/{number}"


def rulings_ref(slug: str, number: int) -> str:
    return f"{slug}/{number}"


# --- errors --------------------------------------------------------------------------------
class ArchiveError(ValueError):
    """The file is not an archive this version can import. ``code`` names the reason,
    ``params`` its details (``where``: the place in the file)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        details = ", ".join(f"{k}={v!r}" for k, v in sorted(params.items()))
        super().__init__(f"{code}: {details}" if details else code)


# --- digests -------------------------------------------------------------------------------
def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_digest(record: Mapping[str, Any]) -> str:
    """A short fingerprint of a record: equal digests, equal records."""
    return hashlib.sha256(canonical(record).encode()).hexdigest()[:32]


def digests(records: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    return {key: record_digest(record) for key, record in records.items()}


# --- checking a parsed file ----------------------------------------------------------------
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


def _is_kind(value: Any, kind: str) -> bool:
    if kind.endswith("?"):
        return value is None or _is_kind(value, kind[:-1])
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == BOOL:
        return isinstance(value, bool)
    if kind == SECONDS:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0
    if kind == DATE:
        return isinstance(value, str) and _parses(dt.date.fromisoformat, value)
    if kind == DATETIME:
        return isinstance(value, str) and _parses(_aware_datetime, value)
    if kind == JSON:
        return True
    if kind == CARDS:
        return isinstance(value, list)
    return isinstance(value, str)  # str, user, rulings and references


def _aware_datetime(value: str) -> dt.datetime:
    parsed = dt.datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        raise ValueError(value)
    return parsed


def _parses(parse: Callable[[str], Any], value: str) -> bool:
    try:
        parse(value)
    except ValueError:
        return False
    return True


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ArchiveError("wrong_type", where=where, expected="object")
    return value


def _fields(value: Any, spec: Mapping[str, str], where: str) -> dict[str, Any]:
    """The object with exactly the fields of ``spec``, each of its kind."""
    obj = _object(value, where)
    for name, kind in spec.items():
        if name not in obj:
            raise ArchiveError("missing_field", where=f"{where}.{name}")
        if not _is_kind(obj[name], kind):
            raise ArchiveError("wrong_type", where=f"{where}.{name}", expected=kind.rstrip("?"))
    return obj


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
    rulings entries and the card entries of deck lists and pools. Only containers are
    counted (nothing is checked yet), so a damaged file counts what it holds."""

    def size(value: Any) -> int:
        return len(value) if isinstance(value, (dict, list)) else 0

    catalogue = data.get("catalogue")
    catalogue = catalogue if isinstance(catalogue, dict) else {}
    rulings = data.get("rulings")
    rulings = rulings if isinstance(rulings, dict) else {}
    records = data.get("records")
    records = records if isinstance(records, dict) else {}
    entries = sum(size(r.get("entries")) for r in records.values() if isinstance(r, dict))
    return (
        len(records)
        + entries
        + size(data.get("people"))
        + size(catalogue.get("editions"))
        + size(catalogue.get("cards"))
        + size(rulings.get("entries"))
    )


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
    if version != VERSION or isinstance(version, bool):
        found = _printable(str(version)[:20])
        raise ArchiveError("unsupported_version", found=found, supported=VERSION)
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
        if record_type not in RECORD_FIELDS:
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


# --- staff ---------------------------------------------------------------------------------
def staff_withheld(
    records: Mapping[str, Mapping[str, Any]],
    keys: Collection[str],
    *,
    existing: Collection[str],
    granted: Collection[str],
) -> tuple[str, ...]:
    """The staff records among ``keys`` (about to give someone a role on the event here)
    that are not to be written: those naming an account this install already had, unless
    the operator granted it by username. An archive alone never raises the rights of an
    account here; the accounts it creates have no usable password until an admin gives
    them one, so their roles are kept."""
    return tuple(
        key
        for key in keys
        if records[key]["type"] == "staff"
        and records[key]["user"] in existing
        and records[key]["user"] not in granted
    )


# --- the three-way comparison --------------------------------------------------------------
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
