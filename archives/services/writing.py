"""Writing an import's planned records as rows, in the core's order, a batch at a time."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Mapping
from typing import Any

from django.db import connections, models, router
from django.utils.dateparse import parse_date, parse_time

from accounts.models import User
from archives.core.checks import Archive
from archives.core.comparison import ImportPlan
from archives.core.schema import (
    CARDS,
    DATE,
    DATETIME,
    JSON,
    PODS,
    RECORD_FIELDS,
    RECORD_TYPES,
    RULINGS,
    SECONDS,
    TIME,
    USER,
)
from archives.services.drafts import write_pods
from archives.services.records import EVENT_FIELD, MODELS, parse_iso_datetime
from archives.services.refusals import clean_row
from decklists.models import (
    CardPool,
    CardPoolEntry,
    DeckCheck,
    DeckCheckEntry,
    DeckList,
    DeckListEntry,
)
from rulings.models import Card, DocumentVersion
from tournaments.models import Event, Seat

# Rows created per INSERT: a big archive is written a batch at a time (one transaction
# still), not a query per row, and rows nothing refers to are not kept once written.
BATCH = 500

# Each record type's card-entry fields (CARDS: written as the row's related entries).
CARD_FIELDS: dict[str, tuple[str, ...]] = {
    record_type: tuple(name for name, kind in spec.items() if kind.rstrip("?") == CARDS)
    for record_type, spec in RECORD_FIELDS.items()
}

# The record types other records refer to: their rows are kept to resolve those keys.
REFERENCED = frozenset(
    kind.rstrip("?")[4:]
    for spec in RECORD_FIELDS.values()
    for kind in spec.values()
    if kind.startswith("ref:")
)


class RecordWriter:
    """Writes the planned records, in the core's order, resolving keys to rows."""

    def __init__(
        self,
        *,
        archive: Archive,
        event: Event | None,
        rows: dict[str, models.Model],
        users: Mapping[str, User],
        cards: Mapping[str, Card],
        rulings: DocumentVersion | None,
    ) -> None:
        self.archive = archive
        self.event = event
        self.rows = rows
        self.users = users
        self.cards = cards
        self.rulings = rulings

    def apply(self, plan: ImportPlan) -> None:
        incoming = self.archive.records
        match_keys = [k for k in plan.updates if incoming[k]["type"] == "match"]
        Seat.objects.filter(match__in=[self.rows[k] for k in match_keys]).delete()
        for key in plan.deletes:
            row = self.rows.pop(key, None)  # None: a staff record that was kept aside
            if row is not None and row.pk is not None:
                row.delete()
        new: list[str] = []
        for key in sorted(
            [*plan.creates, *plan.updates],
            key=lambda k: (RECORD_TYPES.index(incoming[k]["type"]), k),
        ):
            if key not in self.rows and incoming[key]["type"] != "event":
                new.append(key)
                continue
            self._create(new)  # the earlier types first: this record may refer to them
            new = []
            self._write(key, incoming[key], self.rows.get(key))
        self._create(new)
        seated = [k for k in [*plan.creates, *match_keys] if incoming[k]["type"] == "match"]
        Seat.objects.bulk_create(
            (
                Seat(round_id=match.round_id, registration_id=reg_id, match=match)
                for match in (self.rows[k] for k in seated)
                for reg_id in (match.player_a_id, match.player_b_id)
                if reg_id is not None
            ),
            batch_size=BATCH,
        )

    def _build(
        self, key: str, record: Mapping[str, Any], row: models.Model | None
    ) -> tuple[models.Model, dict[str, Any]]:
        """The row with the record's values, checked; and the values of its automatic
        timestamps (which saving overwrites, so they are written again after)."""
        record_type = record["type"]
        model = MODELS[record_type]
        if row is None:
            row = model()
        if record_type in EVENT_FIELD:
            row.event = self.event
        relations: list[str] = []
        timestamps: dict[str, Any] = {}
        auto = AUTO_TIMESTAMPS[record_type]
        for name, kind in RECORD_FIELDS[record_type].items():
            value = record[name]
            kind = kind.rstrip("?")
            if kind in (CARDS, PODS):
                continue
            if kind == USER:
                value = None if value is None else self.users[value]
                relations.append(name)
            elif kind.startswith("ref:"):
                value = None if value is None else self.rows[value]
                relations.append(name)
            elif kind == RULINGS:
                value = self.rulings if value is not None else None
                relations.append(name)
            elif kind == DATETIME and value is not None:
                value = parse_iso_datetime(value)
            elif kind == DATE:
                value = parse_date(value)
            elif kind == TIME and value is not None:
                value = parse_time(value)
            elif kind == SECONDS and value is not None:
                value = dt.timedelta(seconds=value)
            if name in auto:
                timestamps[name] = value
            setattr(row, name, value)
        # An empty JSON value is one the model holds by default (a paper draft's editions,
        # ``[]``) though its field is not blank.
        empty_json = [
            n for n, k in RECORD_FIELDS[record_type].items() if k == JSON and not record[n]
        ]
        clean_row(row, f"records.{key}", exclude=[*relations, *empty_json, "event", "uid"])
        return row, timestamps

    def _write(self, key: str, record: Mapping[str, Any], row: models.Model | None) -> None:
        row, timestamps = self._build(key, record, row)
        model = type(row)
        row.save()
        if timestamps:
            model.objects.filter(pk=row.pk).update(**timestamps)
            for name, value in timestamps.items():
                setattr(row, name, value)
        if record["type"] == "event":
            self.event = row
        for name in CARD_FIELDS[record["type"]]:
            getattr(row, name).all().delete()
            self._create_entries([(row, record[name])])
        if record["type"] == "draft":
            write_pods(row, record["pods"], self.rows, self.cards)
        self.rows[key] = row

    def _create(self, keys: list[str]) -> None:
        """Create the rows of these records (new here, in the core's order of types), a
        batch at a time."""
        incoming = self.archive.records
        # One type at a time: a record may refer to rows of the types before it.
        for _type, group in itertools.groupby(keys, key=lambda k: incoming[k]["type"]):
            self._create_of_type(list(group))

    def _create_of_type(self, keys: list[str]) -> None:
        incoming = self.archive.records
        for start in range(0, len(keys), BATCH):
            batch = keys[start : start + BATCH]
            built = [(key, self._build(key, incoming[key], None)[0]) for key in batch]
            _insert_as_is([row for _key, row in built])
            self._create_entries(
                [
                    (row, incoming[key][name])
                    for key, row in built
                    for name in CARD_FIELDS[incoming[key]["type"]]
                ]
            )
            for key, row in built:
                if incoming[key]["type"] == "draft":
                    write_pods(row, incoming[key]["pods"], self.rows, self.cards)
                if incoming[key]["type"] in REFERENCED:
                    self.rows[key] = row

    def _create_entries(self, lists: list[tuple[models.Model, list[dict[str, Any]]]]) -> None:
        deck_entries = [
            DeckListEntry(
                deck_list=row, card=self.cards[e["card"]], quantity=e["quantity"], line=e["line"]
            )
            for row, entries in lists
            if isinstance(row, DeckList)
            for e in entries
        ]
        pool_entries = [
            CardPoolEntry(pool=row, card=self.cards[e["card"]], quantity=e["quantity"])
            for row, entries in lists
            if isinstance(row, CardPool)
            for e in entries
        ]
        checked_entries = [
            DeckCheckEntry(
                deck_check=row, card=self.cards[e["card"]], quantity=e["quantity"], line=e["line"]
            )
            for row, entries in lists
            if isinstance(row, DeckCheck)
            for e in entries
        ]
        DeckListEntry.objects.bulk_create(deck_entries, batch_size=BATCH)
        CardPoolEntry.objects.bulk_create(pool_entries, batch_size=BATCH)
        DeckCheckEntry.objects.bulk_create(checked_entries, batch_size=BATCH)


def _insert_as_is(rows: list[models.Model]) -> None:
    """Insert new rows of one model as they are, automatic timestamps included, setting
    their primary keys. ``bulk_create`` would stamp ``auto_now(_add)`` fields with the
    current time, and writing the archive's back row by row (or with ``bulk_update``) took
    most of a big import's time; so this is the raw insert ``loaddata`` uses for fixtures
    (``Model.save_base(raw=True)``), a batch per query."""
    if not rows:
        return
    model = type(rows[0])
    connection = connections[router.db_for_write(model)]
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    returning = model._meta.db_returning_fields
    assert connection.features.can_return_rows_from_bulk_insert  # SQLite >= 3.35, PostgreSQL
    size = max(connection.ops.bulk_batch_size(fields, rows), 1)
    for start in range(0, len(rows), size):
        batch = rows[start : start + size]
        inserted = model._base_manager._insert(
            batch, fields=fields, returning_fields=returning, raw=True, using=connection.alias
        )
        for row, values in zip(batch, inserted, strict=True):
            for column, value in zip(returning, values, strict=True):
                setattr(row, column.attname, value)
            row._state.adding = False
            row._state.db = connection.alias


# Each model's automatic timestamps (auto_now, auto_now_add): the archive's values win.
AUTO_TIMESTAMPS: dict[str, frozenset[str]] = {
    record_type: frozenset(
        f.name
        for f in model._meta.concrete_fields
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    )
    for record_type, model in MODELS.items()
}
