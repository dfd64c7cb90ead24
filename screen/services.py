"""The big screen's settings, changed by the event's judges (typically from a phone): the
view, paging paused or not, the announcement line. Audited, so the change also tells the
screen (and every open page of the event) to look again once it commits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction
from django.utils.translation import gettext as _

from config.errors import DomainError
from screen.models import ANNOUNCEMENT_MAX_LENGTH, EventScreen, ScreenMode
from tournaments.models.choices import EventFormat
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event
from tournaments.services.permissions import ensure_allowed

if TYPE_CHECKING:
    from accounts.models import User


def _snapshot(screen: EventScreen) -> dict[str, object]:
    return {
        "mode": screen.mode,
        "paging_paused": screen.paging_paused,
        "announcement": screen.announcement,
    }


def one_line(text: str) -> str:
    """The announcement as the screen shows it: one line, single spaces."""
    return " ".join(text.split())


@transaction.atomic
def screen_set(
    *,
    actor: User,
    event_id: int,
    mode: str,
    paging_paused: bool,
    announcement: str = "",
) -> EventScreen:
    """Set what the event's big screen shows. Setting what it already shows changes nothing
    and writes no audit entry."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if mode not in ScreenMode.values:
        raise DomainError(
            _("“%(mode)s” is not one of the screen's views.") % {"mode": mode}, field="mode"
        )
    if mode == ScreenMode.DRAFT and event.format != EventFormat.BOOSTER_DRAFT:
        raise DomainError(_("Only a booster draft event has draft pods to show."), field="mode")
    announcement = one_line(announcement)
    if len(announcement) > ANNOUNCEMENT_MAX_LENGTH:
        raise DomainError(
            _("The announcement is %(n)s characters long; the screen shows at most %(max)s.")
            % {"n": len(announcement), "max": ANNOUNCEMENT_MAX_LENGTH},
            field="announcement",
        )
    # The event row is locked, so no other transaction creates this row meanwhile.
    screen, _created = EventScreen.objects.get_or_create(event=event)
    before = _snapshot(screen)
    screen.mode = mode
    screen.paging_paused = bool(paging_paused)
    screen.announcement = announcement
    after = _snapshot(screen)
    if after == before:
        return screen
    screen.save()
    audit_record(
        event=event,
        actor=actor,
        action="screen.set",
        target="screen",
        before=before,
        after=after,
    )
    return screen
