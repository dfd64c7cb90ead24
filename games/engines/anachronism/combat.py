"""Attacks and ties: the arithmetic of the rules, free of any game state.

Source lines are those of the Spanish rules text (``anachronism.es.txt``):

- 78-79: attacker and defender each roll two dice and add the relevant
  modifier; a higher attacker total hits.
- 81: a hit with doubles on the attacker's dice is a critical, which doubles
  the base damage before damage modifiers apply.
- 83-84: a tie goes to the warrior with more experience; with equal
  experience both re-roll without modifiers, the higher result winning
  (re-rolled again while equal).
"""

from __future__ import annotations

from typing import NamedTuple

Dice = tuple[int, int]


class AttackOutcome(NamedTuple):
    """What an attack did: its totals, whether it hit or was critical, and the damage dealt."""

    attack_total: int
    defense_total: int
    hit: bool
    critical: bool
    damage: int
    rerolls: int


def tie_winner_by_experience(first_experience: int, second_experience: int) -> int:
    """1 if the first warrior wins a tie on experience, -1 if the second, 0 if still tied."""
    if first_experience > second_experience:
        return 1
    if first_experience < second_experience:
        return -1
    return 0


def damage_dealt(base: int, critical: bool, bonus: int, armor: int) -> int:
    """Base damage, doubled by a critical before the modifiers (line 81), then +bonus -armor."""
    return max(0, (base * 2 if critical else base) + bonus - armor)
