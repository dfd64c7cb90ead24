"""Staff roles in an archive: given to an account that already exists here only when granted.

The records not granted are kept aside here (``WithheldStaff``): still part of the event's
archive, they give nobody a role until a later import grants them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from accounts.models import User
from archives.core.checks import Archive
from archives.core.comparison import ImportPlan
from archives.core.schema import RECORD_TYPES
from archives.core.staff import staff_withheld
from archives.models import WithheldStaff
from archives.services.refusals import clean_row
from tournaments.models import Event


def withheld_records(event: Event) -> list[tuple[str, dict[str, Any], int]]:
    """The staff records of the event kept aside here (``WithheldStaff``), with their
    keys and user ids: part of the event's archive though they give nobody a role."""
    return [
        (f"staff:{username}", {"type": "staff", "user": username, "role": role}, user_id)
        for username, role, user_id in WithheldStaff.objects.filter(event=event)
        .order_by("pk")
        .values_list("user__username", "role", "user_id")
    ]


def staff_plan(
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


def staff_names(records: Mapping[str, Mapping[str, Any]], keys: Iterable[str]) -> tuple[str, ...]:
    return tuple(
        f"{records[k]['user']} ({records[k]['role']})"
        for k in keys
        if records[k]["type"] == "staff"
    )


def keep_aside(event: Event, withheld: Mapping[str, Any], users: Mapping[str, User]) -> None:
    """The event's staff records not granted here are now ``withheld`` (by key)."""
    WithheldStaff.objects.filter(event=event).delete()
    rows = []
    for key, record in withheld.items():
        row = WithheldStaff(event=event, user=users[record["user"]], role=record["role"])
        clean_row(row, f"records.{key}", exclude=["event", "user"])
        rows.append(row)
    WithheldStaff.objects.bulk_create(rows)
