"""The draft pod's row lock, in the one lock order (see ``tournaments.services.locking``):
after the event, before the round, match and registration."""

from __future__ import annotations

from django.utils.translation import gettext as _

from drafts.models import Pod
from tournaments.services.locking import lock_row


def lock_pod(pod_id: int) -> Pod:
    """The pod with its draft (not its event: a pick, the hot path, needs only the event's
    id; a judge's action has locked the event before)."""
    return lock_row(Pod.objects.select_related("draft"), pod_id, _("There is no such draft pod."))
