"""The metagame's tables from grouped counts: shares, win rates, the matchup table and the
per-card rows, with the rows too small to publish grouped as "other"."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from metagame.core.rates import NO_MATCHES, WinRate

# The key of the row that gathers the rows too small to show on their own.
OTHER = "__other__"
# The fewest lists a row of the public metagame stands on: below it one player's list could
# be read out of the figures.
PUBLIC_THRESHOLD = 8


@dataclass(frozen=True)
class ShareRow:
    key: str
    lists: int
    share: float | None
    win: WinRate
    # the keys this row gathers (itself, or the small rows of "other")
    members: tuple[str, ...] = field(default=())

    @property
    def is_other(self) -> bool:
        return self.key == OTHER


def share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def grouping(
    lists: Mapping[str, int], threshold: int, *, keep: Iterable[str] = ()
) -> Callable[[str], str]:
    """The row each key is shown in: itself when ``threshold`` lists or more stand behind
    it (or it is in ``keep``), else "other"."""
    kept = {k for k, n in lists.items() if n >= threshold} | set(keep)
    return lambda key: key if key in kept else OTHER


def oriented_rates(
    cells: Mapping[tuple[str, str], WinRate],
) -> dict[str, WinRate]:
    """Each key's win rate over its matches against every other key (mirrors apart): the sum
    of its row of the matchup table without the diagonal."""
    out: dict[str, WinRate] = {}
    for (mine, theirs), win in cells.items():
        if mine != theirs:
            out[mine] = out.get(mine, NO_MATCHES) + win
    return out


def share_rows(
    lists: Mapping[str, int],
    cells: Mapping[tuple[str, str], WinRate],
    *,
    threshold: int = 1,
) -> list[ShareRow]:
    """Rows by share (most played first), the small ones grouped as "other" (last).

    ``lists``: lists per key; ``cells``: the matchup table by key, each match counted from
    both sides (``(mine, theirs) -> my points and matches``). Grouping happens before the
    rates, so a match between two small keys is a mirror of "other", apart like any mirror.
    """
    total = sum(lists.values())
    group = grouping(lists, threshold)
    grouped_lists: dict[str, int] = {}
    members: dict[str, list[str]] = {}
    for key, n in lists.items():
        g = group(key)
        grouped_lists[g] = grouped_lists.get(g, 0) + n
        members.setdefault(g, []).append(key)
    rates = oriented_rates(group_cells(cells, group))
    rows = [
        ShareRow(
            key=k,
            lists=n,
            share=share(n, total),
            win=rates.get(k, NO_MATCHES),
            members=tuple(sorted(members[k])),
        )
        for k, n in grouped_lists.items()
    ]
    rows.sort(key=lambda r: (r.is_other, -r.lists, r.key))
    return rows


def group_cells(
    cells: Mapping[tuple[str, str], WinRate], group: Callable[[str], str]
) -> dict[tuple[str, str], WinRate]:
    out: dict[tuple[str, str], WinRate] = {}
    for (a, b), win in cells.items():
        key = (group(a), group(b))
        out[key] = out.get(key, NO_MATCHES) + win
    return out


@dataclass(frozen=True)
class Matchup:
    """The matchup table: ``keys`` in row order; ``cells[(row, col)]`` the row's points and
    matches against the column. A diagonal cell holds the mirror matches, counted once
    (``mirrors``), with no rate: a mirror is always won by the key itself."""

    keys: tuple[str, ...]
    cells: dict[tuple[str, str], WinRate]
    mirrors: dict[str, int]

    def cell(self, row: str, col: str) -> WinRate:
        if row == col:
            return WinRate(0.0, 0)
        return self.cells.get((row, col), NO_MATCHES)


def matchup_table(
    cells: Mapping[tuple[str, str], WinRate], keys: Iterable[str], group: Callable[[str], str]
) -> Matchup:
    grouped = group_cells(cells, group)
    order: list[str] = []
    for k in keys:
        g = group(k)
        if g not in order:
            order.append(g)
    mirrors = {k: int(grouped.get((k, k), NO_MATCHES).matches // 2) for k in order}
    off = {pair: w for pair, w in grouped.items() if pair[0] != pair[1]}
    return Matchup(keys=tuple(order), cells=off, mirrors=mirrors)


def card_win_rate(side_points: float, sides: int, both: int) -> WinRate:
    """The win rate of lists playing a card against lists that do not.

    ``side_points`` and ``sides``: points and matches of every side whose list plays the
    card; ``both``: the matches in which both lists play it. Such a match hands out exactly
    one point between its two sides (a win and a loss, or two halves), so taking it out
    leaves the matches against lists without the card. Matches where neither list plays
    it are not counted to begin with."""
    return WinRate(side_points - both, sides - 2 * both)
