"""Replay of a Qíahn Tactics record: the verdict, or the first illegal step.

:func:`replay` takes a parsed :class:`~games.engines.qiahn.record.Record` and
drives a :class:`~games.engines.qiahn.state.Game` through every step in the
order the rules give (uncover, deploy and outfit attacker first, then the
dice). The first step the game refuses becomes the verdict's error, located
by its place and the JSON path of the step; a legal record whose ``result``
is not the replayed score is refused with both scores.

:func:`check_record` is the whole check from parsed JSON data, and
:func:`replay_or_raise` the raising variant for callers that want exceptions.
"""

from __future__ import annotations

from typing import Any

from games.engines.errors import (
    IllegalStepError,
    RecordError,
    ResultMismatchError,
)
from games.engines.qiahn.fastcheck import fast_score
from games.engines.qiahn.record import GAME, Record, parse_record
from games.engines.qiahn.state import COMBAT, OUTFIT, UNCOVER, Game, RoundReport
from games.engines.qiahn.types import OTHER_SIDE
from games.engines.replaying import run_to_verdict
from games.engines.verdict import Verdict


def check_record(data: Any) -> Verdict:
    """Parse and replay format-1 ``data`` (parsed JSON); never raises for a bad record.

    A legal record is recognised by the one-pass :func:`fast_score`; its round
    reports are replayed only when the verdict's ``rounds`` are first read (from
    ``data`` itself, so do not change ``data`` before reading them). Anything
    else is parsed and replayed step by step to name the first error.
    """
    score = fast_score(data)
    if score is not None:
        settings = {
            "squad": data["squad"],
            "ruleset": data["ruleset"],
            "initiative": data["initiative"],
        }
        return Verdict(
            GAME,
            True,
            result=score,
            rounds_factory=lambda: replay(parse_record(data)).rounds,
            settings=settings,
        )
    return check_record_stepwise(data)


def check_record_stepwise(data: Any) -> Verdict:
    """Like :func:`check_record`, but always parsing and replaying step by step."""
    try:
        record = parse_record(data)
    except RecordError as err:
        return Verdict(GAME, False, error=err)
    return replay(record)


def replay(record: Record) -> Verdict:
    """Replay ``record`` and return its :class:`Verdict` (never raises for an illegal step)."""
    game = Game(record.squad, record.ruleset, record.initiative)
    settings = {"squad": record.squad, "ruleset": record.ruleset, "initiative": record.initiative}
    return run_to_verdict(GAME, game, lambda: _run(game, record), record.result, settings)


def replay_or_raise(record: Record) -> tuple[dict[str, int], list[RoundReport]]:
    """Replay ``record``; return (final score, round reports) or raise the first error."""
    game = Game(record.squad, record.ruleset, record.initiative)
    _run(game, record)
    score = game.score()
    if score != record.result:
        raise ResultMismatchError(record.result, score)
    return score, game.reports


def _run(game: Game, record: Record) -> None:
    squad = record.squad
    rounds = record.rounds
    reports = game.reports
    path = ""
    try:
        for i, entry in enumerate(rounds):
            number = i + 1
            if number > squad:
                raise IllegalStepError(
                    "rounds.too_many",
                    {"last": squad, "squad": squad, "count": len(rounds)},
                    round=number,
                    phase=UNCOVER,
                )
            attacker = game.attacker
            defender = OTHER_SIDE[attacker]
            uncover = entry.uncover
            path = f"rounds[{i}].uncover.{attacker}"
            game.apply_uncover(attacker, uncover[attacker])
            path = f"rounds[{i}].uncover.{defender}"
            game.apply_uncover(defender, uncover[defender])
            deploy = entry.deploy
            path = f"rounds[{i}].deploy.{attacker}"
            game.apply_deploy(attacker, deploy[attacker])
            path = f"rounds[{i}].deploy.{defender}"
            game.apply_deploy(defender, deploy[defender])
            outfit = entry.outfit
            for side in (attacker, defender):
                for j, placed in enumerate(outfit[side]):
                    path = f"rounds[{i}].outfit.{side}[{j}]"
                    if len(reports) == number:
                        raise IllegalStepError(
                            "outfit.round_over",
                            {"counter": placed.counter, "token": placed.on},
                            round=number,
                            phase=OUTFIT,
                            side=side,
                        )
                    game.apply_place(side, placed.counter, placed.on, placed.copy)
                if len(reports) < number:
                    game.apply_end_outfit(side)
            path = f"rounds[{i}].rolls"
            rolls = entry.rolls
            if len(reports) == number:  # wind ended the round: no dice
                if rolls:
                    raise IllegalStepError(
                        "combat.rolls_after_wind",
                        {"ids": ", ".join(rolls)},
                        round=number,
                        phase=COMBAT,
                    )
            elif rolls is None:
                raise IllegalStepError(
                    "combat.rolls_missing",
                    {"fighting": ", ".join(game.fighters())},
                    round=number,
                    phase=COMBAT,
                )
            else:
                game.apply_rolls(rolls)
    except IllegalStepError as err:
        if err.path is None:
            err.path = (path + err.field) if path else None
            if err.code == "rounds.too_many":
                err.path = f"rounds[{squad}]"
        raise
    if len(rounds) < squad:
        raise IllegalStepError(
            "rounds.too_few",
            {"count": len(rounds), "squad": squad},
            round=len(rounds) + 1,
            phase=UNCOVER,
            side=game.attacker,
        ).with_path("rounds")
