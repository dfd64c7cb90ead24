"""A judge who drafts, seated in one of two pods of a booster draft, and every judge action
on a pod as a case: what puts the pod in the state the action needs, and how a service, the
API and a page do it (``tests/drafts/test_own_pod_rule.py``; the rule's list of actions is
walked with the match cases by ``tests/tournaments/services/test_own_match_rule.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from decklists.models import CardPoolEntry, DeckList
from decklists.services.lists import deck_list_submit
from drafts.models import CardInstance, DraftPhase, DraftSeat, Pack, Pod
from drafts.services import (
    draft_start,
    pack_replace,
    pod_begin_picking,
    pod_end_building,
    pod_extend,
    pod_pause,
    pod_resume,
    seat_assign_player,
    seat_extend_building,
    seat_set_bot,
)
from drafts.services.pools import record_pool
from tests.drafts.helpers import draft_event
from tests.tournaments.helpers import make_organiser
from tournaments.models import AuditEntry, Event, EventStaff, Registration
from tournaments.models.choices import StaffRole


@dataclass
class Pods:
    """Ten players in two pods of five; the first player is also a judge of the event
    (``judge``) and drafts in ``mine``; a ``colleague`` judges without drafting, the
    ``organiser`` is the head judge. Both pods are in their deck auction."""

    event: Event
    organiser: Any
    judge: Any
    colleague: Any
    mine: Pod
    other: Pod

    def pod(self, own: bool) -> Pod:
        return self.mine if own else self.other

    def rival(self, pod: Pod) -> DraftSeat:
        """The first seat of ``pod`` another player (not the judge) holds."""
        return (
            DraftSeat.objects.filter(pod=pod, registration__isnull=False)
            .exclude(registration__player=self.judge)
            .select_related("registration__player")
            .order_by("position")
            .first()
        )


def build_pods() -> Pods:
    organiser = make_organiser("op_orga")
    event, colleague, regs = draft_event(10, start=False, prefix="op", organiser=organiser)
    judge = regs[0].player
    EventStaff.objects.create(event=event, user=judge, role=StaffRole.JUDGE)
    draft_start(actor=colleague, event_id=event.pk)
    mine = Pod.objects.get(draft__event=event, seats__registration__player=judge)
    other = Pod.objects.filter(draft__event=event).exclude(pk=mine.pk).get()
    assert mine.phase == other.phase == DraftPhase.AUCTION
    return Pods(event, organiser, judge, colleague, mine, other)


def state() -> tuple:
    """Everything a judge action on a pod could change, except the audit of its refusal."""
    return (
        list(
            Pod.objects.order_by("pk").values_list(
                "pk", "phase", "deadline", "paused_remaining", "pack_round", "pick_number"
            )
        ),
        list(
            DraftSeat.objects.order_by("pk").values_list(
                "pk", "registration_id", "bot", "deck_state", "building_until"
            )
        ),
        list(Pack.objects.filter(replaced=True).values_list("pk", flat=True)),
        CardInstance.objects.count(),
        list(DeckList.objects.order_by("pk").values_list("pk", "player_id", "text")),
        list(Registration.objects.order_by("pk").values_list("pk", "status")),
        AuditEntry.objects.exclude(action__endswith=".refused_own_match").count(),
    )


def refusals() -> list[tuple[str, str, Any]]:
    return list(
        AuditEntry.objects.filter(action__endswith=".refused_own_match")
        .order_by("pk")
        .values_list("action", "target", "after")
    )


# --- the states the actions need, set behind the services' back ----------------------------
def _building(p: Pods, pod: Pod) -> None:
    Pod.objects.filter(pk=pod.pk).update(
        phase=DraftPhase.BUILDING, deadline=timezone.now() + timedelta(minutes=20)
    )


def _review(p: Pods, pod: Pod) -> None:
    Pod.objects.filter(pk=pod.pk).update(phase=DraftPhase.REVIEW, deadline=None)


def _paused(p: Pods, pod: Pod) -> None:
    pod_pause(actor=p.organiser, pod_id=pod.pk)


def _bot_seat(p: Pods, pod: Pod) -> None:
    """The rival was not checked in in time: a bot holds an empty seat."""
    DraftSeat.objects.filter(pk=p.rival(pod).pk).update(registration=None, bot=True)


def _late(p: Pods, pod: Pod) -> tuple[DraftSeat, Registration]:
    """The empty bot seat of ``_bot_seat`` and the player without a seat who takes it."""
    seat = DraftSeat.objects.filter(pod=pod, registration__isnull=True).order_by("position")[0]
    seated = DraftSeat.objects.filter(registration__isnull=False).values("registration_id")
    late = p.event.registrations.exclude(pk__in=seated).order_by("pk")[0]
    return seat, late


def _pool(p: Pods, pod: Pod) -> None:
    """Deck building, and the rival's pool recorded (three cards of the pod)."""
    _building(p, pod)
    cards = CardInstance.objects.filter(pod=pod).values_list("card_id", flat=True)[:3]
    record_pool(p.event.pk, p.rival(pod).registration.player_id, dict.fromkeys(cards, 1))


def _pack(pod: Pod) -> Pack:
    """A pack no one picks from before pack round 3."""
    return Pack.objects.filter(pod=pod, pack_round=3, replaced=False).order_by("pk")[0]


def _list_text(p: Pods, pod: Pod) -> str:
    player = p.rival(pod).registration.player_id
    entries = CardPoolEntry.objects.filter(pool__event=p.event, pool__player_id=player)
    return "\n".join(
        f"{e.quantity} {e.card.edition.code} {e.card.number}"
        for e in entries.select_related("card__edition")
    )


@dataclass(frozen=True)
class PodCase:
    """One judge action on a pod: its name in ``JUDGE_ACTIONS_ON_A_MATCH``, the state it
    needs, and three ways to do it (each given the pods and the pod acted on)."""

    action: str
    service: Callable[[Any, Pods, Pod], object]
    api: Callable[[APIClient, Pods, Pod], Any]
    page: Callable[[Client, Pods, Pod], Any]
    setup: Callable[[Pods, Pod], None] | None = None


def _pod_page(action: str, data: Callable[[Pods, Pod], dict] | None = None):
    def post(client: Client, p: Pods, pod: Pod) -> Any:
        return client.post(
            reverse("drafts:pod_action", args=[pod.pk, action]), data(p, pod) if data else {}
        )

    return post


def _pod_api(path: str, data: Callable[[Pods, Pod], dict] | None = None):
    def post(client: APIClient, p: Pods, pod: Pod) -> Any:
        return client.post(
            f"/api/pods/{pod.pk}/{path}/", data(p, pod) if data else {}, format="json"
        )

    return post


POD_CASES = [
    PodCase(
        "draft.pause",
        service=lambda actor, p, pod: pod_pause(actor=actor, pod_id=pod.pk),
        api=_pod_api("pause"),
        page=_pod_page("pause"),
    ),
    PodCase(
        "draft.resume",
        setup=_paused,
        service=lambda actor, p, pod: pod_resume(actor=actor, pod_id=pod.pk),
        api=_pod_api("resume"),
        page=_pod_page("resume"),
    ),
    PodCase(
        "draft.extend",
        service=lambda actor, p, pod: pod_extend(actor=actor, pod_id=pod.pk, seconds=3600),
        api=_pod_api("extend", lambda p, pod: {"seconds": 3600}),
        page=_pod_page("extend", lambda p, pod: {"seconds": 3600, "reason": "Slow table"}),
    ),
    PodCase(
        "draft.begin_picking",
        setup=_review,
        service=lambda actor, p, pod: pod_begin_picking(actor=actor, pod_id=pod.pk),
        api=_pod_api("begin-picking"),
        page=_pod_page("begin"),
    ),
    PodCase(
        "draft.end_building",
        setup=_building,
        service=lambda actor, p, pod: pod_end_building(
            actor=actor, pod_id=pod.pk, reason="Everyone is done"
        ),
        api=_pod_api("end-building", lambda p, pod: {"reason": "Everyone is done"}),
        page=_pod_page("end_building", lambda p, pod: {"reason": "Everyone is done"}),
    ),
    PodCase(
        "draft.extend_seat_building",
        setup=_building,
        service=lambda actor, p, pod: seat_extend_building(
            actor=actor, pod_id=pod.pk, seat_id=p.rival(pod).pk, seconds=3600
        ),
        api=_pod_api(
            "extend-seat-building", lambda p, pod: {"seat_id": p.rival(pod).pk, "seconds": 3600}
        ),
        page=_pod_page("extend_seat", lambda p, pod: {"seat": p.rival(pod).pk, "seconds": 3600}),
    ),
    PodCase(
        "draft.seat_bot",
        service=lambda actor, p, pod: seat_set_bot(
            actor=actor, pod_id=pod.pk, seat_id=p.rival(pod).pk, bot=True
        ),
        api=_pod_api("seat-bot", lambda p, pod: {"seat_id": p.rival(pod).pk, "bot": True}),
        page=_pod_page("bot", lambda p, pod: {"seat": p.rival(pod).pk, "bot": "1"}),
    ),
    PodCase(
        "draft.seat_player",
        setup=_bot_seat,
        service=lambda actor, p, pod: seat_assign_player(
            actor=actor,
            pod_id=pod.pk,
            seat_id=_late(p, pod)[0].pk,
            registration_id=_late(p, pod)[1].pk,
        ),
        api=_pod_api(
            "seat-player",
            lambda p, pod: {"seat_id": _late(p, pod)[0].pk, "registration_id": _late(p, pod)[1].pk},
        ),
        page=_pod_page(
            "seat_player",
            lambda p, pod: {"seat": _late(p, pod)[0].pk, "registration": _late(p, pod)[1].pk},
        ),
    ),
    PodCase(
        "draft.replace_pack",
        service=lambda actor, p, pod: pack_replace(actor=actor, pack_id=_pack(pod).pk),
        api=lambda c, p, pod: c.post(f"/api/packs/{_pack(pod).pk}/replace/", {}, format="json"),
        page=lambda c, p, pod: c.post(
            reverse("drafts:pack_replace", args=[_pack(pod).pk]), {"reason": "Eleven cards"}
        ),
    ),
    PodCase(
        "deck_list.enter",
        setup=_pool,
        service=lambda actor, p, pod: deck_list_submit(
            event=p.event,
            player=p.rival(pod).registration.player,
            text=_list_text(p, pod),
            actor=actor,
        ),
        api=lambda c, p, pod: c.post(
            f"/api/rulings/events/{p.event.pk}/deck-lists/{p.rival(pod).registration.player_id}/",
            {"text": _list_text(p, pod)},
            format="json",
        ),
        page=lambda c, p, pod: c.post(
            reverse(
                "decklists:player_deck",
                kwargs={"event_id": p.event.pk, "player_id": p.rival(pod).registration.player_id},
            ),
            {"text": _list_text(p, pod)},
        ),
    ),
]


def pod_case_id(case: PodCase) -> str:
    return case.action
