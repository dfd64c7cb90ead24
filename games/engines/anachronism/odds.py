"""Exact chances of an attack, as fractions.

Both sides roll 2d6 (36 x 36 equally likely outcomes); the attacker adds its
modifier (the square's bonus plus attack bonuses), the defender its defence
bonuses. A higher attacker total hits (line 79); a tie goes to the more
experienced warrior, and with equal experience to a modifier-free re-roll,
repeated while equal (lines 83-84), which either side wins with chance 1/2 by
symmetry. A hit whose attacker dice show doubles is critical (line 81).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from games.engines.anachronism.actions import Attack
from games.engines.anachronism.combat import damage_dealt, tie_winner_by_experience
from games.engines.anachronism.state import Game
from games.engines.anachronism.types import OTHER

_PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
_TOTALS = {t: sum(1 for a, b in _PAIRS if a + b == t) for t in range(2, 13)}


class AttackOdds(NamedTuple):
    """Chances of a hit and of a critical hit, and the expected damage."""

    hit: Fraction
    critical: Fraction
    expected_damage: Fraction


@lru_cache(maxsize=4096)
def hit_odds(modifier: int, experience_tie: int) -> tuple[Fraction, Fraction]:
    """(P(hit), P(critical hit)) for an attacker ``modifier`` ahead of the defender's.

    ``experience_tie`` is 1 when the attacker has more experience, -1 when less, 0 when equal.
    """
    tie_hit = (
        Fraction(1) if experience_tie > 0 else Fraction(0) if experience_tie < 0 else Fraction(1, 2)
    )
    hits = Fraction(0)
    crits = Fraction(0)
    for a, b in _PAIRS:
        attack = a + b + modifier
        wins = sum(n for t, n in _TOTALS.items() if attack > t)
        ties = _TOTALS.get(attack, 0)
        chance = (wins + ties * tie_hit) / 36
        hits += chance
        if a == b:
            crits += chance
    return hits / 36, crits / 36


def attack_odds(
    modifier: int,
    experience_tie: int,
    base_damage: int,
    damage_bonus: int = 0,
    armor: int = 0,
) -> AttackOdds:
    """The chances of an attack and its expected damage, from its numbers."""
    hit, critical = hit_odds(modifier, experience_tie)
    normal = damage_dealt(base_damage, False, damage_bonus, armor)
    doubled = damage_dealt(base_damage, True, damage_bonus, armor)
    return AttackOdds(hit, critical, (hit - critical) * normal + critical * doubled)


def attack_odds_in(game: Game, side: str, weapon: str | None = None) -> AttackOdds:
    """The odds of ``side`` attacking now (basic, or with its face-up ``weapon``).

    Raises :class:`~games.engines.errors.IllegalStepError` if that attack is not legal now.
    """
    bonus = game.check_attack(side, Attack(weapon, (1, 1), (1, 1)))
    enemy = OTHER[side]
    modifier = (
        bonus + game.static_bonus(side, "attack-bonus") - game.static_bonus(enemy, "defense-bonus")
    )
    card = game.weapon(side) if weapon is not None else None
    base = card.damage if card is not None else game.warrior[side].damage
    return attack_odds(
        modifier,
        tie_winner_by_experience(game.warrior[side].experience, game.warrior[enemy].experience),
        base,
        game.static_bonus(side, "damage-bonus"),
        game.static_bonus(enemy, "armor"),
    )
