"""REST API of the games app: validate a game record (nothing is saved), exact round odds,
reachable final scores. One view per operation; nothing here writes to the database."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import DomainError
from config.pagination import Pagination, paginated_response
from config.parsers import BoundedJSONParser, lone_surrogate_in_json
from games.api_schema import (
    GAME_RECORD,
    RECORD_EXAMPLES,
    ScoreSerializer,
    VerdictSerializer,
    choice,
)
from games.engines.errors import OddsInputError, RecordSyntaxError
from games.engines.qiahn.odds import Fighter, round_odds
from games.engines.qiahn.reachable import reachable_scores
from games.engines.qiahn.types import RULESETS, SIDES, SQUADS, TOKEN_TYPES
from games.engines.registry import ENGINES, check_record, loads_record
from games.messages import error_payload, error_text, verdict_payload

if TYPE_CHECKING:
    from rest_framework.request import Request

    from games.engines.qiahn.odds import Odds

TAGS = ["games"]
MAX_RECORD_BYTES = 256 * 1024


class GameSerializer(serializers.Serializer):
    game = serializers.CharField()
    name = serializers.CharField()
    formats = serializers.ListField(child=serializers.IntegerField())


@extend_schema(tags=TAGS, summary="The games whose records the site validates")
class GameListView(APIView):
    permission_classes = [permissions.AllowAny]
    pagination_class = Pagination

    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request: Request) -> Response:
        games = [
            {"game": e.game, "name": e.name, "formats": list(e.formats)} for e in ENGINES.values()
        ]
        return paginated_response(request, self, games)


@extend_schema(
    tags=TAGS,
    summary="Validate a game record (nothing is saved)",
    description=(
        "The body is a game record of any supported game (dispatch on its `game` key): "
        "Qíahn Tactics format 1 (`qiahn-record.md`), Goblin II format 1 "
        "(`docs/goblin-record.md`) or Anachronism format 1 (`docs/anachronism-record.md`). "
        "The answer is the verdict: the replayed result and every round (an Anachronism "
        "assault), or the first illegal step with its place (round, phase, side), JSON path and "
        "reason in the request's language. Parsing is strict: an unknown key, a wrong type, a "
        "missing field or a repeated key is an error with its path. A body that is not JSON "
        "is a 400."
    ),
)
class RecordValidateView(APIView):
    permission_classes = [permissions.AllowAny]
    parser_classes = [BoundedJSONParser]

    @extend_schema(
        request={"application/json": GAME_RECORD},
        responses={200: VerdictSerializer},
        parameters=[
            OpenApiParameter(
                "rounds",
                OpenApiTypes.BOOL,
                description="include the round-by-round replay (default true)",
            )
        ],
        examples=RECORD_EXAMPLES,
    )
    def post(self, request: Request) -> Response:
        body = request.body
        if len(body) > MAX_RECORD_BYTES:
            raise DomainError(
                _("The record is too large (%(size)s bytes; at most %(limit)s).")
                % {"size": len(body), "limit": MAX_RECORD_BYTES},
                code="record.too_large",
            )
        try:
            text = body.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DomainError(
                _("The record is not UTF-8 text."), code="record.unreadable"
            ) from None
        # This view reads its body itself (strictly); a lone surrogate is refused as the
        # API's parser refuses it, before a verdict could quote it.
        if refused := lone_surrogate_in_json(text):
            field, reason = refused
            raise exceptions.ValidationError({field: [reason]})
        try:
            data = loads_record(text)
        except RecordSyntaxError as err:
            if err.code == "record.not_json":
                raise DomainError(error_text(err), code=err.code) from None
            verdict = _syntax_verdict(err)
            return Response(verdict)
        with_rounds = request.query_params.get("rounds", "true").lower() not in {"0", "false", "no"}
        return Response(verdict_payload(check_record(data), with_rounds=with_rounds))


def _syntax_verdict(err: RecordSyntaxError) -> dict:
    return {
        "valid": False,
        "game": None,
        "error": error_text(err),
        "error_detail": error_payload(err),
        "settings": {},
        "rounds": [],
    }


# --- exact odds --------------------------------------------------------------------------
class CopySerializer(serializers.Serializer):
    role = choice(["attacker", "defender"])
    index = serializers.IntegerField(min_value=0, help_text="0-based position in that vanguard")


class FighterSerializer(serializers.Serializer):
    type = choice(TOKEN_TYPES)
    gear = serializers.BooleanField(
        default=False, help_text="the side's sword (attacking) or shield (defending): +3"
    )
    magic = choice(
        ["fire", "earth", "water"],
        required=False,
        allow_null=True,
        help_text="the side's own magic on it (tails: fire, earth; heads: water)",
    )
    copy = CopySerializer(required=False, allow_null=True, help_text="water: who it copies")


class OddsRequestSerializer(serializers.Serializer):
    attacker_side = choice(SIDES, default="heads")
    ruleset = choice(RULESETS, default="rulebook-1")
    attacker = FighterSerializer(many=True)
    defender = FighterSerializer(many=True)
    wind = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        help_text="0-based position, in tails' vanguard, of the combatant heads' wind sent back",
    )


class OddsSerializer(serializers.Serializer):
    attacker_wins = serializers.CharField(help_text="exact probability as a fraction 'n/d'")
    draw = serializers.CharField()
    defender_wins = serializers.CharField()
    as_float = serializers.DictField(child=serializers.FloatField())


ODDS_EXAMPLE = OpenApiExample(
    "A lone sword wizard against a fire footman",
    value={
        "attacker_side": "heads",
        "ruleset": "rulebook-1",
        "attacker": [{"type": "wizard", "gear": True}],
        "defender": [{"type": "footman", "magic": "fire"}],
    },
    request_only=True,
)


@extend_schema(
    tags=TAGS,
    summary="Exact odds of a Qíahn Tactics round",
    description=(
        "Both vanguards after the outfit phase (types, gear, fire, earth, water with the "
        "combatant it copies, and where wind went): the exact probability that the attacker "
        "wins, draws or loses, from the dice distributions."
    ),
)
class OddsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(request=OddsRequestSerializer, responses=OddsSerializer, examples=[ODDS_EXAMPLE])
    def post(self, request: Request) -> Response:
        data = OddsRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        odds = compute_odds(data.validated_data)
        return Response(odds_payload(odds))


def compute_odds(data: dict) -> Odds:
    """Exact odds from validated odds input; raises DomainError for an impossible round."""

    def fighters(items: list[dict[str, Any]]) -> list[Fighter]:
        out = []
        for item in items:
            copy = item.get("copy")
            out.append(
                Fighter(
                    item["type"],
                    gear=item.get("gear", False),
                    magic=item.get("magic") or None,
                    copy=(copy["role"], copy["index"]) if copy else None,
                )
            )
        return out

    try:
        return round_odds(
            fighters(data["attacker"]),
            fighters(data["defender"]),
            attacker_side=data.get("attacker_side", "heads"),
            ruleset=data.get("ruleset", "rulebook-1"),
            wind=data.get("wind"),
        )
    except OddsInputError as err:
        raise DomainError(error_text(err), code=err.code) from None


def odds_payload(odds: Odds) -> dict:
    data = odds.as_dict()
    data["as_float"] = {k: float(v) for k, v in odds._asdict().items()}
    return data


# --- reachable scores ------------------------------------------------------------------------
class ReachableSerializer(serializers.Serializer):
    squad = serializers.IntegerField()
    ruleset = serializers.CharField()
    scores = ScoreSerializer(many=True)


class ReachableQuerySerializer(serializers.Serializer):
    squad = choice(SQUADS)
    ruleset = choice(RULESETS, default="rulebook-1")


@extend_schema(
    tags=TAGS,
    summary="Final scores a legal Qíahn Tactics game can reach",
    description="For the result-only check: a reported score outside this list is refused.",
)
class ReachableScoresView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("squad", int, enum=list(SQUADS), required=True),
            OpenApiParameter("ruleset", str, enum=list(RULESETS)),
        ],
        responses=ReachableSerializer,
    )
    def get(self, request: Request) -> Response:
        query = ReachableQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        squad = int(query.validated_data["squad"])
        ruleset = query.validated_data["ruleset"]
        scores = sorted(reachable_scores(squad, ruleset))
        return Response(
            {
                "squad": squad,
                "ruleset": ruleset,
                "scores": [{"heads": h, "tails": t} for h, t in scores],
            }
        )
