"""A judge who plays, in the middle of round 1, and every judge action on a match as a case:
how a service, the API and a page call it, and the state that must not change when it is
refused (``tests/tournaments/services/test_own_match_rule.py`` and
``tests/tournaments/api/test_own_match_paths.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from decklists.models import CardPool, DeckCheck
from decklists.services.checks import deck_check_record
from decklists.services.lists import card_pool_set
from judge_calls.models import JudgeCall
from judge_calls.services import (
    judge_call_claim,
    judge_call_create,
    judge_call_escalate,
    judge_call_resolve,
)
from tests.tournaments.helpers import add_judge, add_players, make_event, make_round
from tournaments.models import (
    AuditEntry,
    Event,
    EventStaff,
    Match,
    Penalty,
    Registration,
    Round,
    Seat,
)
from tournaments.models.choices import RoundStatus, StaffRole
from tournaments.services.clock import match_extend_time
from tournaments.services.penalties import penalty_issue
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.services.rounds import round_swap

POOL = "1 Esporas"


@dataclass
class Table:
    """Round 1 is running: the judge ``me`` plays ``opponent`` at table 1; a colleague and
    the organiser (the head judge) do not play. The judge called a judge to their own table
    as a player (``call``); round 2 is paired, not yet published, with the judge at table 1."""

    event: Event
    organiser: Any
    judge: Any
    colleague: Any
    me: Registration
    opponent: Registration
    regs: list[Registration]
    match: Match
    call: JudgeCall
    next_round: Round
    extra: dict[str, Any] = field(default_factory=dict)


def build_table(organiser: Any) -> Table:
    event = make_event(organiser, name="Store Championship")
    regs = add_players(event, 6)
    judge = regs[0].player
    EventStaff.objects.create(event=event, user=judge, role=StaffRole.JUDGE)
    colleague = add_judge(event, "colleague")
    round1 = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3]), (regs[4], regs[5])])
    Round.objects.filter(pk=round1.pk).update(
        started_at=timezone.now(), ends_at=timezone.now() + timezone.timedelta(minutes=50)
    )
    match = round1.matches.get(table=1)
    call = judge_call_create(actor=judge, match_id=match.pk, reason="rules_question")
    next_round = make_round(
        event, [(regs[0], regs[2]), (regs[1], regs[4]), (regs[3], regs[5])], status="draft"
    )
    assert next_round.status == RoundStatus.DRAFT
    return Table(
        event=event,
        organiser=organiser,
        judge=judge,
        colleague=colleague,
        me=regs[0],
        opponent=regs[1],
        regs=regs,
        match=match,
        call=call,
        next_round=next_round,
    )


def state() -> tuple:
    """Everything a judge action could change, except the audit of its refusal."""
    return (
        list(
            Match.objects.order_by("pk").values_list(
                "pk", "status", "games_won_a", "games_won_b", "extension_seconds", "player_a_id"
            )
        ),
        list(Registration.objects.order_by("pk").values_list("pk", "status")),
        list(Seat.objects.order_by("pk").values_list("pk", "match_id")),
        list(Penalty.objects.values_list("pk", flat=True)),
        list(JudgeCall.objects.order_by("pk").values_list("pk", "state", "claimed_by_id")),
        DeckCheck.objects.count(),
        CardPool.objects.count(),
        AuditEntry.objects.exclude(action__endswith=".refused_own_match").count(),
    )


def refusals() -> list[tuple[str, str, Any]]:
    return list(
        AuditEntry.objects.filter(action__endswith=".refused_own_match")
        .order_by("pk")
        .values_list("action", "target", "after")
    )


@dataclass(frozen=True)
class Case:
    """One judge action: its name in ``JUDGE_ACTIONS_ON_A_MATCH`` and three ways to do it."""

    action: str
    service: Callable[[Any, Table], object]
    api: Callable[[APIClient, Table], Any]
    page: Callable[[Client, Table], Any]
    # A page that answers a refusal by going back to a live page (so it is never left on
    # the POST address) says why in a message there instead of answering 403.
    page_redirects: bool = False
    needs_catalogue: bool = False
    variant: str = ""


def _api(path: str, data: dict | None = None) -> Callable[[APIClient, Table], Any]:
    def call(client: APIClient, table: Table) -> Any:
        return client.post(path.format(t=table), data or {}, format="json")

    return call


def _penalty_data(t: Table) -> dict[str, Any]:
    return {"registration_id": t.opponent.pk, "kind": "game_loss", "reason": "Slow play"}


CASES = [
    Case(
        "result.set",
        service=lambda actor, t: match_set_result(
            actor=actor, match_id=t.match.pk, result=ReportedResult(2, 0)
        ),
        api=lambda c, t: c.post(
            f"/api/matches/{t.match.pk}/result/",
            {"games_won_a": 2, "games_won_b": 0},
            format="json",
        ),
        page=lambda c, t: c.post(
            reverse("tournaments:result", args=[t.match.pk]),
            {"result-wins_a": "2", "result-wins_b": "0", "result-reason": "Slips"},
        ),
    ),
    Case(
        "penalty.issue",
        service=lambda actor, t: penalty_issue(
            actor=actor, match_id=t.match.pk, **_penalty_data(t)
        ),
        api=lambda c, t: c.post(
            f"/api/events/{t.event.pk}/penalties/",
            {**_penalty_data(t), "match_id": t.match.pk},
            format="json",
        ),
        page=lambda c, t: c.post(
            reverse("tournaments:penalties", args=[t.event.pk]),
            {
                "registration": t.opponent.pk,
                "infraction": "slow_play",
                "kind": "game_loss",
                "deviation_reason": "Again",
                "reason": "Slow play",
            },
        ),
    ),
    Case(
        "clock.extend_table",
        service=lambda actor, t: match_extend_time(actor=actor, match_id=t.match.pk, seconds=300),
        api=lambda c, t: c.post(
            f"/api/matches/{t.match.pk}/extend/", {"seconds": 300}, format="json"
        ),
        page=lambda c, t: c.post(
            reverse("tournaments:extend", args=[t.match.pk]), {"minutes": 5, "reason": "Call"}
        ),
    ),
    Case(
        "registration.drop",
        service=lambda actor, t: registration_drop(
            actor=actor, registration_id=t.opponent.pk, reason="Left"
        ),
        api=lambda c, t: c.post(
            f"/api/registrations/{t.opponent.pk}/drop/", {"reason": "Left"}, format="json"
        ),
        page=lambda c, t: c.post(
            reverse("tournaments:drop", args=[t.opponent.pk]), {"reason": "Left"}
        ),
    ),
    Case(
        "judge_call.claim",
        service=lambda actor, t: judge_call_claim(actor=actor, call_id=t.call.pk),
        api=lambda c, t: c.post(f"/api/judge-calls/{t.call.pk}/claim/", {}, format="json"),
        page=lambda c, t: c.post(
            reverse("judge_calls:judge_call_action", args=[t.call.pk, "claim"])
        ),
        page_redirects=True,
    ),
    Case(
        "judge_call.escalate",
        service=lambda actor, t: judge_call_escalate(actor=actor, call_id=t.call.pk),
        api=lambda c, t: c.post(f"/api/judge-calls/{t.call.pk}/escalate/", {}, format="json"),
        page=lambda c, t: c.post(
            reverse("judge_calls:judge_call_action", args=[t.call.pk, "escalate"])
        ),
        page_redirects=True,
    ),
    Case(
        "judge_call.resolve",
        service=lambda actor, t: judge_call_resolve(
            actor=actor, call_id=t.call.pk, outcome="time_extension", extension_minutes=30
        ),
        api=lambda c, t: c.post(
            f"/api/judge-calls/{t.call.pk}/resolve/",
            {"outcome": "time_extension", "extension_minutes": 30},
            format="json",
        ),
        page=lambda c, t: c.post(
            reverse("judge_calls:resolve_judge_call", args=[t.call.pk]),
            {"outcome": "time_extension", "extension_minutes": "30"},
        ),
        page_redirects=True,
    ),
    Case(
        "judge_call.resolve",  # with a penalty for the opponent
        service=lambda actor, t: judge_call_resolve(
            actor=actor,
            call_id=t.call.pk,
            outcome="penalty",
            penalty_registration_id=t.opponent.pk,
            penalty_kind="game_loss",
            penalty_reason="Drew extra cards",
        ),
        api=lambda c, t: c.post(
            f"/api/judge-calls/{t.call.pk}/resolve/",
            {
                "outcome": "penalty",
                "registration_id": t.opponent.pk,
                "kind": "game_loss",
                "reason": "Drew extra cards",
            },
            format="json",
        ),
        page=lambda c, t: c.post(
            reverse("judge_calls:resolve_judge_call", args=[t.call.pk]),
            {
                "outcome": "penalty",
                "penalty_registration": t.opponent.pk,
                "penalty_kind": "game_loss",
                "penalty_reason": "Drew extra cards",
            },
        ),
        page_redirects=True,
        variant="penalty",
    ),
    Case(
        "round.swap",
        service=lambda actor, t: round_swap(
            actor=actor,
            round_id=t.next_round.pk,
            registration_a=t.regs[2].pk,
            registration_b=t.regs[4].pk,
            reason="Seating",
        ),
        api=lambda c, t: c.post(
            f"/api/rounds/{t.next_round.pk}/swap/",
            {"registration_a": t.regs[2].pk, "registration_b": t.regs[4].pk, "reason": "Seating"},
            format="json",
        ),
        page=lambda c, t: c.post(
            reverse("tournaments:swap", args=[t.next_round.pk]),
            {"registration_a": t.regs[2].pk, "registration_b": t.regs[4].pk, "reason": "Seating"},
        ),
    ),
    Case(
        "deck_check.record",
        service=lambda actor, t: deck_check_record(
            actor=actor, event_id=t.event.pk, registration_id=t.opponent.pk, outcome="as_listed"
        ),
        api=lambda c, t: c.post(
            f"/api/rulings/events/{t.event.pk}/deck-checks/",
            {"registration": t.opponent.pk, "outcome": "as_listed"},
            format="json",
        ),
        page=lambda c, t: c.post(
            reverse("decklists:deck_checks", args=[t.event.pk]),
            {"registration": t.opponent.pk, "outcome": "as_listed"},
        ),
    ),
    Case(
        "card_pool.set",
        service=lambda actor, t: card_pool_set(
            event=t.event, player=t.opponent.player, text=POOL, actor=actor
        ),
        api=lambda c, t: c.post(
            f"/api/rulings/events/{t.event.pk}/pools/{t.opponent.player_id}/",
            {"text": POOL},
            format="json",
        ),
        page=lambda c, t: c.post(
            reverse("decklists:card_pool", args=[t.event.pk, t.opponent.player_id]),
            {"text": POOL, "source": "judge"},
        ),
        needs_catalogue=True,
    ),
]


def case_id(case: Case) -> str:
    return f"{case.action}-{case.variant}" if case.variant else case.action
