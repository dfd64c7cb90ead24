"""The event API's matches: a match, the players' reports and confirmations, a judge's result,
extra time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.conditional import ConditionalRead
from tournaments import selectors
from tournaments.api import serializers as s
from tournaments.api.common import TAG, parse_input, reported_result
from tournaments.models import Match
from tournaments.services import clock, results
from tournaments.services.permissions import ensure_allowed

if TYPE_CHECKING:
    pass


@extend_schema(tags=TAG, responses=s.MatchOut)
class MatchDetail(ConditionalRead, APIView):
    permission_classes = [permissions.AllowAny]

    def get(self, request: Request, pk: int) -> Response:
        match = get_object_or_404(
            Match.objects.select_related("round__event", *selectors.MATCH_RELATED).prefetch_related(
                "games"
            ),
            pk=pk,
        )
        if match.round.status == "draft":
            ensure_allowed(request.user, "tournaments.run_event", match.round.event)
        return Response(s.MatchOut(match).data)


@extend_schema(tags=TAG, request=s.ResultIn, responses=s.ReportOut)
class MatchReport(APIView):
    """A player reports their own match, oriented as the match is (player A, player B).
    Reports from both players that agree confirm it; different ones mark it disputed.
    Sending the same report again (or the same `idempotency_key`) changes nothing. The key
    of a report the player has corrected since is refused: 409 `idempotency_key_stale`,
    with the report that stands under `report`, and nothing changes."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        data = s.report_input(request.data)
        match = results.match_report(
            actor=request.user,
            match_id=pk,
            result=reported_result(data),
            idempotency_key=data["idempotency_key"],
        )
        return Response(s.report_payload(match))


@extend_schema(tags=TAG, request=s.ConfirmIn, responses=s.ConfirmOut)
class MatchConfirmReport(APIView):
    """A player agrees with their opponent's report: their own report becomes the
    opponent's (score and games), which confirms the match; on a match already confirmed
    on the score both reported, whose records of the games differ, it takes the
    opponent's record. The body is the opponent's score as the caller saw it; if the
    opponent changed it since, 409 (`report_changed`) and nothing changes. Confirming
    again changes nothing (`changed` is false)."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.ConfirmIn, request)
        confirmation = results.match_confirm_report(
            actor=request.user,
            match_id=pk,
            seen_score=(data["games_won_a"], data["games_won_b"], data["games_drawn"]),
        )
        return Response({**s.report_payload(confirmation.match), "changed": confirmation.changed})


@extend_schema(tags=TAG, request=s.OverrideIn, responses=s.MatchOut)
class MatchSetResult(APIView):
    """A judge enters or overrides the result (audited)."""

    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.OverrideIn, request)
        match = results.match_set_result(
            actor=request.user, match_id=pk, result=reported_result(data), reason=data["reason"]
        )
        return Response(s.MatchOut(match).data)


@extend_schema(tags=TAG, request=s.ExtendIn, responses=s.MatchOut)
class MatchExtend(APIView):
    """A time extension for one table."""

    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.ExtendIn, request)
        match = clock.match_extend_time(actor=request.user, match_id=pk, **data)
        return Response(s.MatchOut(match).data)
