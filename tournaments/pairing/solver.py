"""The pairing of a round: the greedy pairing, proved optimal or repaired by exact matchings.

What "optimal" means, in order of priority:

1. No rematch, whenever some pairing of the active players (with any one of
   them on the bye) has none. This is a hard rule: if rematches cannot all be
   avoided, the fewest possible are made.
2. The bye goes to the lowest-ranked player who has not had one (then, if
   everyone had one, the lowest-ranked player), unless that would force a
   rematch that another bye avoids (then the next player in that order).
3. Pair-downs as few and as small as possible: the sum over pairs of the
   squared point difference is minimal. Squares make two one-group pair-downs
   cheaper than one two-group jump, so pair-downs go between neighbouring
   score groups whenever possible.

Proof (the certificate). Let ``c_k`` be the pairs across the boundary below
score group ``k`` and ``g_k`` the points between the two groups. Every pairing
has ``sum(d^2) >= sum(g_k^2 * c_k)`` and ``c_k >= L_k``, where ``L_k`` is the
parity of the players above the boundary, or, when the players above (below)
are few enough that they might not pair among themselves, their count minus
twice their maximum rematch-free matching. So a rematch-free greedy pairing
with ``sum(d^2) == sum(g_k^2 * L_k)`` is optimal, and nothing else runs.

Repair. Small pools (up to ``EXACT_WHOLE_LIMIT`` players), and pools where a
rematch-free pairing is not guaranteed, are solved whole by one exact
minimum-cost perfect matching whose costs encode the three priorities (the bye
is a dummy vertex). Larger pools always have a rematch-free pairing (each
player has played fewer than half of the others: Dirac's theorem); there each
defect is re-solved exactly in a window of nearby score groups (small groups
whole, a sample of large ones, plus the partners of everyone taken); windows
grow until no rematch is left, at worst to the whole pool.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.pairing.blossom import max_weight_matching
from tournaments.pairing.greedy import greedy_pairs
from tournaments.pairing.pool import Pool

__all__ = ["EXACT_WHOLE_LIMIT", "Solution", "max_rematch_free_pairs", "solve"]

EXACT_WHOLE_LIMIT = 64
WINDOW_SAMPLE = 8  # players taken from each large score group into a repair window
BYE = -1

REMATCH, BOUNDARY, LONG = "rematch", "boundary", "long"


@dataclass(frozen=True, slots=True)
class Solution:
    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    exact_solves: int


@dataclass(frozen=True, slots=True)
class _Defect:
    low: int  # score group indices it spans
    high: int
    kind: str


def solve(pool: Pool) -> Solution:
    n = len(pool)
    if n == 0:
        return Solution((), None, 0)
    bye = pool.bye_order[0] if n % 2 else None
    pairs = greedy_pairs(pool, bye)
    defects = _defects(pool, pairs, bye)
    if not defects:
        return Solution(tuple(pairs), bye, 0)
    if n <= EXACT_WHOLE_LIMIT or not pool.surely_pairable(n - (bye is not None)):
        partner = _partners(pairs, bye)
        pairs, bye = _exact(pool, range(n), partner, choose_bye=bye is not None)
        return Solution(tuple(pairs), bye, 1)
    return _repair(pool, pairs, bye, defects)


def _partners(pairs: Iterable[tuple[int, int]], bye: int | None) -> dict[int, int]:
    partner = {}
    for i, j in pairs:
        partner[i] = j
        partner[j] = i
    if bye is not None:
        partner[bye] = BYE
    return partner


def _defects(
    pool: Pool, pairs: list[tuple[int, int]], bye: int | None, *, rematches_only: bool = False
) -> list[_Defect]:
    group, opp = pool.group, pool.opp
    m = len(pool.group_points)
    cross = [0] * (m + 1)
    found = []
    for i, j in pairs:
        gi, gj = sorted((group[i], group[j]))
        if j in opp[i]:
            found.append(_Defect(gi, gj, REMATCH))
        if gi != gj:
            cross[gi] += 1
            cross[gj] -= 1
            if gj - gi > 1:
                found.append(_Defect(gi, gj, LONG))
    if rematches_only:
        return [d for d in found if d.kind == REMATCH]
    sizes = [len(members) for members in pool.members]
    if bye is not None:
        sizes[group[bye]] -= 1
    total = sum(sizes)
    above = crossing = 0
    for k in range(m - 1):
        above += sizes[k]
        crossing += cross[k]
        if crossing > above % 2 and crossing > _floats_needed(pool, k, above, total, bye):
            found.append(_Defect(k, k + 1, BOUNDARY))
    return found


def _floats_needed(pool: Pool, k: int, above: int, total: int, bye: int | None) -> int:
    """A lower bound on the pairs across the boundary below score group ``k``."""
    need = above % 2
    for size, groups in ((above, range(k + 1)), (total - above, range(k + 1, len(pool.members)))):
        if not pool.surely_pairable(size):
            players = [i for g in groups for i in pool.members[g] if i != bye]
            need = max(need, size - 2 * max_rematch_free_pairs(pool, players))
    return need


def max_rematch_free_pairs(pool: Pool, players: list[int]) -> int:
    """The most pairs without a rematch that ``players`` can form among themselves."""
    edges = [
        (a, b, 1)
        for a in range(len(players))
        for b in range(a + 1, len(players))
        if players[b] not in pool.opp[players[a]]
    ]
    mate = max_weight_matching(edges, max_cardinality=True)
    return sum(1 for m in mate if m >= 0) // 2


def _exact(
    pool: Pool, window: Iterable[int], partner: dict[int, int], *, choose_bye: bool
) -> tuple[list[tuple[int, int]], int | None]:
    """Minimum-cost perfect matching of ``window`` (plus the bye dummy when choosing it).

    Costs are lexicographic through their scales: each rematch outweighs any
    bye choice, which outweighs any sum of squared point differences, which
    outweighs the tie-break (1 for each pair that the current pairing did not
    have, so an equally good repair changes as little as possible).
    """
    players = list(window)
    size = len(players)
    points, opp = pool.points, pool.opp
    spread = max(points[i] for i in players) - min(points[i] for i in players)
    keep = size // 2 + 2
    pair_unit = (size // 2 + 1) * (spread * spread * keep + 1) + 1
    rematch_unit = (len(pool) + 1) * pair_unit
    costs = []
    for a in range(size):
        u = players[a]
        played, pu, mate_u = opp[u], points[u], partner.get(u)
        for b in range(a + 1, size):
            v = players[b]
            d = pu - points[v]
            cost = d * d * keep + (mate_u != v)
            if v in played:
                cost += rematch_unit
            costs.append((a, b, cost))
    if choose_bye:
        place = {i: p for p, i in enumerate(pool.bye_order)}
        costs.extend(
            (a, size, place[u] * pair_unit + (partner.get(u) != BYE)) for a, u in enumerate(players)
        )
    top = max(c for _, _, c in costs) + 1
    mate = max_weight_matching([(a, b, top - c) for a, b, c in costs], max_cardinality=True)
    pairs = [(players[a], players[b]) for a, b in enumerate(mate) if a < b < size]
    bye = next((players[a] for a, b in enumerate(mate) if b == size), None)
    return pairs, bye


def _repair(pool: Pool, pairs: list[tuple[int, int]], bye: int | None, defects: list) -> Solution:
    partner = _partners(pairs, bye)
    m = len(pool.group_points)
    radius, sample, solves = 1, WINDOW_SAMPLE, 0
    while defects:
        if radius > m and sample > len(pool):  # the last window was the whole pool
            break
        for low, high in _clusters(defects, radius, m):
            window = _window(pool, partner, bye, low, high, sample)
            new_pairs, _ = _exact(pool, window, partner, choose_bye=False)
            partner.update(_partners(new_pairs, None))
            solves += 1
        pairs = [(i, j) for i, j in partner.items() if j != BYE and i < j]
        defects = _defects(pool, pairs, bye, rematches_only=True)
        radius, sample = radius + 1, sample * 2
    pairs.sort()
    return Solution(tuple(pairs), bye, solves)


def _clusters(defects: list[_Defect], radius: int, m: int) -> list[tuple[int, int]]:
    spans = sorted((max(0, d.low - radius), min(m - 1, d.high + radius)) for d in defects)
    merged: list[tuple[int, int]] = []
    for low, high in spans:
        if merged and low <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return merged


def _window(
    pool: Pool, partner: dict[int, int], bye: int | None, low: int, high: int, sample: int
) -> list[int]:
    """Players of groups ``low..high`` (a sample of large ones) and their partners."""
    group, opp = pool.group, pool.opp
    chosen: list[int] = []
    for g in range(low, high + 1):
        members = [i for i in pool.members[g] if i != bye]
        if len(members) <= sample:
            chosen.extend(members)
            continue
        plain = [i for i in members if group[partner[i]] == g and partner[i] not in opp[i]]
        plain_set = set(plain)
        chosen.extend(i for i in members if i not in plain_set)
        chosen.extend(plain[:sample])
    taken = set(chosen)
    taken.update(partner[i] for i in chosen)
    return sorted(taken)
