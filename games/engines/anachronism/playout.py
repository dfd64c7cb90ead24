"""Random legal Anachronism games, written as records.

:func:`random_game` picks two warriors and four supports each from the
catalogue, rolls every die with the given random generator and lets both
players choose at random among the legal choices (leaning towards attacks
and towards the enemy, so games end in knockouts as well as on life).
:func:`random_record` returns the game as record JSON data.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.anachronism.actions import Action, Move
from games.engines.anachronism.catalogue import Catalogue, default_catalogue
from games.engines.anachronism.legal import (
    AttackWith,
    Discard,
    Place,
    legal_actions,
    roll,
    roll_attack,
)
from games.engines.anachronism.record import (
    FORMAT,
    GAME,
    RULESETS,
    AssaultEntry,
    Record,
    TurnEntry,
    record_to_dict,
)
from games.engines.anachronism.state import Game
from games.engines.anachronism.types import (
    DEFAULT_ARENA,
    NORTH,
    OTHER,
    SIDES,
    SOUTH,
    SUPPORTS_PER_SIDE,
    parse_square,
)
from games.engines.steps import END


class _Builder:
    """Collects a game's steps in record order while it is played."""

    def __init__(self) -> None:
        self.placement_rolls: list = []
        self.start: dict[str, str] = {}
        self.assaults: list[dict[str, Any]] = []

    def assault(self, number: int) -> dict[str, Any]:
        while len(self.assaults) < number:
            self.assaults.append({"rolls": [], "discards": {NORTH: [], SOUTH: []}, "turns": []})
        return self.assaults[number - 1]

    def action(self, game: Game, side: str, action: Action) -> None:
        turns = self.assault(game.round)["turns"]
        if not turns or turns[-1][0] != side:
            turns.append((side, []))
        turns[-1][1].append(action)


def _distance(game: Game, side: str, square: str) -> int:
    enemy = game.position[OTHER[side]]
    to = parse_square(square, game.arena)
    assert enemy is not None and to is not None
    return abs(enemy[0] - to[0]) + abs(enemy[1] - to[1])


def random_game(
    rng: random.Random,
    *,
    catalogue: Catalogue | None = None,
    arena: int = DEFAULT_ARENA,
    warriors: dict[str, str] | None = None,
    supports: dict[str, tuple[str, ...]] | None = None,
    attack_rate: float = 0.8,
    approach_rate: float = 0.6,
) -> tuple[Game, Record]:
    """Play a random legal game to its end; returns the game and its record."""
    catalogue = catalogue or default_catalogue()
    warrior_ids = sorted(catalogue.warriors)
    support_ids = sorted(catalogue.supports)
    warriors = warriors or {side: rng.choice(warrior_ids) for side in SIDES}
    supports = supports or {
        side: tuple(rng.choice(support_ids) for _ in range(SUPPORTS_PER_SIDE)) for side in SIDES
    }
    game = Game(catalogue, warriors, supports, arena=arena)
    built = _Builder()
    while game.phase != END:
        if game.phase == "placement" and game.to_act is None:
            north, south = roll(rng), roll(rng)
            built.placement_rolls.append((north, south))
            game.apply_placement_roll(north, south)
            continue
        if game.phase == "initiative":
            north, south = roll(rng), roll(rng)
            built.assault(game.round)["rolls"].append((north, south))
            game.apply_initiative_roll(north, south)
            continue
        side = game.to_act
        assert side is not None
        choices = list(legal_actions(game))
        if game.phase == "placement":
            choice = rng.choice(choices)
            assert type(choice) is Place
            built.start[side] = choice.square
            game.apply_place(side, choice.square)
            continue
        if game.phase == "discard":
            choice = rng.choice(choices)
            assert type(choice) is Discard
            built.assault(game.round)["discards"][side].append(choice.card)
            game.apply_discard(side, choice.card)
            continue
        attacks = [c for c in choices if type(c) is AttackWith]
        moves = [c for c in choices if type(c) is Move]
        if attacks and rng.random() < attack_rate:
            pick = rng.choice(attacks)
            action: Action = roll_attack(game, side, pick.weapon, rng)
        elif moves and rng.random() < approach_rate:
            best = min(_distance(game, side, m.to) for m in moves)
            action = rng.choice([m for m in moves if _distance(game, side, m.to) == best])
        else:
            other = [c for c in choices if type(c) is not AttackWith]
            action = rng.choice(other)  # type: ignore[assignment]
        built.action(game, side, action)
        game.apply(side, action)
    record = Record(
        RULESETS[0],
        catalogue.id,
        arena,
        dict(warriors),
        {side: tuple(supports[side]) for side in SIDES},
        tuple(built.placement_rolls),
        dict(built.start),
        tuple(
            AssaultEntry(
                tuple(entry["rolls"]),
                {side: tuple(cards) for side, cards in entry["discards"].items()},
                tuple(TurnEntry(side, tuple(actions)) for side, actions in entry["turns"]),
            )
            for entry in built.assaults
        ),
        game.score(),
    )
    return game, record


def random_record(rng: random.Random, **options: Any) -> dict[str, Any]:
    """A random legal game as Anachronism record JSON data (see :func:`random_game`)."""
    _, record = random_game(rng, **options)
    data = record_to_dict(record)
    assert data["format"] == FORMAT and data["game"] == GAME
    return data
