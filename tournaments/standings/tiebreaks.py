"""The tiebreak registry: named columns a format orders its standings by.

This module owns what each tiebreak means. A tiebreak is a function from the
players' records to one exact value per player (an ``int`` or a ``Fraction``);
it is registered under a stable string name, and a format picks an order of
names (a preset such as ``"dar"``, or its own list). Higher is better for every
registered tiebreak.

Built in, the DAR / usual TCG columns (docs/readings.md, "Swiss beyond the DAR"):

* ``match_points``: win 3, draw 1, loss 0; a bye is a win.
* ``mw``: own match-win percentage, match points / (3 x matches played, byes
  included), floored at 1/3. It is what opponents see.
* ``omw``: the average of the opponents' ``mw`` (each already floored at 1/3).
* ``gw``: own game-win percentage, game points (3 a game won, 1 a game drawn)
  / (3 x games played, the bye's two won games included), floored at 1/3.
* ``ogw``: the average of the opponents' ``gw``.

Byes are not opponents. A dropped player still counts as an opponent, with
their record up to the round of the standings. An opponent met twice counts
twice. A player with no opponent yet (only byes, or nothing) gets the floor as
``omw`` / ``ogw``; one with no game played gets the floor as ``gw``.

A second, Pokémon-style family proves the registry carries other rules: the
``pokemon_win`` of a player is match wins / matches, byes left out of both,
floored at 1/4 and capped at 3/4 for a player who has dropped; ``owp`` averages
the opponents' ``pokemon_win`` and ``oowp`` averages the opponents' ``owp``
(floor 1/4 when there is no opponent). It is our reading of that style, not an
official rules text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from tournaments.core import CoreError, PlayerId
from tournaments.standings.records import Record

__all__ = [
    "PRESETS",
    "StandingsContext",
    "Tiebreak",
    "UnknownPresetError",
    "UnknownTiebreakError",
    "get_tiebreak",
    "register_preset",
    "register_tiebreak",
    "resolve_order",
    "tiebreak_names",
]

Value = int | Fraction
Column = Mapping[PlayerId, Value]
THIRD = Fraction(1, 3)
QUARTER = Fraction(1, 4)
THREE_QUARTERS = Fraction(3, 4)


class UnknownTiebreakError(CoreError):
    code = "unknown_tiebreak"


class UnknownPresetError(CoreError):
    code = "unknown_tiebreak_preset"


class StandingsContext:
    """The records of one standings computation, with each column computed once."""

    def __init__(self, records: Mapping[PlayerId, Record]) -> None:
        self.records = records
        self._columns: dict[str, Column] = {}

    def column(self, name: str) -> Column:
        if name not in self._columns:
            self._columns[name] = get_tiebreak(name).compute(self)
        return self._columns[name]

    def opponents_average(self, per_player: Column, *, empty: Fraction) -> dict[PlayerId, Value]:
        """Each player's average of ``per_player`` over their opponents, exactly.

        Sums integers over one common denominator instead of adding Fractions,
        which keeps 4,096 players x 12 rounds well under the time budget.
        """
        values = {pid: v if type(v) is Fraction else Fraction(v) for pid, v in per_player.items()}
        common = lcm(*{v.denominator for v in values.values()}) if values else 1
        scaled = {pid: v.numerator * (common // v.denominator) for pid, v in values.items()}
        out: dict[PlayerId, Value] = {}
        for pid, record in self.records.items():
            opponents = record.opponents
            if opponents:
                total = sum(map(scaled.__getitem__, opponents))
                out[pid] = Fraction(total, common * len(opponents))
            else:
                out[pid] = empty
        return out


@dataclass(frozen=True, slots=True)
class Tiebreak:
    name: str
    compute: Callable[[StandingsContext], Column]
    percentage: bool
    description: str


_REGISTRY: dict[str, Tiebreak] = {}

PRESETS: dict[str, tuple[str, ...]] = {}


def register_tiebreak(
    name: str, *, percentage: bool, description: str
) -> Callable[[Callable[[StandingsContext], Column]], Callable[[StandingsContext], Column]]:
    """Decorator registering a tiebreak under ``name`` (re-registering replaces it)."""

    def wrap(
        compute: Callable[[StandingsContext], Column],
    ) -> Callable[[StandingsContext], Column]:
        _REGISTRY[name] = Tiebreak(name, compute, percentage, description)
        return compute

    return wrap


def register_preset(name: str, order: Sequence[str]) -> None:
    """Name an order of tiebreaks; every name must already be registered."""
    PRESETS[name] = tuple(get_tiebreak(n).name for n in order)


def get_tiebreak(name: str) -> Tiebreak:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownTiebreakError(
            f"unknown tiebreak {name!r}; known: {', '.join(sorted(_REGISTRY))}", name=name
        ) from None


def tiebreak_names() -> tuple[str, ...]:
    return tuple(sorted(_REGISTRY))


def resolve_order(tiebreaks: str | Sequence[str]) -> tuple[str, ...]:
    """A preset name or an explicit list of tiebreak names, checked."""
    if isinstance(tiebreaks, str):
        try:
            return PRESETS[tiebreaks]
        except KeyError:
            raise UnknownPresetError(
                f"unknown tiebreak preset {tiebreaks!r}; known: {', '.join(sorted(PRESETS))}",
                name=tiebreaks,
            ) from None
    return tuple(get_tiebreak(name).name for name in tiebreaks)


@register_tiebreak("match_points", percentage=False, description="win 3, draw 1, loss 0")
def _match_points(ctx: StandingsContext) -> Column:
    return {pid: r.match_points for pid, r in ctx.records.items()}


@register_tiebreak("mw", percentage=True, description="own match-win %, floored at 1/3")
def _match_win(ctx: StandingsContext) -> Column:
    return {
        # match_points / (3 x matches) >= 1/3 exactly when match_points >= matches
        pid: Fraction(r.match_points, 3 * r.matches) if r.match_points > r.matches else THIRD
        for pid, r in ctx.records.items()
    }


@register_tiebreak("omw", percentage=True, description="opponents' average match-win %")
def _opponents_match_win(ctx: StandingsContext) -> Column:
    return ctx.opponents_average(ctx.column("mw"), empty=THIRD)


@register_tiebreak("gw", percentage=True, description="own game-win %, floored at 1/3")
def _game_win(ctx: StandingsContext) -> Column:
    return {
        pid: Fraction(r.game_points, 3 * r.games) if r.game_points > r.games else THIRD
        for pid, r in ctx.records.items()
    }


@register_tiebreak("ogw", percentage=True, description="opponents' average game-win %")
def _opponents_game_win(ctx: StandingsContext) -> Column:
    return ctx.opponents_average(ctx.column("gw"), empty=THIRD)


def _pokemon_win(record: Record) -> Fraction:
    matches = record.matches - record.byes
    rate = Fraction(record.wins - record.byes, matches) if matches else QUARTER
    rate = max(rate, QUARTER)
    return min(rate, THREE_QUARTERS) if record.dropped else rate


@register_tiebreak(
    "pokemon_win",
    percentage=True,
    description="wins / matches without byes, floor 1/4, cap 3/4 once dropped",
)
def _pokemon_win_column(ctx: StandingsContext) -> Column:
    return {pid: _pokemon_win(r) for pid, r in ctx.records.items()}


@register_tiebreak("owp", percentage=True, description="opponents' average pokemon_win")
def _opponents_win(ctx: StandingsContext) -> Column:
    return ctx.opponents_average(ctx.column("pokemon_win"), empty=QUARTER)


@register_tiebreak("oowp", percentage=True, description="opponents' average owp")
def _opponents_opponents_win(ctx: StandingsContext) -> Column:
    return ctx.opponents_average(ctx.column("owp"), empty=QUARTER)


register_preset("dar", ("match_points", "omw", "gw", "ogw"))
register_preset("pokemon_style", ("match_points", "owp", "oowp"))
