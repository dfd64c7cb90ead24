"""Exact odds of a Qíahn Tactics round, as fractions, from the dice distributions.

Given both vanguards after the outfit phase (types, gear, fire, water with the
combatant it copies, earth, and where wind went), :func:`round_odds` returns
the exact probabilities that the attacker wins, draws or loses.

How: the round is decided by ``D = attacker total - defender total``. Every
fighter that rolls contributes its own dice total ``X`` (one die, or the sum
of two with fire) with sign +1 (attacker) or -1 (defender). Water does not
roll: it adds its side's sign to the coefficient of the fighter it copies, so
a copy across the table cancels out (coefficient 0) and a copy on one's own
side doubles it. Gear adds a constant. ``D`` is thus a sum of independent
scaled dice totals, whose distribution is the convolution of small integer
count tables (cached); the probabilities are counts over the number of equally
likely outcomes. Earth under ``rulebook-1`` then moves the carrier side's
defeats to draws; under ``family-1`` it changes who survives, not the odds.
Wind is pre-resolved: its victim does not fight, and if it was tails' only
combatant the round is a certain draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from games.engines.errors import OddsInputError
from games.engines.qiahn.state import COMBAT, Game
from games.engines.qiahn.types import (
    DIE_SIDES,
    EARTH,
    FIRE,
    GEAR_BONUS,
    HEADS,
    MAX_VANGUARD,
    RULEBOOK,
    RULESETS,
    SIDES,
    TAILS,
    TOKEN_TYPES,
    WATER,
)

ATTACKER = "attacker"
DEFENDER = "defender"
ROLES = (ATTACKER, DEFENDER)
_OWN_MAGIC = {HEADS: (WATER,), TAILS: (FIRE, EARTH)}


@dataclass(frozen=True)
class Fighter:
    """A vanguard combatant as the outfit phase left it.

    ``gear`` is the side's sword (attacking) or shield (defending), +3.
    ``magic`` is the side's own magic on it: ``fire`` or ``earth`` (tails),
    ``water`` (heads), which needs ``copy``: the (role, index) of the
    combatant whose dice it copies. Wind is given to :func:`round_odds`.
    """

    kind: str
    gear: bool = False
    magic: str | None = None
    copy: tuple[str, int] | None = None


class Odds(NamedTuple):
    """Exact probabilities of the round's outcome, from the attacker's side."""

    attacker_wins: Fraction
    draw: Fraction
    defender_wins: Fraction

    def as_dict(self) -> dict[str, str]:
        return {k: f"{v.numerator}/{v.denominator}" for k, v in self._asdict().items()}


CERTAIN_DRAW = Odds(Fraction(0), Fraction(1), Fraction(0))


def round_odds(
    attacker: Sequence[Fighter],
    defender: Sequence[Fighter],
    *,
    attacker_side: str = HEADS,
    ruleset: str = RULEBOOK,
    wind: int | None = None,
) -> Odds:
    """Exact odds that the attacker wins, draws or loses the round.

    ``attacker_side`` says which side attacks (it decides who owns which
    magic). ``wind`` is the index, in tails' vanguard, of the combatant that
    heads' wind sent back, if any. Raises :class:`OddsInputError` for a round
    the rules do not allow.
    """
    if attacker_side not in SIDES:
        raise OddsInputError("odds.side", {"value": attacker_side})
    if ruleset not in RULESETS:
        raise OddsInputError("odds.ruleset", {"value": ruleset, "allowed": ", ".join(RULESETS)})
    lines = {ATTACKER: tuple(attacker), DEFENDER: tuple(defender)}
    side_of = {ATTACKER: attacker_side, DEFENDER: SIDES[1 - SIDES.index(attacker_side)]}
    _validate(lines, side_of, wind)
    tails_role = ATTACKER if side_of[ATTACKER] == TAILS else DEFENDER
    sent_back = (tails_role, wind) if wind is not None else None
    if sent_back is not None and len(lines[tails_role]) == 1:
        return CERTAIN_DRAW
    return _odds(_canonical(lines, sent_back, tails_role, ruleset))


def _validate(
    lines: dict[str, tuple[Fighter, ...]], side_of: dict[str, str], wind: int | None
) -> None:
    for role in ROLES:
        line = lines[role]
        if not 1 <= len(line) <= MAX_VANGUARD:
            raise OddsInputError("odds.vanguard_size", {"role": role, "count": len(line)})
        side = side_of[role]
        gear = [f for f in line if f.gear]
        if len(gear) > 1:
            raise OddsInputError(
                "odds.gear_twice",
                {
                    "role": role,
                    "gear": "sword" if role == ATTACKER else "shield",
                    "count": len(gear),
                },
            )
        seen: set[str] = set()
        for fighter in line:
            if fighter.kind not in DIE_SIDES:
                raise OddsInputError(
                    "odds.type", {"value": fighter.kind, "allowed": ", ".join(TOKEN_TYPES)}
                )
            if fighter.magic is None:
                continue
            if fighter.magic not in _OWN_MAGIC[side]:
                raise OddsInputError(
                    "odds.magic",
                    {"value": fighter.magic, "side": side, "allowed": ", ".join(_OWN_MAGIC[side])},
                )
            if fighter.magic in seen:
                raise OddsInputError("odds.magic_twice", {"side": side, "counter": fighter.magic})
            seen.add(fighter.magic)
    tails_role = ATTACKER if side_of[ATTACKER] == TAILS else DEFENDER
    if wind is not None:
        line = lines[tails_role]
        if not 0 <= wind < len(line):
            raise OddsInputError("odds.wind", {"target": f"{tails_role} #{wind + 1}"})
        if line[wind].magic is not None:
            raise OddsInputError(
                "odds.wind_on_magic",
                {"target": f"{tails_role} #{wind + 1}", "other": line[wind].magic},
            )
    for role in ROLES:
        for index, fighter in enumerate(lines[role]):
            if fighter.magic != WATER:
                continue
            target = fighter.copy
            if target is None:
                raise OddsInputError("odds.copy_missing", {})
            t_role, t_index = target
            valid = (
                t_role in ROLES
                and 0 <= t_index < len(lines[t_role])
                and (t_role, t_index) != (role, index)
                and not (t_role == tails_role and t_index == wind)
            )
            if not valid:
                raise OddsInputError("odds.copy", {"target": f"{t_role} #{t_index + 1}"})


def _canonical(
    lines: dict[str, tuple[Fighter, ...]],
    sent_back: tuple[str, int] | None,
    tails_role: str,
    ruleset: str,
) -> tuple:
    """Reduce the round to (terms, constant, earth role): terms are (sides, fire, coeff)."""
    coefficient: dict[tuple[str, int], int] = {}
    constant = 0
    earth_role = None
    for role in ROLES:
        sign = 1 if role == ATTACKER else -1
        for index, fighter in enumerate(lines[role]):
            if (role, index) == sent_back:
                continue
            if fighter.gear:
                constant += sign * GEAR_BONUS
            if fighter.magic == EARTH:
                earth_role = role
            if fighter.magic == WATER:
                assert fighter.copy is not None
                coefficient[fighter.copy] = coefficient.get(fighter.copy, 0) + sign
            else:
                coefficient[(role, index)] = coefficient.get((role, index), 0) + sign
    terms = []
    for (role, index), coeff in coefficient.items():
        fighter = lines[role][index]
        if coeff:
            terms.append((DIE_SIDES[fighter.kind], fighter.magic == FIRE, coeff))
    rulebook_earth = earth_role if (ruleset == RULEBOOK and earth_role == tails_role) else None
    return tuple(sorted(terms)), constant, rulebook_earth


@lru_cache(maxsize=4096)
def _odds(key: tuple) -> Odds:
    terms, constant, earth_role = key
    low, counts = _difference(terms)
    total = sum(counts)
    wins = draws = losses = 0
    for offset, count in enumerate(counts):
        value = low + offset + constant
        if value > 0:
            wins += count
        elif value == 0:
            draws += count
        else:
            losses += count
    if earth_role == ATTACKER:
        draws, losses = draws + losses, 0
    elif earth_role == DEFENDER:
        wins, draws = 0, draws + wins
    return Odds(Fraction(wins, total), Fraction(draws, total), Fraction(losses, total))


@lru_cache(maxsize=4096)
def _difference(terms: tuple[tuple[int, bool, int], ...]) -> tuple[int, tuple[int, ...]]:
    """Distribution of the sum of the scaled dice terms: (lowest value, counts)."""
    low, counts = 0, (1,)
    for sides, fire, coeff in terms:
        low, counts = _convolve(low, counts, *_scaled(sides, fire, coeff))
    return low, counts


@lru_cache(maxsize=256)
def dice_total(sides: int, fire: bool) -> tuple[int, tuple[int, ...]]:
    """Counts of a fighter's dice total: one d``sides``, or two added with fire."""
    one = (1,) * sides
    if not fire:
        return 1, one
    low, counts = _convolve(1, one, 1, one)
    return low, counts


@lru_cache(maxsize=1024)
def _scaled(sides: int, fire: bool, coeff: int) -> tuple[int, tuple[int, ...]]:
    """Counts of ``coeff * X`` for a fighter's dice total ``X`` (coeff in -2..2, not 0)."""
    low, counts = dice_total(sides, fire)
    step = abs(coeff)
    span = (len(counts) - 1) * step + 1
    out = [0] * span
    for i, count in enumerate(counts):
        out[i * step] = count
    if coeff < 0:
        high = low + len(counts) - 1
        return -high * step, tuple(reversed(out))
    return low * step, tuple(out)


def _convolve(
    low_a: int, a: tuple[int, ...], low_b: int, b: tuple[int, ...]
) -> tuple[int, tuple[int, ...]]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return low_a + low_b, tuple(out)


def odds_at(game: Game) -> Odds:
    """Exact odds of the round ``game`` is about to roll (it must be in the combat phase)."""
    if game.phase != COMBAT:
        raise OddsInputError("odds.phase", {"phase": game.phase, "round": game.round})
    position = {}
    lines: dict[str, list[Fighter]] = {}
    for role, side in ((ATTACKER, game.attacker), (DEFENDER, game.defender)):
        for index, token in enumerate(game.vanguard[side]):
            position[token] = (role, index)
    water = game.water
    for role, side in ((ATTACKER, game.attacker), (DEFENDER, game.defender)):
        line = []
        for token in game.vanguard[side]:
            magic = game.magic.get(token)
            if magic == "wind":
                magic = None
            copy = position[water[1]] if water is not None and water[0] == token else None
            line.append(Fighter(game.types[token], token in game.gear, magic, copy))
        lines[role] = line
    wind = None
    if game.sent_back is not None:
        wind = position[game.sent_back][1]
    return round_odds(
        lines[ATTACKER],
        lines[DEFENDER],
        attacker_side=game.attacker,
        ruleset=game.ruleset,
        wind=wind,
    )
