"""What a drafter does: pick a card, bid or pass in the auction, distribute the cards of
the deck they won. Each request names the step it is for (pack round and pick number, or
the auction's number), so a repeated, late or out-of-order request changes nothing and
the refusal says why. The pod's row lock decides a pick racing its own deadline: the
deadline is applied first if it has passed, so exactly one of them wins."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config import clock
from config.errors import ConflictError, DomainError, ForbiddenError
from drafts.core import auction as auction_core
from drafts.core.errors import DraftError
from drafts.models import DraftPhase, DraftSeat, Pick, PickKind, Pod
from drafts.services.deadlines import settle_if_expired
from drafts.services.flow import (
    StepView,
    auction_bid,
    auction_distribute,
    auction_of,
    record_picks,
    run_steps,
    save_pod,
    seat_pack_cards,
    seats_at_step,
    settle,
    step_view,
)
from drafts.services.locking import lock_pod
from drafts.services.messages import draft_error


@dataclass(frozen=True)
class PickOutcome:
    """The pick, the pod after it, the picker's seat and the step the pod now waits at
    (None once drafting is over), so a caller can answer without reading them again."""

    pick: Pick
    pod: Pod
    seat: DraftSeat
    step: StepView | None = None


def _seat_of(pod: Pod, actor: User, seats: list[DraftSeat] | None = None) -> DraftSeat:
    if seats is not None:
        seat = next(
            (s for s in seats if s.registration_id is not None and s.player_id == actor.pk),
            None,
        )
    else:
        seat = (
            DraftSeat.objects.filter(pod=pod, registration__player_id=actor.pk)
            .select_related("registration")
            .first()
            if actor.is_authenticated
            else None
        )
    if seat is None:
        raise ForbiddenError(_("You have no seat at this pod."), code="no_seat")
    if seat.bot:
        raise ConflictError(
            _("A bot holds your seat; ask a judge to give it back to you."), code="seat_is_bot"
        )
    return seat


def _step_refusal(seat: DraftSeat, pod: Pod, pack_round: int, pick_number: int) -> ConflictError:
    """Why a pick for another step than the pod's current one changes nothing."""
    asked = (pack_round, pick_number)
    params = {"round": pack_round, "pick": pick_number}
    if pod.phase in (DraftPhase.AUCTION, DraftPhase.REVIEW) or asked > (
        pod.pack_round,
        pod.pick_number,
    ):
        return ConflictError(
            _("Pack %(round)s, pick %(pick)s has not started yet.") % params, code="pick_too_early"
        )
    earlier = (
        Pick.objects.filter(seat=seat, pack_round=pack_round, pick_number=pick_number)
        .select_related("card_instance__card")
        .first()
    )
    if earlier is not None and earlier.kind == PickKind.PLAYER:
        return ConflictError(
            _("You already picked in pack %(round)s, pick %(pick)s; nothing was changed.") % params,
            code="pick_repeated",
        )
    if earlier is not None and earlier.kind == PickKind.TIMEOUT:
        return ConflictError(
            _(
                "Time ran out for pack %(round)s, pick %(pick)s before your tap arrived: "
                "%(card)s was taken for you at random; nothing was changed."
            )
            % {**params, "card": earlier.card_instance.card.name},
            code="pick_too_late",
        )
    return ConflictError(
        _("Pack %(round)s, pick %(pick)s is over; nothing was changed.") % params,
        code="pick_too_late",
    )


def _whole(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(_("This must be a whole number."), field=field)
    return value


def draft_pick(
    *, actor: User, pod_id: int, pack_round: int, pick_number: int, card_instance_id: int
) -> PickOutcome:
    """Pick a card from the pack in front of the actor's seat at the named step."""
    pack_round = _whole(pack_round, "pack_round")
    pick_number = _whole(pick_number, "pick_number")
    card_instance_id = _whole(card_instance_id, "card_instance")
    outcome = _pick(actor, pod_id, pack_round, pick_number, card_instance_id)
    if isinstance(outcome, DomainError):
        raise outcome
    return outcome


@transaction.atomic
def _pick(
    actor: User, pod_id: int, pack_round: int, pick_number: int, card_instance_id: int
) -> PickOutcome | DomainError:
    """The pick under the pod's lock. A deadline that has passed is applied first (it wins
    the race), and then kept: a refusal after it is returned, not raised, so that this
    transaction commits the deadline's move although the pick changes nothing."""
    pod = lock_pod(pod_id)
    now = clock.now()
    settled = settle(pod, now)
    if settled:
        save_pod(pod)
    try:
        return _pick_locked(pod, now, actor, pack_round, pick_number, card_instance_id)
    except DomainError as refusal:
        if not settled:
            raise
        return refusal


def _pick_locked(
    pod: Pod, now: datetime, actor: User, pack_round: int, pick_number: int, card_instance_id: int
) -> PickOutcome:
    seats = seats_at_step(pod)
    seat = _seat_of(pod, actor, seats)
    if pod.draft.paper:
        raise ConflictError(_("This draft is played with paper boosters."), code="paper")
    if pod.phase != DraftPhase.DRAFTING or (pack_round, pick_number) != (
        pod.pack_round,
        pod.pick_number,
    ):
        if pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE) and (
            pack_round,
            pick_number,
        ) > (pod.pack_round, pod.pick_number):
            raise ConflictError(_("The draft is over."), code="draft_over")
        raise _step_refusal(seat, pod, pack_round, pick_number)
    if pod.paused_remaining is not None:
        raise ConflictError(_("A judge has paused the draft; pick when it resumes."), code="paused")
    picked = {s.pk for s in seats if s.picked}
    if seat.pk in picked:
        raise ConflictError(
            _("You already picked in pack %(round)s, pick %(pick)s; nothing was changed.")
            % {"round": pack_round, "pick": pick_number},
            code="pick_repeated",
        )
    # Usually another player is still to pick after this one: then only this seat's pack
    # is read and nothing else moves. The last pick of a step (or a pod that needs its
    # clock or its bots seen to) reads the whole step and plays the pod forward.
    stays_open = (
        pod.deadline is not None
        and any(s.pk != seat.pk and s.pk not in picked and not s.bot for s in seats)
        and not any(s.bot and s.pk not in picked for s in seats)
    )
    if stays_open:
        view = StepView(
            seats=seats, cards={seat.pk: seat_pack_cards(pod, seat, len(seats))}, picked=picked
        )
    else:
        view = step_view(pod, seats, picked)
    card = next((c for c in view.cards.get(seat.pk, []) if c.pk == card_instance_id), None)
    if card is None:
        raise DomainError(
            _("That card is not in the pack in front of you."),
            field="card_instance",
            code="card_not_in_pack",
        )
    (pick,) = record_picks(pod, view, [(seat, card, PickKind.PLAYER, "")], now)
    if stays_open:
        # What the other drafters see has not changed (a pick is face down), so the pod's
        # version stays and their pages are not re-rendered.
        return PickOutcome(pick=pick, pod=pod, seat=seat, step=view)
    step = run_steps(pod, now, view=view)
    save_pod(pod)
    return PickOutcome(pick=pick, pod=pod, seat=seat, step=step)


def auction_seat(pod: Pod, actor: User, number: Any) -> DraftSeat:
    seat = _seat_of(pod, actor)
    if pod.phase != DraftPhase.AUCTION or pod.draft.paper:
        raise ConflictError(_("The deck auction is over."), code="auction_over")
    number = _whole(number, "auction")
    state = auction_of(pod)
    if number != state.number:
        raise ConflictError(
            _(
                "Auction %(asked)s is not the current one (auction %(current)s); "
                "nothing was changed."
            )
            % {"asked": number, "current": state.number},
            code="auction_stale",
        )
    if state.to_act != seat.position:
        raise ConflictError(_("It is not your turn in the auction."), code="not_your_turn")
    return seat


def draft_bid(*, actor: User, pod_id: int, auction: int, amount: int | None) -> Pod:
    """Bid ``amount`` (or pass, with ``None``) in the pod's current auction."""
    if amount is not None:
        amount = _whole(amount, "amount")
    settle_if_expired(pod_id)
    return _bid(actor, pod_id, auction, amount)


@transaction.atomic
def _bid(actor: User, pod_id: int, auction: int, amount: int | None) -> Pod:
    pod = lock_pod(pod_id)
    now = clock.now()
    if settle(pod, now):
        save_pod(pod)
    seat = auction_seat(pod, actor, auction)
    if auction_of(pod).phase != auction_core.BIDDING:
        raise ConflictError(_("The bidding of this auction is over."), code="bidding_over")
    try:
        auction_bid(pod, seat.position, amount, now, "player")
    except DraftError as exc:
        raise draft_error(exc) from exc
    save_pod(pod)
    return pod


def draft_distribute(
    *, actor: User, pod_id: int, auction: int, deck: int, moves: dict[int, int]
) -> Pod:
    """The auction's winner takes ``deck`` and puts each card of ``moves`` (card instance
    id -> deck id) on another deck still on the table."""
    deck = _whole(deck, "deck")
    if not isinstance(moves, dict) or not all(
        _whole(k, "moves") is not None and _whole(v, "moves") is not None for k, v in moves.items()
    ):
        raise DomainError(_("Say which deck each removed card goes to."), field="moves")
    settle_if_expired(pod_id)
    return _distribute(actor, pod_id, auction, deck, moves)


@transaction.atomic
def _distribute(actor: User, pod_id: int, auction: int, deck: int, moves: dict[int, int]) -> Pod:
    pod = lock_pod(pod_id)
    now = clock.now()
    if settle(pod, now):
        save_pod(pod)
    seat = auction_seat(pod, actor, auction)
    if auction_of(pod).phase != auction_core.DISTRIBUTING:
        raise ConflictError(_("The bidding of this auction is not over."), code="still_bidding")
    try:
        auction_distribute(pod, seat.position, deck, moves, now, "player")
    except DraftError as exc:
        raise draft_error(exc) from exc
    save_pod(pod)
    return pod
