"""Quality figures of a pairing, for benchmarks, tests and the judge's overview.

This module owns the definitions the pairing is measured by (and compared
with other pairing programs on):

* ``rematches``: pairs who already played each other.
* ``pair_downs``: pairs whose players have different points.
* ``point_difference``: the sum over pairs of the point difference.
* ``squared_difference``: the same with squares (what the solver minimises).
* ``largest_difference``: the biggest point gap at one table.
* ``bye_fair``: the bye went to the lowest-ranked player who had not had one
  (to the lowest-ranked player if everyone had one); ``bye_rank_gap`` counts
  the players the rule would have preferred (0 when fair).
* ``pair_down_floor``: the fewest pair-downs any pairing could have with this
  bye, counting only parity (a score group with an odd number of players, bye
  excluded, must send someone down); a pairing at the floor cannot do better.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate

from tournaments.core import PlayerId
from tournaments.pairing.types import Player

__all__ = ["PairingQuality", "measure"]


@dataclass(frozen=True, slots=True)
class PairingQuality:
    pairs: int
    rematches: int
    pair_downs: int
    point_difference: int
    squared_difference: int
    largest_difference: int
    bye: PlayerId | None
    bye_fair: bool
    bye_rank_gap: int
    pair_down_floor: int


def measure(
    players: Sequence[Player], pairs: Iterable[tuple[PlayerId, PlayerId | None]]
) -> PairingQuality:
    """Measure ``pairs`` (player A, player B or ``None`` for the bye) of ``players``."""
    by_id = {p.id: p for p in players}
    rematches = pair_downs = total = squares = largest = count = 0
    bye = None
    for a_id, b_id in pairs:
        if b_id is None:
            bye = a_id
            continue
        a, b = by_id[a_id], by_id[b_id]
        count += 1
        gap = abs(a.points - b.points)
        rematches += b.id in a.opponents or a.id in b.opponents
        pair_downs += gap > 0
        total += gap
        squares += gap * gap
        largest = max(largest, gap)
    active = sorted((p for p in players if not p.dropped), key=lambda p: p.rank, reverse=True)
    preference = [p.id for p in active if not p.had_bye] + [p.id for p in active if p.had_bye]
    gap_rank = preference.index(bye) if bye in preference else 0
    return PairingQuality(
        pairs=count,
        rematches=rematches,
        pair_downs=pair_downs,
        point_difference=total,
        squared_difference=squares,
        largest_difference=largest,
        bye=bye,
        bye_fair=bye is None or gap_rank == 0,
        bye_rank_gap=gap_rank,
        pair_down_floor=_parity_floor(active, bye),
    )


def _parity_floor(active: Sequence[Player], bye: PlayerId | None) -> int:
    sizes: dict[int, int] = {}
    for p in active:
        if p.id != bye:
            sizes[p.points] = sizes.get(p.points, 0) + 1
    counts = [sizes[points] for points in sorted(sizes, reverse=True)]
    return sum(above % 2 for above in accumulate(counts[:-1]))
