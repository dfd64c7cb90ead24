"""A judge's hand on a pod: pause, resume, extend the current wait, start the picking
after the review (or in paper mode), hand a seat to a bot and back, replace a pack before
picking starts on it. Each locks the event, then the pod, and is in the audit log. None is
done by a judge who has a seat in the pod (``drafts.services.seated``)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config import clock
from config.errors import ConflictError, DomainError, NotFoundError
from drafts.models import CardInstance, DeckState, DraftPhase, DraftSeat, Pack, Pod
from drafts.services.clock import DRAFT_DEADLINE_TASK
from drafts.services.flow import (
    auction_continue,
    run_steps,
    save_pod,
    settle,
    start_drafting,
)
from drafts.services.locking import lock_pod
from drafts.services.seated import refuse_if_seated
from drafts.services.setup import cards_by_rarity, open_pack, slots_by_edition
from tournaments.models.choices import EventStatus
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event
from tournaments.services.own_match import judge_action
from tournaments.services.permissions import ensure_allowed

MAX_EXTENSION = 3600


def _event_of_pod(pod_id: int) -> int:
    event_id = Pod.objects.filter(pk=pod_id).values_list("draft__event_id", flat=True).first()
    if event_id is None:
        raise NotFoundError(_("There is no such draft pod."))
    return event_id


def _judge_pod(actor: User, pod_id: int) -> Pod:
    """The pod, locked after its event, for a judge action on it (``@judge_action``): refused
    to anybody who does not run the event, and to a judge who has a seat in it."""
    event = lock_event(_event_of_pod(pod_id))
    ensure_allowed(actor, "tournaments.run_event", event)
    pod = lock_pod(pod_id)
    pod.draft.event = event
    refuse_if_seated(actor, pod)
    if settle(pod, clock.now()):
        save_pod(pod)
    return pod


def _audit(pod: Pod, actor: User, action: str, **fields) -> None:
    audit_record(
        event=pod.draft.event, actor=actor, action=action, target=f"pod {pod.number}", **fields
    )


@judge_action("draft.pause")
@transaction.atomic
def pod_pause(*, actor: User, pod_id: int) -> Pod:
    pod = _judge_pod(actor, pod_id)
    if pod.phase == DraftPhase.DONE:
        raise ConflictError(_("This pod has finished."))
    if pod.paused_remaining is not None:
        return pod
    now = clock.now()
    pod.paused_remaining = pod.remaining(now) or timedelta(0)
    pod.deadline = None
    pod.version += 1
    save_pod(pod)
    _audit(
        pod,
        actor,
        "draft.pause",
        after={"phase": pod.phase, "remaining_seconds": pod.paused_remaining.total_seconds()},
    )
    return pod


@judge_action("draft.resume")
@transaction.atomic
def pod_resume(*, actor: User, pod_id: int) -> Pod:
    from config.deadlines import schedule_at

    pod = _judge_pod(actor, pod_id)
    if pod.paused_remaining is None:
        return pod
    pod.deadline = clock.now() + pod.paused_remaining
    pod.paused_remaining = None
    pod.version += 1
    schedule_at(DRAFT_DEADLINE_TASK, pod.deadline)
    save_pod(pod)
    _audit(pod, actor, "draft.resume", after={"deadline": pod.deadline.isoformat()})
    return pod


@judge_action("draft.extend")
@transaction.atomic
def pod_extend(*, actor: User, pod_id: int, seconds: int, reason: str = "") -> Pod:
    """More time for the pod's current wait (a pick step, an auction turn, deck building)."""
    from config.deadlines import schedule_at

    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise DomainError(_("This must be a whole number."), field="seconds")
    if not 1 <= seconds <= MAX_EXTENSION:
        raise DomainError(_("Extend by 1 second to one hour."), field="seconds")
    pod = _judge_pod(actor, pod_id)
    if pod.phase == DraftPhase.DONE:
        raise ConflictError(_("This pod has finished."))
    before = pod.deadline.isoformat() if pod.deadline else None
    if pod.paused_remaining is not None:
        pod.paused_remaining += timedelta(seconds=seconds)
    elif pod.deadline is not None:
        pod.deadline += timedelta(seconds=seconds)
        schedule_at(DRAFT_DEADLINE_TASK, pod.deadline)
    else:
        raise ConflictError(_("Nothing is timed at this pod now."))
    pod.version += 1
    save_pod(pod)
    _audit(
        pod,
        actor,
        "draft.extend",
        before=before,
        after={"seconds": seconds, "phase": pod.phase},
        reason=reason,
    )
    return pod


@judge_action("draft.begin_picking")
@transaction.atomic
def pod_begin_picking(*, actor: User, pod_id: int) -> Pod:
    """End the review time now (or, in paper mode, start the picking timer)."""
    pod = _judge_pod(actor, pod_id)
    if pod.phase != DraftPhase.REVIEW:
        raise ConflictError(_("The picking can start only after the deck auction."))
    start_drafting(pod, clock.now())
    save_pod(pod)
    _audit(pod, actor, "draft.begin_picking")
    return pod


@judge_action("draft.end_building")
@transaction.atomic
def pod_end_building(*, actor: User, pod_id: int, reason: str) -> Pod:
    """End the pod's deck building now (so round 1 can be paired): every seat still
    building gets its last saved deck if legal, or is marked as having no legal deck."""
    from drafts.services.closing import close_building

    if not reason.strip():
        raise DomainError(_("Say why deck building ends early."), field="reason")
    pod = _judge_pod(actor, pod_id)
    if pod.phase != DraftPhase.BUILDING:
        raise ConflictError(_("This pod is not building decks."), code="not_building")
    before = pod.deadline.isoformat() if pod.deadline else None
    close_building(pod, clock.now(), everyone=True)
    save_pod(pod)
    _audit(
        pod, actor, "draft.end_building", before=before, after={"phase": pod.phase}, reason=reason
    )
    return pod


@judge_action("draft.extend_seat_building")
@transaction.atomic
def seat_extend_building(
    *, actor: User, pod_id: int, seat_id: int, seconds: int, reason: str = ""
) -> DraftSeat:
    """More deck-building time for one seat, also after its time is over (it builds again
    until then), while the deck lists are open (before round 1)."""
    from config.deadlines import schedule_at

    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise DomainError(_("This must be a whole number."), field="seconds")
    if not 1 <= seconds <= MAX_EXTENSION:
        raise DomainError(_("Extend by 1 second to one hour."), field="seconds")
    pod = _judge_pod(actor, pod_id)
    if pod.draft.event.status != EventStatus.REGISTRATION:
        raise ConflictError(_("Round 1 is paired: deck lists are locked."), code="lists_locked")
    if pod.phase not in (DraftPhase.BUILDING, DraftPhase.DONE):
        raise ConflictError(_("This pod is not building decks."), code="not_building")
    seat = _seat(pod, seat_id)
    if seat.registration_id is None:
        raise ConflictError(_("This seat is a bot's: it builds no deck."), code="empty_seat")
    now = clock.now()
    still_open = seat.deck_state == DeckState.BUILDING and pod.phase == DraftPhase.BUILDING
    ends = seat.building_until or pod.deadline if still_open else None
    start = max(ends, now) if ends is not None else now
    before = {"until": ends.isoformat() if ends else None, "deck_state": seat.deck_state}
    seat.building_until = start + timedelta(seconds=seconds)
    seat.deck_state = DeckState.BUILDING
    seat.save(update_fields=["building_until", "deck_state"])
    sooner = pod.deadline is None or pod.deadline > seat.building_until
    if pod.paused_remaining is None and (pod.phase == DraftPhase.DONE or sooner):
        pod.deadline = seat.building_until
        schedule_at(DRAFT_DEADLINE_TASK, pod.deadline)
    pod.phase = DraftPhase.BUILDING
    pod.version += 1
    save_pod(pod)
    _audit(
        pod,
        actor,
        "draft.extend_seat_building",
        before=before,
        after={
            "seat": seat.position + 1,
            "player": str(seat.registration),
            "until": seat.building_until.isoformat(),
        },
        reason=reason,
    )
    return seat


def _seat(pod: Pod, seat_id: int) -> DraftSeat:
    seat = DraftSeat.objects.filter(pod=pod, pk=seat_id).select_related("registration").first()
    if seat is None:
        raise NotFoundError(_("There is no such seat at this pod."))
    return seat


@judge_action("draft.seat_bot")
@transaction.atomic
def seat_set_bot(*, actor: User, pod_id: int, seat_id: int, bot: bool, reason: str = "") -> Pod:
    """Hand a player's seat to a bot (it picks for them from now on) or give it back."""
    pod = _judge_pod(actor, pod_id)
    seat = _seat(pod, seat_id)
    if seat.registration_id is None and not bot:
        raise ConflictError(_("This seat was empty: it stays a bot's."), code="empty_seat")
    if seat.bot == bot:
        return pod
    _hand_over(pod, seat, bot)
    _audit(
        pod,
        actor,
        "draft.seat_to_bot" if bot else "draft.seat_to_player",
        after={"seat": seat.position + 1, "player": str(seat.registration or "")},
        reason=reason,
    )
    return pod


def _hand_over(pod: Pod, seat: DraftSeat, bot: bool) -> None:
    """The seat to a bot (which acts at once where it is the seat's turn) or back."""
    seat.bot = bot
    seat.save(update_fields=["bot"])
    pod.version += 1
    now = clock.now()
    if bot and pod.phase == DraftPhase.DRAFTING and not pod.draft.paper:
        run_steps(pod, now)
    elif bot and pod.phase == DraftPhase.AUCTION and not pod.draft.paper:
        auction_continue(pod, now, new_turn=False)
    save_pod(pod)


def pod_of_registration(registration_id: int) -> int | None:
    """The pod where the player has a seat, if the draft has seated them."""
    return (
        DraftSeat.objects.filter(registration_id=registration_id)
        .values_list("pod_id", flat=True)
        .first()
    )


def seat_to_bot_on_drop(*, actor: User, pod: Pod, registration_id: int, reason: str) -> bool:
    """A player who drops while their pod is still drafting (auction, review or picking)
    leaves the seat to a bot, which picks for it from now on; afterwards the seat and its
    pool stay as they are. The caller holds the event's and this pod's locks (in that
    order, before the registration's); it is the drop (``registration.drop``), refused to a
    judge with a seat in the pod who drops someone else. Returns whether a bot took the
    seat."""
    if settle(pod, clock.now()):
        save_pod(pod)
    seat = (
        DraftSeat.objects.filter(pod=pod, registration_id=registration_id)
        .select_related("registration")
        .first()
    )
    if seat is None or seat.bot or pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE):
        return False
    if actor.pk != seat.registration.player_id:  # a drafter may always leave their own seat
        refuse_if_seated(actor, pod)
    _hand_over(pod, seat, True)
    _audit(
        pod,
        actor,
        "draft.seat_to_bot",
        after={"seat": seat.position + 1, "player": str(seat.registration or "")},
        reason=reason,
    )
    return True


@judge_action("draft.replace_pack")
@transaction.atomic
def pack_replace(*, actor: User, pack_id: int, reason: str = "") -> Pack:
    """Replace a pack before anyone picks from it (the DAR's wrong-count case): its cards
    leave the event, a new booster from the next replacement seed takes its place."""
    pod_id = Pack.objects.filter(pk=pack_id).values_list("pod_id", flat=True).first()
    if pod_id is None:
        raise NotFoundError(_("There is no such pack."))
    pod = _judge_pod(actor, pod_id)
    pack = Pack.objects.select_related("opener").get(pk=pack_id)
    if pack.replaced:
        raise ConflictError(_("This pack was already replaced."))
    started = pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE) or (
        pod.phase == DraftPhase.DRAFTING
        and (pod.pack_round, pod.pick_number) > (pack.pack_round, 1)
    )
    if started or pack.picks.exists():
        raise ConflictError(_("Picking from this pack has started; it can no longer be replaced."))
    old = list(CardInstance.objects.filter(pack=pack).values_list("card__name", flat=True))
    CardInstance.objects.filter(pack=pack).delete()
    pack.replaced = True
    pack.save(update_fields=["replaced"])
    slots = slots_by_edition({pack.edition})[pack.edition]
    catalogue = cards_by_rarity({pack.edition})[pack.edition]
    number = Pack.objects.filter(opener=pack.opener, pack_round=pack.pack_round).count()
    new, cards = open_pack(
        pod, pack.opener, pack.pack_round, pack.edition, slots, catalogue, replacement=number
    )
    new.save()
    for card in cards:
        card.pack = new
    CardInstance.objects.bulk_create(cards)
    pod.version += 1
    save_pod(pod)
    _audit(
        pod,
        actor,
        "draft.replace_pack",
        before={"pack": pack.pk, "cards": old},
        after={"pack": new.pk, "cards": len(cards)},
        reason=reason,
    )
    return new
