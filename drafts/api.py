"""The draft's JSON API: a seat's view (what the visibility rule lets the reader see), a
pick naming its pack round and pick number, auction bids and the winner's distribution,
the deck from the pool, and the judge's pod actions. Every write is one service call;
refusals are the services' domain errors (400 / 403 / 404 / 409 with the reason)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import DomainError, NotFoundError
from drafts import services as drafts
from drafts.models import DraftSeat, Pod
from drafts.services.players import PickOutcome
from drafts.services.reading import (
    auction_view,
    drafter_view,
    seat_number,
    seat_of_player,
)
from rulings.deckcheck import MAX_POOL_LINE_QUANTITY
from tournaments.models import Event, Registration
from tournaments.models.choices import RegistrationStatus
from tournaments.visibility import visibility_for

TAG = ["drafts"]


class CardOut(serializers.Serializer):
    id = serializers.IntegerField(help_text="card instance id")
    name = serializers.CharField()
    ref = serializers.CharField()
    faction = serializers.CharField()
    type = serializers.CharField()
    rarity = serializers.CharField()


class SeatStateOut(serializers.Serializer):
    pod = serializers.IntegerField(help_text="the pod's id, as in /api/pods/{id}/ routes")
    pod_number = serializers.IntegerField(help_text="the pod's number in its event (from 1)")
    seat = serializers.IntegerField(help_text="1-based seat number round the table")
    seat_id = serializers.IntegerField(help_text="the seat's id (`seat_id` in the pod actions)")
    phase = serializers.CharField()
    version = serializers.IntegerField()
    pack_round = serializers.IntegerField()
    pick_number = serializers.IntegerField()
    direction = serializers.CharField()
    remaining_seconds = serializers.FloatField(allow_null=True)
    paused = serializers.BooleanField()
    picked_this_step = serializers.BooleanField()
    pack = CardOut(many=True)
    pool = CardOut(many=True, allow_null=True)
    auction = serializers.DictField(
        allow_null=True,
        help_text="the deck auction: seats (to_act, high_bidder, taken[].seat, log[].seat) "
        "numbered from 1 like `seat`; decks still on the table with their cards; each deck "
        "taken in the log with where its removed cards went (moves[].deck, moves[].cards)",
    )


class PickIn(serializers.Serializer):
    pack_round = serializers.IntegerField(min_value=1, max_value=4)
    pick_number = serializers.IntegerField(min_value=1, max_value=99)
    card_instance = serializers.IntegerField(min_value=1)


class BidIn(serializers.Serializer):
    auction = serializers.IntegerField(min_value=1)
    amount = serializers.IntegerField(
        min_value=1, max_value=54, allow_null=True, help_text="null to pass"
    )


class DistributeIn(serializers.Serializer):
    auction = serializers.IntegerField(min_value=1)
    deck = serializers.IntegerField(min_value=1)
    moves = serializers.DictField(
        child=serializers.IntegerField(min_value=1),
        help_text="card instance id -> id of the deck it goes on",
    )


class DeckIn(serializers.Serializer):
    cards = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_POOL_LINE_QUANTITY),
        help_text="card id -> copies",
    )


class PodExtendIn(serializers.Serializer):
    seconds = serializers.IntegerField(min_value=1, max_value=3600)
    reason = serializers.CharField(max_length=300, required=False, default="")


class PackReplaceIn(serializers.Serializer):
    reason = serializers.CharField(max_length=300, required=False, default="")


class PackReplacedOut(serializers.Serializer):
    replaced = serializers.IntegerField(help_text="the pack taken out (kept for the record)")
    pack = serializers.IntegerField(help_text="the new booster in its place")
    cards = serializers.IntegerField()


class PodPhaseOut(serializers.Serializer):
    pod = serializers.IntegerField()
    phase = serializers.CharField()
    pack_round = serializers.IntegerField()
    pick_number = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)


class SeatBotIn(serializers.Serializer):
    seat_id = serializers.IntegerField(min_value=1)
    bot = serializers.BooleanField()
    reason = serializers.CharField(max_length=300, required=False, default="")


def _valid(serializer_class: type[serializers.Serializer], request: Request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _auction_out(pod: Pod) -> dict | None:
    """The auction as the pod reads it, seats numbered from 1 (as everywhere)."""
    view = auction_view(pod)
    if view is None:
        return None
    return {
        "number": view["number"],
        "phase": view["phase"],
        "to_act": view["to_act"],
        "high_bid": view["high_bid"],
        "high_bidder": view["high_bidder"],
        "decks": view["decks"],
        "taken": [{"id": d["id"], "name": d["name"], "seat": d["seat"]} for d in view["taken"]],
        "log": view["log"][-20:],
    }


def _card_rows(items: Iterable[Any]) -> list[dict]:
    return [
        {
            "id": c.id,
            "name": c.name,
            "ref": c.ref,
            "faction": c.faction,
            "type": c.type,
            "rarity": c.rarity,
        }
        for c in items
    ]


def seat_state(request: Request, seat: DraftSeat, outcome: PickOutcome | None = None) -> dict:
    """The seat's state for the reader; after a pick, from the pod and step the pick has
    just written (no second read of the pod)."""
    if outcome is not None:
        view = drafter_view(
            outcome.seat,
            visibility_for(request.user, seat.pod.draft.event),
            pod=outcome.pod,
            step=outcome.step,
        )
    else:
        view = drafter_view(seat, visibility_for(request.user, seat.pod.draft.event))
    return {
        "pod": view.pod.pk,
        "pod_number": view.pod.number,
        "seat": seat_number(seat.position),
        "seat_id": seat.pk,
        "phase": view.pod.phase,
        "version": view.pod.version,
        "pack_round": view.pod.pack_round,
        "pick_number": view.pod.pick_number,
        "direction": view.direction,
        "remaining_seconds": view.remaining,
        "paused": view.pod.is_paused,
        "picked_this_step": view.picked_this_step,
        "pack": _card_rows(view.pack),
        "pool": _card_rows(view.pool) if view.pool is not None else None,
        "auction": _auction_out(view.pod),
    }


def _my_seat(request: Request, event_id: int) -> DraftSeat:
    seat = seat_of_player(event_id, request.user)  # with its pod, draft and event
    if seat is None:
        get_object_or_404(Event, pk=event_id)
        raise NotFoundError(_("You have no seat in this draft."))
    return seat


@extend_schema(tags=TAG, responses=SeatStateOut)
class MySeat(APIView):
    """The reader's seat: the pack in front of them (only), the clock, the auction; the
    pool once drafting is complete."""

    permission_classes = [permissions.IsAuthenticated]

    def get(self, request: Request, pk: int) -> Response:
        return Response(seat_state(request, _my_seat(request, pk)))


@extend_schema(tags=TAG, request=PickIn, responses=SeatStateOut)
class MyPick(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(PickIn, request)
        seat = _my_seat(request, pk)
        outcome = drafts.draft_pick(
            actor=request.user,
            pod_id=seat.pod_id,
            pack_round=data["pack_round"],
            pick_number=data["pick_number"],
            card_instance_id=data["card_instance"],
        )
        return Response(seat_state(request, seat, outcome))


@extend_schema(tags=TAG, request=BidIn, responses=SeatStateOut)
class MyBid(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(BidIn, request)
        seat = _my_seat(request, pk)
        drafts.draft_bid(
            actor=request.user, pod_id=seat.pod_id, auction=data["auction"], amount=data["amount"]
        )
        return Response(seat_state(request, seat))


@extend_schema(tags=TAG, request=DistributeIn, responses=SeatStateOut)
class MyDistribution(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(DistributeIn, request)
        seat = _my_seat(request, pk)
        try:
            moves = {int(k): v for k, v in data["moves"].items()}
        except ValueError as exc:
            raise DomainError(
                _("Say which deck each removed card goes to."), field="moves"
            ) from exc
        drafts.draft_distribute(
            actor=request.user,
            pod_id=seat.pod_id,
            auction=data["auction"],
            deck=data["deck"],
            moves=moves,
        )
        return Response(seat_state(request, seat))


@extend_schema(
    tags=TAG,
    request=DeckIn,
    responses={
        201: inline_serializer(
            "DeckSubmittedOut",
            {"deck_list": serializers.IntegerField(), "cards": serializers.IntegerField()},
        )
    },
)
class MyDeck(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(DeckIn, request)
        try:
            quantities = {int(k): v for k, v in data["cards"].items()}
        except ValueError as exc:
            raise DomainError(_("Say how many copies of each card."), field="cards") from exc
        deck_list, _parsed = drafts.draft_deck_submit(
            actor=request.user, event_id=pk, quantities=quantities
        )
        return Response({"deck_list": deck_list.pk, "cards": deck_list.card_count}, status=201)


# The answers of the draft actions that have no serializer of their own.
POD_PAUSED_OUT = inline_serializer(
    "PodPausedOut", {"pod": serializers.IntegerField(), "paused": serializers.BooleanField()}
)
POD_EXTENDED_OUT = inline_serializer(
    "PodExtendedOut",
    {"pod": serializers.IntegerField(), "deadline": serializers.DateTimeField(allow_null=True)},
)
POD_OUT = inline_serializer("PodOut", {"pod": serializers.IntegerField()})
DRAFT_STARTED_OUT = inline_serializer(
    "DraftStartedOut",
    {"draft": serializers.IntegerField(), "pods": serializers.IntegerField()},
)
DECK_SAVED_OUT = inline_serializer(
    "DeckSavedOut",
    {
        "seat": serializers.IntegerField(help_text="1-based seat number round the table"),
        "seat_id": serializers.IntegerField(help_text="the seat's id"),
        "saved": serializers.DictField(
            child=serializers.IntegerField(), allow_null=True, help_text="card id -> copies"
        ),
    },
)
SEAT_EXTENDED_OUT = inline_serializer(
    "SeatExtendedOut",
    {
        "seat": serializers.IntegerField(help_text="1-based seat number round the table"),
        "seat_id": serializers.IntegerField(help_text="the seat's id"),
        "until": serializers.DateTimeField(allow_null=True),
    },
)
SEAT_PLAYER_OUT = inline_serializer(
    "SeatPlayerOut",
    {
        "seat": serializers.IntegerField(help_text="1-based seat number round the table"),
        "seat_id": serializers.IntegerField(help_text="the seat's id"),
        "registration": serializers.IntegerField(),
    },
)
ENTERED_WITHOUT_SEAT_OUT = inline_serializer(
    "EnteredWithoutSeatOut",
    {
        "registration": serializers.IntegerField(),
        "status": serializers.ChoiceField(choices=RegistrationStatus.choices),
    },
)


@extend_schema(
    tags=TAG,
    request=None,
    responses=POD_PAUSED_OUT,
)
class PodPause(APIView):
    def post(self, request: Request, pk: int) -> Response:
        pod = drafts.pod_pause(actor=request.user, pod_id=pk)
        return Response({"pod": pod.pk, "paused": pod.is_paused})


@extend_schema(
    tags=TAG,
    request=None,
    responses=POD_PAUSED_OUT,
)
class PodResume(APIView):
    def post(self, request: Request, pk: int) -> Response:
        pod = drafts.pod_resume(actor=request.user, pod_id=pk)
        return Response({"pod": pod.pk, "paused": pod.is_paused})


@extend_schema(
    tags=TAG,
    request=PodExtendIn,
    responses=POD_EXTENDED_OUT,
)
class PodExtend(APIView):
    def post(self, request: Request, pk: int) -> Response:
        data = _valid(PodExtendIn, request)
        pod = drafts.pod_extend(actor=request.user, pod_id=pk, **data)
        return Response({"pod": pod.pk, "deadline": pod.deadline})


@extend_schema(
    tags=TAG,
    request=SeatBotIn,
    responses=POD_OUT,
)
class PodSeatBot(APIView):
    def post(self, request: Request, pk: int) -> Response:
        data = _valid(SeatBotIn, request)
        pod = drafts.seat_set_bot(actor=request.user, pod_id=pk, **data)
        return Response({"pod": pod.pk})


@extend_schema(
    tags=TAG,
    request=None,
    responses={201: DRAFT_STARTED_OUT},
)
class DraftStart(APIView):
    def post(self, request: Request, pk: int) -> Response:
        draft = drafts.draft_start(actor=request.user, event_id=pk)
        return Response({"draft": draft.pk, "pods": draft.pods.count()}, status=201)


@extend_schema(tags=TAG, request=None, responses=PodPhaseOut)
class PodBeginPicking(APIView):
    """End the review time now (in paper mode: start the picking timer)."""

    def post(self, request: Request, pk: int) -> Response:
        pod = drafts.pod_begin_picking(actor=request.user, pod_id=pk)
        return Response(
            {
                "pod": pod.pk,
                "phase": pod.phase,
                "pack_round": pod.pack_round,
                "pick_number": pod.pick_number,
                "deadline": pod.deadline,
            }
        )


@extend_schema(tags=TAG, request=PackReplaceIn, responses=PackReplacedOut)
class PackReplace(APIView):
    """Replace a pack before picking from it starts (the DAR's wrong-count case); audited."""

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(PackReplaceIn, request)
        new = drafts.pack_replace(actor=request.user, pack_id=pk, reason=data["reason"])
        return Response({"replaced": pk, "pack": new.pk, "cards": new.cards.count()})


class ReasonIn(serializers.Serializer):
    reason = serializers.CharField(max_length=300)


class SeatExtendIn(serializers.Serializer):
    seat_id = serializers.IntegerField(min_value=1)
    seconds = serializers.IntegerField(min_value=1, max_value=3600)
    reason = serializers.CharField(max_length=300, required=False, default="")


class SeatPlayerIn(serializers.Serializer):
    seat_id = serializers.IntegerField(min_value=1)
    registration_id = serializers.IntegerField(min_value=1)
    reason = serializers.CharField(max_length=300, required=False, default="")


class EnterWithoutSeatIn(serializers.Serializer):
    registration_id = serializers.IntegerField(min_value=1)
    reason = serializers.CharField(max_length=300)


@extend_schema(
    tags=TAG,
    request=DeckIn,
    responses=DECK_SAVED_OUT,
)
class MyDeckSave(APIView):
    """Save the deck being built (any size); at the seat's deadline the last saved deck is
    its deck if legal."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(DeckIn, request)
        try:
            quantities = {int(k): v for k, v in data["cards"].items()}
        except ValueError as exc:
            raise DomainError(_("Say how many copies of each card."), field="cards") from exc
        seat = drafts.draft_deck_save(actor=request.user, event_id=pk, quantities=quantities)
        return Response(
            {"seat": seat_number(seat.position), "seat_id": seat.pk, "saved": seat.saved_deck}
        )


@extend_schema(tags=TAG, request=ReasonIn, responses=PodPhaseOut)
class PodEndBuilding(APIView):
    """End the pod's deck building now, with a reason (audited), so round 1 can be paired."""

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(ReasonIn, request)
        pod = drafts.pod_end_building(actor=request.user, pod_id=pk, reason=data["reason"])
        return Response(
            {
                "pod": pod.pk,
                "phase": pod.phase,
                "pack_round": pod.pack_round,
                "pick_number": pod.pick_number,
                "deadline": pod.deadline,
            }
        )


@extend_schema(
    tags=TAG,
    request=SeatExtendIn,
    responses=SEAT_EXTENDED_OUT,
)
class PodSeatExtendBuilding(APIView):
    """More deck-building time for one seat (also after its time is over); audited."""

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(SeatExtendIn, request)
        seat = drafts.seat_extend_building(actor=request.user, pod_id=pk, **data)
        return Response(
            {"seat": seat_number(seat.position), "seat_id": seat.pk, "until": seat.building_until}
        )


@extend_schema(
    tags=TAG,
    request=SeatPlayerIn,
    responses=SEAT_PLAYER_OUT,
)
class PodSeatPlayer(APIView):
    """Seat a player who has no seat in a bot's empty seat, before the pod's picking."""

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(SeatPlayerIn, request)
        seat = drafts.seat_assign_player(actor=request.user, pod_id=pk, **data)
        return Response(
            {
                "seat": seat_number(seat.position),
                "seat_id": seat.pk,
                "registration": seat.registration_id,
            }
        )


@extend_schema(
    tags=TAG,
    request=EnterWithoutSeatIn,
    responses=ENTERED_WITHOUT_SEAT_OUT,
)
class DraftEnterWithoutSeat(APIView):
    """Enter a player with no seat for the Swiss rounds, once they have a deck list."""

    def post(self, request: Request, pk: int) -> Response:
        data = _valid(EnterWithoutSeatIn, request)
        if not Registration.objects.filter(pk=data["registration_id"], event_id=pk).exists():
            raise NotFoundError(_("There is no such registration."))
        reg = drafts.draft_enter_without_seat(actor=request.user, **data)
        return Response({"registration": reg.pk, "status": reg.status})
