"""A judge who plays never acts on their own match: the one rule, and the judge actions it
covers.

At small events a judge, the organiser or a site admin often plays too. They may run every
other table, but not decide anything about a match they play in (its result, its time, its
players' penalties, drops, deck checks or judge calls), nor about the player they face in
the current round, nor about a booster draft pod they have a seat in (its clock, its seats,
its packs, its deck building, its drafters' deck lists): another judge of the event, or the
head judge, does it.

A pod is a ``Seating``: something other than a match where players sit together. This
module knows no drafts (they import it, never the other way round); the drafts app passes
its pod as a ``Seating`` that says who has a seat in it.

Every judge action of the services that acts on a match, a registration or a pod is named
in ``JUDGE_ACTIONS_ON_A_MATCH`` and its service is decorated with ``judge_action(name)`` (a
name not on the list is refused when the module is imported). Inside, once it holds the rows
it needs, the service calls ``refuse_if_party`` with the match, the registration and/or the
seating it acts on: the check reads no lock, so it never changes the lock order. The
refusal is a ``ForbiddenError`` with the code ``own_match`` (403 in the API, a message on
the pages), and the outermost decorated service writes it to the audit log after its
transaction has rolled back, so the refusal itself does not undo the entry.

Services that act on a match or a registration but are not judge actions on one are listed,
with the reason, in ``NOT_JUDGE_ACTIONS_ON_A_MATCH``; a test checks every service is in one
of the two.
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, Protocol, TypeVar

from django.db.models import Subquery
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.errors import ForbiddenError
from tournaments.models import Match, Registration, Round
from tournaments.models.choices import RoundStatus
from tournaments.rules import is_match_player
from tournaments.services.audit import audit_record

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser
    from django.utils.functional import Promise

    from accounts.models import User
    from tournaments.models import Event

P = ParamSpec("P")
R = TypeVar("R")

# Every judge action on a match, a registration or a draft pod, by its name, with what
# another judge must do instead (it completes "another judge must ..."). A new action goes
# here first.
JUDGE_ACTIONS_ON_A_MATCH: dict[str, Promise] = {
    "result.set": gettext_lazy("enter or confirm its result"),
    "penalty.issue": gettext_lazy("give this penalty"),
    "clock.extend_table": gettext_lazy("extend this table's time"),
    "registration.drop": gettext_lazy("drop this player"),
    "judge_call.claim": gettext_lazy("take this judge call"),
    "judge_call.escalate": gettext_lazy("escalate this judge call"),
    "judge_call.resolve": gettext_lazy("answer this judge call"),
    "round.swap": gettext_lazy("change the seats at your table"),
    "deck_check.record": gettext_lazy("record this deck check"),
    "card_pool.set": gettext_lazy("set this card pool"),
    "deck_list.enter": gettext_lazy("enter this player's deck list"),
    "draft.pause": gettext_lazy("pause this pod"),
    "draft.resume": gettext_lazy("restart this pod's clock"),
    "draft.extend": gettext_lazy("give this pod more time"),
    "draft.begin_picking": gettext_lazy("start the picking at this pod"),
    "draft.end_building": gettext_lazy("end deck building at this pod"),
    "draft.extend_seat_building": gettext_lazy("give a seat of this pod more deck-building time"),
    "draft.seat_bot": gettext_lazy("hand a seat of this pod to a bot or back"),
    "draft.seat_player": gettext_lazy("seat a player at this pod"),
    "draft.replace_pack": gettext_lazy("replace a pack of this pod"),
}

# Services that name a match, a registration or a judge call but are not judge actions on a
# match, and why (``module.function``).
NOT_JUDGE_ACTIONS_ON_A_MATCH: dict[str, str] = {
    "tournaments.services.results.players.match_report": "a player reports their own match",
    "tournaments.services.results.players.match_confirm_report": (
        "a player confirms their own match"
    ),
    "judge_calls.services.judge_call_create": "a player calls a judge",
    "judge_calls.services.judge_call_cancel": "a player cancels their own call",
    "judge_calls.services.judge_call_release": (
        "giving a call back is what a judge who plays should do"
    ),
    "tournaments.services.registration.registration_add": (
        "a new player (a late entry joins from the next round): nobody faces them yet"
    ),
    "tournaments.services.registration.registration_check_in": (
        "only before the first round: nobody has a match yet"
    ),
    "tournaments.services.registration.registration_set_fixed_table": (
        "a table for the next pairings, not a decision about a match"
    ),
    "tournaments.services.registration.registration_unlock_login": "an account, not a match",
    "drafts.services.judge.seat_to_bot_on_drop": (
        "part of a drop, which ``registration.drop`` checks (also for the dropping judge's "
        "seat in the pod)"
    ),
    "drafts.services.late.draft_enter_without_seat": (
        "a late entry with no seat, before the first round: nobody faces them yet"
    ),
    "drafts.services.building.refuse_entry_after_building": (
        "the drafts' check inside ``deck_list.enter`` (it calls the rule for the pod)"
    ),
    "drafts.services.players.draft_pick": "a drafter picks for their own seat",
    "drafts.services.players.draft_bid": "a drafter bids for their own seat",
    "drafts.services.players.draft_distribute": "a drafter places the cards of their own deck",
    "drafts.services.placing.draft_place": "a drafter places one card of their own deck",
}

_acting: contextvars.ContextVar[tuple[str, ...]] = contextvars.ContextVar(
    "judge_actions", default=()
)


class Seating(Protocol):
    """Players seated together outside a match (a booster draft pod): whoever has a seat in
    it is a party to every judge action on it."""

    def has_seat(self, user: User) -> bool:
        """Whether ``user`` has a seat here."""

    def audit_target(self) -> str:
        """The audit log's target for it ("pod 6")."""

    def seated_words(self) -> str:
        """ "You have a seat in ...", translated, to open the refusal."""


class OwnMatchRefused(ForbiddenError):
    """A judge who plays tried a judge action on their own match (or their opponent)."""

    def __init__(self, message: str, *, event: Event, actor: User, action: str, target: str):
        super().__init__(message, code="own_match")
        self.event, self.actor, self.action, self.target = event, actor, action, target


def judge_action(name: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Mark a service as the judge action ``name`` (one of ``JUDGE_ACTIONS_ON_A_MATCH``).
    Put it above ``transaction.atomic``: a refusal is audited after the rollback."""
    if name not in JUDGE_ACTIONS_ON_A_MATCH:
        raise ValueError(f"{name!r} is not in JUDGE_ACTIONS_ON_A_MATCH: add it there first.")

    def decorate(service: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(service)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            outer = _acting.get()
            token = _acting.set((*outer, name))
            try:
                return service(*args, **kwargs)
            except OwnMatchRefused as refusal:
                if not outer:  # a service called by another one leaves it to its caller
                    _audit(refusal)
                raise
            finally:
                _acting.reset(token)

        run.judge_action = name  # type: ignore[attr-defined]
        return run

    return decorate


def _audit(refusal: OwnMatchRefused) -> None:
    domain = refusal.action.split(".", 1)[0]
    audit_record(
        event=refusal.event,
        actor=refusal.actor,
        action=f"{domain}.refused_own_match",
        target=refusal.target,
        after={"action": refusal.action},
    )


def _where(match: Match) -> str:
    """The audit target of a table, as the services write it."""
    return f"round {match.round.number} table {match.table}"


def current_match(registration: Registration) -> Match | None:
    """The registration's match in the event's current round (the latest published one),
    unless it is a bye. A plain read: the caller's locks stay as they are."""
    latest = (
        Round.objects.filter(event_id=registration.event_id)
        .exclude(status=RoundStatus.DRAFT)
        .order_by("-number")
        .values("number")[:1]
    )
    return (
        Match.objects.filter(
            round__event_id=registration.event_id,
            round__number=Subquery(latest),
            seats__registration_id=registration.pk,
            player_b__isnull=False,
        )
        .select_related("round", "player_a", "player_b")
        .first()
    )


def refuse_if_party(
    actor: User | AnonymousUser,
    *,
    event: Event,
    match: Match | None = None,
    registration: Registration | None = None,
    seating: Seating | None = None,
) -> None:
    """Refuse the current judge action when ``actor`` runs ``event`` and plays in ``match``,
    is ``registration``'s player, faces that player in the current round, or has a seat in
    ``seating`` (a draft pod). Anybody who does not run the event is left to the action's
    own permission check."""
    actions = _acting.get()
    if not actions:
        raise RuntimeError("refuse_if_party is called from a service marked @judge_action.")
    if not actor.is_authenticated:
        return
    action = actions[-1]
    what = JUDGE_ACTIONS_ON_A_MATCH[action]
    refusal: tuple[str, str] | None = None
    if match is not None and is_match_player(actor, match):
        refusal = (
            _("You play in this match: another judge must %(what)s.") % {"what": what},
            _where(match),
        )
    elif registration is not None:
        faced = current_match(registration)
        if registration.player_id == actor.pk:
            refusal = (
                _("You are this player: another judge must %(what)s.") % {"what": what},
                _where(faced) if faced else registration.name,
            )
        elif faced is not None and is_match_player(actor, faced):
            refusal = (
                _("You play against %(name)s in this round: another judge must %(what)s.")
                % {"name": registration.name, "what": what},
                _where(faced),
            )
    if refusal is None and seating is not None and seating.has_seat(actor):
        refusal = (
            _("%(seated)s: another judge must %(what)s.")
            % {"seated": seating.seated_words(), "what": what},
            seating.audit_target(),
        )
    if refusal is None or not actor.has_perm("tournaments.run_event", event):
        return
    message, target = refusal
    raise OwnMatchRefused(message, event=event, actor=actor, action=action, target=target)
