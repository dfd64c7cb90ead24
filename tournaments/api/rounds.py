"""The event API's rounds: pairing, publishing, re-pairing, swaps, the clock and the top cut."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.conditional import ConditionalRead
from tournaments import selectors
from tournaments.api import serializers as s
from tournaments.api.common import TAG, parse_input, round_out
from tournaments.models import Event, Round
from tournaments.models.choices import RoundStatus
from tournaments.services import clock, rounds, topcut
from tournaments.services.permissions import ensure_allowed
from tournaments.visibility import EventVisibility, visibility_for

if TYPE_CHECKING:
    from collections.abc import Callable

    from rest_framework.serializers import Serializer


@extend_schema(tags=TAG)
class EventRounds(ConditionalRead, ListAPIView):
    serializer_class = s.RoundOut

    def get_queryset(self) -> list[Round]:
        rounds = selectors.event_rounds(self.event)
        if not self.visibility.draft_rounds:
            rounds = [r for r in rounds if r.status != RoundStatus.DRAFT]
        return rounds

    @functools.cached_property
    def event(self) -> Event:
        return get_object_or_404(Event, pk=self.kwargs["pk"])

    @functools.cached_property
    def visibility(self) -> EventVisibility:
        return visibility_for(self.request.user, self.event)

    def get_serializer_context(self) -> dict:
        return {**super().get_serializer_context(), "visibility": self.visibility}


@extend_schema(tags=TAG, responses=s.RoundDetailOut)
class RoundDetail(ConditionalRead, APIView):
    """A round with its pairings; unpublished pairings are shown to the event's judges only."""

    permission_classes = [permissions.AllowAny]

    def get(self, request: Request, pk: int) -> Response:
        round_ = get_object_or_404(Round.objects.select_related("event"), pk=pk)
        visibility = visibility_for(request.user, round_.event)
        if round_.status == RoundStatus.DRAFT and not visibility.draft_rounds:
            ensure_allowed(request.user, "tournaments.run_event", round_.event)
        clock.refresh_round_clock(round_)
        if round_.time_called_at is None and round_.paused_remaining is None:
            self.etag_fresh_until = round_.ends_at  # time is called then, with no write yet
        data = s.RoundOut(round_, context={"visibility": visibility}).data
        data["matches"] = s.MatchOut(selectors.round_matches(round_), many=True).data
        return Response(data)


def _clock_view(
    action: Callable[..., Round],
    input_serializer: type[Serializer] | None = None,
    doc: str = "",
) -> type[APIView]:
    @extend_schema(tags=TAG, request=input_serializer, responses=s.RoundOut, description=doc)
    class ClockView(APIView):
        def post(self, request: Request, pk: int) -> Response:
            extra = dict(parse_input(input_serializer, request)) if input_serializer else {}
            round_ = action(actor=request.user, round_id=pk, **extra)
            return Response(round_out(request, round_))

    ClockView.__name__ = f"Clock_{action.__name__}"
    return ClockView


ClockStart = _clock_view(clock.round_start_clock, doc="Start the round clock.")


ClockPause = _clock_view(clock.round_pause_clock, doc="Pause the round clock.")


ClockResume = _clock_view(clock.round_resume_clock, doc="Resume a paused clock.")


ClockAdjust = _clock_view(
    clock.round_adjust_clock,
    s.ClockAdjustIn,
    doc="Add (or remove, negative) time for the whole round.",
)


@extend_schema(tags=TAG, request=s.PairIn, responses={201: s.RoundOut})
class EventPairNext(APIView):
    """Pair the next Swiss round (the first starts the event: players not checked in become
    no-shows). Refused with 409 and `missing_tables` while results are missing, unless
    `force` is set with a `reason` (audited)."""

    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.PairIn, request)
        round_ = rounds.round_pair_next(actor=request.user, event_id=pk, **data)
        return Response(round_out(request, round_), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, request=None, responses=s.RoundOut)
class RoundPublish(APIView):
    def post(self, request: Request, pk: int) -> Response:
        return Response(round_out(request, rounds.round_publish(actor=request.user, round_id=pk)))


@extend_schema(tags=TAG, request=s.PairIn, responses={201: s.RoundOut})
class RoundRepair(APIView):
    """Discard unpublished pairings and pair the round again with a new recorded seed."""

    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.PairIn, request)
        round_ = rounds.round_repair(actor=request.user, round_id=pk, reason=data["reason"])
        return Response(round_out(request, round_), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, request=s.SwapIn, responses=s.RoundOut)
class RoundSwap(APIView):
    """Exchange two players' seats in unpublished pairings (checked and re-flagged)."""

    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.SwapIn, request)
        return Response(
            round_out(request, rounds.round_swap(actor=request.user, round_id=pk, **data))
        )


@extend_schema(tags=TAG, request=None, responses={201: s.RoundOut})
class EventTopCutStart(APIView):
    def post(self, request: Request, pk: int) -> Response:
        round_ = topcut.topcut_start(actor=request.user, event_id=pk)
        return Response(round_out(request, round_), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, request=None, responses={200: s.RoundOut, 204: None})
class EventTopCutAdvance(APIView):
    """Pair the next bracket round; after the final, finish the event (204)."""

    def post(self, request: Request, pk: int) -> Response:
        round_ = topcut.topcut_advance(actor=request.user, event_id=pk)
        if round_ is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(round_out(request, round_))
