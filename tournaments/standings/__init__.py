"""Standings of a Swiss event: records, tiebreaks (a string-keyed registry), order, top cut.

Pure Python, no Django. The service layer loads the registrations and the
confirmed results, calls ``compute_standings`` and renders or exports the
``Standing`` values; a top cut seeds a ``Bracket`` from the same standings.

* ``records``: what a result means (points, games, opponents, byes, overrides).
* ``tiebreaks``: the registry of named tiebreaks and the presets (``"dar"``).
* ``table``: the order, the final tie rule, exact and decimal values.
* ``topcut``: single-elimination seeding and progression.
* ``progress``: which round the standings are after (the last completed one).
"""

from tournaments.standings.progress import RoundProgress, StandingsRound, standings_round
from tournaments.standings.records import (
    DuplicatePlayerError,
    InvalidByeError,
    InvalidRoundError,
    MatchResult,
    Override,
    PlayerTwiceInRoundError,
    Record,
    SelfMatchError,
    StandingsError,
    StandingsPlayer,
    UnknownPlayerError,
    build_records,
)
from tournaments.standings.table import Standing, compute_standings, export_rows
from tournaments.standings.tiebreaks import (
    PRESETS,
    StandingsContext,
    Tiebreak,
    UnknownPresetError,
    UnknownTiebreakError,
    get_tiebreak,
    register_preset,
    register_tiebreak,
    resolve_order,
    tiebreak_names,
)
from tournaments.standings.topcut import (
    Bracket,
    BracketMatch,
    InvalidCutSizeError,
    NotEnoughPlayersError,
    WrongWinnerError,
    bracket_positions,
    final_placings,
    top_cut_seeds,
)

__all__ = [
    "PRESETS",
    "Bracket",
    "BracketMatch",
    "DuplicatePlayerError",
    "InvalidByeError",
    "InvalidCutSizeError",
    "InvalidRoundError",
    "MatchResult",
    "NotEnoughPlayersError",
    "Override",
    "PlayerTwiceInRoundError",
    "Record",
    "RoundProgress",
    "SelfMatchError",
    "Standing",
    "StandingsContext",
    "StandingsError",
    "StandingsPlayer",
    "StandingsRound",
    "Tiebreak",
    "UnknownPlayerError",
    "UnknownPresetError",
    "UnknownTiebreakError",
    "WrongWinnerError",
    "bracket_positions",
    "build_records",
    "compute_standings",
    "export_rows",
    "final_placings",
    "get_tiebreak",
    "register_preset",
    "register_tiebreak",
    "resolve_order",
    "standings_round",
    "tiebreak_names",
    "top_cut_seeds",
]
