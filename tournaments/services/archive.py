"""Event archives: export an event to one JSON document, import one (see ``docs/archives.md``).

The format, its checks and the three-way comparison are the pure
``tournaments.archive.core``; this module turns rows into records and records back into
rows, through the ORM, in one transaction. An import is a restore of another install's
rows, not a replay of judge actions, so it writes the rows themselves (each checked with
``clean_fields`` first) rather than calling the services that made them; it is itself in
the audit log.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import json
import os
import re
import stat
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, connections, models, router, transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from archives.models import EventArchiveBase, InstallIdentity, WithheldStaff
from config.errors import DomainError
from rulings.models import (
    Card,
    CardPool,
    CardPoolEntry,
    DeckCheck,
    DeckCheckPick,
    DeckList,
    DeckListEntry,
    DocumentEntry,
    DocumentVersion,
    Edition,
    RulingsDocument,
)
from tournaments.archive.core import (
    CARDS,
    DATE,
    DATETIME,
    FORMAT,
    RECORD_FIELDS,
    RECORD_TYPES,
    RULINGS,
    SECONDS,
    USER,
    VERSION,
    Archive,
    ArchiveError,
    Conflict,
    ImportPlan,
    card_ref,
    check_archive,
    check_size,
    digests,
    plan_import,
    read_bounded,
    record_key,
    rulings_ref,
    staff_withheld,
)
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
    Seat,
)
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event, lock_event_rows
from tournaments.services.standings import bump_results_version

__all__ = [
    "ArchiveConflictError",
    "ArchiveRefusedError",
    "ImportResult",
    "event_archive_export",
    "event_archive_import",
]

# The reasons a file is refused, by ``ArchiveError.code``.
MESSAGES = {
    "not_json": gettext_lazy("The file is not valid JSON (%(detail)s)."),
    "not_an_archive": gettext_lazy("The file is not an event archive: it is not a JSON object."),
    "foreign_format": gettext_lazy(
        "The file is not an event archive of this site (its format is %(found)s)."
    ),
    "unsupported_version": gettext_lazy(
        "The archive is of format version %(found)s; this site reads version %(supported)s."
    ),
    "missing_field": gettext_lazy("The archive is incomplete: %(where)s is missing."),
    "wrong_type": gettext_lazy("The archive is damaged: %(where)s is not a valid %(expected)s."),
    "wrong_key": gettext_lazy(
        "The archive is damaged: the record %(where)s should be stored as %(expected)s."
    ),
    "unknown_record_type": gettext_lazy(
        "The archive is damaged: %(where)s has an unknown record type %(found)s."
    ),
    "unknown_reference": gettext_lazy(
        "The archive is damaged: %(where)s refers to %(target)s, which is not in the file."
    ),
    "lone_surrogate": gettext_lazy(
        "The archive is damaged: %(where)s holds an invalid character (a lone surrogate)."
    ),
    "too_large": gettext_lazy(
        "The file is larger than the %(limit)s bytes this site accepts for an archive "
        "(ARCHIVE_MAX_BYTES)."
    ),
    "too_many_records": gettext_lazy(
        "The archive holds %(count)s records, more than the %(limit)s this site accepts "
        "(ARCHIVE_MAX_RECORDS)."
    ),
}

CONFLICT_HERE = {
    "created": gettext_lazy("added here since the archive was exported"),
    "changed": gettext_lazy("changed here since the archive was exported"),
    "deleted": gettext_lazy("deleted here since the archive was exported"),
}


class ArchiveRefusedError(DomainError):
    """The file cannot be imported (damaged, foreign, invalid values): nothing was written."""


class ArchiveConflictError(ArchiveRefusedError):
    """Records changed here since the archive's base: nothing was written."""

    def __init__(self, conflicts: Iterable[Conflict]) -> None:
        self.conflicts = tuple(conflicts)
        lines = [
            _("%(key)s (%(type)s): %(here)s")
            % {"key": c.key, "type": c.record_type, "here": CONFLICT_HERE[c.here]}
            for c in self.conflicts
        ]
        message = _(
            "The event changed on this site since the archive was exported, so importing it "
            "would overwrite those changes. Nothing was imported. Conflicting records:"
        )
        super().__init__("\n".join([message, *lines]), code="archive_conflict")


def _refused(error: ArchiveError) -> ArchiveRefusedError:
    template = MESSAGES.get(error.code)
    text = str(template) % error.params if template else str(error)
    return ArchiveRefusedError(text, code=f"archive_{error.code}")


# --- rows -> records -------------------------------------------------------------------------
def _queries(event: Event) -> dict[str, models.QuerySet]:
    return {
        "event": Event.objects.filter(pk=event.pk).select_related(
            "rulings_version__document", "created_by"
        ),
        "staff": EventStaff.objects.filter(event=event).select_related("user"),
        "registration": Registration.objects.filter(event=event).select_related("player"),
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
        "deck_check": DeckCheck.objects.filter(event=event),
        "audit": AuditEntry.objects.filter(event=event),
    }


def _iso(value: dt.datetime | None) -> str | None:
    return None if value is None else value.astimezone(dt.UTC).isoformat()


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
                elif kind == CARDS:
                    entries = list(row.entries.all())
                    for entry in entries:
                        out.cards[card_ref(entry.card.edition.code, entry.card.number)] = entry.card
                    record[name] = _card_entries(entries)
                elif kind == DATETIME:
                    record[name] = _iso(getattr(row, name))
                elif kind == DATE:
                    record[name] = getattr(row, name).isoformat()
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


def _withheld_records(event: Event) -> list[tuple[str, dict[str, Any], int]]:
    """The staff records of the event kept aside here (``WithheldStaff``), with their
    keys and user ids: part of the event's archive though they give nobody a role."""
    return [
        (f"staff:{username}", {"type": "staff", "user": username, "role": role}, user_id)
        for username, role, user_id in WithheldStaff.objects.filter(event=event)
        .order_by("pk")
        .values_list("user__username", "role", "user_id")
    ]


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


# --- export ----------------------------------------------------------------------------------
def install_identity() -> InstallIdentity:
    """This install's identity (made on first use)."""
    identity = InstallIdentity.objects.order_by("pk").first()
    if identity is None:
        identity, _created = InstallIdentity.objects.get_or_create(pk=1)
    return identity


def _people(user_ids: Iterable[int]) -> dict[str, dict[str, str]]:
    """What the event needs of each person: the username (the key) and the names shown on
    pairings. No e-mail address (judges are not shown players' addresses), no password,
    no tokens."""
    return {
        u.username: {
            "display_name": u.display_name,
            "first_name": u.first_name,
            "last_name": u.last_name,
            "player_number": u.player_number,
        }
        for u in User.objects.filter(pk__in=user_ids).order_by("username")
    }


def _rulings(event: Event, cards: dict[str, Card]) -> dict[str, Any] | None:
    version = event.rulings_version
    if version is None:
        return None
    entries = []
    for entry in version.entries.select_related("card__edition").order_by("section", "key"):
        ref = None
        if entry.card_id is not None:
            ref = card_ref(entry.card.edition.code, entry.card.number)
            cards[ref] = entry.card
        entries.append(
            {
                "section": entry.section,
                "key": entry.key,
                "card": ref,
                "formats": entry.formats,
                "title_en": entry.title_en,
                "title_es": entry.title_es,
                "text_en": entry.text_en,
                "text_es": entry.text_es,
            }
        )
    document = version.document
    return {
        "document": {
            "slug": document.slug,
            "title_en": document.title_en,
            "title_es": document.title_es,
        },
        "version": {
            "number": version.number,
            "status": version.status,
            "published_on": version.published_on.isoformat() if version.published_on else None,
            "summary_en": version.summary_en,
            "summary_es": version.summary_es,
        },
        "entries": entries,
    }


def _catalogue(cards: Mapping[str, Card]) -> dict[str, Any]:
    editions: dict[str, dict[str, Any]] = {}
    out: dict[str, dict[str, Any]] = {}
    for ref in sorted(cards):
        card = cards[ref]
        edition = card.edition
        editions[edition.code] = {
            "name": edition.name,
            "set_size": edition.set_size,
            "release_date": edition.release_date.isoformat() if edition.release_date else None,
        }
        out[ref] = {
            "edition": edition.code,
            "number": card.number,
            "name": card.name,
            "type": card.type,
            "faction": card.faction,
            "cost": card.cost,
            "rarity": card.rarity,
            "sample": card.sample,
            "attributes_known": card.attributes_known,
        }
    return {"editions": dict(sorted(editions.items())), "cards": out}


def event_archive_export(*, event_id: int) -> dict[str, Any]:
    """The archive of an event, as a JSON-ready dict (``docs/archives.md``).

    Its ``base`` is the state the event left its home install in: for an event imported
    here from elsewhere, the base it came with; otherwise this install's current state."""
    with transaction.atomic():
        event = (
            Event.objects.filter(pk=event_id).select_related("rulings_version__document").first()
        )
        if event is None:
            raise DomainError(_("There is no event %(id)s.") % {"id": event_id}, code="not_found")
        if hasattr(event, "draft"):
            raise DomainError(
                _(
                    "Booster draft events cannot be archived yet: the draft (pods, packs and "
                    "picks) is not part of the archive format."
                ),
                code="archive_draft_event",
            )
        rows = event_rows(event)
        for key, record, user_id in _withheld_records(event):
            rows.records[key] = record
            rows.user_ids.add(user_id)
        rulings = _rulings(event, rows.cards)
        stored = EventArchiveBase.objects.filter(event=event).first()
        if stored is not None:
            base = {
                "install": str(stored.install),
                "taken_at": _iso(stored.taken_at),
                "digests": stored.digests,
            }
        else:
            base = {
                "install": str(install_identity().uid),
                "taken_at": _iso(timezone.now()),
                "digests": digests(rows.records),
            }
        return {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": _iso(timezone.now()),
            "event": str(event.uid),
            "base": base,
            "people": _people(rows.user_ids),
            "catalogue": _catalogue(rows.cards),
            "rulings": rulings,
            "records": rows.records,
        }


def archive_json(archive: Mapping[str, Any]) -> str:
    return json.dumps(archive, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


# --- import ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ImportResult:
    event: Event
    created_event: bool
    plan: ImportPlan
    people_created: tuple[str, ...] = ()
    # "username (role)" of the staff records written (roles given or changed here), and of
    # those not written: accounts that existed here, not named in ``grant_staff``.
    staff_granted: tuple[str, ...] = ()
    staff_withheld: tuple[str, ...] = ()

    @property
    def up_to_date(self) -> bool:
        return self.plan.changes_nothing


def read_archive(data: bytes | str | BinaryIO) -> bytes:
    """The archive's bytes, refused (``ArchiveRefusedError``) when larger than
    ``ARCHIVE_MAX_BYTES`` before it is read whole: a file's size (an uploaded file's
    ``size``, a regular file's length) is checked first, and anything else is read in
    chunks up to the limit."""
    limit = settings.ARCHIVE_MAX_BYTES
    try:
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogatepass")
        if isinstance(data, bytes):
            check_size(len(data), limit)
            return data
        size = getattr(data, "size", None)
        if size is None and hasattr(data, "fileno"):
            try:
                info = os.fstat(data.fileno())
            except (OSError, ValueError):
                info = None
            if info is not None and stat.S_ISREG(info.st_mode):
                size = info.st_size
        if isinstance(size, int):
            check_size(size, limit)
        return read_bounded(data, limit)
    except ArchiveError as error:
        raise _refused(error) from None


def parse_archive(data: bytes | str | BinaryIO) -> Archive:
    """The checked archive, or ``ArchiveRefusedError`` with the first problem found (the
    size and record limits first, then the core's checks)."""
    raw = read_archive(data)
    try:
        parsed = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise _refused(ArchiveError("not_json", detail=str(error)[:120])) from None
    del raw  # the parsed archive is enough from here on
    try:
        return check_archive(parsed, max_items=settings.ARCHIVE_MAX_RECORDS)
    except ArchiveError as error:
        raise _refused(error) from None


MODELS: dict[str, type[models.Model]] = {
    "event": Event,
    "staff": EventStaff,
    "registration": Registration,
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
    "round",
    "penalty",
    "deck_list",
    "card_pool",
    "deck_check",
    "audit",
}
assert set(MODELS) == set(RECORD_TYPES)


def _placeholder_email(username: str) -> str:
    """A unique, undeliverable address for a person created from an archive (archives
    carry no e-mail addresses); they set their own through the usual account pages."""
    slug = re.sub(r"[^a-z0-9._-]+", "-", username.lower()).strip("-.") or "user"
    digest = hashlib.sha256(username.encode()).hexdigest()[:8]
    return f"{slug[:40]}.{digest}@archive.invalid"


def _ensure_people(archive: Archive) -> tuple[dict[str, User], tuple[str, ...]]:
    users = {u.username: u for u in User.objects.filter(username__in=list(archive.people))}
    numbers = {p["player_number"] for p in archive.people.values() if p["player_number"]}
    taken = set(
        User.objects.filter(player_number__in=numbers).values_list("player_number", flat=True)
    )
    created = []
    for username, person in sorted(archive.people.items()):
        if username in users:
            continue
        user = User(
            username=username,
            email=_placeholder_email(username),
            display_name=person["display_name"],
            first_name=person["first_name"],
            last_name=person["last_name"],
            # The same player number as at home when it is free here (else a new one).
            player_number=person["player_number"] if person["player_number"] not in taken else None,
        )
        user.set_unusable_password()
        _clean(user, f"people.{username}", exclude=["password", "player_number"])
        user.save()
        users[username] = user
        created.append(username)
    return users, tuple(created)


def _ensure_catalogue(archive: Archive) -> dict[str, Card]:
    editions = {e.code: e for e in Edition.objects.filter(code__in=list(archive.editions))}
    for code, data in sorted(archive.editions.items()):
        if code not in editions:
            edition = Edition(
                code=code,
                name=data["name"],
                set_size=data["set_size"],
                release_date=parse_date(data["release_date"]) if data["release_date"] else None,
            )
            _clean(edition, f"catalogue.editions.{code}")
            edition.save()
            editions[code] = edition
    found = {
        card_ref(c.edition.code, c.number): c
        for c in Card.objects.filter(edition__code__in=list(editions)).select_related("edition")
    }
    for ref, data in sorted(archive.cards.items()):
        if ref not in found:
            card = Card(
                edition=editions[data["edition"]],
                **{k: v for k, v in data.items() if k != "edition"},
            )
            _clean(card, f"catalogue.cards.{ref}", exclude=["edition"])
            card.save()
            found[ref] = card
    return found


def _ensure_rulings(archive: Archive, cards: Mapping[str, Card]) -> DocumentVersion | None:
    if archive.rulings is None:
        return None
    doc_data, version_data = archive.rulings["document"], archive.rulings["version"]
    document = RulingsDocument.objects.filter(slug=doc_data["slug"]).first()
    if document is None:
        document = RulingsDocument(**doc_data)
        _clean(document, "rulings.document")
        document.save()
    version = DocumentVersion.objects.filter(
        document=document, number=version_data["number"]
    ).first()
    if version is not None:
        return version
    version = DocumentVersion(
        document=document,
        number=version_data["number"],
        status=version_data["status"],
        published_on=parse_date(version_data["published_on"])
        if version_data["published_on"]
        else None,
        summary_en=version_data["summary_en"],
        summary_es=version_data["summary_es"],
    )
    _clean(version, "rulings.version", exclude=["document"])
    version.save()
    entries = []
    for n, data in enumerate(archive.rulings["entries"]):
        entry = DocumentEntry(
            version=version,
            card=cards[data["card"]] if data["card"] else None,
            **{k: v for k, v in data.items() if k != "card"},
        )
        _clean(entry, f"rulings.entries[{n}]", exclude=["version", "card"])
        entries.append(entry)
    DocumentEntry.objects.bulk_create(entries)
    return version


def _clean(row: models.Model, where: str, exclude: list[str] | None = None) -> None:
    """Each field's own checks (choices, lengths, ranges) before anything is saved."""
    try:
        row.clean_fields(exclude=exclude)
    except ValidationError as error:
        problems = "; ".join(
            f"{name}: {' '.join(str(m) for m in messages)}"
            for name, messages in error.message_dict.items()
        )
        raise ArchiveRefusedError(
            _("The archive has an invalid value at %(where)s (%(problems)s).")
            % {"where": where, "problems": problems},
            code="archive_invalid_value",
        ) from None


def _parse_datetime(value: str) -> dt.datetime:
    parsed = parse_datetime(value)
    assert parsed is not None  # checked by the core
    return parsed


# Rows created per INSERT: a big archive is written a batch at a time (one transaction
# still), not a query per row, and rows nothing refers to are not kept once written.
BATCH = 500
# The record types other records refer to: their rows are kept to resolve those keys.
REFERENCED = frozenset(
    kind.rstrip("?")[4:]
    for spec in RECORD_FIELDS.values()
    for kind in spec.values()
    if kind.startswith("ref:")
)


class _Applier:
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
            if kind == CARDS:
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
                value = _parse_datetime(value)
            elif kind == DATE:
                value = parse_date(value)
            elif kind == SECONDS and value is not None:
                value = dt.timedelta(seconds=value)
            if name in auto:
                timestamps[name] = value
            setattr(row, name, value)
        _clean(row, f"records.{key}", exclude=[*relations, "event", "uid"])
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
        if "entries" in record:
            row.entries.all().delete()
            self._create_entries([(row, record["entries"])])
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
                    (row, incoming[key]["entries"])
                    for key, row in built
                    if "entries" in incoming[key]
                ]
            )
            for key, row in built:
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
        DeckListEntry.objects.bulk_create(deck_entries, batch_size=BATCH)
        CardPoolEntry.objects.bulk_create(pool_entries, batch_size=BATCH)


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


def event_archive_import(
    *,
    data: bytes | str | BinaryIO,
    actor: User | None = None,
    grant_staff: Collection[str] = (),
) -> ImportResult:
    """Import an archive (its bytes, or a binary file read up to ``ARCHIVE_MAX_BYTES``):
    create the event here, or apply to it what changed in the archive.

    Refuses (``ArchiveRefusedError``, nothing written) a file over the size or record
    limits, a damaged or foreign file, invalid values, and records that changed here since
    the archive's base (``ArchiveConflictError``, listing them). Importing the same archive
    again changes nothing (``ImportResult.up_to_date``).

    The archive's staff records give an account that already exists here a role only when
    ``grant_staff`` names it; the others are withheld (``ImportResult.staff_withheld``)."""
    archive = parse_archive(data)
    granted = frozenset(grant_staff)
    for attempt in range(2):
        try:
            with transaction.atomic():
                return _import(archive, actor, granted)
        except (IntegrityError, DataError, ProtectedError, OverflowError) as error:
            # The same archive imported at the same instant created the event first: the
            # second try finds it (and, normally, nothing left to do).
            created_meanwhile = Event.objects.filter(uid=archive.event_uid).exists()
            if attempt == 0 and created_meanwhile:
                continue
            raise _integrity_refusal(error) from None
    raise AssertionError("unreachable")


def _integrity_refusal(error: Exception) -> ArchiveRefusedError:
    return ArchiveRefusedError(
        _("The archive contradicts the data on this site (%(detail)s). Nothing was imported.")
        % {"detail": str(error).splitlines()[0][:200]},
        code="archive_integrity",
    )


def _staff_plan(
    archive: Archive,
    plan: ImportPlan,
    escrow: Mapping[str, Any],
    granted: Collection[str],
) -> tuple[ImportPlan, dict[str, Any]]:
    """The plan without the staff records that would give or change the role of an account
    that already exists here and is not granted, and those records (kept aside). Records
    kept aside before (``escrow``, present here as far as the plan is concerned) are
    written once granted, and forgotten when the archive drops them."""
    incoming = archive.records
    changes = {k for k in (*plan.creates, *plan.updates) if incoming[k]["type"] == "staff"}
    kept = {k for k in escrow if k in incoming}
    candidates = sorted(changes | kept)
    users = {incoming[k]["user"] for k in candidates}
    existing = set(User.objects.filter(username__in=users).values_list("username", flat=True))
    withheld = set(staff_withheld(incoming, candidates, existing=existing, granted=granted))
    granted_now = kept - changes - withheld  # kept aside before, granted by this import

    def in_order(keys: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(keys, key=lambda k: (RECORD_TYPES.index(incoming[k]["type"]), k)))

    applied = ImportPlan(
        creates=in_order({*plan.creates, *granted_now} - withheld),
        updates=tuple(k for k in plan.updates if k not in withheld),
        deletes=plan.deletes,
    )
    return applied, {k: incoming[k] for k in sorted(withheld)}


def _staff_names(records: Mapping[str, Mapping[str, Any]], keys: Iterable[str]) -> tuple[str, ...]:
    return tuple(
        f"{records[k]['user']} ({records[k]['role']})"
        for k in keys
        if records[k]["type"] == "staff"
    )


def _keep_aside(event: Event, withheld: Mapping[str, Any], users: Mapping[str, User]) -> None:
    """The event's staff records not granted here are now ``withheld`` (by key)."""
    WithheldStaff.objects.filter(event=event).delete()
    rows = []
    for key, record in withheld.items():
        row = WithheldStaff(event=event, user=users[record["user"]], role=record["role"])
        _clean(row, f"records.{key}", exclude=["event", "user"])
        rows.append(row)
    WithheldStaff.objects.bulk_create(rows)


def _import(archive: Archive, actor: User | None, granted: Collection[str]) -> ImportResult:
    existing = Event.objects.filter(uid=archive.event_uid).values_list("pk", flat=True).first()
    event = lock_event(existing) if existing is not None else None
    escrow: dict[str, Any] = {}
    if event is not None:
        lock_event_rows(event)
        current = event_rows(event)
        escrow = {key: record for key, record, _user in _withheld_records(event)}
        base = archive.base
    else:
        current = EventRows()
        base = {}
    plan = plan_import(base=base, current={**current.records, **escrow}, incoming=archive.records)
    if plan.conflicts:
        raise ArchiveConflictError(plan.conflicts)
    plan, withheld = _staff_plan(archive, plan, escrow, granted)
    staff_withheld_names = _staff_names(archive.records, withheld)
    if plan.changes_nothing and event is not None and withheld == escrow:
        return ImportResult(
            event=event, created_event=False, plan=plan, staff_withheld=staff_withheld_names
        )
    staff_granted_names = _staff_names(archive.records, [*plan.creates, *plan.updates])
    users, people_created = _ensure_people(archive)
    cards = _ensure_catalogue(archive)
    rulings = _ensure_rulings(archive, cards)
    applier = _Applier(
        archive=archive,
        event=event,
        rows=dict(current.rows),
        users=users,
        cards=cards,
        rulings=rulings,
    )
    applier.apply(plan)
    event = applier.event
    assert event is not None
    _keep_aside(event, withheld, users)
    if archive.base_install == str(install_identity().uid):
        EventArchiveBase.objects.filter(event=event).delete()
    else:
        EventArchiveBase.objects.update_or_create(
            event=event,
            defaults={
                "install": archive.base_install,
                "taken_at": _parse_datetime(archive.base_taken_at),
                "digests": archive.base,
            },
        )
    audit_record(
        event=event,
        actor=actor,
        action="event.archive_import",
        target=str(event),
        after={
            "created": len(plan.creates),
            "updated": len(plan.updates),
            "deleted": len(plan.deletes),
            "exported_at": archive.exported_at,
            "staff_granted": list(staff_granted_names),
            "staff_not_granted": list(staff_withheld_names),
        },
    )
    bump_results_version(event.pk)
    return ImportResult(
        event=event,
        created_event=existing is None,
        plan=plan,
        people_created=people_created,
        staff_granted=staff_granted_names,
        staff_withheld=staff_withheld_names,
    )
