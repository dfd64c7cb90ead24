"""OpenAPI descriptions of the game record formats and of a verdict.

These serializers only *document* the JSON shapes in the schema: a submitted
record is read by the engines' strict parsers (unknown keys, wrong types and
missing fields are refused with their JSON path), never by DRF.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from drf_spectacular.utils import OpenApiExample, PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.engines.goblin.catalogue import MODES, default_catalogue
from games.engines.qiahn.types import COUNTERS, RULESETS, SIDES, SQUADS, TOKEN_TYPES

if TYPE_CHECKING:
    from collections.abc import Iterable


def choice(choices: Iterable[str | int], **kwargs) -> serializers.ChoiceField:
    """A choice field documented as an inline enum.

    The enum sits inside ``allOf`` so that the schema's enum post-processing does not
    hoist it into a shared component named after the field (``type``, ``game``,
    ``format`` are names other apps use for other choices).
    """
    values = list(choices)
    kind = "integer" if all(type(v) is int for v in values) else "string"
    schema = {
        "allOf": [{"type": kind, "enum": values}],
        "description": "one of: " + ", ".join(str(v) for v in values),
    }
    field_class = extend_schema_field(schema)(
        type("InlineChoiceField", (serializers.ChoiceField,), {})
    )
    return field_class(choices=values, **kwargs)


TOKEN_HELP = "H<k> / T<k>: the token heads / tails uncovered in round k (Goblin II: revealed k-th)"


class ScoreSerializer(serializers.Serializer):
    heads = serializers.IntegerField()
    tails = serializers.IntegerField()


# --- Qíahn Tactics, format 1 -------------------------------------------------------------
class QiahnUncoverSerializer(serializers.Serializer):
    heads = choice(TOKEN_TYPES)
    tails = choice(TOKEN_TYPES)


class QiahnDeploySerializer(serializers.Serializer):
    heads = serializers.ListField(child=serializers.CharField(help_text=TOKEN_HELP), min_length=1)
    tails = serializers.ListField(child=serializers.CharField(help_text=TOKEN_HELP), min_length=1)


class QiahnPlacementSerializer(serializers.Serializer):
    counter = choice(COUNTERS)
    on = serializers.CharField(help_text=TOKEN_HELP)
    copy = serializers.CharField(required=False, help_text="water only: the combatant it copies")


class QiahnOutfitSerializer(serializers.Serializer):
    heads = QiahnPlacementSerializer(many=True, required=False)
    tails = QiahnPlacementSerializer(many=True, required=False)


class QiahnRoundSerializer(serializers.Serializer):
    uncover = QiahnUncoverSerializer()
    deploy = QiahnDeploySerializer()
    outfit = QiahnOutfitSerializer(required=False, help_text="counters placed, in order")
    rolls = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        required=False,
        help_text="die faces of every fighter, by token id (two with fire, none with water); "
        "omitted when wind ended the round",
    )


class QiahnRecordSerializer(serializers.Serializer):
    """Qíahn Tactics game record, format 1 (the public contract, qiahn-record.md)."""

    format = choice([1])
    game = choice(["qiahn-tactics"])
    ruleset = choice(RULESETS)
    squad = choice(SQUADS)
    initiative = choice(SIDES, help_text="the side attacking round 1")
    rounds = QiahnRoundSerializer(many=True, help_text="exactly `squad` rounds")
    result = ScoreSerializer(help_text="face-up tokens each side has in play at the end")


# --- Goblin II, format 1 -----------------------------------------------------------------
_CATALOGUE = default_catalogue()


class GoblinUncoverSerializer(serializers.Serializer):
    heads = serializers.ListField(child=choice(list(_CATALOGUE.troop_by_id)))
    tails = serializers.ListField(child=choice(list(_CATALOGUE.troop_by_id)))


class GoblinVanguardSerializer(serializers.Serializer):
    heads = serializers.ListField(child=serializers.CharField(help_text=TOKEN_HELP))
    tails = serializers.ListField(child=serializers.CharField(help_text=TOKEN_HELP))


class GoblinPlaySerializer(serializers.Serializer):
    card = choice(list(_CATALOGUE.arsenal_by_id))
    on = serializers.CharField(help_text=TOKEN_HELP)
    copy = serializers.CharField(required=False, help_text="copying cards (water) only")


class GoblinTurnSerializer(serializers.Serializer):
    side = choice(SIDES)
    plays = GoblinPlaySerializer(many=True, required=False)
    concede = serializers.BooleanField(required=False)


class GoblinRoundSerializer(serializers.Serializer):
    uncover = GoblinUncoverSerializer()
    vanguard = GoblinVanguardSerializer(help_text="the attacker's picks, for both sides")
    turns = GoblinTurnSerializer(many=True)


class GoblinSpecialsSerializer(serializers.Serializer):
    specials = serializers.ListField(child=serializers.CharField())


class GoblinSetupSerializer(serializers.Serializer):
    heads = GoblinSpecialsSerializer()
    tails = GoblinSpecialsSerializer()


class GoblinRecordSerializer(serializers.Serializer):
    """Qíahn Tactics Goblin II game record, format 1 (docs/goblin-record.md)."""

    format = choice([1])
    game = choice(["qiahn-goblin-ii"])
    catalogue = serializers.CharField(help_text=f"the card catalogue id ('{_CATALOGUE.id}')")
    mode = choice(MODES)
    scoring = choice(["survivors", "captures"])
    initiative = choice(SIDES)
    setup = GoblinSetupSerializer(required=False, help_text="kept specials (open, semi-covered)")
    rounds = GoblinRoundSerializer(many=True)
    result = ScoreSerializer()


# --- Anachronism, format 1 ----------------------------------------------------------------
class AnachronismSideSerializer(serializers.Serializer):
    warrior = serializers.CharField(help_text="the warrior's catalogue id")
    supports = serializers.ListField(
        child=serializers.CharField(),
        min_length=4,
        max_length=4,
        help_text="four support cards' catalogue ids, face down left to right",
    )


class AnachronismSidesSerializer(serializers.Serializer):
    north = AnachronismSideSerializer()
    south = AnachronismSideSerializer()


class AnachronismResultSerializer(serializers.Serializer):
    north = serializers.IntegerField(min_value=0, max_value=1)
    south = serializers.IntegerField(min_value=0, max_value=1)


class AnachronismRecordSerializer(serializers.Serializer):
    """Anachronism game record, format 1 (docs/anachronism-record.md)."""

    format = choice([1])
    game = choice(["anachronism"])
    ruleset = serializers.CharField(help_text="'rulebook-1'")
    catalogue = serializers.CharField(help_text="the card catalogue id ('anachronism-sample')")
    arena = serializers.IntegerField(
        required=False, min_value=3, max_value=9, help_text="the arena's side (default 5)"
    )
    sides = AnachronismSidesSerializer()
    placement = serializers.DictField(
        help_text="the placement rolls and each warrior's starting square"
    )
    assaults = serializers.ListField(
        child=serializers.DictField(),
        max_length=5,
        help_text="each assault: initiative re-rolls, forced discards, the two turns' actions "
        "with every die roll, in order",
    )
    result = AnachronismResultSerializer(help_text="1 for the winner, 0 for both on a draw")


GAME_RECORD = PolymorphicProxySerializer(
    component_name="GameRecord",
    serializers={
        "qiahn-tactics": QiahnRecordSerializer,
        "qiahn-goblin-ii": GoblinRecordSerializer,
        "anachronism": AnachronismRecordSerializer,
    },
    resource_type_field_name="game",
)


# --- the verdict ---------------------------------------------------------------------------
class PlaceSerializer(serializers.Serializer):
    round = serializers.IntegerField(allow_null=True)
    phase = serializers.CharField(allow_null=True)
    side = serializers.CharField(allow_null=True)


class ErrorDetailSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=["syntax", "unsupported", "illegal", "mismatch", "setting", "missing"]
    )
    code = serializers.CharField(help_text="stable error code")
    params = serializers.DictField()
    message = serializers.CharField(help_text="the located reason, in the request's language")
    reason = serializers.CharField()
    path = serializers.CharField(allow_null=True, help_text="JSON path of the offending value")
    place = PlaceSerializer(required=False)
    recorded = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        help_text="kind `mismatch` only: the record's result, by the game's side names",
    )
    replayed = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        help_text="kind `mismatch` only: the result the replay gives, by side name",
    )


class VerdictSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    game = serializers.CharField(allow_null=True)
    result = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        help_text="the replayed final score (valid only), by the game's side names: "
        "heads and tails (Qíahn Tactics, Goblin II) or north and south (Anachronism)",
    )
    error = serializers.CharField(required=False, help_text="the first illegal step, as text")
    error_detail = ErrorDetailSerializer(required=False)
    replayed_result = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        help_text="when only the result is wrong: the replayed score, by side name",
    )
    settings = serializers.DictField()
    rounds = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="each replayed round (who attacked, what happened); left out with "
        "`?rounds=false`",
    )


def _example(path: str) -> dict:
    root = Path(__file__).resolve().parent / "data" / "examples"
    return json.loads((root / path).read_text(encoding="utf-8"))


RECORD_EXAMPLES = [
    OpenApiExample(
        "Qíahn Tactics, squad 3",
        value=_example("qiahn-squad3.json"),
        request_only=True,
    ),
    OpenApiExample(
        "Goblin II, open mode",
        value=_example("goblin-open.json"),
        request_only=True,
    ),
    OpenApiExample(
        "Anachronism, five assaults",
        value=_example("anachronism-five-assaults.json"),
        request_only=True,
    ),
]
