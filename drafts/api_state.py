"""A draft's public state through the API: its options (the packs' editions among them)
and, once started, its pods with their phase, step and clock, and who sits where.

Nothing here shows a card or a pick: what a seat drafted is for the readers that
``EventVisibility.draft_cards`` lets through, on the seat's own routes (``my-seat``) and the
exports. So the state is the same for every reader of the event, and the draft's seed (the
order of every booster) is not in it."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config import clock
from config.errors import NotFoundError
from drafts.core.passing import pass_direction
from drafts.models import Draft, DraftPhase, Pod
from drafts.services import draft_configure
from drafts.services.reading import draft_of, event_pods, seat_name, seat_number
from drafts.services.setup import OPTION_FIELDS
from tournaments.models import Event

TAG = ["drafts"]


class DraftSeatPublicOut(serializers.Serializer):
    id = serializers.IntegerField(help_text="the seat's id (`seat_id` in the pod actions)")
    number = serializers.IntegerField(help_text="1-based seat number round the table")
    name = serializers.CharField(help_text="the player, or the bot named by its seat")
    bot = serializers.BooleanField()
    registration_id = serializers.IntegerField(allow_null=True, help_text="null for a bot")


class PodStateOut(serializers.Serializer):
    id = serializers.IntegerField(help_text="the pod's id, as in /api/pods/{id}/ routes")
    number = serializers.IntegerField(help_text="the pod's number in its event (from 1)")
    phase = serializers.ChoiceField(choices=DraftPhase.choices)
    pack_round = serializers.IntegerField()
    pick_number = serializers.IntegerField()
    direction = serializers.ChoiceField(
        choices=["left", "right"], allow_null=True, help_text="while drafting: where packs pass"
    )
    deadline = serializers.DateTimeField(allow_null=True, help_text="the current step's end")
    remaining_seconds = serializers.FloatField(
        allow_null=True, help_text="time left in the step (also while paused)"
    )
    paused = serializers.BooleanField()
    version = serializers.IntegerField(help_text="changes whenever the pod changes")
    seats = DraftSeatPublicOut(many=True)


class DraftStateOut(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField(help_text="the event's id")
    pack_editions = serializers.ListField(
        child=serializers.CharField(),
        help_text="the edition code of each of the four packs (empty in paper mode)",
    )
    paper = serializers.BooleanField()
    auction = serializers.BooleanField()
    bots = serializers.IntegerField()
    pod_rounds = serializers.IntegerField()
    bid_seconds = serializers.IntegerField()
    distribute_seconds = serializers.IntegerField()
    review_seconds = serializers.IntegerField()
    building_seconds = serializers.IntegerField()
    started_at = serializers.DateTimeField(allow_null=True)
    server_now = serializers.DateTimeField()
    pods = PodStateOut(many=True)


class DraftOptionsIn(serializers.Serializer):
    """The options to change (any of them), until the draft starts. The organiser's."""

    pack_editions = serializers.ListField(
        child=serializers.CharField(max_length=5),
        max_length=4,
        required=False,
        help_text="four edition codes, e.g. DV DV SU SU (empty: paper boosters)",
    )
    paper = serializers.BooleanField(required=False)
    auction = serializers.BooleanField(required=False)
    bots = serializers.IntegerField(required=False, min_value=0, max_value=64)
    pod_rounds = serializers.IntegerField(required=False, min_value=0, max_value=10)
    bid_seconds = serializers.IntegerField(required=False, min_value=5, max_value=3600)
    distribute_seconds = serializers.IntegerField(required=False, min_value=5, max_value=3600)
    review_seconds = serializers.IntegerField(required=False, min_value=0, max_value=3600)
    building_seconds = serializers.IntegerField(required=False, min_value=0, max_value=3600)


def _pod_state(pod: Pod) -> dict[str, Any]:
    remaining = pod.remaining(clock.now())
    drafting = pod.phase == DraftPhase.DRAFTING
    seats = pod.seats.select_related("registration").order_by("position")
    return {
        "id": pod.pk,
        "number": pod.number,
        "phase": pod.phase,
        "pack_round": pod.pack_round,
        "pick_number": pod.pick_number,
        "direction": ("left" if pass_direction(pod.pack_round) > 0 else "right")
        if drafting
        else None,
        "deadline": pod.deadline,
        "remaining_seconds": remaining.total_seconds() if remaining is not None else None,
        "paused": pod.is_paused,
        "version": pod.version,
        "seats": [
            {
                "id": seat.pk,
                "number": seat_number(seat.position),
                "name": seat_name(seat),
                "bot": seat.registration_id is None,
                "registration_id": seat.registration_id,
            }
            for seat in seats
        ],
    }


def draft_state(draft: Draft) -> dict[str, Any]:
    data = {name: getattr(draft, name) for name in OPTION_FIELDS}
    return DraftStateOut(
        {
            **data,
            "id": draft.pk,
            "event": draft.event_id,
            "started_at": draft.started_at,
            "server_now": clock.now(),
            "pods": [_pod_state(pod) for pod in event_pods(draft.event)],
        }
    ).data


class DraftState(APIView):
    """A booster draft's public state: its options and its pods (phase, step, clock, seats),
    the same for every reader; no card and no pick is in it."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    http_method_names = ["get", "patch", "head", "options"]

    def _draft(self, pk: int) -> Draft:
        event = get_object_or_404(Event, pk=pk)
        draft = draft_of(event)
        if draft is None:
            raise NotFoundError(_("This event has no draft yet."))
        return draft

    @extend_schema(tags=TAG, responses=DraftStateOut, summary="A draft's public state")
    def get(self, request: Request, pk: int) -> Response:
        return Response(draft_state(self._draft(pk)))

    @extend_schema(
        tags=TAG,
        request=DraftOptionsIn,
        responses=DraftStateOut,
        summary="Set a draft's options (the packs' editions among them) before it starts",
    )
    def patch(self, request: Request, pk: int) -> Response:
        serializer = DraftOptionsIn(data=request.data)
        serializer.is_valid(raise_exception=True)
        draft = draft_configure(actor=request.user, event_id=pk, **serializer.validated_data)
        return Response(draft_state(draft))
