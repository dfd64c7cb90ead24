"""From pairs of players to numbered tables with flags (shared by the generator and the checker).

This module owns the presentation of a pairing:

* Player A is the one with more points (the better-ranked one when equal).
* Tables go top-down: by A's points, then B's points, then A's standings place.
* A player with a fixed table (e.g. for accessibility) gets it. When both
  players of a pair have one, the better-ranked player's is used; when two
  pairs claim the same table, the higher pair gets it. A claim not honoured is
  flagged ``fixed_table_conflict``. Other pairs take the lowest free numbers.
* The bye is listed last, on the number after the highest table (the site
  gives every match, byes included, a table number of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tournaments.pairing.types import Flag, FlagCode, Pairing, Player

__all__ = ["match_flags", "number_tables", "orient"]


def orient(x: Player, y: Player, place: Callable[[Player], int]) -> tuple[Player, Player]:
    """The pair as (player A, player B)."""
    if (y.points, -place(y)) > (x.points, -place(x)):
        return y, x
    return x, y


def match_flags(a: Player, b: Player, *, rematch: FlagCode | None) -> list[Flag]:
    """Flags explaining a pair of oriented players (A has at least B's points)."""
    flags = []
    if a.points != b.points:
        flags.append(
            Flag.make(FlagCode.PAIRED_DOWN, player=a.id, from_points=a.points, to_points=b.points)
        )
    if rematch is not None:
        flags.append(Flag.make(rematch, players=(a.id, b.id)))
    return flags


def number_tables(
    matches: Sequence[tuple[Player, Player, list[Flag]]],
    bye: tuple[Player, list[Flag]] | None,
    place: Callable[[Player], int],
) -> tuple[Pairing, ...]:
    """Number oriented matches top-down, honouring fixed tables; the bye goes last."""
    ordered = sorted(matches, key=lambda m: (-m[0].points, -m[1].points, place(m[0])))
    tables: list[int | None] = [None] * len(ordered)
    claimed: set[int] = set()
    for index, (a, b, flags) in enumerate(ordered):
        claims = sorted(
            ((p, p.fixed_table) for p in (a, b) if p.fixed_table is not None),
            key=lambda claim: place(claim[0]),
        )
        for rank, (player, table) in enumerate(claims):
            if rank == 0 and table not in claimed:
                tables[index] = table
                claimed.add(table)
                flags.append(Flag.make(FlagCode.FIXED_TABLE, player=player.id, table=table))
            else:
                flags.append(
                    Flag.make(FlagCode.FIXED_TABLE_CONFLICT, player=player.id, table=table)
                )
    free = (t for t in range(1, len(ordered) + len(claimed) + 1) if t not in claimed)
    result = []
    for index, (a, b, flags) in enumerate(ordered):
        table = tables[index] if tables[index] is not None else next(free)
        result.append(Pairing(table, a.id, b.id, tuple(flags)))
    if bye is not None:
        last = max((p.table for p in result), default=0)
        result.append(Pairing(last + 1, bye[0].id, None, tuple(bye[1])))
    return tuple(result)
