"""Qíahn Tactics combat arithmetic, shared by the replay and the exact odds.

How many faces a fighter rolls, how a round's outcome follows from the two
totals, and what earth does to a defeat under each ruleset. No state here:
plain functions of plain values.
"""

from __future__ import annotations

from games.engines.qiahn.types import (
    ATTACKER_WINS,
    DEFENDER_WINS,
    DRAW,
    EARTH_CARRIER_SURVIVES,
    EARTH_DRAW,
    FIRE,
    RULEBOOK,
    WATER,
)


def faces_rolled(magic: str | None) -> int:
    """Dice faces a fighter rolls: two with fire, none with water (it copies), else one."""
    if magic == FIRE:
        return 2
    if magic == WATER:
        return 0
    return 1


def decide(attacker_total: int, defender_total: int) -> str:
    """Attacker total minus defender total: > 0 attacker wins, 0 draw, < 0 defender wins."""
    diff = attacker_total - defender_total
    if diff > 0:
        return ATTACKER_WINS
    if diff < 0:
        return DEFENDER_WINS
    return DRAW


def loser_role(outcome: str) -> str | None:
    """``'attacker'``/``'defender'``: the role that lost the round, or None for a draw."""
    if outcome == ATTACKER_WINS:
        return "defender"
    if outcome == DEFENDER_WINS:
        return "attacker"
    return None


def apply_earth(outcome: str, earth_role: str | None, ruleset: str) -> tuple[str, str | None]:
    """The outcome after earth, and earth's effect (None if it did nothing).

    ``earth_role`` is the role (``'attacker'``/``'defender'``) whose fighting
    combatant carries earth. Earth acts only when that side loses:
    ``rulebook-1`` turns the defeat into a draw; ``family-1`` keeps the
    defeat but the carrier survives (the caller spares it from removal).
    """
    if earth_role is None or loser_role(outcome) != earth_role:
        return outcome, None
    if ruleset == RULEBOOK:
        return DRAW, EARTH_DRAW
    return outcome, EARTH_CARRIER_SURVIVES
