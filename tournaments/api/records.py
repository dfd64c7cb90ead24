"""The event API's records: penalties, the audit log, standings and the exports."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import permissions, status
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.conditional import ConditionalRead
from config.errors import DomainError, NotFoundError
from config.numbers import parse_whole_number
from config.pagination import Pagination, paginated_response
from tournaments import exports, selectors
from tournaments.api import serializers as s
from tournaments.api.common import ROUND_PARAM, TAG, parse_input
from tournaments.audit_presenter import KINDS, audit_lines, filtered_audit
from tournaments.models import Event, Registration
from tournaments.services import penalties, standings
from tournaments.services.permissions import ensure_allowed
from tournaments.visibility import visibility_for
from tournaments.xlsx_cells import CONTENT_TYPE as XLSX_CONTENT_TYPE

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from tournaments.models import AuditEntry, Penalty


@extend_schema(tags=TAG)
class EventPenalties(ListAPIView):
    """The event's penalties, the oldest first: every one for the event's judges, a
    player's own for them, none for anyone else. Judges issue one with `POST`."""

    serializer_class = s.PenaltyOut

    def get_queryset(self) -> list[Penalty]:
        event = get_object_or_404(Event, pk=self.kwargs["pk"])
        return selectors.visible_penalties(
            event, visibility=visibility_for(self.request.user, event)
        )

    @extend_schema(request=s.PenaltyIn, responses={201: s.PenaltyOut})
    def post(self, request: Request, pk: int) -> Response:
        data = parse_input(s.PenaltyIn, request)
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


def _as_of_round(request: Request) -> int | None:
    raw = request.query_params.get("round")
    if raw in (None, ""):
        return None
    value = parse_whole_number(raw, maximum=None)
    if value is None:
        raise DomainError(_("round must be a whole number."), field="round")
    return value


AFTER_ROUND_HEADER = OpenApiParameter(
    "Standings-After-Round",
    OpenApiTypes.INT,
    OpenApiParameter.HEADER,
    description="the round the standings are after (0: no round is complete yet)",
    response=[200],
)


def _standing_out(r: standings.StandingRow) -> dict[str, Any]:
    return s.StandingOut(
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
    ).data


@extend_schema(
    tags=TAG,
    parameters=[ROUND_PARAM, AFTER_ROUND_HEADER],
    responses=s.StandingOut(many=True),
)
class EventStandings(ConditionalRead, APIView):
    """Standings from confirmed Swiss results, with every tiebreak, after the last
    completed round (as of `round` if earlier): a round being played counts, its byes and
    results already confirmed included, once it ends. The `Standings-After-Round` header
    says which round. Once the top-cut final has a winner, `rank` is the final place from
    the bracket (winner, finalist, semifinal losers by Swiss rank, ...) and `swiss_rank`
    the Swiss one."""

    permission_classes = [permissions.AllowAny]
    pagination_class = Pagination

    def get(self, request: Request, pk: int) -> Response:
        event = get_object_or_404(Event, pk=pk)
        table = standings.standings_table(event, as_of_round=_as_of_round(request))
        response = paginated_response(request, self, table.rows, _standing_out)
        response["Standings-After-Round"] = str(table.after_round)
        return response


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


@extend_schema_view(get=extend_schema(operation_id="events_export_csv_retrieve"))
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
        filename = exports.export_filename(event, what, "csv", as_of_round=_as_of_round(request))
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


@extend_schema_view(get=extend_schema(operation_id="events_export_xlsx_retrieve"))
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
        filename = exports.export_filename(event, what, "xlsx", as_of_round=_as_of_round(request))
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
