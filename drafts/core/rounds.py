"""The Swiss rounds a booster draft pairs within its pods (pure: no Django).

Round 1 pairs across the table (seat i against seat i + n/2 of the pod's players); later
pod rounds are Swiss within each pod (``tournaments.pairing``). A pod with an odd number of
players leaves one player over: the odd ones out are paired with each other across pods
(round 1: pod k's against the next odd pod's, in pod order; later rounds: by the Swiss
core among them, which avoids rematches), so a round has exactly ``N mod 2`` byes, never
one per odd pod. The one bye follows the Swiss rule: in round 1 drawn at random (among the
players of odd pods, so no even pod is broken up for it), later the lowest-ranked player
without a bye. A player with no pod (entered by a judge for the Swiss rounds) is an odd
one out of a pod of one.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.core import PlayerId
from tournaments.pairing import Flag, FlagCode, Pairing, Player, pair_round
from tournaments.pairing.assemble import orient
from tournaments.pairing.pool import InvalidPlayerError, build_pool, check_players
from tournaments.pairing.swiss import bye_flag

__all__ = ["across_the_table", "pair_within_pods"]


def across_the_table(members: Sequence[PlayerId]) -> tuple[list[tuple[PlayerId, PlayerId]], list]:
    """Seat i against seat i + n/2; an odd player out (the last seat) is returned apart.

    >>> across_the_table([1, 2, 3, 4, 5])
    ([(1, 3), (2, 4)], [5])
    """
    n = len(members)
    half = n // 2
    pairs = [(members[i], members[i + half]) for i in range(half)]
    return pairs, list(members[2 * half :])


def _bye(
    pods: Sequence[Sequence[Player]], round_number: int, seed: int | str
) -> tuple[PlayerId, Flag] | None:
    """Who has the bye and why, or None for an even field."""
    everyone = [p for pod in pods for p in pod]
    if len(everyone) % 2 == 0:
        return None
    pool = build_pool(everyone, round_number=round_number, seed=seed)
    choice = pool.bye_order[0]
    if round_number == 1:
        in_odd_pods = {p.id for pod in pods if len(pod) % 2 for p in pod}
        choice = next(i for i in pool.bye_order if pool.players[i].id in in_odd_pods)
    return pool.players[choice].id, bye_flag(pool, choice, round_number=round_number)


def _local(players: Sequence[Player]) -> list[Player]:
    """Players re-ranked 1..n in their standings order, for a Swiss pairing among them
    (a bye there only says who is left over, so earlier byes do not count)."""
    ranked = sorted(players, key=lambda p: p.rank)
    return [
        Player(id=p.id, points=p.points, rank=i, opponents=p.opponents)
        for i, p in enumerate(ranked, start=1)
    ]


def _swiss(
    players: Sequence[Player], round_number: int, seed: int | str
) -> tuple[list[tuple[PlayerId, PlayerId, tuple[Flag, ...]]], list[PlayerId]]:
    if len(players) < 2:
        return [], [p.id for p in players]
    result = pair_round(_local(players), round_number=round_number, seed=seed)
    pairs = [(m.player_a, m.player_b, m.flags) for m in result.pairings if m.player_b is not None]
    left = [m.player_a for m in result.pairings if m.player_b is None]
    return pairs, left


def pair_within_pods(
    pods: Sequence[Sequence[Player]], *, round_number: int, seed: int | str
) -> tuple[Pairing, ...]:
    """The pairings of round ``round_number`` within ``pods`` (each its active players in
    seat order; a player with no pod comes as a pod of one): every player exactly once, one
    bye when the field is odd and none otherwise. Tables: pod by pod, then the matches
    across pods, the bye last. Raises a ``PairingInputError`` on bad input, as the Swiss
    core does."""
    everyone = [p for pod in pods for p in pod]
    check_players(everyone, round_number)
    dropped = next((p for p in everyone if p.dropped), None)
    if dropped is not None:
        raise InvalidPlayerError(
            f"player {dropped.id!r} has dropped: pods list active players only", player=dropped.id
        )
    by_id = {p.id: p for p in everyone}
    bye = _bye(pods, round_number, seed)
    bye_player = bye[0] if bye is not None else None
    matches: list[tuple[PlayerId, PlayerId, tuple[Flag, ...]]] = []
    left_over: list[PlayerId] = []
    for number, pod in enumerate(pods):
        members = [p for p in pod if p.id != bye_player]
        if round_number == 1:
            pairs, left = across_the_table([p.id for p in members])
            matches += [(a, b, ()) for a, b in pairs]
        else:
            swiss_pairs, left = _swiss(members, round_number, f"{seed}:pod{number}")
            matches += swiss_pairs
        left_over += left
    if round_number == 1:
        across = [(left_over[i], left_over[i + 1]) for i in range(0, len(left_over), 2)]
    else:
        across = [
            (a, b) for a, b, _f in _swiss([by_id[i] for i in left_over], round_number, seed)[0]
        ]
    for x, y in across:
        if round_number == 1:
            a, b = x, y
        else:
            pa, pb = orient(by_id[x], by_id[y], lambda p: p.rank)
            a, b = pa.id, pb.id
        flags = [Flag.make(FlagCode.OTHER_POD, players=(a, b))]
        if b in by_id[a].opponents:
            flags.append(Flag.make(FlagCode.REMATCH_FORCED, players=(a, b)))
        matches.append((a, b, tuple(flags)))
    result = [
        Pairing(table=table, player_a=a, player_b=b, flags=flags)
        for table, (a, b, flags) in enumerate(matches, start=1)
    ]
    if bye is not None:
        result.append(Pairing(len(result) + 1, bye[0], None, (bye[1],)))
    return tuple(result)
