"""Final scores a legal Qíahn Tactics game can reach, found by a search over abstract states.

A result reported without a record can still be refused when no legal game
ends that way (in a squad-3 game both sides cannot end with 0).

The search does not play real games: it follows only what decides the score.
An abstract state is (rounds played, next attacker, face-up tokens in play
for each side, whether heads still has wind, whether tails still has earth).
Each round both sides uncover one token, then for every number of combatants
each side may deploy, every use of wind (none, or on one of tails' deployed
combatants) and of earth, and every outcome the dice allow, the search moves
to the next abstract state: the loser's fighting combatants are removed
(minus earth's carrier under ``family-1``; none under ``rulebook-1``, where
earth makes it a draw).

Which outcomes the dice allow is decided from the totals' ranges with every
die limited to 1..4 (faces every type has), which is exact here: it allows
all three outcomes for any 1-3 against 1-3 fighters, and any type can roll
those faces. Gear, fire and water change the odds but never which outcomes
are possible, so the abstract state leaves them out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from games.engines.errors import UnreachableScoreError
from games.engines.qiahn.types import (
    ATTACKER_WINS,
    DEFENDER_WINS,
    DRAW,
    FAMILY,
    HEADS,
    MAX_VANGUARD,
    OTHER_SIDE,
    RULESETS,
    SIDES,
    SQUADS,
    TAILS,
)

# (round, attacker, heads face-up in play, tails face-up in play, wind left, earth left)
State = tuple[int, str, int, int, bool, bool]

_ALL_FACES_LOW, _ALL_FACES_HIGH = 1, 4  # faces every die has


def _possible_outcomes(attackers: int, defenders: int) -> list[str]:
    """Outcomes dice can give ``attackers`` fighters against ``defenders`` (faces 1..4)."""
    a_low, a_high = attackers * _ALL_FACES_LOW, attackers * _ALL_FACES_HIGH
    d_low, d_high = defenders * _ALL_FACES_LOW, defenders * _ALL_FACES_HIGH
    out = []
    if a_high > d_low:
        out.append(ATTACKER_WINS)
    if a_low <= d_high and d_low <= a_high:
        out.append(DRAW)
    if a_low < d_high:
        out.append(DEFENDER_WINS)
    return out


def _round_results(state: State, ruleset: str) -> Iterator[State]:
    """Every abstract state one round can lead to from ``state``."""
    number, attacker, heads, tails, wind_left, earth_left = state
    heads += 1  # each side uncovers one token
    tails += 1
    up = {HEADS: heads, TAILS: tails}
    defender = OTHER_SIDE[attacker]
    nxt = number + 1
    for n_att in range(1, min(MAX_VANGUARD, up[attacker]) + 1):
        for n_def in range(1, min(MAX_VANGUARD, up[defender]) + 1):
            deployed = {attacker: n_att, defender: n_def}
            for wind in (False, True) if wind_left else (False,):
                if wind and deployed[TAILS] == 1:
                    # Wind sends back tails' only combatant: the round is a draw.
                    yield (nxt, defender, heads, tails, False, earth_left)
                    continue
                fighting = dict(deployed)
                if wind:
                    fighting[TAILS] -= 1
                for earth in (False, True) if earth_left else (False,):
                    for outcome in _possible_outcomes(fighting[attacker], fighting[defender]):
                        loser = {ATTACKER_WINS: defender, DEFENDER_WINS: attacker}.get(outcome)
                        lost = 0
                        if loser is not None:
                            lost = fighting[loser]
                            if earth and loser == TAILS:
                                # rulebook-1: a draw; family-1: the carrier survives.
                                lost = lost - 1 if ruleset == FAMILY else 0
                        h = heads - (lost if loser == HEADS else 0)
                        t = tails - (lost if loser == TAILS else 0)
                        yield (
                            nxt,
                            defender,
                            h,
                            t,
                            wind_left and not wind,
                            earth_left and not earth,
                        )


@cache
def reachable_scores(
    squad: int, ruleset: str, initiative: str | None = None
) -> frozenset[tuple[int, int]]:
    """Every final score ``(heads, tails)`` a legal game can end with.

    ``initiative`` (the side attacking in round 1) is optional: without it the
    answer covers both.
    """
    if squad not in SQUADS:
        raise ValueError(f"squad must be one of {SQUADS}, not {squad!r}")
    if ruleset not in RULESETS:
        raise ValueError(f"ruleset must be one of {RULESETS}, not {ruleset!r}")
    firsts = SIDES if initiative is None else (initiative,)
    frontier: set[State] = {(0, first, 0, 0, True, True) for first in firsts}
    for _ in range(squad):
        frontier = {nxt for state in frontier for nxt in _round_results(state, ruleset)}
    return frozenset((state[2], state[3]) for state in frontier)


def is_reachable(squad: int, ruleset: str, score: Mapping[str, int]) -> bool:
    """Whether ``{'heads': h, 'tails': t}`` is the final score of some legal game."""
    return (score.get(HEADS), score.get(TAILS)) in reachable_scores(squad, ruleset)


def check_reachable(squad: int, ruleset: str, score: Mapping[str, int]) -> None:
    """Raise :class:`UnreachableScoreError` unless a legal game can end with ``score``."""
    heads, tails = score.get(HEADS), score.get(TAILS)
    for value in (heads, tails):
        if type(value) is not int or not 0 <= value <= squad:
            raise UnreachableScoreError(
                "result.score_range", {HEADS: heads, TAILS: tails}, {"limit": squad}
            )
    if (heads, tails) not in reachable_scores(squad, ruleset):
        raise UnreachableScoreError(
            "result.unreachable",
            {HEADS: heads, TAILS: tails},
            {"game": "Qíahn Tactics", "squad": squad, "ruleset": ruleset},
        )
