"""Translated messages for the errors the pure cores raise, keyed by their stable code.

The cores speak English and attach a code and parameters; pages and the API
show the same reason in the user's language through this table.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from config.errors import DomainError
from tournaments.core import CoreError

MESSAGES = {
    "invalid_best_of": _("A match is best of an odd number of games."),
    "negative_games": _("Game counts cannot be negative."),
    "too_many_wins": _(
        "%(games_won_a)s-%(games_won_b)s-%(games_drawn)s is impossible in best "
        "of %(best_of)s: the match ends when a player wins %(wins_needed)s games."
    ),
    "both_players_won": _(
        "%(games_won_a)s-%(games_won_b)s-%(games_drawn)s is impossible: only "
        "one player can win %(wins_needed)s games."
    ),
    "too_many_games": _(
        "%(games_won_a)s-%(games_won_b)s-%(games_drawn)s has more games than "
        "the %(max_games)s a match allows here."
    ),
    "wrong_chooser": _(
        "Game %(game)s: player %(reported)s chose play or draw, but player "
        "%(expected)s had to choose. %(rule)s"
    ),
    "missing_random_winner": _(
        "Game %(game)s: say who won the coin or die roll, since that "
        "player chooses to play first or second."
    ),
    "game_after_match_end": _("Game %(game)s was listed, but the match was already over."),
    "penalty_draw": _("Game %(game)s is listed as lost by penalty and also as a draw."),
    "invalid_game_report": _("Game %(game)s: %(field)s %(value)s is not valid."),
}

RULES = {
    "won_random_method": _(
        "In games 1 and 3, and in any game after the third, the winner of a "
        "coin toss or die roll chooses to play first or second."
    ),
    "lost_game_1": _("In game 2 the loser of game 1 chooses, even when the loss was a penalty."),
    "lost_game_1_by_penalty": _(
        "In game 2 the loser of game 1 chooses, even when the loss was a penalty."
    ),
    "chose_in_drawn_game_1": _("Game 1 was a draw, so whoever chose in game 1 chooses again."),
}


def core_error(exc: CoreError, *, field: str | None = None) -> DomainError:
    """The core's refusal as a translated ``DomainError`` (same code, same parameters)."""
    params = dict(exc.params)
    if "reason" in params:
        params["rule"] = RULES.get(params["reason"], "")
    template = MESSAGES.get(exc.code)
    try:
        message = str(template) % params if template is not None else exc.message
    except (KeyError, TypeError, ValueError):
        message = exc.message
    return DomainError(message, field=field, code=exc.code)
