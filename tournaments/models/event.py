from __future__ import annotations

import datetime
import secrets
import uuid

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from config.names import validate_name
from tournaments.models.choices import (
    EventFormat,
    EventStatus,
    GameKind,
    RecordPolicy,
    StaffRole,
)

# The usual TCG table: players -> Swiss rounds (fewer than 9 players: 3 rounds).
RECOMMENDED_ROUNDS = ((8, 3), (16, 5), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9))


def recommended_swiss_rounds(players: int) -> int:
    for most, rounds in RECOMMENDED_ROUNDS:
        if players <= most:
            return rounds
    return 10


def _new_seed() -> int:
    return secrets.randbelow(2**31)


class Event(models.Model):
    name = models.CharField(_("name"), max_length=120, validators=[validate_name])
    game = models.CharField(
        _("game"), max_length=20, choices=GameKind.choices, default=GameKind.HUMANKIND
    )
    format = models.CharField(
        _("format"), max_length=20, choices=EventFormat.choices, default=EventFormat.MONOFACCION
    )
    date = models.DateField(_("date"))
    # The wall-clock time at the venue, in the site's time zone (TIME_ZONE), on ``date``;
    # events made before it existed have none.
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True, validators=[validate_name])
    status = models.CharField(
        _("status"), max_length=20, choices=EventStatus.choices, default=EventStatus.REGISTRATION
    )
    swiss_rounds = models.PositiveSmallIntegerField(
        _("Swiss rounds"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(30)],
        help_text=_("Leave empty to use the number recommended for the player count."),
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("round length (minutes)"),
        default=50,
        validators=[MinValueValidator(5), MaxValueValidator(240)],
    )
    top_cut = models.PositiveSmallIntegerField(
        _("top cut"), default=0, choices=[(0, _("None")), (4, _("Top 4")), (8, _("Top 8"))]
    )
    games_per_match = models.PositiveSmallIntegerField(
        _("games per match"),
        default=3,
        choices=[(1, _("One game")), (3, _("Best of three")), (5, _("Best of five"))],
    )
    player_cap = models.PositiveIntegerField(_("player cap"), null=True, blank=True)
    # Humankind (the DAR's play-or-draw rule): players' reports list every game with the
    # coin or die winner, who chose and the choice. Other games ignore it.
    play_draw_required = models.BooleanField(
        _("require the play-or-draw record"),
        default=False,
        help_text=_(
            "Humankind: each player's report lists every game, with who won the coin or die "
            "and who chose to play or draw. Off: a score alone is accepted."
        ),
    )
    tiebreaks = models.CharField(_("tiebreak preset"), max_length=30, default="dar")
    min_deck_size = models.PositiveSmallIntegerField(_("minimum deck size"), default=41)
    deck_lists_required = models.BooleanField(
        _("deck lists required"),
        default=False,
        help_text=_(
            "The event cannot start while a checked-in player has not submitted a deck list."
        ),
    )
    # Booster draft: who reads the pools and pick logs once the event is finished
    # (``tournaments.visibility``); while it runs, only each drafter and the judges.
    draft_cards_private = models.BooleanField(
        _("keep draft pools and picks private"),
        default=False,
        help_text=_(
            "Booster draft: each player's pool and picks stay for that player and the judges "
            "even after the event is finished. Off: everyone sees them once it is finished."
        ),
    )
    record_policy = models.CharField(
        _("game records"), max_length=10, choices=RecordPolicy.choices, default=RecordPolicy.ACCEPT
    )
    qiahn_ruleset = models.CharField(
        _("Qíahn ruleset"),
        max_length=20,
        default="rulebook-1",
        choices=[
            ("rulebook-1", _("Rulebook, first edition")),
            ("family-1", _("Family instructions")),
        ],
    )
    qiahn_squad = models.PositiveSmallIntegerField(
        _("Qíahn squad"), default=3, choices=[(3, "3"), (6, "6")]
    )
    # Goblin II: the arsenal's mode and the scoring every game of the event plays.
    goblin_mode = models.CharField(
        _("Goblin II mode"),
        max_length=20,
        default="open",
        choices=[
            ("open", _("open")),
            ("semi-covered", _("semi-covered")),
            ("covered", _("covered")),
        ],
    )
    goblin_scoring = models.CharField(
        _("Goblin II scoring"),
        max_length=20,
        default="survivors",
        choices=[
            ("survivors", _("survivors (own combatants still in play)")),
            ("captures", _("captures (enemy combatants defeated)")),
        ],
    )
    # The rulings document version the event plays under, pinned when it starts (the
    # version in force on its date then); a version published mid-event does not apply.
    rulings_version = models.ForeignKey(
        "rulings.DocumentVersion",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
        verbose_name=_("rulings version"),
    )
    seed = models.PositiveBigIntegerField(_("random seed"), default=_new_seed, editable=False)
    # The same on every install the event is moved to (event archives); the primary key is not.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(condition=Q(top_cut__in=[0, 4, 8]), name="event_top_cut_valid"),
            models.CheckConstraint(
                condition=Q(games_per_match__in=[1, 3, 5]), name="event_games_per_match_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def status_label(self) -> str:
        """The status as every page shows it: a booster draft still in registration whose
        draft has started reads "Drafting" (round 1 is not paired: pairing it starts the
        Swiss rounds). A display rule, not a status of its own; lists read the draft with
        the event (``select_related("draft")``) so it costs no query per event."""
        if self.status == EventStatus.REGISTRATION and self.format == EventFormat.BOOSTER_DRAFT:
            draft = getattr(self, "draft", None)
            if draft is not None and draft.started_at is not None:
                return str(_("Drafting"))
        return str(self.get_status_display())

    @property
    def starts_at(self) -> datetime.datetime | None:
        """The start as an aware date and time (the start time on the event's date, in the
        site's time zone), or ``None`` without a start time."""
        if self.start_time is None:
            return None
        return timezone.make_aware(
            datetime.datetime.combine(self.date, self.start_time),
            timezone.get_default_timezone(),
        )

    @property
    def is_qiahn(self) -> bool:
        return self.game in {GameKind.QIAHN_TACTICS, GameKind.QIAHN_GOBLIN_II}

    @property
    def checks_game_records(self) -> bool:
        """Whether a rules engine checks this event's game records and scores."""
        return self.game in {
            GameKind.QIAHN_TACTICS,
            GameKind.QIAHN_GOBLIN_II,
            GameKind.ANACHRONISM,
        }


class EventStaff(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(_("role"), max_length=12, choices=StaffRole.choices)

    class Meta:
        verbose_name = _("event staff")
        verbose_name_plural = _("event staff")
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="one_role_per_event")]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_role_display()}"


class ResultsVersion(models.Model):
    """How many times what an event's standings are computed from has changed (confirmed
    results, byes, drops): standings caches key on it.

    A row of its own, not a column of the event: every confirmed report bumps it while
    holding its match, and a judge action holds the event while it waits for a match, so
    a bump of the event row would close a cycle of locks. This row is always the last one
    a transaction locks (see ``tournaments.services.locking``)."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    value = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.event_id}: {self.value}"
