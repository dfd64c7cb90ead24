"""The fast path: top-down pairing within score groups, with pair-downs to the next group.

Score groups are taken from the most points down. A group's bracket is the
players paired down into it (first) and its own players, in pool order. Each
unpaired player in turn meets the first later player they have not played.
When two or more are left over, a bounded search swaps them into existing
pairs (u, w left, (a, b) paired, u may play a and w may play b: pair u-a and
w-b). Whoever is still left is paired down into the next group. Players left
at the very bottom are paired with each other even if that is a rematch; the
certificate in ``exact`` sees it and repairs it.

On realistic events this alone gives the optimal pairing almost every round
(one pair-down per odd boundary, no rematch); ``exact`` proves it or fixes it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.pool import Pool

__all__ = ["greedy_pairs"]

# Upper bound on (left-over pair, existing pair) checks per bracket.
SWAP_BUDGET = 20_000


def greedy_pairs(pool: Pool, bye: int | None) -> list[tuple[int, int]]:
    """Pairs of pool indices covering every player but ``bye``."""
    pairs: list[tuple[int, int]] = []
    floaters: list[int] = []
    for members in pool.members:
        bracket = floaters + [i for i in members if i != bye]
        paired, floaters = _pair_bracket(bracket, pool.opp)
        pairs.extend(paired)
    pairs.extend(zip(floaters[::2], floaters[1::2], strict=True))
    return pairs


def _pair_bracket(
    bracket: Sequence[int], opp: Sequence[frozenset[int]]
) -> tuple[list[tuple[int, int]], list[int]]:
    taken: set[int] = set()
    pairs: list[tuple[int, int]] = []
    free: list[int] = []
    size = len(bracket)
    for x in range(size):
        p = bracket[x]
        if p in taken:
            continue
        taken.add(p)
        played = opp[p]
        for y in range(x + 1, size):
            q = bracket[y]
            if q not in taken and q not in played:
                taken.add(q)
                pairs.append((p, q))
                break
        else:
            free.append(p)
    if len(free) >= 2:
        _swap_in(pairs, free, opp)
    return pairs, free


def _swap_in(pairs: list[tuple[int, int]], free: list[int], opp: Sequence[frozenset[int]]) -> None:
    """Pair left-over players two at a time by breaking one existing pair."""
    budget = SWAP_BUDGET
    i = 0
    while i < len(free) - 1 and budget > 0:
        u = free[i]
        done = False
        for j in range(i + 1, len(free)):
            w = free[j]
            for k in range(len(pairs) - 1, -1, -1):
                budget -= 1
                if budget <= 0:
                    break
                a, b = pairs[k]
                if a not in opp[u] and b not in opp[w]:
                    pairs[k], extra = (a, u), (b, w)
                elif b not in opp[u] and a not in opp[w]:
                    pairs[k], extra = (b, u), (a, w)
                else:
                    continue
                pairs.append(extra)
                del free[j]
                del free[i]
                done = True
                break
            if done or budget <= 0:
                break
        if not done:
            i += 1
