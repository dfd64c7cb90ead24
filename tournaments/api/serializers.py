"""Input and output shapes of the tournaments API (one pair per operation where they differ)."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config import clock
from tournaments.audit_presenter import KINDS as AUDIT_KINDS
from tournaments.infractions import INFRACTIONS
from tournaments.models import AuditEntry, Event, Game, Match, Penalty, Registration, Round
from tournaments.models.choices import EventStatus, PenaltyKind, Side, offered_games
from tournaments.models.event import recommended_swiss_rounds
from tournaments.services.registration import MAX_FIXED_TABLE

EVENT_SETTINGS = (
    "name",
    "game",
    "format",
    "date",
    "start_time",
    "venue",
    "swiss_rounds",
    "round_minutes",
    "top_cut",
    "games_per_match",
    "player_cap",
    "tiebreaks",
    "min_deck_size",
    "deck_lists_required",
    "draft_cards_private",
    "play_draw_required",
    "record_policy",
    "qiahn_ruleset",
    "qiahn_squad",
    "goblin_mode",
    "goblin_scoring",
)


@extend_schema_field(
    {
        "type": "string",
        "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$",
        "example": "10:00",
        "nullable": True,
    }
)
class WallClockTimeField(serializers.TimeField):
    """A time of day at the venue, "HH:MM" (read also as "HH:MM:SS"), with no offset: the
    site's time zone. Not the schema's ``format: time``, which requires an offset."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("format", "%H:%M")
        super().__init__(**kwargs)


class EventOut(serializers.ModelSerializer):
    players = serializers.IntegerField(
        read_only=True, help_text="registered players (no-shows left out)"
    )
    seed = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="the event's random seed (exact ties): for its judges, and for everyone "
        "once it is finished",
    )
    recommended_rounds = serializers.SerializerMethodField()
    start_time = WallClockTimeField(
        read_only=True,
        allow_null=True,
        help_text="The time at the venue (HH:MM), in the site's time zone; null while it "
        "is not fixed.",
    )
    starts_at = serializers.DateTimeField(
        read_only=True,
        allow_null=True,
        help_text="The start: `start_time` on `date` in the site's time zone, with its UTC "
        "offset (null without a start time).",
    )

    class Meta:
        model = Event
        fields = (
            "id",
            *EVENT_SETTINGS,
            "starts_at",
            "status",
            "seed",
            "recommended_rounds",
            "players",
        )

    def get_recommended_rounds(self, event: Event) -> int:
        return recommended_swiss_rounds(event.players)

    def to_representation(self, instance: Event) -> dict:
        data = super().to_representation(instance)
        # Lists carry no reader's visibility (one check per event would cost a query each):
        # there the seed shows only for finished events, which everyone may see.
        visibility = self.context.get("visibility")
        shown = visibility.seeds if visibility else instance.status == EventStatus.FINISHED
        if not shown:
            data["seed"] = None
        return data


class EventIn(serializers.ModelSerializer):
    """An event's settings. `start_time` is the time at the venue (`HH:MM`, the site's time
    zone). A setting of another game or format than the event's (a Qíahn ruleset for a
    Humankind event, a booster draft's for a constructed one) is refused with 400 and code
    `setting_not_applicable`, unless it has the value the event already has (its default
    for a new event)."""

    start_time = WallClockTimeField(
        required=False,
        allow_null=True,
        help_text="The time at the venue (HH:MM), in the site's time zone; null while it "
        "is not fixed.",
    )

    class Meta:
        model = Event
        fields = EVENT_SETTINGS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only the games the site can validate (an existing event keeps its own).
        current = self.instance.game if isinstance(self.instance, Event) else None
        self.fields["game"].choices = offered_games(current)


class PlayerRef(serializers.Serializer):
    registration_id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    player_number = serializers.IntegerField(source="player.player_number", allow_null=True)


class RegistrationOut(serializers.ModelSerializer):
    name = serializers.CharField()
    player_id = serializers.IntegerField()
    player_number = serializers.IntegerField(source="player.player_number", allow_null=True)

    class Meta:
        model = Registration
        fields = (
            "id",
            "player_id",
            "player_number",
            "name",
            "status",
            "checked_in_at",
            "late_entry",
            "first_round",
            "fixed_table",
            "dropped_after_round",
            "drop_reason",
            "disqualified",
        )

    def to_representation(self, instance: Registration) -> dict:
        data = super().to_representation(instance)
        # A drop reason can describe a disqualification: the reader's EventVisibility
        # decides (lists pass it; a single registration answers its player or a judge).
        visibility = self.context.get("visibility")
        if visibility is not None and not visibility.private_of(instance.pk):
            data["drop_reason"] = ""
            data["disqualified"] = False
        return data


class RegistrationAddIn(serializers.Serializer):
    player_id = serializers.IntegerField(required=False)
    player_number = serializers.IntegerField(required=False)
    display_name = serializers.CharField(required=False, max_length=80)

    def validate(self, attrs: dict) -> dict:
        if not any(k in attrs for k in ("player_id", "player_number", "display_name")):
            raise serializers.ValidationError(
                _("Give player_id, player_number or display_name (a walk-in).")
            )
        return attrs


class CheckInIn(serializers.Serializer):
    checked_in = serializers.BooleanField(default=True)


class DropIn(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")


class FixedTableIn(serializers.Serializer):
    table = serializers.IntegerField(allow_null=True, min_value=1, max_value=MAX_FIXED_TABLE)


class GameOut(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = (
            "number",
            "random_winner",
            "chooser",
            "choice_reason",
            "choice",
            "winner",
            "by_penalty",
            "side_a",
            "score",
            "record",
        )


class MatchOut(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number")
    player_a = PlayerRef()
    player_b = PlayerRef(allow_null=True)
    games = GameOut(many=True)

    class Meta:
        model = Match
        fields = (
            "id",
            "round",
            "table",
            "player_a",
            "player_b",
            "flags",
            "status",
            "games_won_a",
            "games_won_b",
            "games_drawn",
            "winner",
            "override",
            "result_source",
            "confirmed_at",
            "extension_seconds",
            "games",
        )


class ReportOut(serializers.ModelSerializer):
    """What a report changed: the match's state and, once confirmed, its result."""

    class Meta:
        model = Match
        fields = (
            "id",
            "status",
            "games_won_a",
            "games_won_b",
            "games_drawn",
            "winner",
            "confirmed_at",
        )


class ConfirmIn(serializers.Serializer):
    """The opponent's report as the caller saw it, oriented as the match is."""

    games_won_a = serializers.IntegerField(min_value=0, max_value=9)
    games_won_b = serializers.IntegerField(min_value=0, max_value=9)
    games_drawn = serializers.IntegerField(min_value=0, max_value=9, default=0)


class ConfirmOut(ReportOut):
    changed = serializers.BooleanField(
        read_only=True,
        help_text="false when the caller had already sent this report: nothing was written",
    )

    class Meta(ReportOut.Meta):
        fields = (*ReportOut.Meta.fields, "changed")


_DATETIME = serializers.DateTimeField()


def report_payload(match: Match) -> dict:
    """``ReportOut``'s fields, built directly: result reports are the hottest write of an
    event and a serializer instance costs more than the rest of the response."""
    return {
        "id": match.pk,
        "status": match.status,
        "games_won_a": match.games_won_a,
        "games_won_b": match.games_won_b,
        "games_drawn": match.games_drawn,
        "winner": match.winner,
        "confirmed_at": _DATETIME.to_representation(match.confirmed_at)
        if match.confirmed_at
        else None,
    }


class RoundOut(serializers.ModelSerializer):
    seed = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="the pairing seed: for the event's judges, and for everyone once it is finished",
    )
    server_now = serializers.SerializerMethodField()
    paused_remaining_seconds = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = (
            "id",
            "number",
            "kind",
            "status",
            "seed",
            "forced",
            "published_at",
            "started_at",
            "ends_at",
            "paused_remaining_seconds",
            "time_called_at",
            "finished_at",
            "server_now",
        )

    @extend_schema_field(OpenApiTypes.DATETIME)
    def get_server_now(self, round_: Round) -> str:
        return clock.now().isoformat()

    def to_representation(self, instance: Round) -> dict:
        data = super().to_representation(instance)
        visibility = self.context.get("visibility")
        if visibility is None or not visibility.seeds:
            data["seed"] = None  # the reader's EventVisibility must allow it
        return data

    def get_paused_remaining_seconds(self, round_: Round) -> int | None:
        if round_.paused_remaining is None:
            return None
        return int(round_.paused_remaining.total_seconds())


class RoundDetailOut(RoundOut):
    matches = MatchOut(many=True)

    class Meta(RoundOut.Meta):
        fields = (*RoundOut.Meta.fields, "matches")


class GameScoreIn(serializers.Serializer):
    a = serializers.IntegerField(min_value=0)
    b = serializers.IntegerField(min_value=0)


class GameIn(serializers.Serializer):
    winner = serializers.ChoiceField(choices=["a", "b", "draw"])
    random_winner = serializers.ChoiceField(
        choices=Side.choices,
        required=False,
        allow_null=True,
        help_text="Humankind, games 1 and 3 on: who won the coin or die (the rule: they choose).",
    )
    chooser = serializers.ChoiceField(choices=["a", "b"], required=False, allow_null=True)
    choice = serializers.ChoiceField(choices=["first", "second"], required=False, allow_null=True)
    by_penalty = serializers.BooleanField(
        required=False,
        default=False,
        help_text=(
            "The game was lost by penalty: true only for a game a judge's game loss in this "
            "match takes, won by the penalised player's opponent (such a game needs no coin "
            "or die and no record). Any other game marked so is refused with 400 "
            "`by_penalty_without_game_loss`, and a game a game loss takes that is not "
            "reported so with 400 `game_loss_not_reported`; nothing is recorded then."
        ),
    )
    side_a = serializers.ChoiceField(
        choices=["heads", "tails", "north", "south"],
        required=False,
        allow_null=True,
        help_text=(
            "Qíahn Tactics, Goblin II and Anachronism: the side player A commanded "
            "(heads or tails; Anachronism: north or south)."
        ),
    )
    score = GameScoreIn(
        required=False,
        allow_null=True,
        help_text=(
            "The game's final score (Qíahn: tokens or victory points; "
            "Anachronism: 1 for the winner, 0 for the loser, 0-0 for a draw)."
        ),
    )
    record = serializers.JSONField(
        required=False,
        allow_null=True,
        help_text=(
            "The game record (format 1 of Qíahn Tactics, Goblin II or Anachronism; "
            "see /api/schema/)."
        ),
    )

    def to_internal_value(self, data: object) -> dict[str, Any]:
        value = super().to_internal_value(data)
        return {k: v for k, v in value.items() if v is not None}


class ResultIn(serializers.Serializer):
    games_won_a = serializers.IntegerField(min_value=0, max_value=9)
    games_won_b = serializers.IntegerField(min_value=0, max_value=9)
    games_drawn = serializers.IntegerField(min_value=0, max_value=9, default=0)
    games = GameIn(many=True, required=False, default=list)
    idempotency_key = serializers.CharField(
        required=False, allow_blank=True, max_length=64, default=""
    )


_PLAIN_REPORT_KEYS = frozenset(
    {"games_won_a", "games_won_b", "games_drawn", "games", "idempotency_key"}
)
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_.:-]{0,64}")


def _small_count(value: object) -> bool:
    return type(value) is int and 0 <= value <= 9


def report_input(data: object) -> dict:
    """``ResultIn``'s validated data. The usual report (three small counts, no games, maybe
    a plain key) is read directly, because a serializer instance costs more CPU than the
    rest of the request; only input that ``ResultIn`` would accept unchanged is read so.
    Anything else goes through ``ResultIn``, which explains what is wrong."""
    if isinstance(data, dict) and data.keys() <= _PLAIN_REPORT_KEYS:
        a, b = data.get("games_won_a"), data.get("games_won_b")
        drawn = data.get("games_drawn", 0)
        key = data.get("idempotency_key", "")
        if (
            _small_count(a)
            and _small_count(b)
            and _small_count(drawn)
            and data.get("games", []) == []
            and type(key) is str
            and _PLAIN_KEY.fullmatch(key)
        ):
            return {
                "games_won_a": a,
                "games_won_b": b,
                "games_drawn": drawn,
                "games": [],
                "idempotency_key": key,
            }
    serializer = ResultIn(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class OverrideIn(ResultIn):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")


class ClockAdjustIn(serializers.Serializer):
    seconds = serializers.IntegerField()


class ExtendIn(serializers.Serializer):
    seconds = serializers.IntegerField(min_value=1)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")


class PairIn(serializers.Serializer):
    force = serializers.BooleanField(default=False)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")


class ReopenIn(serializers.Serializer):
    reason = serializers.CharField(max_length=300)


class SwapIn(serializers.Serializer):
    registration_a = serializers.IntegerField()
    registration_b = serializers.IntegerField()
    reason = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")
    allow_rematch = serializers.BooleanField(
        default=False,
        help_text="Keep a swap that pairs players who already met (needs a `reason`; audited). "
        "Without it such a swap is refused with 409 naming them (`rematches`).",
    )


class PenaltyIn(serializers.Serializer):
    registration_id = serializers.IntegerField()
    infraction = serializers.ChoiceField(
        choices=[i.code for i in INFRACTIONS],
        required=False,
        default="",
        help_text="What the player did; without `kind`, its usual penalty is given. An "
        "infraction of another game or format than the event's (a draft rule in a "
        "constructed event) is refused: 400 with code `infraction_not_applicable`.",
    )
    kind = serializers.ChoiceField(
        choices=PenaltyKind.choices,
        required=False,
        default="",
        help_text="The penalty; needed without an `infraction`.",
    )
    deviation_reason = serializers.CharField(
        max_length=300,
        required=False,
        default="",
        help_text="Why the penalty is not the infraction's usual one (needed then).",
    )
    reason = serializers.CharField(max_length=300)
    match_id = serializers.IntegerField(required=False, allow_null=True)
    game_number = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=9
    )


class PenaltyOut(serializers.ModelSerializer):
    player = serializers.CharField(source="registration.name")
    issued_by = serializers.CharField(source="issued_by.public_name")
    round = serializers.IntegerField(
        source="round.number", allow_null=True, default=None, help_text="Given in this round."
    )
    infraction_default = serializers.CharField(
        help_text="The infraction's usual penalty (empty without an infraction)."
    )
    next_match = serializers.BooleanField(
        help_text="A game loss given after the match was confirmed: it applies to game 1 of "
        "the player's next match (`match_id` once that match is paired)."
    )

    class Meta:
        model = Penalty
        fields = (
            "id",
            "registration_id",
            "player",
            "round",
            "match_id",
            "infraction",
            "infraction_default",
            "kind",
            "deviation_reason",
            "game_number",
            "next_match",
            "reason",
            "issued_by",
            "created_at",
        )


class AuditOut(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.public_name", allow_null=True, default=None)
    sentence = serializers.SerializerMethodField(
        help_text="What happened, as a sentence in the request's language, naming people and "
        "tables."
    )
    kind = serializers.SerializerMethodField(
        help_text="the entry's kind, as the audit log's `kind` filter takes it"
    )

    class Meta:
        model = AuditEntry
        fields = (
            "id",
            "created_at",
            "actor",
            "action",
            "kind",
            "sentence",
            "target",
            "before",
            "after",
            "reason",
        )

    def _line(self, entry: AuditEntry) -> Any:
        lines = self.context.get("audit_lines") or {}
        line = lines.get(entry.pk)
        if line is None:
            from tournaments.audit_presenter import audit_lines

            line = audit_lines([entry], event=entry.event)[0]
        return line

    def get_sentence(self, entry: AuditEntry) -> str:
        return self._line(entry).sentence

    @extend_schema_field({"type": "string", "enum": list(AUDIT_KINDS)})
    def get_kind(self, entry: AuditEntry) -> str:
        return self._line(entry).kind


class StandingOut(serializers.Serializer):
    rank = serializers.IntegerField(
        help_text="The place: from the bracket once the top-cut final has a winner."
    )
    swiss_rank = serializers.IntegerField(help_text="The place in the Swiss standings.")
    registration_id = serializers.IntegerField()
    player = serializers.CharField()
    player_number = serializers.IntegerField(allow_null=True)
    dropped = serializers.BooleanField()
    match_points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    omw = serializers.DecimalField(max_digits=6, decimal_places=4)
    gw = serializers.DecimalField(max_digits=6, decimal_places=4)
    ogw = serializers.DecimalField(max_digits=6, decimal_places=4)
