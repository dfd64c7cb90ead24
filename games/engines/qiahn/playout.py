"""Random legal Qíahn Tactics games, and writing a played game as a record.

:func:`random_game` plays a whole game: chance steps follow their true
distributions (the type under a face-down token, fair dice) and the players
choose uniformly among legal moves, placing a counter with probability
``counter_rate`` at each chance to do so. :func:`record_of_game` writes any
finished (or partly played) game as a format-1 :class:`Record`, and
:func:`random_record` does both and returns JSON data, for tests and demos.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.qiahn.legal import (
    legal_placements,
    roll_space,
    uncover_odds,
)
from games.engines.qiahn.record import Placement, Record, RoundEntry, record_to_dict
from games.engines.qiahn.state import COMBAT, DEPLOY, END, OUTFIT, UNCOVER, Game
from games.engines.qiahn.types import MAX_VANGUARD, RULEBOOK, SIDES, WIND


def random_game(
    rng: random.Random,
    *,
    squad: int = 6,
    ruleset: str = RULEBOOK,
    initiative: str | None = None,
    counter_rate: float = 0.5,
    wind_rate: float | None = None,
) -> Game:
    """Play a random legal game to its end and return it.

    ``wind_rate`` (default ``counter_rate``) is the chance to keep a wind
    placement when one is drawn, so tests can make wind-ended rounds rarer or
    more common.
    """
    game = Game(squad, ruleset, initiative or rng.choice(SIDES))
    while game.phase != END:
        step_randomly(game, rng, counter_rate=counter_rate, wind_rate=wind_rate)
    return game


def step_randomly(
    game: Game,
    rng: random.Random,
    *,
    counter_rate: float = 0.5,
    wind_rate: float | None = None,
) -> None:
    """Perform one random legal step on ``game`` (mutating it)."""
    phase = game.phase
    side = game.to_act
    if phase == UNCOVER:
        options = uncover_odds(game)
        weights = [float(p) for _, p in options]
        action = rng.choices([a for a, _ in options], weights)[0]
        game.apply_uncover(action.side, action.kind)
    elif phase == DEPLOY:
        assert side is not None
        reserve = game.reserve(side)
        size = rng.randint(1, min(MAX_VANGUARD, len(reserve)))
        game.apply_deploy(side, rng.sample(reserve, size))
    elif phase == OUTFIT:
        assert side is not None
        options = legal_placements(game) if rng.random() < counter_rate else []
        if options:
            choice = rng.choice(options)
            keep = counter_rate if wind_rate is None else wind_rate
            if choice.counter != WIND or rng.random() < keep:
                game.apply_place(side, choice.counter, choice.on, choice.copy)
                return
        game.apply_end_outfit(side)
    elif phase == COMBAT:
        rolls = {
            token: tuple(rng.randint(1, sides) for _ in range(n))
            for token, n, sides in roll_space(game)
        }
        game.apply_rolls(rolls)


def record_of_game(game: Game) -> Record:
    """The format-1 record of the rounds ``game`` has finished, with its current score."""
    rounds = []
    for report in game.reports:
        outfit: dict[str, list[Placement]] = {side: [] for side in SIDES}
        for placed in report.counters:
            outfit[placed.side].append(Placement(placed.counter, placed.on, placed.copy))
        rolls = None
        if report.ended_by == "combat":
            rolls = {token: faces for token, faces in report.dice.items() if faces}
        rounds.append(
            RoundEntry(
                dict(report.uncovered),
                dict(report.deployed),
                {side: tuple(p) for side, p in outfit.items()},
                rolls,
            )
        )
    return Record(game.ruleset, game.squad, game.initiative, tuple(rounds), game.score())


def random_record(rng: random.Random, **options: Any) -> dict[str, Any]:
    """A random legal game, written as format-1 JSON data (see :func:`random_game`)."""
    return record_to_dict(record_of_game(random_game(rng, **options)))
