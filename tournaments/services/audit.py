"""The audit log: every judge action that changes a result, a pairing, a drop or a penalty."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from tournaments.live import announce_change
from tournaments.models import AuditEntry, Event

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User


def audit_record(
    *,
    event: Event,
    actor: User | AnonymousUser | None,
    action: str,
    target: str = "",
    before: Any = None,
    after: Any = None,
    reason: str = "",
    uid: uuid.UUID | None = None,
) -> AuditEntry:
    """Write one entry; call it inside the transaction that makes the change. Every audited
    action changes something an event page may show, so the event's live pages are told to
    look again once it commits. ``uid``: the entry's own, when the action's idempotency key
    is the entry (its uid is unique)."""
    announce_change(event.pk)
    return AuditEntry.objects.create(
        event=event,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        action=action,
        target=target,
        before=before,
        after=after,
        reason=reason[:300],
        **({"uid": uid} if uid is not None else {}),
    )
