"""Enumerations shared by the tournament models, services and API."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class GameKind(models.TextChoices):
    HUMANKIND = "humankind", "Humankind"
    QIAHN_TACTICS = "qiahn-tactics", "Qíahn Tactics"
    QIAHN_GOBLIN_II = "qiahn-goblin-ii", "Qíahn Tactics Goblin II"
    ANACHRONISM = "anachronism", "Anachronism"


# Games the site checks without a rules engine: Humankind is the card game whose decks the
# rulings app checks (deck lists and deck checks), and its results have no game records.
GAMES_WITHOUT_ENGINE = frozenset({GameKind.HUMANKIND})


def offered_games(current: str | None = None) -> list[tuple[str, str]]:
    """The games an event may be created for: those the site can validate (a rules engine
    replays its records, or it needs none). ``current``: an existing event's game, kept so
    its settings can still be saved."""
    from games.engines.registry import ENGINES  # the engines are not models: no import cycle

    return [
        (value, label)
        for value, label in GameKind.choices
        if value in ENGINES or value in GAMES_WITHOUT_ENGINE or value == current
    ]


class EventFormat(models.TextChoices):
    MONOFACCION = "monofaccion", _("Constructed: Monofacción")
    MULTIFACCION = "multifaccion", _("Constructed: Multifacción")
    SEALED = "sealed", _("Sealed")
    BOOSTER_DRAFT = "booster-draft", _("Booster draft")
    STANDARD = "standard", _("Standard (no deck)")


class EventStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration")
    RUNNING = "running", _("Swiss rounds")
    TOP_CUT = "top_cut", _("Top cut")
    FINISHED = "finished", _("Finished")


class StaffRole(models.TextChoices):
    ORGANISER = "organiser", _("Organiser")
    JUDGE = "judge", _("Judge")


class RecordPolicy(models.TextChoices):
    REQUIRE = "require", _("Require a game record with each game")
    ACCEPT = "accept", _("Accept game records")
    IGNORE = "ignore", _("Ignore game records")


class RegistrationStatus(models.TextChoices):
    REGISTERED = "registered", _("Registered")
    CHECKED_IN = "checked_in", _("Checked in")
    DROPPED = "dropped", _("Dropped")
    NO_SHOW = "no_show", _("Did not show up")


class RoundKind(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    TOP_CUT = "top_cut", _("Top cut")


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("Pairings not published")
    PUBLISHED = "published", _("In progress")
    FINISHED = "finished", _("Finished")


class MatchStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for reports")
    AWAITING = "awaiting", _("Waiting for the opponent's report")
    DISPUTED = "disputed", _("Disputed")
    CONFIRMED = "confirmed", _("Confirmed")


class ResultSource(models.TextChoices):
    PLAYERS = "players", _("Both players")
    JUDGE = "judge", _("Judge")
    BYE = "bye", _("Bye")
    PENALTY = "penalty", _("Penalty")
    # The player who dropped during the round conceded the match (nothing of it was known).
    DROP = "drop", _("Conceded by a drop")


class Side(models.TextChoices):
    A = "a", _("Player A")
    B = "b", _("Player B")


class PenaltyKind(models.TextChoices):
    WARNING = "warning", _("Warning")
    GAME_LOSS = "game_loss", _("Game loss")
    MATCH_LOSS = "match_loss", _("Match loss")
    DISQUALIFICATION = "disqualification", _("Disqualification")
