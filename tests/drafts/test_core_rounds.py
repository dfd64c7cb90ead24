"""Rounds paired within a draft's pods (pure core): one bye for an odd field, none for an
even one, the pods' odd ones out paired across pods."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drafts.core.pods import pod_sizes
from drafts.core.rounds import across_the_table, pair_within_pods
from tournaments.pairing import FlagCode, Player
from tournaments.pairing.pool import InvalidPlayerError


def field_in_pods(n: int, *, points=None, byes=(), opponents=None) -> list[list[Player]]:
    players = [
        Player(
            id=i,
            points=(points or {}).get(i, 0),
            rank=i + 1,
            had_bye=i in byes,
            opponents=frozenset((opponents or {}).get(i, ())),
        )
        for i in range(n)
    ]
    pods, start = [], 0
    for size in pod_sizes(n):
        pods.append(players[start : start + size])
        start += size
    return pods


def listed(pairings) -> list:
    return [p for m in pairings for p in (m.player_a, m.player_b) if p is not None]


def test_across_the_table():
    assert across_the_table([1, 2, 3, 4, 5, 6, 7, 8]) == ([(1, 5), (2, 6), (3, 7), (4, 8)], [])
    assert across_the_table([1, 2, 3, 4, 5]) == ([(1, 3), (2, 4)], [5])


@pytest.mark.parametrize(("players", "byes"), [(10, 0), (14, 0), (21, 1), (42, 0), (17, 1)])
def test_round_one_byes_are_n_mod_2(players, byes):
    pairings = pair_within_pods(field_in_pods(players), round_number=1, seed=7)
    assert sum(m.is_bye for m in pairings) == byes


def test_ten_drafters_two_pods_of_five_pair_their_odd_seats():
    pods = field_in_pods(10)  # 5 + 5
    pairings = pair_within_pods(pods, round_number=1, seed=1)
    assert [(m.table, m.player_a, m.player_b) for m in pairings] == [
        (1, 0, 2),
        (2, 1, 3),
        (3, 5, 7),
        (4, 6, 8),
        (5, 4, 9),  # the last seat of pod 1 against the last seat of pod 2
    ]
    assert pairings[-1].has(FlagCode.OTHER_POD)
    assert not any(m.has(FlagCode.OTHER_POD) for m in pairings[:-1])


def test_round_one_bye_is_drawn_from_an_odd_pod_and_flagged():
    pods = field_in_pods(13)  # 7 + 6
    pairings = pair_within_pods(pods, round_number=1, seed=3)
    bye = [m for m in pairings if m.is_bye]
    assert len(bye) == 1 and bye[0].player_a in {p.id for p in pods[0]}
    assert bye[0].flags[0].code == FlagCode.BYE
    assert bye[0].flags[0].param("reason") == "random_first_round"
    assert not any(m.has(FlagCode.OTHER_POD) for m in pairings)


def test_later_round_bye_goes_to_the_lowest_ranked_without_one():
    # 15 players (8 + 7); the lowest-ranked (rank 15, id 14) has had a bye, so id 13 gets it.
    pods = field_in_pods(15, points={i: 3 for i in range(7)}, byes={14})
    pairings = pair_within_pods(pods, round_number=2, seed=5)
    bye = [m for m in pairings if m.is_bye]
    assert [m.player_a for m in bye] == [13]
    assert bye[0].flags[0].param("reason") == "lowest_ranked_without_bye"
    assert sorted(listed(pairings)) == list(range(15))


def test_a_player_without_a_pod_is_paired_with_an_odd_one_out():
    pods = field_in_pods(10)  # 5 + 5: with one more player the field is odd
    late = Player(id=99, points=0, rank=99)
    pairings = pair_within_pods([*pods, [late]], round_number=1, seed=2)
    assert sum(m.is_bye for m in pairings) == 1
    assert sorted(listed(pairings)) == sorted([*range(10), 99])


def test_dropped_players_are_refused():
    pods = field_in_pods(4)
    pods[0][0] = Player(id=0, points=0, rank=1, dropped=True)
    with pytest.raises(InvalidPlayerError):
        pair_within_pods(pods, round_number=1, seed=0)


@st.composite
def pods_and_history(draw):
    n = draw(st.integers(min_value=2, max_value=60))
    round_number = draw(st.integers(min_value=1, max_value=4))
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    sizes = pod_sizes(n)
    extra = draw(st.integers(min_value=0, max_value=3))  # players entered without a pod
    ids = list(range(n + extra))
    ranks = list(range(1, n + extra + 1))
    rng.shuffle(ranks)
    players = [
        Player(
            id=i,
            points=0 if round_number == 1 else rng.choice([0, 1, 3, 6]),
            rank=ranks[i],
            had_bye=round_number > 1 and rng.random() < 0.1,
            opponents=frozenset(
                j for j in rng.sample(ids, min(len(ids), round_number - 1)) if j != i
            ),
        )
        for i in ids
    ]
    pods, start = [], 0
    for size in sizes:
        pods.append(players[start : start + size])
        start += size
    pods += [[p] for p in players[n:]]
    return pods, round_number, draw(st.integers(min_value=0, max_value=2**40))


@settings(max_examples=300, deadline=None)
@given(pods_and_history())
def test_everyone_once_and_byes_are_n_mod_2(case):
    pods, round_number, seed = case
    everyone = [p.id for pod in pods for p in pod]
    pairings = pair_within_pods(pods, round_number=round_number, seed=seed)
    paired = listed(pairings)
    assert sorted(paired) == sorted(everyone)  # nobody unpaired, no one twice
    assert sum(m.is_bye for m in pairings) == len(everyone) % 2
    assert [m.table for m in pairings] == list(range(1, len(pairings) + 1))
    pod_of = {p.id: k for k, pod in enumerate(pods) for p in pod}
    across = [m for m in pairings if not m.is_bye and pod_of[m.player_a] != pod_of[m.player_b]]
    assert all(m.has(FlagCode.OTHER_POD) for m in across)
    assert len(across) <= (sum(len(pod) % 2 for pod in pods) + 1) // 2 + 1


@settings(max_examples=100, deadline=None)
@given(pods_and_history())
def test_same_input_same_pairings(case):
    pods, round_number, seed = case
    assert pair_within_pods(pods, round_number=round_number, seed=seed) == pair_within_pods(
        pods, round_number=round_number, seed=seed
    )
