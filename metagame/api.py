"""``GET /api/metagame/``: the metagame's tables as JSON. Site admins read every event; anyone
else reads the public figures (finished events with public lists, rows of 8 lists or more)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.rules import is_site_admin
from metagame import tables
from metagame.filters import filters_from
from metagame.selectors import metagame_for

if TYPE_CHECKING:
    from rest_framework.request import Request

TableSerializer = inline_serializer(
    "MetagameTable",
    {
        "title": serializers.CharField(),
        "header": serializers.ListField(child=serializers.CharField()),
        "rows": serializers.ListField(child=serializers.ListField(child=serializers.JSONField())),
    },
)
MetagameSerializer = inline_serializer(
    "Metagame",
    {
        "public": serializers.BooleanField(
            help_text="True for the public figures (the reader is not a site admin)."
        ),
        "game": serializers.CharField(),
        "format": serializers.CharField(),
        "date_from": serializers.DateField(allow_null=True),
        "date_to": serializers.DateField(allow_null=True),
        "events": serializers.ListField(child=serializers.IntegerField()),
        "threshold": serializers.IntegerField(help_text="The fewest lists a row stands on."),
        "lists": serializers.IntegerField(),
        "matches": serializers.IntegerField(),
        "cards_left_out": serializers.IntegerField(),
        "tables": serializers.DictField(child=TableSerializer),
    },
)


class DeckFormatNegotiation(DefaultContentNegotiation):
    """``?format=`` here is the deck format (as on the pages and in the command), not DRF's
    choice of renderer (which would answer 404 to ``format=monofaccion``)."""

    settings = SimpleNamespace(URL_FORMAT_OVERRIDE=None)


@extend_schema(
    tags=["metagame"],
    summary="The metagame: shares, win rates, matchups, cards and the watch list",
    parameters=[
        OpenApiParameter("game", OpenApiTypes.STR),
        OpenApiParameter(
            "format", OpenApiTypes.STR, enum=["monofaccion", "multifaccion", "booster-draft"]
        ),
        OpenApiParameter("from", OpenApiTypes.DATE),
        OpenApiParameter("to", OpenApiTypes.DATE),
        OpenApiParameter("event", OpenApiTypes.INT, many=True),
    ],
    responses=MetagameSerializer,
)
class MetagameView(APIView):
    permission_classes = [permissions.AllowAny]
    content_negotiation_class = DeckFormatNegotiation

    def get(self, request: Request) -> Response:
        public = not is_site_admin(request.user)
        filters = filters_from(
            request.query_params.dict(), request.query_params.getlist("event"), public=public
        )
        meta = metagame_for(filters)
        return Response(
            {
                "public": public,
                "game": filters.game,
                "format": filters.format,
                "date_from": filters.date_from,
                "date_to": filters.date_to,
                "events": list(filters.event_ids),
                "threshold": meta.threshold,
                "lists": meta.lists,
                "matches": meta.matches,
                "cards_left_out": meta.cards_left_out,
                "tables": {
                    name: {
                        "title": t.title,
                        "header": t.header,
                        "rows": [[tables.json_cell(v) for v in row] for row in t.rows],
                    }
                    for name, t in tables.tables_of(meta).items()
                },
            }
        )
