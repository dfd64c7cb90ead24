"""Checking a pairing a judge edited (after swaps): its flags again, and what is wrong with it.

This module owns the rules a published pairing must keep. Errors: a player
listed twice, an active player missing, an unknown or dropped player paired,
a player against themself, two byes, two matches on one table, and a rematch
that a rematch-free pairing would have avoided. Warnings: a rematch that no
pairing could avoid, a second bye while someone still has none, a fixed table
not honoured. The checker never refuses; the site decides what to allow
(``PairingCheck.ok`` is false when there is any error).

Flags are recomputed as the generator would give them, keeping the judge's
tables and the judge's player A / player B. A bye that is not the usual one is
``judge_assigned`` (in round 1 every bye is ``random_first_round``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from tournaments.core import PlayerId
from tournaments.pairing.assemble import match_flags
from tournaments.pairing.pool import build_pool, check_players
from tournaments.pairing.solver import max_rematch_free_pairs
from tournaments.pairing.swiss import bye_flag
from tournaments.pairing.types import (
    Flag,
    FlagCode,
    Pairing,
    PairingCheck,
    Player,
    Problem,
    ProblemCode,
    Severity,
)

__all__ = ["check_pairings", "rematch_free_pairing_exists"]

Report = Callable[..., None]


def rematch_free_pairing_exists(players: Sequence[Player]) -> bool:
    """Whether the active players can be paired (one of them on the bye) with no rematch."""
    pool = build_pool(players, round_number=2, seed=0)
    n = len(pool)
    if pool.surely_pairable(n - n % 2):
        return True
    return max_rematch_free_pairs(pool, list(range(n))) == n // 2


def check_pairings(
    players: Sequence[Player], pairings: Sequence[Pairing], *, round_number: int
) -> PairingCheck:
    """Re-flag ``pairings`` (flags given are ignored) and list their problems."""
    check_players(players, round_number)
    by_id = {p.id: p for p in players}
    problems: list[Problem] = []

    def problem(code: ProblemCode, severity: Severity = Severity.ERROR, **params: Any) -> None:
        problems.append(Problem(code, severity, tuple(sorted(params.items()))))

    seen: Counter[PlayerId] = Counter()
    for table, count in sorted(Counter(p.table for p in pairings).items()):
        if count > 1:
            problem(ProblemCode.TABLE_TWICE, table=table, matches=count)
    for pairing in pairings:
        named = [pairing.player_a] + ([pairing.player_b] if pairing.player_b is not None else [])
        if pairing.player_a == pairing.player_b:
            problem(ProblemCode.SELF_PAIRED, player=pairing.player_a, table=pairing.table)
        for pid in named:
            seen[pid] += 1
            if pid not in by_id:
                problem(ProblemCode.UNKNOWN_PLAYER, player=pid, table=pairing.table)
            elif by_id[pid].dropped:
                problem(ProblemCode.DROPPED_PLAYER_PAIRED, player=pid, table=pairing.table)
    for pid, count in seen.items():
        if count > 1:
            problem(ProblemCode.PLAYER_TWICE, player=pid, times=count)
    for p in players:
        if not p.dropped and p.id not in seen:
            problem(ProblemCode.MISSING_PLAYER, player=p.id)
    byes = [p for p in pairings if p.player_b is None]
    if len(byes) > 1:
        problem(ProblemCode.SEVERAL_BYES, players=tuple(p.player_a for p in byes))
    avoidable = rematch_free_pairing_exists(players)
    flagged = [_reflag(p, by_id, avoidable, round_number, problem) for p in pairings]
    _check_byes(players, byes, by_id, problem)
    return PairingCheck(tuple(flagged), tuple(problems))


def _reflag(
    pairing: Pairing,
    by_id: dict[PlayerId, Player],
    avoidable: bool,
    round_number: int,
    problem: Report,
) -> Pairing:
    a = by_id.get(pairing.player_a)
    b = by_id.get(pairing.player_b) if pairing.player_b is not None else None
    flags: list[Flag] = []
    if a is not None and b is not None and a.id != b.id:
        high, low = (a, b) if a.points >= b.points else (b, a)
        rematch = None
        if b.id in a.opponents or a.id in b.opponents:
            rematch = FlagCode.REMATCH if avoidable else FlagCode.REMATCH_FORCED
            severity = Severity.ERROR if avoidable else Severity.WARNING
            problem(ProblemCode.REMATCH, severity, players=(a.id, b.id), table=pairing.table)
        flags = match_flags(high, low, rematch=rematch)
    elif a is not None and pairing.player_b is None and not a.dropped:
        pool = build_pool(list(by_id.values()), round_number=round_number, seed=0)
        bye = next(i for i, p in enumerate(pool.players) if p.id == a.id)
        flags = [bye_flag(pool, bye, round_number=round_number, chosen_by_judge=True)]
    for p in (a, b):
        if p is None or p.fixed_table is None or p.dropped:
            continue
        if pairing.player_b is not None and pairing.table == p.fixed_table:
            flags.append(Flag.make(FlagCode.FIXED_TABLE, player=p.id, table=p.fixed_table))
        elif pairing.player_b is not None:
            problem(
                ProblemCode.FIXED_TABLE_IGNORED,
                Severity.WARNING,
                player=p.id,
                table=p.fixed_table,
                seated_at=pairing.table,
            )
    return Pairing(pairing.table, pairing.player_a, pairing.player_b, tuple(flags))


def _check_byes(
    players: Sequence[Player], byes: list[Pairing], by_id: dict[PlayerId, Player], problem: Report
) -> None:
    on_bye = {b.player_a for b in byes}
    someone_without = any(not p.dropped and not p.had_bye and p.id not in on_bye for p in players)
    for pairing in byes:
        player = by_id.get(pairing.player_a)
        if player is not None and player.had_bye and someone_without:
            problem(ProblemCode.SECOND_BYE, Severity.WARNING, player=player.id)
