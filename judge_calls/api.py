"""Judge calls in the API: the event's calls (a judge sees all, a player their own), a
player's call from their match, and the judges' claim, release, escalate and resolve; the
player's cancel. Every write goes through ``judge_calls.services``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import NotFoundError
from judge_calls import selectors as judge_call_selectors
from judge_calls import services as services
from judge_calls.models import (
    MAX_CALL_EXTENSION_MINUTES,
    OPEN_STATES,
    JudgeCall,
    JudgeCallOutcome,
    JudgeCallReason,
)
from tournaments.infractions import INFRACTIONS
from tournaments.models import Event
from tournaments.models.choices import PenaltyKind
from tournaments.visibility import visibility_for

if TYPE_CHECKING:
    from collections.abc import Callable

    from django.db.models import QuerySet

TAG = ["judge calls"]


# --- shapes --------------------------------------------------------------------------------
class JudgeCallOut(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="match.table")
    caller = serializers.CharField(source="caller.name", help_text="The player who called.")
    claimed_by = serializers.CharField(
        source="claimed_by.public_name",
        allow_null=True,
        default=None,
        help_text="The judge who holds the call (or held it, once resolved).",
    )
    escalated_by = serializers.CharField(
        source="escalated_by.public_name", allow_null=True, default=None
    )
    resolved_by = serializers.CharField(
        source="resolved_by.public_name", allow_null=True, default=None
    )
    penalty_id = serializers.IntegerField(
        allow_null=True, help_text="The penalty given as the answer (outcome `penalty`)."
    )
    # Declared, not generated: DRF drops ``allow_blank`` from generated read-only fields,
    # and the schema would then deny the empty outcome of a call not yet answered.
    outcome = serializers.ChoiceField(
        choices=JudgeCallOutcome.choices,
        allow_blank=True,
        read_only=True,
        help_text="How the call was answered; empty until it is.",
    )

    class Meta:
        model = JudgeCall
        fields = (
            "id",
            "event_id",
            "round",
            "match_id",
            "table",
            "caller_id",
            "caller",
            "reason",
            "note",
            "state",
            "created_at",
            "claimed_by",
            "claimed_at",
            "answered_at",
            "escalated_by",
            "escalated_at",
            "resolved_by",
            "resolved_at",
            "cancelled_at",
            "outcome",
            "extension_minutes",
            "penalty_id",
            "ruling",
        )
        read_only_fields = fields


class JudgeCallIn(serializers.Serializer):
    reason = serializers.ChoiceField(choices=JudgeCallReason.choices)
    note = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")


class EscalateIn(serializers.Serializer):
    note = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")


class ResolveIn(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=JudgeCallOutcome.choices)
    ruling = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")
    extension_minutes = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=MAX_CALL_EXTENSION_MINUTES,
        help_text="For `time_extension`: minutes added to the table's clock.",
    )
    registration_id = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="For `penalty`: the player of the match who gets it (registration id).",
    )
    infraction = serializers.ChoiceField(
        choices=[i.code for i in INFRACTIONS],
        required=False,
        default="",
        help_text="For `penalty`: what the player did; without `kind`, its usual penalty.",
    )
    kind = serializers.ChoiceField(
        choices=PenaltyKind.choices,
        required=False,
        default="",
        help_text="For `penalty`: the penalty; needed without an `infraction`.",
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=300,
        default="",
        help_text="For `penalty`: its reason (the ruling when empty).",
    )
    deviation_reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=300,
        default="",
        help_text="For `penalty`: why it is not the infraction's usual one (needed then).",
    )


def _input(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _out(call: JudgeCall) -> dict:
    fresh = JudgeCall.objects.select_related(*judge_call_selectors.CALL_RELATED).get(pk=call.pk)
    return JudgeCallOut(fresh).data


# --- views ---------------------------------------------------------------------------------
@extend_schema(
    tags=TAG,
    parameters=[
        OpenApiParameter(
            "open",
            OpenApiTypes.BOOL,
            description="only the open calls (waiting, claimed, escalated): the queue",
        )
    ],
)
class EventJudgeCalls(ListAPIView):
    """The event's judge calls, the longest-waiting first: every call for the event's judges,
    a player's own calls for a player."""

    serializer_class = JudgeCallOut

    def get_queryset(self) -> QuerySet[JudgeCall]:
        event = get_object_or_404(Event, pk=self.kwargs["pk"])
        calls = judge_call_selectors.visible_calls(event, visibility_for(self.request.user, event))
        if self.request.query_params.get("open") in ("true", "1", "True"):
            calls = calls.filter(state__in=OPEN_STATES)
        return calls


@extend_schema(tags=TAG, request=JudgeCallIn, responses={201: JudgeCallOut})
class MatchJudgeCall(APIView):
    """A player of the match calls a judge to its table. While their call is open, calling
    again returns it (201 all the same)."""

    def post(self, request: Request, pk: int) -> Response:
        data = _input(JudgeCallIn, request)
        call = services.judge_call_create(actor=request.user, match_id=pk, **data)
        return Response(_out(call), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, responses=JudgeCallOut)
class JudgeCallDetail(APIView):
    """One call (its judges, or the player who called)."""

    def get(self, request: Request, pk: int) -> Response:
        call = (
            JudgeCall.objects.select_related(*judge_call_selectors.CALL_RELATED)
            .filter(pk=pk)
            .first()
        )
        if call is None or not visibility_for(request.user, call.event).judge_call(call.caller_id):
            raise NotFoundError(services.no_such_call_message())
        return Response(JudgeCallOut(call).data)


def _step_view(
    action: Callable[..., JudgeCall],
    input_serializer: type[serializers.Serializer] | None,
    doc: str,
) -> type[APIView]:
    @extend_schema(tags=TAG, request=input_serializer, responses=JudgeCallOut, description=doc)
    class StepView(APIView):
        def post(self, request: Request, pk: int) -> Response:
            extra = _input(input_serializer, request) if input_serializer else {}
            call = action(actor=request.user, call_id=pk, **extra)
            return Response(_out(call))

    StepView.__name__ = f"JudgeCall_{action.__name__}"
    return StepView


JudgeCallClaim = _step_view(
    services.judge_call_claim,
    None,
    "A judge takes the call (one judge at a time: anybody else gets 409 with the holder's "
    "name). Repeating it changes nothing.",
)
JudgeCallRelease = _step_view(
    services.judge_call_release, None, "The judge who holds the call gives it back."
)
JudgeCallEscalate = _step_view(
    services.judge_call_escalate,
    EscalateIn,
    "Hand the call to the head judge (the event's organiser), who alone may then take it.",
)


@extend_schema(tags=TAG, request=ResolveIn, responses=JudgeCallOut)
class JudgeCallResolve(APIView):
    """Answer the call: a ruling, a time extension for the table (minutes), a penalty for one
    of its players, or no action. Repeating the same answer changes nothing."""

    def post(self, request: Request, pk: int) -> Response:
        data = _input(ResolveIn, request)
        call = services.judge_call_resolve(
            actor=request.user,
            call_id=pk,
            outcome=data["outcome"],
            ruling=data["ruling"],
            extension_minutes=data["extension_minutes"],
            penalty_registration_id=data["registration_id"],
            penalty_infraction=data["infraction"],
            penalty_kind=data["kind"],
            penalty_reason=data["reason"],
            penalty_deviation_reason=data["deviation_reason"],
        )
        return Response(_out(call))


JudgeCallCancel = _step_view(
    services.judge_call_cancel, None, "The player who called withdraws the call."
)
