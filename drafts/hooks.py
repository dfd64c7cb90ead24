"""What a booster draft adds to its event's own actions (``tournaments.extensions``) and to
its deck lists (``decklists.extensions``):
players' own registration and check-in (unless the player has a seat) closed once the
draft has started, a drafter's drop handing the seat to a bot, deck building closed before
round 1, and the first rounds paired within pods; a drafter's list refused after building
time or before the pool is recorded, and a judge's entry of it refused after building time
or to a judge seated in the drafter's pod."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Q
from django.utils.translation import gettext as _

from decklists.extensions import hooks as deck_list_hooks
from drafts.models import Draft, DraftPhase, DraftSeat
from drafts.services.building import refuse_entry_after_building, refuse_list_after_building
from drafts.services.judge import pod_of_registration, seat_to_bot_on_drop
from drafts.services.late import refuse_check_in_without_seat
from drafts.services.locking import lock_pod
from drafts.services.pairing import end_deck_building, pod_pairings
from tournaments.extensions import hooks
from tournaments.models.choices import EventFormat

if TYPE_CHECKING:
    from accounts.models import User
    from drafts.models import Pod
    from tournaments.models import Event


class DraftSeatOnDrop:
    """A seated drafter's pod is locked after the event and before the registration; on the
    drop a bot takes the seat while the pod still drafts."""

    def lock_for_drop(self, registration_id: int) -> Pod | None:
        pod_id = pod_of_registration(registration_id)
        return lock_pod(pod_id) if pod_id is not None else None

    def dropped(self, *, actor: User, held: Pod, registration_id: int, reason: str) -> None:
        seat_to_bot_on_drop(actor=actor, pod=held, registration_id=registration_id, reason=reason)


class DraftStartClosesRegistration:
    """Players register themselves until the draft starts: its seats are dealt then, and a
    newcomer would have none. A judge can still add a player, then seat them in a bot's
    seat or enter them for the Swiss rounds (``drafts.services.late``)."""

    def closed_events(self) -> Q:
        return Q(format=EventFormat.BOOSTER_DRAFT, draft__started_at__isnull=False)

    def reason(self) -> str:
        return _("The draft has started, so registration is closed; ask a judge for a late entry.")


def draft_state_words(event: Event) -> str | None:
    draft = Draft.objects.filter(event=event).first()
    if draft is None:
        return None
    phases = draft.pods.order_by("pk").values_list("phase", flat=True)
    if not phases:
        return None
    labels = ", ".join(str(DraftPhase(phase).label).lower() for phase in phases)
    return f"booster draft under way: {labels}"


def draft_bots(event: Event) -> int:
    return DraftSeat.objects.filter(pod__draft__event=event, bot=True).count()


def digital_draft(event: Event) -> bool:
    """A draft from digital boosters records every seat's pool when drafting ends."""
    return Draft.objects.filter(event=event, paper=False).exists()


def connect() -> None:
    """Register the hooks once (``DraftsConfig.ready``)."""
    if refuse_check_in_without_seat in hooks.check_in_guards:
        return
    hooks.check_in_guards.append(refuse_check_in_without_seat)
    hooks.drop_hooks.append(DraftSeatOnDrop())
    hooks.event_starting.append(end_deck_building)
    hooks.round_pairers.append(pod_pairings)
    hooks.describe_state.append(draft_state_words)
    hooks.count_bots.append(draft_bots)
    hooks.registration_closers.append(DraftStartClosesRegistration())
    deck_list_hooks.submit_guards.append(refuse_list_after_building)
    deck_list_hooks.entry_guards.append(refuse_entry_after_building)
    deck_list_hooks.pool_expected.append(digital_draft)
