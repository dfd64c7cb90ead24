"""The event API: list, create, read, change, finish and reopen an event."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import status
from rest_framework.generics import ListCreateAPIView, RetrieveUpdateAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.conditional import ConditionalRead
from tournaments import selectors
from tournaments.api import serializers as s
from tournaments.api.common import TAG, choice_param, event_out, parse_input
from tournaments.models import Event
from tournaments.models.choices import EventStatus, GameKind
from tournaments.services import events, topcut

if TYPE_CHECKING:
    from django.db.models import QuerySet


@extend_schema(tags=TAG)
@extend_schema_view(
    get=extend_schema(
        parameters=[
            OpenApiParameter("status", OpenApiTypes.STR, enum=EventStatus.values),
            OpenApiParameter("game", OpenApiTypes.STR, enum=GameKind.values),
        ]
    )
)
class EventListCreate(ConditionalRead, ListCreateAPIView):
    """Events, newest first (filter with `status` and `game`); organisers create them."""

    def get_queryset(self) -> QuerySet[Event]:
        return selectors.event_list(
            status=choice_param(self.request, "status", EventStatus.values),
            game=choice_param(self.request, "game", GameKind.values),
        )

    def get_serializer_class(self) -> type[s.EventIn | s.EventOut]:
        return s.EventIn if self.request.method == "POST" else s.EventOut

    @extend_schema(request=s.EventIn, responses={201: s.EventOut})
    def post(self, request: Request) -> Response:
        data = dict(parse_input(s.EventIn, request))
        event = events.event_create(actor=request.user, **data)
        return Response(event_out(request, event.pk), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG)
class EventDetail(ConditionalRead, RetrieveUpdateAPIView):
    http_method_names = ["get", "patch", "head", "options"]

    def get_serializer_class(self) -> type[s.EventIn | s.EventOut]:
        return s.EventIn if self.request.method == "PATCH" else s.EventOut

    def get(self, request: Request, pk: int) -> Response:
        return Response(event_out(request, pk))

    @extend_schema(request=s.EventIn, responses=s.EventOut)
    def patch(self, request: Request, pk: int) -> Response:
        serializer = s.EventIn(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        events.event_update(actor=request.user, event_id=pk, **serializer.validated_data)
        return Response(event_out(request, pk))


@extend_schema(tags=TAG, request=None, responses=s.EventOut)
class EventFinish(APIView):
    def post(self, request: Request, pk: int) -> Response:
        topcut.event_finish(actor=request.user, event_id=pk)
        return Response(event_out(request, pk))


@extend_schema(tags=TAG, request=s.ReopenIn, responses=s.EventOut)
class EventReopen(APIView):
    """Reopen a finished event so a judge can correct it (audited with the reason): back
    to its top cut, or to its Swiss rounds. A finished event is otherwise read-only."""

    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.ReopenIn, request)
        events.event_reopen(actor=request.user, event_id=pk, reason=data["reason"])
        return Response(event_out(request, pk))
