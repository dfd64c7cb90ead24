"""Legal steps in any Anachronism state, as values, and applying them.

Player choices are listed by :func:`legal_actions`: where to place the warrior,
which card to discard, and each action of a turn. Chance steps are the dice:
:func:`pending_roll` says which roll the game waits for (``placement`` or
``initiative``), and an attack's dice come with the attack
(:func:`roll_attack` rolls them). Every listed action passes the same check
the replay uses, so the two cannot disagree.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import NamedTuple

from games.engines.anachronism.actions import Action, Attack, Move, Pass, Turn, UseAbility
from games.engines.anachronism.catalogue import FACINGS
from games.engines.anachronism.combat import Dice
from games.engines.anachronism.state import Game
from games.engines.anachronism.types import (
    ACTIONS,
    DISCARD,
    INITIATIVE,
    OTHER,
    PLACEMENT,
    square_name,
)
from games.engines.errors import IllegalStepError


class Place(NamedTuple):
    side: str
    square: str


class Discard(NamedTuple):
    side: str
    card: str


class AttackWith(NamedTuple):
    """An attack the side may make (``weapon`` None for a basic attack); its dice are chance."""

    weapon: str | None


Choice = Place | Discard | AttackWith | Move | Turn | UseAbility | Pass


def pending_roll(game: Game) -> str | None:
    """``placement`` or ``initiative`` when the game waits for both sides' dice, else None."""
    if game.phase == PLACEMENT and game.to_act is None:
        return "placement"
    if game.phase == INITIATIVE:
        return "initiative"
    return None


def roll(rng: random.Random) -> Dice:
    return (rng.randint(1, 6), rng.randint(1, 6))


def roll_attack(game: Game, side: str, weapon: str | None, rng: random.Random) -> Attack:
    """The attack with random dice (and the re-rolls a tie on equal experience needs)."""
    bonus = game.check_attack(side, Attack(weapon, (1, 1), (1, 1)))
    attack = Attack(weapon, roll(rng), roll(rng))
    while True:
        try:
            game.resolve_attack(side, attack, bonus)
        except IllegalStepError as err:
            if err.code != "anachronism.reroll_missing":
                raise
            attack = attack._replace(rerolls=(*attack.rerolls, (roll(rng), roll(rng))))
            continue
        return attack


def _ok(check: Callable[..., object], *args: object) -> bool:
    try:
        check(*args)
    except IllegalStepError:
        return False
    return True


def legal_actions(game: Game) -> Iterator[Choice]:
    """Every legal choice of the side to act, lazily (nothing while dice are due)."""
    side = game.to_act
    if side is None:
        return
    if game.phase == PLACEMENT:
        rank = game.back_rank(side)
        for x in range(game.arena):
            yield Place(side, square_name(x, rank))
    elif game.phase == DISCARD:
        seen = set()
        for card in game.in_play[side]:
            if card.id not in seen:
                seen.add(card.id)
                yield Discard(side, card.id)
    elif game.phase == ACTIONS:
        me = game.position[side]
        assert me is not None
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            to = (me[0] + dx, me[1] + dy)
            if not (0 <= to[0] < game.arena and 0 <= to[1] < game.arena):
                continue
            if to == game.position[OTHER[side]]:
                continue
            for face in FACINGS:
                yield Move(square_name(*to), face)
        for face in FACINGS:
            if face != game.facing[side]:
                yield Turn(face)
        if _ok(game.check_attack, side, Attack(None, (1, 1), (1, 1))):
            yield AttackWith(None)
        weapon = game.weapon(side)
        if weapon is not None and _ok(game.check_attack, side, Attack(weapon.id, (1, 1), (1, 1))):
            yield AttackWith(weapon.id)
        owners = [game.warrior[side], *game.in_play[side]]
        for owner in owners:
            for ability in owner.abilities:
                if ability.timing != "action":
                    continue
                if ability.effect == "diagonal-move":
                    for dx, dy in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
                        to_name = square_name(me[0] + dx, me[1] + dy)
                        for face in FACINGS:
                            use = UseAbility(owner.id, ability.id, to_name, face)
                            if _ok(game.check_ability, side, use):
                                yield use
                else:
                    use = UseAbility(owner.id, ability.id)
                    if _ok(game.check_ability, side, use):
                        yield use
        yield Pass()


def apply_choice(game: Game, choice: Choice | Action, rng: random.Random | None = None) -> None:
    """Perform a choice on ``game`` (an :class:`AttackWith` rolls its dice with ``rng``)."""
    side = game.to_act
    if type(choice) is Place:
        game.apply_place(choice.side, choice.square)
    elif type(choice) is Discard:
        game.apply_discard(choice.side, choice.card)
    elif type(choice) is AttackWith:
        assert side is not None and rng is not None
        game.apply(side, roll_attack(game, side, choice.weapon, rng))
    else:
        assert side is not None
        game.apply(side, choice)  # type: ignore[arg-type]


__all__ = [
    "AttackWith",
    "Choice",
    "Discard",
    "Place",
    "apply_choice",
    "legal_actions",
    "pending_roll",
    "roll",
    "roll_attack",
]
