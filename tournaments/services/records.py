"""Game records in match reports: an event of a game with a rules engine (Qíahn
Tactics, Goblin II, Anachronism) requires, accepts or ignores them.

Each game of a report may say which side player A commanded (``side_a``: one of
the two sides the game's records name, ``heads`` or ``tails`` for the Qíahn
games, ``north`` or ``south`` for Anachronism), the game's final score
(``score``: ``{"a": n, "b": m}``) and its ``record``. The engine replays the
record (or, without one, checks that the score is reachable at all) and the
game's reported winner must be the one the replay gives. A refusal names the
game and the engine's reason.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from config.errors import DomainError
from games.messages import side_label
from games.validation import (
    SUPPORTED_GAMES,
    record_sides,
    refusal_message,
    validate_match_record,
)
from tournaments.models import Event
from tournaments.models.choices import GameKind, RecordPolicy

RECORD_KEYS = ("side_a", "score", "record")


def _refuse(
    number: int, reason: str, *, code: str = "record", extra: dict | None = None
) -> DomainError:
    return DomainError(
        _("Game %(n)s: %(reason)s") % {"n": number, "reason": reason},
        field="games",
        code=code,
        extra=extra,
    )


def _other(sides: tuple[str, str], side: str) -> str:
    return sides[1 - sides.index(side)]


def _side_score(game: dict[str, Any], number: int, sides: tuple[str, str]) -> dict[str, int] | None:
    """The reported score as the engine counts it (by side), or None when not given."""
    score = game.get("score")
    if score is None:
        return None
    side_a = game["side_a"]
    if (
        not isinstance(score, dict)
        or set(score) != {"a", "b"}
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in score.values()
        )
    ):
        raise _refuse(
            number,
            _("the score must give a whole number (0 or more) for player A and for player B."),
        )
    return {side_a: score["a"], _other(sides, side_a): score["b"]}


def _winner(side_a: str, final: dict[str, int], sides: tuple[str, str]) -> str:
    mine, theirs = final[side_a], final[_other(sides, side_a)]
    return "a" if mine > theirs else "b" if theirs > mine else "draw"


def without_ignored_records(event: Event, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An event that ignores records does not keep them."""
    if event.record_policy != RecordPolicy.IGNORE:
        return games
    return [{k: v for k, v in g.items() if k != "record"} for g in games]


def check_game_records(event: Event, games: list[dict[str, Any]], *, decided: bool = False) -> None:
    """Refuse the report unless every game's record and score agree with the rules.
    ``decided``: a penalty decided the match, so there need not be games to check."""
    if event.game not in SUPPORTED_GAMES:
        for number, game in enumerate(games, start=1):
            if any(key in game for key in RECORD_KEYS):
                raise _refuse(
                    number,
                    _(
                        "game records and scores are only for Qíahn Tactics, Goblin II and "
                        "Anachronism events."
                    ),
                )
        return
    sides = record_sides(event.game)
    require = event.record_policy == RecordPolicy.REQUIRE
    if require and not games and not decided:
        raise DomainError(
            _("This event needs each game listed with its game record."),
            field="games",
            code="event.record_required",
        )
    for number, game in enumerate(without_ignored_records(event, games), start=1):
        if game.get("by_penalty"):
            continue
        record, has_score = game.get("record"), game.get("score") is not None
        if (record is not None or has_score) and game.get("side_a") not in sides:
            raise _refuse(
                number,
                _("say which side player A commanded (%(first)s or %(second)s).")
                % {"first": side_label(sides[0]), "second": side_label(sides[1])},
            )
        verdict = validate_match_record(
            event.game,
            record,
            _side_score(game, number, sides) if has_score else None,
            squad=event.qiahn_squad,
            ruleset=event.qiahn_ruleset,
            mode=event.goblin_mode if event.game == GameKind.QIAHN_GOBLIN_II else None,
            scoring=event.goblin_scoring if event.game == GameKind.QIAHN_GOBLIN_II else None,
            require_record=require,
        )
        if not verdict.valid:
            error = verdict.error
            raise _refuse(
                number, refusal_message(verdict), code=error.code if error is not None else "record"
            )
        final = verdict.result
        if final and game.get("side_a") in sides:
            expected = _winner(game["side_a"], dict(final), sides)
            if game.get("winner") != expected:
                raise _refuse(
                    number,
                    _("the final score %(score)s says the winner is %(who)s.")
                    % {
                        "score": "-".join(str(final[side]) for side in sides),
                        "who": {
                            "a": _("player A"),
                            "b": _("player B"),
                            "draw": _("nobody (a draw)"),
                        }[expected],
                    },
                )
