"""The players of one round as the solver sees them: checked, ordered, indexed.

This module owns the input checks and the one place randomness enters the
pairing. Active (not dropped) players are sorted by standings rank, shuffled
with a generator seeded from ``"<seed>:<round>"`` (Python's string seeding
is a SHA-512 of the text, stable across runs and machines), then stably
sorted by points, highest first. So players meet a random opponent from their
own score group, as in the usual TCG Swiss, and the same inputs and seed
always give the same pairing, whatever order the caller listed players in.

In round 1 the shuffled order also stands in for the standings (nobody has a
rank yet), so the bye goes to a random player.

The solver works on indices ``0 .. n-1`` in that order, with each player's
previous opponents among the active players as a set of indices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.core import CoreError
from tournaments.pairing.types import Player

__all__ = [
    "DuplicatePlayerError",
    "DuplicateRankError",
    "InvalidPlayerError",
    "InvalidRoundError",
    "PairingInputError",
    "Pool",
    "build_pool",
    "check_players",
]


class PairingInputError(CoreError):
    code = "pairing_input_error"


class DuplicatePlayerError(PairingInputError):
    code = "duplicate_player"


class DuplicateRankError(PairingInputError):
    code = "duplicate_rank"


class InvalidRoundError(PairingInputError):
    code = "invalid_round"


class InvalidPlayerError(PairingInputError):
    code = "invalid_player"


@dataclass(frozen=True, slots=True)
class Pool:
    players: tuple[Player, ...]  # active players in pairing order
    points: tuple[int, ...]
    group: tuple[int, ...]  # score group of each player, 0 = most points
    group_points: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]  # players of each score group, in order
    opp: tuple[frozenset[int], ...]  # previous opponents (indices), symmetric
    bye_order: tuple[int, ...]  # who gets the bye first: lowest-ranked without one, ...
    ranking: tuple[int, ...]  # place of each player in the standings order, 0 = first
    max_opponents: int  # most previous opponents any player has among these

    def __len__(self) -> int:
        return len(self.players)

    def surely_pairable(self, size: int) -> bool:
        """Whether any ``size`` of these players can be paired without a rematch.

        Each player then has at least half of the others as possible opponents,
        so by Dirac's theorem their compatibility graph has a Hamiltonian cycle,
        hence a perfect (or, for an odd size, near-perfect) matching.
        """
        return size >= 2 * (self.max_opponents + 1)


def check_players(players: Sequence[Player], round_number: int) -> None:
    """Refuse inputs the pairing cannot mean anything with."""
    if not isinstance(round_number, int) or round_number < 1:
        raise InvalidRoundError(
            f"round {round_number!r} is not a round number (1 or more)", round=round_number
        )
    ids: set[object] = set()
    ranks: dict[int, object] = {}
    for p in players:
        if p.id in ids:
            raise DuplicatePlayerError(f"player {p.id!r} is listed twice", player=p.id)
        ids.add(p.id)
        problem = None
        if not isinstance(p.points, int) or p.points < 0:
            problem = f"points {p.points!r} must be a whole number, 0 or more"
        elif p.fixed_table is not None and p.fixed_table < 1:
            problem = f"fixed table {p.fixed_table!r} must be 1 or more"
        elif p.id in p.opponents:
            problem = "a player cannot be their own previous opponent"
        if problem:
            raise InvalidPlayerError(f"player {p.id!r}: {problem}", player=p.id)
        if p.dropped:
            continue
        if p.rank in ranks:
            raise DuplicateRankError(
                f"players {ranks[p.rank]!r} and {p.id!r} both have rank {p.rank}:"
                " ranks are the standings order and must differ",
                players=[ranks[p.rank], p.id],
                rank=p.rank,
            )
        ranks[p.rank] = p.id


def build_pool(players: Sequence[Player], *, round_number: int, seed: int | str) -> Pool:
    """The active players in pairing order, with their indices and opponents."""
    by_rank = sorted((p for p in players if not p.dropped), key=lambda p: p.rank)
    shuffled = list(by_rank)
    random.Random(f"{seed}:{round_number}").shuffle(shuffled)
    ordered = sorted(shuffled, key=lambda p: -p.points)
    index = {p.id: i for i, p in enumerate(ordered)}
    lookup = index.get
    opp = [{j for j in map(lookup, p.opponents) if j is not None} for p in ordered]
    for i, played in enumerate(opp):  # make "has played" symmetric, whatever the input says
        for j in played:
            if i not in opp[j]:
                opp[j].add(i)
    group_points: list[int] = []
    group: list[int] = []
    members: list[list[int]] = []
    for i, p in enumerate(ordered):
        if not group_points or group_points[-1] != p.points:
            group_points.append(p.points)
            members.append([])
        group.append(len(group_points) - 1)
        members[-1].append(i)
    standings = shuffled if round_number == 1 else by_rank
    ranking = [0] * len(ordered)
    for place, p in enumerate(standings):
        ranking[index[p.id]] = place
    lowest_first = [index[p.id] for p in reversed(standings)]
    bye_order = [i for i in lowest_first if not ordered[i].had_bye]
    bye_order += [i for i in lowest_first if ordered[i].had_bye]
    return Pool(
        players=tuple(ordered),
        points=tuple(p.points for p in ordered),
        group=tuple(group),
        group_points=tuple(group_points),
        members=tuple(tuple(m) for m in members),
        opp=tuple(frozenset(s) for s in opp),
        bye_order=tuple(bye_order),
        ranking=tuple(ranking),
        max_opponents=max((len(s) for s in opp), default=0),
    )
