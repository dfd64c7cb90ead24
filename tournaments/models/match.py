from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.choices import MatchStatus, ResultSource, Side
from tournaments.models.registration import Registration
from tournaments.models.round import Round


class Match(models.Model):
    """A pairing and, once confirmed, its result. ``player_b`` is empty for a bye."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField(_("table"))
    player_a = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    flags = models.JSONField(default=list, blank=True)
    extension_seconds = models.PositiveIntegerField(_("time extension (seconds)"), default=0)
    status = models.CharField(
        max_length=10, choices=MatchStatus.choices, default=MatchStatus.PENDING
    )
    games_won_a = models.PositiveSmallIntegerField(null=True, blank=True)
    games_won_b = models.PositiveSmallIntegerField(null=True, blank=True)
    games_drawn = models.PositiveSmallIntegerField(null=True, blank=True)
    result_source = models.CharField(max_length=10, choices=ResultSource.choices, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Who won the match ("" for a draw), set with the confirmed result.
    winner = models.CharField(max_length=1, choices=Side.choices, blank=True)
    # A penalty decides the match whatever the games say.
    override = models.CharField(
        max_length=12,
        blank=True,
        choices=[
            ("match_loss_a", _("Match loss for player A")),
            ("match_loss_b", _("Match loss for player B")),
            ("double_loss", _("Match loss for both")),
        ],
    )

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_match_per_table"),
            models.CheckConstraint(
                condition=~Q(player_a=models.F("player_b")), name="match_two_different_players"
            ),
            models.CheckConstraint(
                condition=Q(
                    status="confirmed",
                    games_won_a__isnull=False,
                    games_won_b__isnull=False,
                    games_drawn__isnull=False,
                )
                | ~Q(status="confirmed"),
                name="confirmed_match_has_score",
            ),
        ]

    def __str__(self) -> str:
        b = self.player_b.name if self.player_b_id else _("bye")
        return f"{_('Table')} {self.table}: {self.player_a.name} – {b}"

    @property
    def is_bye(self) -> bool:
        return self.player_b_id is None

    def side_of(self, registration_id: int) -> str | None:
        if registration_id == self.player_a_id:
            return Side.A
        if registration_id == self.player_b_id:
            return Side.B
        return None


class Seat(models.Model):
    """One row per player per round: the database itself forbids pairing anyone twice."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="seats")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "registration"], name="one_seat_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.registration}"


class ResultReport(models.Model):
    """What one player (or a judge) said the result was. Players' reports are kept
    even after confirmation, so a dispute can be read afterwards."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, null=True, blank=True, related_name="reports"
    )
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    games_won_a = models.PositiveSmallIntegerField()
    games_won_b = models.PositiveSmallIntegerField()
    games_drawn = models.PositiveSmallIntegerField(default=0)
    games = models.JSONField(default=list, blank=True)
    idempotency_key = models.CharField(max_length=64, blank=True)
    # The same on every install the event is moved to (event archives).
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["match", "registration"],
                condition=Q(registration__isnull=False),
                name="one_report_per_player_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.games_won_a}-{self.games_won_b}-{self.games_drawn}"

    @property
    def score(self) -> tuple[int, int, int]:
        return (self.games_won_a, self.games_won_b, self.games_drawn)


class SupersededReportKey(models.Model):
    """The idempotency key of an earlier version of a player's report. A late retry of that
    version (a lost answer, a flaky network) carries it: it is refused and changes nothing,
    instead of undoing the correction made since. The key of the report that stands is on
    the report itself (``ResultReport.idempotency_key``)."""

    report = models.ForeignKey(
        ResultReport, on_delete=models.CASCADE, related_name="superseded_keys"
    )
    key = models.CharField(max_length=64)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["report", "key"], name="superseded_key_once"),
        ]

    def __str__(self) -> str:
        return f"{self.report_id}: {self.key}"


class Game(models.Model):
    """One game of a confirmed match: who chose play or draw, why, the choice and the outcome."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    # Games 1, 3 and later: who won the coin or die (the rule says they choose), kept apart
    # from who chose, so the rule can be checked.
    random_winner = models.CharField(max_length=1, choices=Side.choices, blank=True)
    chooser = models.CharField(max_length=1, choices=Side.choices, blank=True)
    choice_reason = models.CharField(max_length=30, blank=True)
    choice = models.CharField(
        max_length=6, blank=True, choices=[("first", _("Play first")), ("second", _("Play second"))]
    )
    winner = models.CharField(
        max_length=5,
        blank=True,
        choices=[("a", _("Player A")), ("b", _("Player B")), ("draw", _("Draw"))],
    )
    by_penalty = models.BooleanField(default=False)
    # Games with a rules engine: the side player A commanded (heads or tails in the
    # Qíahn games, north or south in Anachronism), the final score and the record.
    side_a = models.CharField(
        max_length=5,
        blank=True,
        choices=[
            ("heads", _("Heads")),
            ("tails", _("Tails")),
            ("north", _("North")),
            ("south", _("South")),
        ],
    )
    score = models.JSONField(null=True, blank=True)
    record = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_game_number_per_match"),
        ]

    def __str__(self) -> str:
        return f"{self.match} · {_('game')} {self.number}"
