"""The API of deck lists, card pools and deck checks."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import DomainError, NotFoundError
from config.pagination import Pagination, paginated_response
from decklists import selectors
from decklists.models import DeckCheckOutcome, DeckList
from decklists.services.checks import deck_check_record
from decklists.services.lists import card_pool_set, deck_check_pick_random, deck_list_submit
from rulings.deckcheck import MAX_LINE_QUANTITY, MAX_LIST_CHARS
from rulings.messages import issue_payload
from tournaments.models import Event

if TYPE_CHECKING:
    from rest_framework.request import Request

# Under the rulings tag, as before they had their own app.
TAGS = ["rulings"]


class IssueSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    params = serializers.DictField()
    line = serializers.IntegerField(required=False)
    candidates = serializers.ListField(child=serializers.CharField(), required=False)


class SurchargeSerializer(serializers.Serializer):
    card = serializers.CharField()
    edition = serializers.CharField()
    number = serializers.IntegerField()
    quantity = serializers.IntegerField()
    faction = serializers.CharField()
    extra = serializers.IntegerField()
    base_cost = serializers.IntegerField(allow_null=True)
    total_cost = serializers.IntegerField(allow_null=True)


class CheckSerializer(serializers.Serializer):
    format = serializers.CharField()
    legal = serializers.BooleanField()
    card_count = serializers.IntegerField()
    minimum = serializers.IntegerField()
    sanctuary = serializers.CharField(allow_null=True)
    rulings_version = serializers.IntegerField(allow_null=True)
    checked_on = serializers.DateField()
    errors = IssueSerializer(many=True)
    warnings = IssueSerializer(many=True)
    surcharges = SurchargeSerializer(many=True)


class DeckEntryOutSerializer(serializers.Serializer):
    quantity = serializers.IntegerField()
    edition = serializers.CharField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)


class CardChangeSerializer(serializers.Serializer):
    edition = serializers.CharField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    before = serializers.IntegerField(help_text="copies in the list as checked")
    after = serializers.IntegerField(help_text="copies in the list now")


LIST_STATE_HELP = (
    "the player's list now against the list as checked: unchanged, changed (cards added or "
    "taken out since, or a list submitted after a check that found none), no_list (none then, "
    "none now) or not_recorded (a check recorded before checks kept their list)"
)


class ListCheckSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    checked_at = serializers.DateTimeField()
    outcome = serializers.ChoiceField(choices=DeckCheckOutcome.choices)
    list_state = serializers.ChoiceField(
        choices=list(selectors.ListState.ALL), help_text=LIST_STATE_HELP
    )
    changes = CardChangeSerializer(many=True)


class DeckListOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    text = serializers.CharField()
    updated_at = serializers.DateTimeField()
    entries = DeckEntryOutSerializer(many=True)
    check = CheckSerializer()
    checks = ListCheckSerializer(
        many=True,
        help_text="the recorded deck checks of this deck, latest first, with what changed "
        "since each; only for the event's judges (empty for anybody else)",
    )


def check_payload(report: selectors.DeckCheckReport) -> dict:
    data = report.check.as_dict()
    data["errors"] = [issue_payload(i) for i in report.check.errors]
    data["warnings"] = [issue_payload(i) for i in report.check.warnings]
    data["rulings_version"] = report.version.number if report.version else None
    data["checked_on"] = report.on_date
    return data


def _entry_payload(entry: Any) -> dict:
    return {
        "quantity": entry.quantity,
        "edition": entry.card.edition.code,
        "number": entry.card.number,
        "name": entry.card.name,
        "line": entry.line,
    }


def _changes_payload(item: selectors.CheckedList) -> list[dict]:
    return [
        {
            "edition": c.card.edition.code,
            "number": c.card.number,
            "name": c.card.name,
            "before": c.before,
            "after": c.after,
        }
        for c in item.changes
    ]


def deck_list_payload(deck_list: DeckList, viewer: Any) -> dict:
    report = selectors.deck_check_for(deck_list)
    return {
        "id": deck_list.pk,
        "event": deck_list.event_id,
        "player": deck_list.player_id,
        "player_name": deck_list.player.public_name,
        "text": deck_list.text,
        "updated_at": deck_list.updated_at,
        "entries": [_entry_payload(e) for e in deck_list.entries.all()],
        "check": check_payload(report),
        "checks": [
            {
                "id": item.check.pk,
                "checked_at": item.check.checked_at,
                "outcome": item.check.outcome,
                "list_state": item.state,
                "changes": _changes_payload(item),
            }
            for item in selectors.deck_list_checks(deck_list, viewer)
        ],
    }


# --- the rulings document ---------------------------------------------------------------------


# --- deck lists ----------------------------------------------------------------------------
def _one_plain_line(value: str) -> str:
    # Entries become lines of a deck list: a line break in a name would make two lines
    # (past the entry limit), and other control characters have no place in a name.
    if any(unicodedata.category(char) in ("Cc", "Zl", "Zp") for char in value):
        raise serializers.ValidationError(
            _("Control characters (such as line breaks) are not allowed here.")
        )
    return value


class DeckEntryInSerializer(serializers.Serializer):
    quantity = serializers.IntegerField(min_value=1, max_value=MAX_LINE_QUANTITY)
    edition = serializers.CharField(max_length=5, required=False, validators=[_one_plain_line])
    number = serializers.IntegerField(min_value=1, required=False)
    name = serializers.CharField(max_length=120, required=False, validators=[_one_plain_line])

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        has_ref = "edition" in attrs and "number" in attrs
        if not has_ref and not attrs.get("name"):
            raise serializers.ValidationError(_("Give the edition and number, or the name."))
        return attrs


class DeckListInSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_LIST_CHARS, required=False)
    entries = DeckEntryInSerializer(many=True, required=False, max_length=600)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if bool(attrs.get("text")) == bool(attrs.get("entries")):
            raise serializers.ValidationError(_("Send either the pasted text or the entries."))
        return attrs

    def as_text(self) -> str:
        if self.validated_data.get("text"):
            return self.validated_data["text"]
        lines = []
        for entry in self.validated_data["entries"]:
            if "edition" in entry and "number" in entry:
                lines.append(f"{entry['quantity']} {entry['edition']} {entry['number']}")
            else:
                lines.append(f"{entry['quantity']} {entry['name']}")
        return "\n".join(lines)


@extend_schema(tags=TAGS, summary="My deck list for an event, with its check")
class MyDeckListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=DeckListOutSerializer)
    def get(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(Event, pk=event_id)
        deck_list = selectors.deck_list_for(event, request.user)
        if deck_list is None:
            raise NotFoundError(_("You have not submitted a deck list for this event."))
        return Response(deck_list_payload(deck_list, request.user))


@extend_schema(tags=TAGS, summary="Submit (or replace) my deck list for an event")
class DeckListSubmitView(APIView):
    """Pasted text (one line per card) or structured entries. Every bad line is reported
    in ``errors`` with its line number and reason, and nothing is saved."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=DeckListInSerializer, responses={200: DeckListOutSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(Event, pk=event_id)
        if not request.user.has_perm("decklists.submit_deck_list"):
            raise PermissionDenied
        data = DeckListInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        deck_list, _parsed = deck_list_submit(
            event=event, player=request.user, text=data.as_text(), actor=request.user
        )
        deck_list = selectors.deck_list_for(event, request.user)
        return Response(deck_list_payload(deck_list, request.user), status=status.HTTP_200_OK)


@extend_schema(tags=TAGS, summary="Enter (or replace) a registered player's deck list (judges)")
class PlayerDeckListSubmitView(APIView):
    """A judge enters a player's list for them (a walk-in): checked and locked like the
    player's own, and audited as ``deck_list.enter``."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=DeckListInSerializer, responses={200: DeckListOutSerializer})
    def post(self, request: Request, event_id: int, player_id: int) -> Response:
        event = get_object_or_404(Event, pk=event_id)
        if not request.user.has_perm("decklists.enter_deck_list", event):
            raise PermissionDenied
        registration = get_object_or_404(
            event.registrations.select_related("player"), player_id=player_id
        )
        data = DeckListInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        deck_list_submit(
            event=event, player=registration.player, text=data.as_text(), actor=request.user
        )
        deck_list = selectors.deck_list_for(event, registration.player)
        return Response(deck_list_payload(deck_list, request.user), status=status.HTTP_200_OK)


@extend_schema(tags=TAGS, summary="One deck list with its check (its player or the event's judges)")
class DeckListDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=DeckListOutSerializer)
    def get(self, request: Request, deck_list_id: int) -> Response:
        deck_list = get_object_or_404(DeckList.objects.select_related("event"), pk=deck_list_id)
        if not request.user.has_perm("decklists.view_deck_list", deck_list):
            raise PermissionDenied
        deck_list = selectors.deck_list_for(deck_list.event, deck_list.player)
        return Response(deck_list_payload(deck_list, request.user))


class EventDeckListRowSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    card_count = serializers.IntegerField()
    legal = serializers.BooleanField()
    errors = IssueSerializer(many=True)
    warnings = IssueSerializer(many=True)


@extend_schema(tags=TAGS, summary="Every deck list of an event with its check (judges)")
class EventDeckListsView(APIView):
    permission_classes = [permissions.IsAuthenticated]
    pagination_class = Pagination

    @extend_schema(responses=EventDeckListRowSerializer(many=True))
    def get(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(Event, pk=event_id)
        if not request.user.has_perm("decklists.view_event_deck_lists", event):
            raise PermissionDenied
        rows = [
            {
                "id": deck_list.pk,
                "player": deck_list.player_id,
                "player_name": deck_list.player.public_name,
                "card_count": report.check.card_count,
                "legal": report.check.legal,
                "errors": [issue_payload(i) for i in report.check.errors],
                "warnings": [issue_payload(i) for i in report.check.warnings],
            }
            for deck_list, report in selectors.deck_checks_for_event(event)
        ]
        return paginated_response(request, self, rows)


class RandomPickInSerializer(serializers.Serializer):
    count = serializers.IntegerField(min_value=1, max_value=50)


class RandomPickedSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the deck list's id")
    player = serializers.IntegerField(help_text="the player's user id")
    player_name = serializers.CharField()


class RandomPickOutSerializer(serializers.Serializer):
    batch = serializers.IntegerField(help_text="the draw's number in the event")
    deck_lists = RandomPickedSerializer(many=True, help_text="the deck lists drawn")


@extend_schema(tags=TAGS, summary="Draw deck lists at random for a deck check (judges)")
class RandomDeckCheckView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=RandomPickInSerializer, responses={201: RandomPickOutSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(Event, pk=event_id)
        if not request.user.has_perm("decklists.run_deck_checks", event):
            raise PermissionDenied
        data = RandomPickInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        chosen = deck_check_pick_random(
            event=event, count=data.validated_data["count"], actor=request.user
        )
        return Response(
            {
                "batch": selectors.latest_pick_batch(event),
                "deck_lists": [
                    {"id": dl.pk, "player": dl.player_id, "player_name": dl.player.public_name}
                    for dl in chosen
                ],
            },
            status=status.HTTP_201_CREATED,
        )


class CardPoolInSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_LIST_CHARS)
    source = serializers.ChoiceField(choices=["sealed", "draft", "judge"], default="judge")


@extend_schema(tags=TAGS, summary="Set a player's card pool for a sealed or draft event (judges)")
class CardPoolSetView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=CardPoolInSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, event_id: int, player_id: int) -> Response:
        event = get_object_or_404(Event, pk=event_id)
        if not request.user.has_perm("decklists.set_card_pool", event):
            raise PermissionDenied
        registration = get_object_or_404(
            event.registrations.select_related("player"), player_id=player_id
        )
        data = CardPoolInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pool = card_pool_set(
            event=event,
            player=registration.player,
            text=data.validated_data["text"],
            source=data.validated_data["source"],
            actor=request.user,
        )
        return Response(
            {
                "player": registration.player_id,
                "cards": sum(e.quantity for e in pool.entries.all()),
                "source": pool.source,
            }
        )


# --- deck-list status and recorded deck checks (judges) -------------------------------------
class PlayerDeckStatusSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    status = serializers.ChoiceField(
        choices=list(selectors.DeckStatus.ALL),
        help_text="missing (no list), illegal, warned (legal with warnings) or legal",
    )
    status_label = serializers.CharField()
    deck_list = serializers.IntegerField(allow_null=True)
    card_count = serializers.IntegerField(allow_null=True)


class DeckStatusListSerializer(serializers.Serializer):
    counts = serializers.DictField(child=serializers.IntegerField())
    players = PlayerDeckStatusSerializer(many=True)


def _event_for_deck_checks(request: Request, event_id: int) -> Event:
    event = get_object_or_404(Event, pk=event_id)
    if not request.user.has_perm("decklists.run_deck_checks", event):
        raise PermissionDenied
    return event


@extend_schema(tags=TAGS, summary="Each player's deck-list status, with counts (judges)")
class DeckStatusView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "status",
                OpenApiTypes.STR,
                enum=list(selectors.DeckStatus.ALL),
                description="only players with this status",
            )
        ],
        responses=DeckStatusListSerializer,
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = _event_for_deck_checks(request, event_id)
        wanted = request.query_params.get("status", "")
        if wanted and wanted not in selectors.DeckStatus.ALL:
            raise DomainError(
                _("Unknown status %(status)r.") % {"status": wanted[:30]}, field="status"
            )
        rows = selectors.deck_statuses_for_event(event)
        return Response(
            {
                "counts": selectors.deck_status_counts(rows),
                "players": [
                    {
                        "registration": row.registration.pk,
                        "player": row.registration.player_id,
                        "player_name": row.registration.player.public_name,
                        "status": row.status,
                        "status_label": row.label,
                        "deck_list": row.deck_list.pk if row.deck_list else None,
                        "card_count": row.report.check.card_count if row.report else None,
                    }
                    for row in rows
                    if not wanted or row.status == wanted
                ],
            }
        )


class CheckedListOutSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="the list's text as checked (empty: it had none)")
    entries = DeckEntryOutSerializer(many=True)


class DeckCheckOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    registration = serializers.IntegerField()
    player_name = serializers.CharField()
    round = serializers.IntegerField(allow_null=True)
    checked_at = serializers.DateTimeField()
    checked_by = serializers.CharField()
    drawn_at_random = serializers.BooleanField()
    outcome = serializers.ChoiceField(choices=DeckCheckOutcome.choices)
    note = serializers.CharField()
    penalty = serializers.IntegerField(allow_null=True)
    deck_list = serializers.IntegerField(
        allow_null=True, help_text="the player's deck list now (its id), if they have one"
    )
    list_state = serializers.ChoiceField(
        choices=list(selectors.ListState.ALL), help_text=LIST_STATE_HELP
    )
    checked_list = CheckedListOutSerializer(
        allow_null=True, help_text="the deck list as it was checked; null when not recorded"
    )
    changes = CardChangeSerializer(
        many=True, help_text="the cards whose copies differ between the list as checked and now"
    )


def deck_check_payload(item: selectors.CheckedList) -> dict:
    check = item.check
    recorded = item.state != selectors.ListState.NOT_RECORDED
    return {
        "id": check.pk,
        "registration": check.registration_id,
        "player_name": check.registration.player.public_name,
        "round": check.round.number if check.round else None,
        "checked_at": check.checked_at,
        "checked_by": check.checked_by.public_name,
        "drawn_at_random": check.drawn_at_random,
        "outcome": check.outcome,
        "note": check.note,
        "penalty": check.penalty_id,
        "deck_list": item.current.pk if item.current else None,
        "list_state": item.state,
        "checked_list": {
            "text": check.checked_text,
            "entries": [_entry_payload(e) for e in item.entries],
        }
        if recorded
        else None,
        "changes": _changes_payload(item),
    }


class DeckCheckInSerializer(serializers.Serializer):
    registration = serializers.IntegerField(min_value=1, help_text="the player's registration")
    outcome = serializers.ChoiceField(choices=DeckCheckOutcome.choices)
    note = serializers.CharField(
        max_length=500,
        required=False,
        allow_blank=True,
        default="",
        help_text="required when discrepancies were found",
    )
    round = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="the round's id; the current round when left out",
    )
    penalty = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="the id of the penalty given for what the check found",
    )
    checked_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    drawn_at_random = serializers.BooleanField(required=False, default=False)


@extend_schema(tags=TAGS)
class DeckChecksView(APIView):
    permission_classes = [permissions.IsAuthenticated]
    pagination_class = Pagination

    @extend_schema(
        summary="The event's recorded deck checks, latest first (judges)",
        responses=DeckCheckOutSerializer(many=True),
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = _event_for_deck_checks(request, event_id)
        items = list(selectors.deck_checks_of_event(event))
        return paginated_response(request, self, items, deck_check_payload)

    @extend_schema(
        summary="Record a deck check of one player (judges)",
        request=DeckCheckInSerializer,
        responses={201: DeckCheckOutSerializer},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = _event_for_deck_checks(request, event_id)
        data = DeckCheckInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        check = deck_check_record(
            actor=request.user,
            event_id=event.pk,
            registration_id=values["registration"],
            outcome=values["outcome"],
            note=values["note"],
            round_id=values["round"],
            penalty_id=values["penalty"],
            checked_at=values["checked_at"],
            drawn_at_random=values["drawn_at_random"],
        )
        item = selectors.deck_check_in_event(event, check.pk)
        return Response(deck_check_payload(item), status=status.HTTP_201_CREATED)


@extend_schema(tags=TAGS)
class DeckCheckDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="One recorded deck check with the list as it was checked (judges)",
        responses=DeckCheckOutSerializer,
    )
    def get(self, request: Request, event_id: int, check_id: int) -> Response:
        event = _event_for_deck_checks(request, event_id)
        item = selectors.deck_check_in_event(event, check_id)
        if item is None:
            raise NotFoundError(_("There is no such deck check in this event."))
        return Response(deck_check_payload(item))
