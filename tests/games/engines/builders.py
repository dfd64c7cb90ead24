"""Small builders for hand-written Qíahn Tactics records and game states in tests."""

from __future__ import annotations

import copy
from typing import Any

from games.engines.qiahn.state import Game


def qiahn_record(
    rounds: list[dict[str, Any]],
    *,
    squad: int = 3,
    ruleset: str = "rulebook-1",
    initiative: str = "heads",
    result: dict[str, int] | None = None,
) -> dict[str, Any]:
    """A format-1 record around ``rounds`` (result defaults to a full squad each)."""
    return {
        "format": 1,
        "game": "qiahn-tactics",
        "ruleset": ruleset,
        "squad": squad,
        "initiative": initiative,
        "rounds": copy.deepcopy(rounds),
        "result": result if result is not None else {"heads": squad, "tails": squad},
    }


_FILLER_TYPES = ("archer", "beast", "knight", "paladin", "wizard", "footman")


def draw_round(k: int, heads: str | None = None, tails: str | None = None) -> dict[str, Any]:
    """Round ``k``: both uncover (a different type each round by default), deploy only
    the new token and roll 1 each: a draw."""
    default = _FILLER_TYPES[(k - 1) % 6]
    return {
        "uncover": {"heads": heads or default, "tails": tails or default},
        "deploy": {"heads": [f"H{k}"], "tails": [f"T{k}"]},
        "rolls": {f"H{k}": [1], f"T{k}": [1]},
    }


def play_round(
    game: Game,
    *,
    uncover: tuple[str, str],
    deploy: tuple[list[str], list[str]],
    outfit: tuple[list[tuple], list[tuple]] = ((), ()),
    rolls: dict[str, list[int]] | None = None,
):
    """Play one round through the state API; sides in (heads, tails) order."""
    sides = ("heads", "tails")
    order = (game.attacker, game.defender)
    by_side = dict(zip(sides, uncover, strict=True))
    for side in order:
        game.apply_uncover(side, by_side[side])
    by_side_deploy = dict(zip(sides, deploy, strict=True))
    for side in order:
        game.apply_deploy(side, by_side_deploy[side])
    by_side_outfit = dict(zip(sides, outfit, strict=True))
    number = game.round
    for side in order:
        for placement in by_side_outfit[side]:
            game.apply_place(side, *placement)
        if len(game.reports) < number:
            game.apply_end_outfit(side)
    if len(game.reports) < number:
        game.apply_rolls(rolls or {})
    return game.reports[-1]
