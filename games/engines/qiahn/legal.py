"""Legal actions in any Qíahn Tactics state, as values, and applying them.

Actions are small immutable values: :class:`Uncover` and :class:`Roll` are
chance steps (the type under a face-down token, the dice), the others are a
player's choices. :func:`legal_actions` lists what may happen next;
:func:`apply_action` performs one on a game (mutating it) and :func:`after`
returns a new game. Placements are filtered through the same check the
replay uses (:meth:`Game.check_place`), so the two can never disagree.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction
from typing import NamedTuple

from games.engines.errors import IllegalStepError
from games.engines.qiahn.state import COMBAT, DEPLOY, END, OUTFIT, UNCOVER, Game
from games.engines.qiahn.types import (
    COUNTERS_OF,
    DIE_SIDES,
    HEADS,
    MAX_VANGUARD,
    OTHER_SIDE,
    TAILS,
    TOKENS_PER_SIDE,
    WATER,
    WIND,
)


class Uncover(NamedTuple):
    """Chance: ``side``'s next face-down token is a ``kind``."""

    side: str
    kind: str


class Deploy(NamedTuple):
    side: str
    tokens: tuple[str, ...]


class PlaceCounter(NamedTuple):
    side: str
    counter: str
    on: str
    copy: str | None = None


class EndOutfit(NamedTuple):
    """The side says "turn" and places no more counters this round."""

    side: str


class Roll(NamedTuple):
    """Chance: the faces every fighter rolled, as ``((token, faces), ...)``."""

    faces: tuple[tuple[str, tuple[int, ...]], ...]


Action = Uncover | Deploy | PlaceCounter | EndOutfit | Roll


def is_chance(game: Game) -> bool:
    """Whether the next step is chance (uncover or dice) rather than a player's choice."""
    return game.phase in (UNCOVER, COMBAT)


def uncover_odds(game: Game) -> list[tuple[Uncover, Fraction]]:
    """The types the side to uncover may reveal, with their probabilities.

    The squad was drawn at random from twelve tokens (two per type), so the
    next face-down token is equally likely to be any token not yet uncovered.
    """
    side = game.to_act
    if game.phase != UNCOVER or side is None:
        return []
    remaining = game.remaining_types(side)
    unseen = TOKENS_PER_SIDE - sum(game.type_counts[side].values())
    return [
        (Uncover(side, kind), Fraction(count, unseen))
        for kind, count in remaining.items()
        if count > 0
    ]


def roll_space(game: Game) -> list[tuple[str, int, int]]:
    """For each fighter that rolls: (token, faces rolled, die sides)."""
    if game.phase != COMBAT:
        return []
    out = []
    for token in game.fighters():
        n = game.expected_faces(token)
        if n:
            out.append((token, n, DIE_SIDES[game.types[token]]))
    return out


def legal_actions(game: Game) -> Iterator[Action]:
    """Every legal next action, lazily (the dice of a combat can be millions)."""
    phase = game.phase
    side = game.to_act
    if phase == END:
        return
    if phase == UNCOVER:
        for action, _ in uncover_odds(game):
            yield action
    elif phase == DEPLOY:
        assert side is not None
        reserve = game.reserve(side)
        for size in range(1, min(MAX_VANGUARD, len(reserve)) + 1):
            for tokens in itertools.combinations(reserve, size):
                yield Deploy(side, tokens)
    elif phase == OUTFIT:
        assert side is not None
        yield from legal_placements(game)
        yield EndOutfit(side)
    elif phase == COMBAT:
        space = roll_space(game)
        ranges = [range(1, sides + 1) for _, n, sides in space for _ in range(n)]
        for combo in itertools.product(*ranges):
            faces = []
            at = 0
            for token, n, _ in space:
                faces.append((token, tuple(combo[at : at + n])))
                at += n
            yield Roll(tuple(faces))


def legal_placements(game: Game) -> list[PlaceCounter]:
    """Every counter placement the side to act may make now."""
    side = game.to_act
    if game.phase != OUTFIT or side is None:
        return []
    own = game.vanguard[side]
    enemy = game.vanguard[OTHER_SIDE[side]]
    everyone = game.vanguard[HEADS] + game.vanguard[TAILS]
    out = []
    for counter in COUNTERS_OF[side]:
        targets = enemy if counter == WIND else own
        for on in targets:
            copies = [c for c in everyone if c != on] if counter == WATER else [None]
            for copy in copies:
                try:
                    game.check_place(side, counter, on, copy)
                except IllegalStepError:
                    continue
                out.append(PlaceCounter(side, counter, on, copy))
    return out


def apply_action(game: Game, action: Action) -> None:
    """Perform ``action`` on ``game`` (mutating it); raises IllegalStepError if illegal."""
    if isinstance(action, Uncover):
        game.apply_uncover(action.side, action.kind)
    elif isinstance(action, Deploy):
        game.apply_deploy(action.side, action.tokens)
    elif isinstance(action, PlaceCounter):
        game.apply_place(action.side, action.counter, action.on, action.copy)
    elif isinstance(action, EndOutfit):
        game.apply_end_outfit(action.side)
    elif isinstance(action, Roll):
        game.apply_rolls(dict(action.faces))
    else:
        raise TypeError(f"not a Qíahn Tactics action: {action!r}")


def after(game: Game, action: Action) -> Game:
    """A new game: ``game`` after ``action`` (``game`` itself is unchanged)."""
    new = game.copy()
    apply_action(new, action)
    return new


__all__ = [
    "Action",
    "Deploy",
    "EndOutfit",
    "PlaceCounter",
    "Roll",
    "Uncover",
    "after",
    "apply_action",
    "is_chance",
    "legal_actions",
    "legal_placements",
    "roll_space",
    "uncover_odds",
]
