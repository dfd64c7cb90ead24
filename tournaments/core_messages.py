"""Translated messages for the errors the pure cores raise, keyed by their stable code.

The cores speak English and attach a code and parameters; pages and the API
show the same reason in the user's language through this table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from config.errors import DomainError
from tournaments.core import CoreError

if TYPE_CHECKING:
    from tournaments.pairing import Problem

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
        "Game %(game)s: %(reported)s chose play or draw, but %(expected)s had to choose. %(rule)s"
    ),
    "missing_random_winner": _(
        "Game %(game)s: say who won the coin or die roll, since that "
        "player chooses to play first or second."
    ),
    "game_after_match_end": _("Game %(game)s was listed, but the match was already over."),
    "penalty_draw": _("Game %(game)s is listed as lost by penalty and also as a draw."),
    "invalid_game_report": _("Game %(game)s: %(field)s %(value)s is not valid."),
    "not_enough_players_for_cut": _(
        "A top %(size)s needs %(size)s players still in the event; there are %(players)s."
    ),
    "invalid_cut_size": _("A top cut has 4 or 8 players."),
}

SIDE_NAMES = {"a": _("player A"), "b": _("player B")}

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

# Why a player chose to play or draw (``playdraw.ChoiceReason``), as the pages and the
# spreadsheets say it.
CHOICE_REASONS = {
    "won_random_method": _("won the coin or die"),
    "lost_game_1": _("lost game 1"),
    "lost_game_1_by_penalty": _("lost game 1 by a penalty"),
    "chose_in_drawn_game_1": _("chose in the drawn game 1"),
}


PROBLEMS = {
    "player_twice": _("a player is paired twice"),
    "missing_player": _("a player is not paired"),
    "unknown_player": _("a player is not in the event"),
    "dropped_player_paired": _("a dropped player is paired"),
    "self_paired": _("a player is paired with themself"),
    "rematch": _(
        "two players who already met are paired again, though pairings without a rematch exist"
    ),
    "several_byes": _("more than one bye"),
    "bye_not_needed": _("a bye with an even number of players"),
    "second_bye": _("a player gets a second bye while another has had none"),
    "table_twice": _("a table is used twice"),
    "fixed_table_ignored": _("a player's fixed table is not kept"),
}


def problem_text(problem: Problem) -> str:
    """One problem of a judge-edited pairing, in the user's language."""
    return str(PROBLEMS.get(problem.code.value, problem.code.value))


def core_error(
    exc: CoreError, *, field: str | None = None, sides: Mapping[str, str] | None = None
) -> DomainError:
    """The core's refusal as a translated ``DomainError`` (same code, same parameters).
    ``sides`` names the match's players, so "a"/"b" in a message read as their names."""
    params = dict(exc.params)
    if "reason" in params:
        params["rule"] = RULES.get(params["reason"], "")
    names = {**SIDE_NAMES, **(sides or {})}
    for key in ("reported", "expected"):
        if params.get(key) in names:
            params[key] = names[params[key]]
    template = MESSAGES.get(exc.code)
    try:
        message = str(template) % params if template is not None else exc.message
    except (KeyError, TypeError, ValueError):
        message = exc.message
    return DomainError(message, field=field, code=exc.code)
