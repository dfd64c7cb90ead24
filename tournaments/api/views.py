"""Tournaments API: one view per operation; every write goes through a service."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import permissions, status
from rest_framework.generics import ListAPIView, ListCreateAPIView, RetrieveUpdateAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from config.errors import DomainError, NotFoundError
from tournaments import exports, selectors
from tournaments.api import serializers as s
from tournaments.audit_presenter import KINDS, audit_lines, filtered_audit
from tournaments.models import Event, Match, Registration, Round
from tournaments.models.choices import EventStatus, GameKind, RoundStatus
from tournaments.services import (
    clock,
    events,
    penalties,
    registration,
    results,
    rounds,
    standings,
    topcut,
)
from tournaments.services.permissions import ensure_allowed
from tournaments.visibility import EventVisibility, visibility_for
from tournaments.xlsx_cells import CONTENT_TYPE as XLSX_CONTENT_TYPE

if TYPE_CHECKING:
    from collections.abc import Callable

    from django.db.models import QuerySet
    from rest_framework.serializers import Serializer

    from tournaments.models import AuditEntry, Penalty

TAG = ["events"]
ROUND_PARAM = OpenApiParameter("round", int, description="standings as of this round")


def _input(serializer_class: type[Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _result_in(data: dict) -> results.ReportedResult:
    return results.ReportedResult(
        data["games_won_a"], data["games_won_b"], data["games_drawn"], list(data["games"])
    )


def _event_out(request: Request, event_id: int) -> dict:
    """One event as ``EventOut``, with its player count and the reader's visibility."""
    event = get_object_or_404(selectors.event_list(), pk=event_id)
    context = {"visibility": visibility_for(request.user, event)}
    return s.EventOut(event, context=context).data


def _round_out(request: Request, round_: Round) -> dict:
    return s.RoundOut(
        round_, context={"visibility": visibility_for(request.user, round_.event)}
    ).data


def _choice_param(request: Request, name: str, choices: list[str]) -> str | None:
    value = request.query_params.get(name) or None
    if value is not None and value not in choices:
        raise DomainError(
            _("Unknown %(name)s %(value)s: use one of %(choices)s.")
            % {"name": name, "value": repr(value), "choices": ", ".join(choices)},
            field=name,
        )
    return value


@extend_schema(tags=TAG)
@extend_schema_view(
    get=extend_schema(
        parameters=[
            OpenApiParameter("status", OpenApiTypes.STR, enum=EventStatus.values),
            OpenApiParameter("game", OpenApiTypes.STR, enum=GameKind.values),
        ]
    )
)
class EventListCreate(ListCreateAPIView):
    """Events, newest first (filter with `status` and `game`); organisers create them."""

    def get_queryset(self) -> QuerySet[Event]:
        return selectors.event_list(
            status=_choice_param(self.request, "status", EventStatus.values),
            game=_choice_param(self.request, "game", GameKind.values),
        )

    def get_serializer_class(self) -> type[s.EventIn | s.EventOut]:
        return s.EventIn if self.request.method == "POST" else s.EventOut

    @extend_schema(request=s.EventIn, responses={201: s.EventOut})
    def post(self, request: Request) -> Response:
        data = dict(_input(s.EventIn, request))
        event = events.event_create(actor=request.user, **data)
        return Response(_event_out(request, event.pk), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG)
class EventDetail(RetrieveUpdateAPIView):
    http_method_names = ["get", "patch", "head", "options"]

    def get_serializer_class(self) -> type[s.EventIn | s.EventOut]:
        return s.EventIn if self.request.method == "PATCH" else s.EventOut

    def get(self, request: Request, pk: int) -> Response:
        return Response(_event_out(request, pk))

    @extend_schema(request=s.EventIn, responses=s.EventOut)
    def patch(self, request: Request, pk: int) -> Response:
        serializer = s.EventIn(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        events.event_update(actor=request.user, event_id=pk, **serializer.validated_data)
        return Response(_event_out(request, pk))


@extend_schema(tags=TAG)
class EventPlayers(ListAPIView):
    """The event's players; judges add walk-ins and late entries with POST."""

    serializer_class = s.RegistrationOut
    pagination_class = None

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
        data = _input(s.RegistrationAddIn, request)
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
        data = _input(s.CheckInIn, request)
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
        data = _input(s.DropIn, request)
        reg = registration.registration_drop(
            actor=request.user, registration_id=pk, reason=data["reason"]
        )
        if reg.pk is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(s.RegistrationOut(reg).data)


@extend_schema(tags=TAG, request=s.FixedTableIn, responses=s.RegistrationOut)
class RegistrationFixedTable(APIView):
    def post(self, request: Request, pk: int) -> Response:
        data = _input(s.FixedTableIn, request)
        reg = registration.registration_set_fixed_table(
            actor=request.user, registration_id=pk, table=data["table"]
        )
        return Response(s.RegistrationOut(reg).data)


@extend_schema(tags=TAG)
class EventRounds(ListAPIView):
    serializer_class = s.RoundOut
    pagination_class = None

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
class RoundDetail(APIView):
    """A round with its pairings; unpublished pairings are shown to the event's judges only."""

    permission_classes = [permissions.AllowAny]

    def get(self, request: Request, pk: int) -> Response:
        round_ = get_object_or_404(Round.objects.select_related("event"), pk=pk)
        visibility = visibility_for(request.user, round_.event)
        if round_.status == RoundStatus.DRAFT and not visibility.draft_rounds:
            ensure_allowed(request.user, "tournaments.run_event", round_.event)
        clock.refresh_round_clock(round_)
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
            extra = dict(_input(input_serializer, request)) if input_serializer else {}
            round_ = action(actor=request.user, round_id=pk, **extra)
            return Response(_round_out(request, round_))

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


@extend_schema(tags=TAG, responses=s.MatchOut)
class MatchDetail(APIView):
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
            result=_result_in(data),
            idempotency_key=data["idempotency_key"],
        )
        return Response(s.report_payload(match))


@extend_schema(tags=TAG, request=s.ConfirmIn, responses=s.ConfirmOut)
class MatchConfirmReport(APIView):
    """A player agrees with their opponent's report: their own report becomes the
    opponent's (score and games), which confirms the match. The body is the opponent's
    score as the caller saw it; if the opponent changed it since, 409 (`report_changed`)
    and nothing changes. Confirming again changes nothing (`changed` is false)."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        data = _input(s.ConfirmIn, request)
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
        data = _input(s.OverrideIn, request)
        match = results.match_set_result(
            actor=request.user, match_id=pk, result=_result_in(data), reason=data["reason"]
        )
        return Response(s.MatchOut(match).data)


@extend_schema(tags=TAG, request=s.ExtendIn, responses=s.MatchOut)
class MatchExtend(APIView):
    """A time extension for one table."""

    def post(self, request: Request, pk: int) -> Response:
        data = _input(s.ExtendIn, request)
        match = clock.match_extend_time(actor=request.user, match_id=pk, **data)
        return Response(s.MatchOut(match).data)


@extend_schema(tags=TAG)
class EventPenalties(ListAPIView):
    """The event's penalties, the oldest first: every one for the event's judges, a
    player's own for them, none for anyone else. Judges issue one with `POST`."""

    serializer_class = s.PenaltyOut
    pagination_class = None

    def get_queryset(self) -> list[Penalty]:
        event = get_object_or_404(Event, pk=self.kwargs["pk"])
        return selectors.visible_penalties(
            event, visibility=visibility_for(self.request.user, event)
        )

    @extend_schema(request=s.PenaltyIn, responses={201: s.PenaltyOut})
    def post(self, request: Request, pk: int) -> Response:
        data = _input(s.PenaltyIn, request)
        if not Registration.objects.filter(pk=data["registration_id"], event_id=pk).exists():
            raise DomainError(_("That player is not in this event."), field="registration_id")
        penalty = penalties.penalty_issue(actor=request.user, **data)
        return Response(s.PenaltyOut(penalty).data, status=status.HTTP_201_CREATED)


@extend_schema(
    tags=TAG,
    parameters=[
        OpenApiParameter("round", OpenApiTypes.INT, description="only entries about this round"),
        OpenApiParameter(
            "person",
            OpenApiTypes.INT,
            description="only entries by or about this person (user id)",
        ),
        OpenApiParameter(
            "kind",
            OpenApiTypes.STR,
            enum=list(KINDS),
            description="only entries of this kind",
        ),
    ],
)
class EventAudit(ListAPIView):
    """The event's audit log, newest first, each entry with its sentence (judges)."""

    serializer_class = s.AuditOut

    def get_queryset(self) -> QuerySet[AuditEntry]:
        event = get_object_or_404(Event, pk=self.kwargs["pk"])
        ensure_allowed(self.request.user, "tournaments.view_audit", event)
        self.event = event
        entries, form = filtered_audit(
            selectors.event_audit(event), event=event, params=self.request.query_params
        )
        if form.is_bound and not form.is_valid():
            raise DomainError(
                "; ".join(str(e) for errors in form.errors.values() for e in errors),
                field=next(iter(form.errors)),
            )
        return entries

    def get_serializer(self, *args: Any, **kwargs: Any) -> s.AuditOut:
        if args and hasattr(self, "event"):
            kwargs.setdefault("context", self.get_serializer_context())
            lines = audit_lines(list(args[0]), event=self.event)
            kwargs["context"]["audit_lines"] = {line.entry.pk: line for line in lines}
        return super().get_serializer(*args, **kwargs)


@extend_schema(tags=TAG, request=s.PairIn, responses={201: s.RoundOut})
class EventPairNext(APIView):
    """Pair the next Swiss round (the first starts the event: players not checked in become
    no-shows). Refused with 409 and `missing_tables` while results are missing, unless
    `force` is set with a `reason` (audited)."""

    def post(self, request: Request, pk: int) -> Response:
        data = _input(s.PairIn, request)
        round_ = rounds.round_pair_next(actor=request.user, event_id=pk, **data)
        return Response(_round_out(request, round_), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, request=None, responses=s.RoundOut)
class RoundPublish(APIView):
    def post(self, request: Request, pk: int) -> Response:
        return Response(_round_out(request, rounds.round_publish(actor=request.user, round_id=pk)))


@extend_schema(tags=TAG, request=s.PairIn, responses={201: s.RoundOut})
class RoundRepair(APIView):
    """Discard unpublished pairings and pair the round again with a new recorded seed."""

    def post(self, request: Request, pk: int) -> Response:
        data = _input(s.PairIn, request)
        round_ = rounds.round_repair(actor=request.user, round_id=pk, reason=data["reason"])
        return Response(_round_out(request, round_), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, request=s.SwapIn, responses=s.RoundOut)
class RoundSwap(APIView):
    """Exchange two players' seats in unpublished pairings (checked and re-flagged)."""

    def post(self, request: Request, pk: int) -> Response:
        data = _input(s.SwapIn, request)
        return Response(
            _round_out(request, rounds.round_swap(actor=request.user, round_id=pk, **data))
        )


@extend_schema(tags=TAG, request=None, responses={201: s.RoundOut})
class EventTopCutStart(APIView):
    def post(self, request: Request, pk: int) -> Response:
        round_ = topcut.topcut_start(actor=request.user, event_id=pk)
        return Response(_round_out(request, round_), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, request=None, responses={200: s.RoundOut, 204: None})
class EventTopCutAdvance(APIView):
    """Pair the next bracket round; after the final, finish the event (204)."""

    def post(self, request: Request, pk: int) -> Response:
        round_ = topcut.topcut_advance(actor=request.user, event_id=pk)
        if round_ is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(_round_out(request, round_))


@extend_schema(tags=TAG, request=None, responses=s.EventOut)
class EventFinish(APIView):
    def post(self, request: Request, pk: int) -> Response:
        topcut.event_finish(actor=request.user, event_id=pk)
        return Response(_event_out(request, pk))


@extend_schema(tags=TAG, request=s.ReopenIn, responses=s.EventOut)
class EventReopen(APIView):
    """Reopen a finished event so a judge can correct it (audited with the reason): back
    to its top cut, or to its Swiss rounds. A finished event is otherwise read-only."""

    def post(self, request: Request, pk: int) -> Response:
        data = _input(s.ReopenIn, request)
        events.event_reopen(actor=request.user, event_id=pk, reason=data["reason"])
        return Response(_event_out(request, pk))


def _as_of_round(request: Request) -> int | None:
    raw = request.query_params.get("round")
    if raw in (None, ""):
        return None
    try:
        value = int(raw)
    except ValueError:
        raise DomainError(_("round must be a whole number."), field="round") from None
    if value < 0:
        raise DomainError(_("round must be a whole number."), field="round")
    return value


@extend_schema(tags=TAG, parameters=[ROUND_PARAM], responses=s.StandingOut(many=True))
class EventStandings(APIView):
    """Standings from confirmed Swiss results, with every tiebreak (as of `round` if given).
    Once the top-cut final has a winner, `rank` is the final place from the bracket (winner,
    finalist, semifinal losers by Swiss rank, ...) and `swiss_rank` the Swiss one."""

    permission_classes = [permissions.AllowAny]

    def get(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        rows = standings.event_standings(event, as_of_round=_as_of_round(request))
        return Response(
            s.StandingOut(
                [
                    {
                        "rank": r.rank,
                        "swiss_rank": r.swiss_rank,
                        "registration_id": r.registration.pk,
                        "player": r.registration.player.public_name,
                        "player_number": r.registration.player.player_number,
                        "dropped": r.dropped,
                        "match_points": r.match_points,
                        "wins": r.wins,
                        "losses": r.losses,
                        "draws": r.draws,
                        "omw": r.omw,
                        "gw": r.gw,
                        "ogw": r.ogw,
                    }
                    for r in rows
                ],
                many=True,
            ).data
        )


EXPORT_PARAM = OpenApiParameter(
    "what",
    OpenApiTypes.STR,
    OpenApiParameter.PATH,
    enum=list(exports.export_names()),
    description="which export",
)
XLSX_EXPORT_PARAM = OpenApiParameter(
    "what",
    OpenApiTypes.STR,
    OpenApiParameter.PATH,
    enum=list(exports.XLSX_EXPORTS),
    description="which export",
)


@extend_schema(
    tags=TAG,
    parameters=[EXPORT_PARAM, ROUND_PARAM],
    responses={(200, "text/csv"): OpenApiTypes.STR},
)
class EventExport(APIView):
    """CSV export (UTF-8, a header row of stable English column names, times in ISO 8601
    with their offset; columns in `docs/exports.md`): `players`, `matches` (every game and
    its play-or-draw record), `standings` (every tiebreak; as of `round` if given),
    `penalties` (every one for the event's judges, a player's own for them, none for anyone
    else), `picks` and `pools` of a draft, or the `audit` log (judges)."""

    permission_classes = [permissions.AllowAny]

    def get(self, request: Request, pk: int, what: str) -> HttpResponse:
        event = get_object_or_404(Event, pk=pk)
        if what not in exports.export_names():
            raise NotFoundError(_("Unknown export."))
        body = exports.export_csv(
            event,
            what,
            visibility=visibility_for(request.user, event),
            as_of_round=_as_of_round(request),
        )
        response = HttpResponse(body, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="event-{pk}-{what}.csv"'
        return response


@extend_schema(
    tags=TAG,
    parameters=[XLSX_EXPORT_PARAM, ROUND_PARAM],
    responses={(200, XLSX_CONTENT_TYPE): OpenApiTypes.BINARY},
)
class EventExportSpreadsheet(APIView):
    """The same export as a spreadsheet (.xlsx): the header in the reader's language
    (`Accept-Language`), numbers as numbers, times as date cells in the event's time zone.
    The same rows as the CSV for the same reader."""

    permission_classes = [permissions.AllowAny]

    def get(self, request: Request, pk: int, what: str) -> HttpResponse:
        event = get_object_or_404(Event, pk=pk)
        if what not in exports.XLSX_EXPORTS:
            raise NotFoundError(_("Unknown export."))
        body = exports.export_xlsx(
            event,
            what,
            visibility=visibility_for(request.user, event),
            as_of_round=_as_of_round(request),
        )
        response = HttpResponse(body, content_type=XLSX_CONTENT_TYPE)
        response["Content-Disposition"] = f'attachment; filename="event-{pk}-{what}.xlsx"'
        return response
