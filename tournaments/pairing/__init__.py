"""Swiss pairing: score groups, pair-downs, hard no-rematch, byes, drops; each pairing explained.

Pure Python, no Django. The service layer passes the players with their
current points, standings rank, previous opponents, bye history, drop flag and
fixed table, plus the round number and the round's recorded seed, and stores
what comes back (tables, players, flags as JSON).
"""

from tournaments.pairing.pool import (
    DuplicatePlayerError,
    DuplicateRankError,
    InvalidPlayerError,
    InvalidRoundError,
    PairingInputError,
)
from tournaments.pairing.quality import PairingQuality, measure
from tournaments.pairing.swiss import pair_round
from tournaments.pairing.types import (
    ByeReason,
    Flag,
    FlagCode,
    Pairing,
    PairingCheck,
    Player,
    Problem,
    ProblemCode,
    RoundPairings,
    Severity,
)
from tournaments.pairing.validate import check_pairings, rematch_free_pairing_exists

__all__ = [
    "ByeReason",
    "DuplicatePlayerError",
    "DuplicateRankError",
    "Flag",
    "FlagCode",
    "InvalidPlayerError",
    "InvalidRoundError",
    "Pairing",
    "PairingCheck",
    "PairingInputError",
    "PairingQuality",
    "Player",
    "Problem",
    "ProblemCode",
    "RoundPairings",
    "Severity",
    "check_pairings",
    "measure",
    "pair_round",
    "rematch_free_pairing_exists",
]
