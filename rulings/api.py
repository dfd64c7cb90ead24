"""REST API of the rulings app: the document (read-only), the catalogue (read-only),
deck-list submission and checks. One view per operation, each with its own serializers."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import permissions, serializers
from rest_framework.generics import ListAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import DomainError, NotFoundError
from config.numbers import parse_whole_number
from rulings import selectors
from rulings.models import Card, DocumentEntry, DocumentVersion, Edition

if TYPE_CHECKING:
    from django.db.models import QuerySet
    from rest_framework.request import Request

TAGS = ["rulings"]


# --- output serializers ---------------------------------------------------------------------
class CardRefSerializer(serializers.Serializer):
    edition = serializers.CharField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    ref = serializers.CharField()


class EntrySerializer(serializers.ModelSerializer):
    card = serializers.SerializerMethodField(
        help_text="the card the entry is about; null for rules and concepts entries"
    )

    class Meta:
        model = DocumentEntry
        fields = ("section", "key", "card", "formats", "title_en", "title_es", "text_en", "text_es")

    @extend_schema_field(CardRefSerializer(allow_null=True))
    def get_card(self, obj: DocumentEntry) -> dict | None:
        if obj.card_id is None:
            return None
        return {
            "edition": obj.card.edition.code,
            "number": obj.card.number,
            "name": obj.card.name,
            "ref": obj.card.ref,
        }


class VersionSummarySerializer(serializers.ModelSerializer):
    in_force_from = serializers.DateField(read_only=True)

    class Meta:
        model = DocumentVersion
        fields = ("number", "published_on", "in_force_from", "summary_en", "summary_es")


class VersionSerializer(VersionSummarySerializer):
    entries = serializers.SerializerMethodField()

    class Meta(VersionSummarySerializer.Meta):
        fields = (*VersionSummarySerializer.Meta.fields, "entries")

    @extend_schema_field(EntrySerializer(many=True))
    def get_entries(self, obj: DocumentVersion) -> list[dict]:
        return EntrySerializer(selectors.version_entries(obj), many=True).data


class EditionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Edition
        fields = ("code", "name", "set_size", "release_date")


class CardSerializer(serializers.ModelSerializer):
    edition = serializers.CharField(source="edition.code")
    ref = serializers.CharField(read_only=True)

    class Meta:
        model = Card
        fields = (
            "edition",
            "number",
            "ref",
            "name",
            "type",
            "faction",
            "cost",
            "attributes_known",
            "rarity",
            "sample",
        )


@extend_schema(tags=TAGS, summary="Published versions of the rulings document, newest first")
class VersionListView(ListAPIView):
    serializer_class = VersionSummarySerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self) -> QuerySet[DocumentVersion]:
        document = selectors.document_find()
        if document is None:
            return DocumentVersion.objects.none()
        return selectors.published_versions(document)


@extend_schema(tags=TAGS, summary="One published version with all its entries")
class VersionDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=VersionSerializer)
    def get(self, request: Request, number: int) -> Response:
        version = selectors.version_get(selectors.document_get(), number)
        return Response(VersionSerializer(version).data)


def _parse_date(raw: str | None, field: str) -> dt.date:
    if not raw:
        return timezone.localdate()
    try:
        return dt.date.fromisoformat(raw)
    except ValueError:
        raise DomainError(
            _("“%(value)s” is not a date (use YYYY-MM-DD).") % {"value": raw}, field=field
        ) from None


@extend_schema(tags=TAGS, summary="The version in force on a date (today by default)")
class VersionInForceView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("date", OpenApiTypes.DATE, description="YYYY-MM-DD")],
        responses={
            200: VersionSerializer,
            404: OpenApiResponse(description="No version is in force on that date."),
        },
    )
    def get(self, request: Request) -> Response:
        on_date = _parse_date(request.query_params.get("date"), "date")
        version = selectors.version_in_force(selectors.document_get(), on_date)
        if version is None:
            raise NotFoundError(
                _("No version of the document is in force on %(date)s.")
                % {"date": on_date.isoformat()}
            )
        return Response(VersionSerializer(version).data)


@extend_schema(tags=TAGS, summary="Entries added, removed and changed between two versions")
class VersionDiffView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("from", OpenApiTypes.INT, required=True),
            OpenApiParameter("to", OpenApiTypes.INT, required=True),
        ],
        responses={
            200: OpenApiTypes.OBJECT,
            404: OpenApiResponse(description="There is no version with one of those numbers."),
        },
    )
    def get(self, request: Request) -> Response:
        document = selectors.document_get()
        old_n = parse_whole_number(request.query_params.get("from"))
        new_n = parse_whole_number(request.query_params.get("to"))
        if old_n is None or new_n is None:
            raise DomainError(_("Give two version numbers: from and to."), field="from")
        old = selectors.version_get(document, old_n)
        new = selectors.version_get(document, new_n)
        data = selectors.version_diff(old, new).as_dict()
        return Response({"from": old.number, "to": new.number, **data})


# --- the catalogue -------------------------------------------------------------------------------
@extend_schema(tags=TAGS, summary="Editions of the card catalogue")
class EditionListView(ListAPIView):
    serializer_class = EditionSerializer
    permission_classes = [permissions.AllowAny]
    queryset = Edition.objects.order_by("code")


@extend_schema(
    tags=TAGS,
    summary="Cards of the catalogue",
    parameters=[
        OpenApiParameter("q", OpenApiTypes.STR, description="part of the name"),
        OpenApiParameter("edition", OpenApiTypes.STR, description="edition code"),
    ],
)
class CardListView(ListAPIView):
    serializer_class = CardSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self) -> QuerySet[Card]:
        return selectors.cards_search(
            q=self.request.query_params.get("q", "")[:100],
            edition=self.request.query_params.get("edition", "")[:5],
        )


# --- the impact of a version (admins) -----------------------------------------------------------
class EditsTheDocument(permissions.BasePermission):
    """Site admins, who keep the rulings document."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return request.user.has_perm("rulings.edit_document")


class ImpactListSerializer(serializers.Serializer):
    deck_list = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player = serializers.CharField(help_text="the player's name")
    banned = serializers.ListField(
        child=serializers.CharField(), help_text="the newly banned cards that make it illegal"
    )
    watched = serializers.ListField(
        child=serializers.CharField(), help_text="the newly watched cards it holds"
    )


class ImpactEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    format = serializers.CharField()
    status = serializers.CharField()
    pinned_version = serializers.IntegerField(
        allow_null=True, help_text="the version the event keeps (pinned at round 1)"
    )
    illegal_count = serializers.IntegerField()
    watched_count = serializers.IntegerField()
    lists = ImpactListSerializer(many=True)


class ImpactSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    published_on = serializers.DateField(help_text="the publication date the impact assumes")
    in_force_from = serializers.DateField()
    base_version = serializers.IntegerField(
        allow_null=True, help_text="the version events use until this one comes into force"
    )
    illegal_count = serializers.IntegerField()
    watched_count = serializers.IntegerField()
    affected = ImpactEventSerializer(
        many=True, help_text="events that will check their lists against this version"
    )
    kept = ImpactEventSerializer(
        many=True, help_text="events that keep their version, with the lists it spares"
    )


@extend_schema(tags=TAGS, summary="What a version does to registered deck lists (admins)")
class VersionImpactView(APIView):
    """The registered lists a version makes illegal or gives a watch warning, per event, from
    the day it comes into force; for a draft, if published on ``published_on`` (today by
    default). The same reading the notices are made from when it is published."""

    permission_classes = [EditsTheDocument]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "published_on",
                OpenApiTypes.DATE,
                description="a draft's assumed publication date, YYYY-MM-DD (today by default)",
            )
        ],
        responses={200: ImpactSerializer},
    )
    def get(self, request: Request, number: int) -> Response:
        from rulings.extensions import hooks

        version = selectors.version_get(selectors.document_get(), number, include_drafts=True)
        today = timezone.localdate()
        published_on = version.published_on or _parse_date(
            request.query_params.get("published_on"), "published_on"
        )
        if version.published_on is None and published_on < today:
            raise DomainError(
                _("The publication date cannot be in the past (today is %(today)s).")
                % {"today": today.isoformat()},
                field="published_on",
            )
        report = hooks.impact(version, published_on)
        data = {
            "number": version.number,
            "status": version.status,
            "published_on": published_on,
            "in_force_from": published_on + dt.timedelta(days=1),
            "base_version": report.base_number if report else None,
            "illegal_count": report.impact.illegal_count if report else 0,
            "watched_count": report.impact.watched_count if report else 0,
            "affected": report.affected_rows if report else [],
            "kept": report.kept_rows if report else [],
        }
        return Response(ImpactSerializer(data).data)
