"""``pair_round``: the pairings of one Swiss round, explained by flags.

This module wires the pieces: check and order the players (``pool``), solve
(``greedy`` proved or repaired by ``solver``), then orient, flag and number
the tables (``assemble``). See ``solver`` for what the pairing optimises and
how it proves it; see ``pool`` for where randomness enters.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.assemble import match_flags, number_tables, orient
from tournaments.pairing.pool import Pool, build_pool, check_players
from tournaments.pairing.solver import solve
from tournaments.pairing.types import ByeReason, Flag, FlagCode, Player, RoundPairings

__all__ = ["bye_flag", "pair_round"]


def pair_round(players: Sequence[Player], *, round_number: int, seed: int | str) -> RoundPairings:
    """Pair the players who have not dropped for round ``round_number``.

    Deterministic: the same players (in any order), round number and seed give
    the same pairings. Raises a ``PairingInputError`` subclass on bad input.
    """
    check_players(players, round_number)
    pool = build_pool(players, round_number=round_number, seed=seed)
    solution = solve(pool)
    index = {p.id: i for i, p in enumerate(pool.players)}

    def place(player: Player) -> int:
        return pool.ranking[index[player.id]]

    matches = []
    for i, j in solution.pairs:
        a, b = orient(pool.players[i], pool.players[j], place)
        rematch = FlagCode.REMATCH_FORCED if j in pool.opp[i] else None
        matches.append((a, b, match_flags(a, b, rematch=rematch)))
    bye = None
    if solution.bye is not None:
        bye_player = pool.players[solution.bye]
        bye = (bye_player, [bye_flag(pool, solution.bye, round_number=round_number)])
    return RoundPairings(
        round_number=round_number,
        seed=seed,
        pairings=number_tables(matches, bye, place),
        exact_solves=solution.exact_solves,
    )


def bye_flag(pool: Pool, bye: int, *, round_number: int, chosen_by_judge: bool = False) -> Flag:
    """Why player ``bye`` (a pool index) has the bye."""
    player = pool.players[bye]
    preferred = pool.bye_order[0]
    params: dict[str, object] = {"had_bye_before": player.had_bye}
    if round_number == 1:
        reason = ByeReason.RANDOM_FIRST_ROUND
    elif bye == preferred:
        reason = (
            ByeReason.EVERYONE_HAD_BYE if player.had_bye else ByeReason.LOWEST_RANKED_WITHOUT_BYE
        )
    else:
        reason = ByeReason.JUDGE_ASSIGNED if chosen_by_judge else ByeReason.AVOIDS_REMATCH
        params["preferred_player"] = pool.players[preferred].id
    return Flag.make(FlagCode.BYE, reason=reason.value, **params)
