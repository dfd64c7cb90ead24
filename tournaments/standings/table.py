"""The standings: players ordered by a format's tiebreaks, with exact and exportable values.

This module owns the order. Players are sorted by each tiebreak in turn,
higher first. Players still equal after the last tiebreak are put in a
deterministic order: by player id (ints numerically, then strs) by default, or,
when the event passes ``tie_seed``, by a draw that depends only on the seed and
the player's ``tie_name`` if it has one, else its id (SHA-256 of
``"<seed>:<name or id>"``), so it is reproducible, does not change when other
players join or drop, and (with names) is the same on every install.

Values are exact (``int`` or ``Fraction``); ``Standing.decimal`` and
``export_rows`` give the 0..1 decimals for CSV exports. Sorting converts each
fraction column to integers over one common denominator, which keeps the order
exact and the sort fast.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from math import lcm

from tournaments.core import PlayerId, id_sort_key
from tournaments.standings.records import MatchResult, Record, StandingsPlayer, build_records
from tournaments.standings.tiebreaks import StandingsContext, Value, get_tiebreak, resolve_order

__all__ = ["Standing", "compute_standings", "export_rows"]


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: place, player, record and tiebreak values in order."""

    rank: int
    player: PlayerId
    dropped: bool
    record: Record
    values: tuple[tuple[str, Value], ...]

    @property
    def match_points(self) -> int:
        return self.record.match_points

    def value(self, name: str) -> Value:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def decimal(self, name: str, places: int = 4) -> Decimal:
        """A value as a decimal rounded half-even to ``places`` (percentages in 0..1)."""
        return _to_decimal(self.value(name), places)

    def export_row(self, places: int = 4) -> dict[str, object]:
        """``rank``, ``player`` and each tiebreak column (percentages as decimals)."""
        row: dict[str, object] = {"rank": self.rank, "player": self.player}
        for name, value in self.values:
            row[name] = _to_decimal(value, places) if get_tiebreak(name).percentage else value
        return row


def _to_decimal(value: Value, places: int) -> Decimal:
    fraction = Fraction(value)
    with localcontext() as ctx:
        ctx.prec = 50
        exact = Decimal(fraction.numerator) / Decimal(fraction.denominator)
        return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)


def _sortable(column: Mapping[PlayerId, Value]) -> Mapping[PlayerId, Value]:
    """Integers ordered like the column's values (exact: one common denominator)."""
    if all(type(v) is int for v in column.values()):
        return column
    fractions = {pid: v if type(v) is Fraction else Fraction(v) for pid, v in column.items()}
    common = lcm(*{f.denominator for f in fractions.values()}) if fractions else 1
    return {pid: f.numerator * (common // f.denominator) for pid, f in fractions.items()}


def _tie_key(player: PlayerId, tie_seed: int | str | None, name: str | None = None) -> object:
    if tie_seed is None:
        return id_sort_key(player)
    return hashlib.sha256(f"{tie_seed}:{player if name is None else name}".encode()).digest()


def compute_standings(
    players: Sequence[StandingsPlayer],
    results: Iterable[MatchResult],
    *,
    tiebreaks: str | Sequence[str] = "dar",
    as_of_round: int | None = None,
    tie_seed: int | str | None = None,
) -> tuple[Standing, ...]:
    """The standings after ``as_of_round`` (all results when ``None``), best first.

    ``tiebreaks`` is a preset name (``"dar"``, ``"pokemon_style"``) or a list of
    registered tiebreak names. Dropped players are listed (``dropped=True``);
    the caller filters them out for pairing or a top cut if it wishes.
    """
    order = resolve_order(tiebreaks)
    records = build_records(players, results, as_of_round=as_of_round)
    ctx = StandingsContext(records)
    columns = {name: ctx.column(name) for name in order}
    keys = [_sortable(columns[name]) for name in order]
    names = {p.id: p.tie_name for p in players if p.tie_name is not None}
    ids = sorted(records, key=lambda pid: _tie_key(pid, tie_seed, names.get(pid)))
    negated = [[-k[pid] for pid in ids] for k in keys]
    ids = [ids[row[-1]] for row in sorted(zip(*negated, range(len(ids)), strict=True))]
    rows = zip(*([columns[name][pid] for pid in ids] for name in order), strict=True)
    return tuple(
        Standing(place, pid, rec.dropped, rec, tuple(zip(order, row, strict=True)))
        for place, (pid, row) in enumerate(zip(ids, rows, strict=True), start=1)
        for rec in (records[pid],)
    )


def export_rows(standings: Iterable[Standing], *, places: int = 4) -> list[dict[str, object]]:
    """Rows for a CSV export: ``rank``, ``player``, then the tiebreak columns in order."""
    return [s.export_row(places) for s in standings]
