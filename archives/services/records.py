"""An event's rows as archive records, the model of each record type, and their dates.

An import compares these records with the archive's (``archives.core.comparison``),
so the export and the import read the event's rows here alike.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import models
from django.utils.dateparse import parse_datetime

from accounts.models import User
from archives.core.schema import (
    CARDS,
    DATE,
    DATETIME,
    PODS,
    RECORD_FIELDS,
    RECORD_TYPES,
    RULINGS,
    SECONDS,
    TIME,
    USER,
    card_ref,
    record_key,
    rulings_ref,
)
from archives.services.drafts import draft_pods
from decklists.models import CardPool, DeckCheck, DeckCheckPick, DeckList
from drafts.models import Draft
from rulings.models import Card
from tournaments.models import (
    AuditEntry,
    Event,
    EventStaff,
    Game,
    Match,
    Penalty,
    Registration,
    ResultReport,
    Round,
)

MODELS: dict[str, type[models.Model]] = {
    "event": Event,
    "staff": EventStaff,
    "registration": Registration,
    "draft": Draft,
    "round": Round,
    "match": Match,
    "game": Game,
    "report": ResultReport,
    "penalty": Penalty,
    "deck_list": DeckList,
    "card_pool": CardPool,
    "deck_pick": DeckCheckPick,
    "deck_check": DeckCheck,
    "audit": AuditEntry,
}

# The event foreign key of each event-scoped model (the others hang from a round, a match
# or a deck list).
EVENT_FIELD = {
    "staff",
    "registration",
    "draft",
    "round",
    "penalty",
    "deck_list",
    "card_pool",
    "deck_check",
    "audit",
}

assert set(MODELS) == set(RECORD_TYPES)


def _queries(event: Event) -> dict[str, models.QuerySet]:
    return {
        "event": Event.objects.filter(pk=event.pk).select_related(
            "rulings_version__document", "created_by"
        ),
        "staff": EventStaff.objects.filter(event=event).select_related("user"),
        "registration": Registration.objects.filter(event=event).select_related("player"),
        "draft": Draft.objects.filter(event=event),
        "round": Round.objects.filter(event=event),
        "match": Match.objects.filter(round__event=event),
        "game": Game.objects.filter(match__round__event=event),
        "report": ResultReport.objects.filter(match__round__event=event),
        "penalty": Penalty.objects.filter(event=event),
        "deck_list": DeckList.objects.filter(event=event)
        .select_related("player")
        .prefetch_related("entries__card__edition"),
        "card_pool": CardPool.objects.filter(event=event)
        .select_related("player")
        .prefetch_related("entries__card__edition"),
        "deck_pick": DeckCheckPick.objects.filter(deck_list__event=event),
        "deck_check": DeckCheck.objects.filter(event=event).prefetch_related(
            "checked_entries__card__edition"
        ),
        "audit": AuditEntry.objects.filter(event=event),
    }


def iso_utc(value: dt.datetime | None) -> str | None:
    return None if value is None else value.astimezone(dt.UTC).isoformat()


def parse_iso_datetime(value: str) -> dt.datetime:
    parsed = parse_datetime(value)
    assert parsed is not None  # checked by the core
    return parsed


def _card_entries(entries: Iterable[Any]) -> list[dict[str, Any]]:
    rows = [
        {
            "card": card_ref(e.card.edition.code, e.card.number),
            "quantity": e.quantity,
            "line": getattr(e, "line", None),
        }
        for e in entries
    ]
    return sorted(rows, key=lambda r: (r["line"] is None, r["line"] or 0, r["card"]))


@dataclass
class EventRows:
    """An event's records by key, the rows they came from, and the people and cards they use."""

    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    rows: dict[str, models.Model] = field(default_factory=dict)
    user_ids: set[int] = field(default_factory=set)
    cards: dict[str, Card] = field(default_factory=dict)


def event_rows(event: Event) -> EventRows:
    """Every record of the event as the archive stores it (usernames still to resolve:
    see ``_resolve_users``)."""
    out = EventRows()
    keys: dict[tuple[str, int], str] = {}  # (type, pk) -> key
    pending_users: list[tuple[dict[str, Any], str, int]] = []
    for record_type, queryset in _queries(event).items():
        spec = RECORD_FIELDS[record_type]
        for row in queryset.order_by("pk"):
            record: dict[str, Any] = {"type": record_type}
            for name, kind in spec.items():
                kind = kind.rstrip("?")
                if kind == USER:
                    user_id = getattr(row, f"{name}_id")
                    record[name] = user_id
                    if user_id is not None:
                        pending_users.append((record, name, user_id))
                        out.user_ids.add(user_id)
                elif kind.startswith("ref:"):
                    target = getattr(row, f"{name}_id")
                    record[name] = None if target is None else keys[(kind[4:], target)]
                elif kind == RULINGS:
                    version = row.rulings_version
                    record[name] = (
                        None
                        if version is None
                        else rulings_ref(version.document.slug, version.number)
                    )
                elif kind == PODS:
                    registrations = {pk: k for (t, pk), k in keys.items() if t == "registration"}
                    record[name] = draft_pods(row, registrations, out.cards)
                elif kind == CARDS:
                    entries = list(getattr(row, name).all())
                    for entry in entries:
                        out.cards[card_ref(entry.card.edition.code, entry.card.number)] = entry.card
                    record[name] = _card_entries(entries)
                elif kind == DATETIME:
                    record[name] = iso_utc(getattr(row, name))
                elif kind == DATE:
                    record[name] = getattr(row, name).isoformat()
                elif kind == TIME:
                    value = getattr(row, name)
                    record[name] = None if value is None else value.isoformat()
                elif kind == SECONDS:
                    value = getattr(row, name)
                    record[name] = None if value is None else value.total_seconds()
                elif name == "uid":
                    record[name] = str(row.uid)
                else:
                    record[name] = getattr(row, name)
            key = record_key(record_type, {**record, **_usernames_for_key(row, record_type)})
            keys[(record_type, row.pk)] = key
            out.records[key] = record
            out.rows[key] = row
    _resolve_users(out, pending_users)
    return out


def _usernames_for_key(row: models.Model, record_type: str) -> dict[str, str]:
    """Keys that name a person use the username, not the user id the record holds yet."""
    name = {
        "staff": "user",
        "registration": "player",
        "deck_list": "player",
        "card_pool": "player",
    }.get(record_type)
    return {name: getattr(row, name).username} if name else {}


def _resolve_users(out: EventRows, pending: list[tuple[dict[str, Any], str, int]]) -> None:
    usernames = dict(User.objects.filter(pk__in=out.user_ids).values_list("pk", "username"))
    for record, name, user_id in pending:
        record[name] = usernames[user_id]
