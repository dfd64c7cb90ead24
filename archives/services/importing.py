"""Importing an archive: create the event here, or apply what changed, in one transaction.

An import is a restore of another install's rows, not a replay of judge actions, so it
writes the rows themselves (each checked with ``clean_fields`` first) rather than calling
the services that made them; it is itself in the audit log.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, BinaryIO

from django.db import DataError, IntegrityError, transaction
from django.db.models import ProtectedError

from accounts.models import User
from archives.core.checks import Archive
from archives.core.comparison import ImportPlan, plan_import
from archives.models import EventArchiveBase
from archives.services.exporting import install_identity
from archives.services.reading import parse_archive
from archives.services.records import EventRows, event_rows, parse_iso_datetime
from archives.services.referenced import ensure_catalogue, ensure_people, ensure_rulings
from archives.services.refusals import ArchiveConflictError, integrity_refusal
from archives.services.staff import keep_aside, staff_names, staff_plan, withheld_records
from archives.services.writing import RecordWriter
from tournaments.models import Event
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event, lock_event_rows
from tournaments.services.standings import bump_results_version


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
            raise integrity_refusal(error) from None
    raise AssertionError("unreachable")


def _import(archive: Archive, actor: User | None, granted: Collection[str]) -> ImportResult:
    existing = Event.objects.filter(uid=archive.event_uid).values_list("pk", flat=True).first()
    event = lock_event(existing) if existing is not None else None
    escrow: dict[str, Any] = {}
    if event is not None:
        lock_event_rows(event)
        current = event_rows(event)
        escrow = {key: record for key, record, _user in withheld_records(event)}
        base = archive.base
    else:
        current = EventRows()
        base = {}
    plan = plan_import(base=base, current={**current.records, **escrow}, incoming=archive.records)
    if plan.conflicts:
        raise ArchiveConflictError(plan.conflicts)
    plan, withheld = staff_plan(archive, plan, escrow, granted)
    staff_withheld_names = staff_names(archive.records, withheld)
    if plan.changes_nothing and event is not None and withheld == escrow:
        return ImportResult(
            event=event, created_event=False, plan=plan, staff_withheld=staff_withheld_names
        )
    staff_granted_names = staff_names(archive.records, [*plan.creates, *plan.updates])
    users, people_created = ensure_people(archive)
    cards = ensure_catalogue(archive)
    rulings = ensure_rulings(archive, cards)
    applier = RecordWriter(
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
    keep_aside(event, withheld, users)
    if archive.base_install == str(install_identity().uid):
        EventArchiveBase.objects.filter(event=event).delete()
    else:
        EventArchiveBase.objects.update_or_create(
            event=event,
            defaults={
                "install": archive.base_install,
                "taken_at": parse_iso_datetime(archive.base_taken_at),
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
