"""The event API's players: the list, registering, check-in, drops and fixed tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from config.errors import NotFoundError
from tournaments import selectors
from tournaments.api import serializers as s
from tournaments.api.common import TAG, parse_input
from tournaments.models import Event, Registration
from tournaments.services import registration
from tournaments.visibility import visibility_for

if TYPE_CHECKING:
    from django.db.models import QuerySet


@extend_schema(tags=TAG)
class EventPlayers(ListAPIView):
    """The event's players; judges add walk-ins and late entries with POST."""

    serializer_class = s.RegistrationOut

    def get_queryset(self) -> QuerySet[Registration]:
        return selectors.event_players(self.event)

    @property
    def event(self) -> Event:
        if not hasattr(self, "_event"):
            self._event = get_object_or_404(Event, pk=self.kwargs["pk"])
        return self._event

    def get_serializer_context(self) -> dict:
        return {
            **super().get_serializer_context(),
            "visibility": visibility_for(self.request.user, self.event),
        }

    @extend_schema(request=s.RegistrationAddIn, responses={201: s.RegistrationOut})
    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.RegistrationAddIn, request)
        player = None
        if "player_id" in data or "player_number" in data:
            lookup = (
                {"pk": data["player_id"]}
                if "player_id" in data
                else {"player_number": data["player_number"]}
            )
            player = User.objects.filter(**lookup).first()
            if player is None:
                raise NotFoundError(_("There is no player with that id or number."), field="player")
        reg = registration.registration_add(
            actor=request.user,
            event_id=pk,
            player=player,
            display_name=data.get("display_name", ""),
        )
        return Response(s.RegistrationOut(reg).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, request=None, responses={201: s.RegistrationOut})
class EventRegister(APIView):
    """Register yourself while registration is open (sending it twice registers once)."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        reg = registration.registration_register(actor=request.user, event_id=pk)
        return Response(s.RegistrationOut(reg).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, request=s.CheckInIn, responses=s.RegistrationOut)
class RegistrationCheckIn(APIView):
    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.CheckInIn, request)
        reg = registration.registration_check_in(
            actor=request.user, registration_id=pk, checked_in=data["checked_in"]
        )
        return Response(s.RegistrationOut(reg).data)


@extend_schema(
    tags=TAG,
    request=s.DropIn,
    responses={
        200: s.RegistrationOut,
        204: OpenApiResponse(
            description="withdrawn before the event started: the registration is gone"
        ),
    },
)
class RegistrationDrop(APIView):
    """Drop a player: the player themself, or a judge with a reason. Before the event
    starts this withdraws the player, and the registration no longer exists (204)."""

    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.DropIn, request)
        reg = registration.registration_drop(
            actor=request.user, registration_id=pk, reason=data["reason"]
        )
        if reg.pk is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(s.RegistrationOut(reg).data)


@extend_schema(tags=TAG, request=s.FixedTableIn, responses=s.RegistrationOut)
class RegistrationFixedTable(APIView):
    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.FixedTableIn, request)
        reg = registration.registration_set_fixed_table(
            actor=request.user, registration_id=pk, table=data["table"]
        )
        return Response(s.RegistrationOut(reg).data)
