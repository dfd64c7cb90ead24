"""Swiss pairing, hand-written cases: byes, pair-downs, rematches, drops, tables, flags, input."""

from __future__ import annotations

import itertools

import pytest

from tests.tournaments.reference import pairs_of
from tournaments.pairing import (
    ByeReason,
    DuplicatePlayerError,
    DuplicateRankError,
    FlagCode,
    InvalidPlayerError,
    InvalidRoundError,
    Player,
    pair_round,
)


def P(pid, points, rank, opponents=(), **kw):
    return Player(pid, points, rank, frozenset(opponents), **kw)


def bye_of(result):
    byes = [p for p in result.pairings if p.is_bye]
    assert len(byes) <= 1
    return byes[0] if byes else None


def flag(pairing, code):
    return next(f for f in pairing.flags if f.code == code)


def as_sets(result):
    return {frozenset(filter(None, (p.player_a, p.player_b))) for p in result.pairings}


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    players = [P(i, 3, i) for i in range(1, 5)] + [P(5, 3, 5, had_bye=True)]
    bye = bye_of(pair_round(players, round_number=3, seed=1))
    assert bye.player_a == 4
    assert flag(bye, FlagCode.BYE).param("reason") == ByeReason.LOWEST_RANKED_WITHOUT_BYE
    assert flag(bye, FlagCode.BYE).param("had_bye_before") is False


def test_the_bye_goes_to_the_lowest_ranked_in_the_lowest_group():
    players = [P(1, 6, 1), P(2, 3, 2), P(3, 3, 3), P(4, 0, 4), P(5, 0, 5)]
    assert bye_of(pair_round(players, round_number=3, seed=7)).player_a == 5


def test_when_everyone_had_a_bye_the_lowest_ranked_gets_another():
    players = [P(i, 3, i, had_bye=True) for i in range(1, 4)]
    bye = bye_of(pair_round(players, round_number=4, seed=1))
    assert bye.player_a == 3
    assert flag(bye, FlagCode.BYE).param("reason") == ByeReason.EVERYONE_HAD_BYE


def test_the_bye_moves_up_only_to_avoid_a_rematch():
    # With the bye on 3, players 1 and 2 would have to play again.
    players = [P(1, 3, 1, {2}), P(2, 3, 2, {1}), P(3, 3, 3)]
    result = pair_round(players, round_number=2, seed=1)
    bye = bye_of(result)
    assert bye.player_a == 2
    assert flag(bye, FlagCode.BYE).params == (
        ("had_bye_before", False),
        ("preferred_player", 3),
        ("reason", "avoids_rematch"),
    )
    assert not any(p.has(FlagCode.REMATCH_FORCED) for p in result.pairings)


def test_round_1_is_a_random_pairing_from_the_seed():
    players = [P(i, 0, i) for i in range(1, 12)]
    first = pair_round(players, round_number=1, seed=2024)
    again = pair_round(list(reversed(players)), round_number=1, seed=2024)
    assert first == again
    assert flag(bye_of(first), FlagCode.BYE).param("reason") == ByeReason.RANDOM_FIRST_ROUND
    others = {tuple(pairs_of(pair_round(players, round_number=1, seed=s))) for s in range(10)}
    assert len(others) == 10


def test_an_odd_group_pairs_one_player_down_to_the_next_group():
    players = [P(1, 9, 1), P(2, 6, 2), P(3, 6, 3), P(4, 6, 4), P(5, 3, 5), P(6, 3, 6)]
    result = pair_round(players, round_number=4, seed=3)
    downs = [p for p in result.pairings if p.has(FlagCode.PAIRED_DOWN)]
    assert len(downs) == 1
    assert downs[0].player_a == 1
    assert flag(downs[0], FlagCode.PAIRED_DOWN).params == (
        ("from_points", 9),
        ("player", 1),
        ("to_points", 6),
    )
    assert frozenset({5, 6}) in as_sets(result)


def test_pair_downs_cascade_between_neighbouring_groups():
    # 9: {1}; 6: {2, 3}; 3: {4}. 1-4 with 2-3 would be one jump of 6 points;
    # the pairing sends one player down each boundary instead.
    players = [P(1, 9, 1), P(2, 6, 2), P(3, 6, 3), P(4, 3, 4)]
    result = pair_round(players, round_number=4, seed=5)
    gaps = sorted(
        flag(p, FlagCode.PAIRED_DOWN).param("from_points")
        - flag(p, FlagCode.PAIRED_DOWN).param("to_points")
        for p in result.pairings
    )
    assert gaps == [3, 3]


def test_rematches_inside_a_group_push_players_down_rather_than_repeat():
    # Both 6-point players already met: each pairs down, no rematch.
    players = [P(1, 6, 1, {2}), P(2, 6, 2, {1}), P(3, 3, 3), P(4, 3, 4)]
    result = pair_round(players, round_number=3, seed=1)
    assert frozenset({1, 2}) not in as_sets(result)
    assert sum(p.has(FlagCode.PAIRED_DOWN) for p in result.pairings) == 2
    assert not any(p.has(FlagCode.REMATCH_FORCED) for p in result.pairings)


def test_a_bottom_group_that_already_met_is_rescued_from_above():
    players = [P(1, 6, 1), P(2, 6, 2), P(3, 0, 3, {4}), P(4, 0, 4, {3})]
    result = pair_round(players, round_number=3, seed=1)
    assert frozenset({3, 4}) not in as_sets(result)
    assert result.exact_solves >= 1


def test_a_rematch_is_made_only_when_every_pairing_has_one():
    # Four players who all met already (a round-robin): a rematch cannot be avoided.
    everyone = {1, 2, 3, 4}
    players = [P(i, 3, i, everyone - {i}) for i in everyone]
    result = pair_round(players, round_number=4, seed=1)
    assert all(p.has(FlagCode.REMATCH_FORCED) for p in result.pairings)
    assert flag(result.pairings[0], FlagCode.REMATCH_FORCED).param("players")


def test_the_fewest_rematches_are_made_when_some_are_unavoidable():
    # 1, 2 and 3 all met; 4 met nobody: exactly one rematch is needed.
    players = [P(1, 3, 1, {2, 3}), P(2, 3, 2, {1, 3}), P(3, 3, 3, {1, 2}), P(4, 3, 4)]
    result = pair_round(players, round_number=3, seed=1)
    assert sum(p.has(FlagCode.REMATCH_FORCED) for p in result.pairings) == 1


def test_dropped_players_are_never_paired():
    players = [P(i, 3 * (i % 3), i, dropped=i % 4 == 0) for i in range(1, 12)]
    result = pair_round(players, round_number=3, seed=8)
    listed = [x for p in result.pairings for x in (p.player_a, p.player_b) if x is not None]
    assert sorted(listed) == [i for i in range(1, 12) if i % 4]


def test_dropped_players_do_not_need_distinct_ranks():
    players = [P(1, 3, 1), P(2, 3, 2), P(3, 0, 2, dropped=True)]
    assert len(pair_round(players, round_number=2, seed=1).pairings) == 1


def test_top_tables_go_to_the_most_points_and_the_bye_comes_last():
    players = [P(i, points, i) for i, points in enumerate([9, 9, 6, 6, 3, 3, 0], start=1)]
    result = pair_round(players, round_number=4, seed=2)
    assert [p.table for p in result.pairings] == [1, 2, 3, 4]
    assert [frozenset({p.player_a, p.player_b}) for p in result.pairings[:3]] == [
        frozenset({1, 2}),
        frozenset({3, 4}),
        frozenset({5, 6}),
    ]
    assert result.pairings[-1].is_bye


def test_player_a_has_the_points_or_the_better_rank():
    players = [P(1, 3, 2), P(2, 6, 1)]
    (pairing,) = pair_round(players, round_number=2, seed=1).pairings
    assert (pairing.player_a, pairing.player_b) == (2, 1)


def test_a_fixed_table_is_honoured_and_flagged():
    players = [P(i, 0, i) for i in range(1, 9)] + [P(9, 0, 9, fixed_table=7)]
    players.append(P(10, 0, 10))
    result = pair_round(players, round_number=1, seed=4)
    (seat,) = [p for p in result.pairings if 9 in (p.player_a, p.player_b)]
    assert seat.table == 7
    assert flag(seat, FlagCode.FIXED_TABLE).params == (("player", 9), ("table", 7))
    assert sorted(p.table for p in result.pairings) == [1, 2, 3, 4, 7]


def test_two_claims_on_one_fixed_table_keep_the_higher_match_there():
    players = [P(1, 6, 1, fixed_table=1), P(2, 6, 2), P(3, 0, 3, fixed_table=1), P(4, 0, 4)]
    result = pair_round(players, round_number=3, seed=1)
    top, low = result.pairings
    assert top.table == 1 and top.has(FlagCode.FIXED_TABLE)
    assert low.has(FlagCode.FIXED_TABLE_CONFLICT) and low.table == 2


def test_the_same_inputs_give_the_same_pairing_in_any_order():
    players = [
        P(i, (i * 7) % 10, i, {(i + 1) % 30 + 1, (i + 5) % 30 + 1} - {i}) for i in range(1, 31)
    ]
    expected = pair_round(players, round_number=5, seed="event-12/r5")
    for permutation in itertools.islice(itertools.permutations(players), 0, 200, 37):
        assert pair_round(list(permutation), round_number=5, seed="event-12/r5") == expected


def test_nobody_to_pair_and_a_single_player():
    assert pair_round([], round_number=1, seed=0).pairings == ()
    (only,) = pair_round([P(1, 0, 1)], round_number=2, seed=0).pairings
    assert only.is_bye and only.table == 1


@pytest.mark.parametrize(
    ("players", "error", "code"),
    [
        ([P(1, 0, 1), P(1, 0, 2)], DuplicatePlayerError, "duplicate_player"),
        ([P(1, 0, 1), P(2, 0, 1)], DuplicateRankError, "duplicate_rank"),
        ([P(1, -3, 1)], InvalidPlayerError, "invalid_player"),
        ([P(1, 0, 1, {1})], InvalidPlayerError, "invalid_player"),
        ([P(1, 0, 1, fixed_table=0)], InvalidPlayerError, "invalid_player"),
    ],
)
def test_bad_input_is_refused(players, error, code):
    with pytest.raises(error) as caught:
        pair_round(players, round_number=2, seed=0)
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)
    assert "1" in str(caught.value)


def test_the_round_number_is_checked():
    with pytest.raises(InvalidRoundError):
        pair_round([P(1, 0, 1)], round_number=0, seed=0)


def test_flags_are_plain_data_for_storage():
    players = [P(1, 3, 1), P(2, 0, 2), P(3, 0, 3)]
    result = pair_round(players, round_number=2, seed=1)
    stored = [[f.as_dict() for f in p.flags] for p in result.pairings]
    assert stored == [
        [{"code": "paired_down", "params": {"from_points": 3, "player": 1, "to_points": 0}}],
        [
            {
                "code": "bye",
                "params": {"had_bye_before": False, "reason": "lowest_ranked_without_bye"},
            }
        ],
    ]


def test_flags_are_immutable_values():
    everyone = {1, 2}
    players = [P(i, 0, i, everyone - {i}) for i in everyone]
    (pairing,) = pair_round(players, round_number=2, seed=1).pairings
    (forced,) = pairing.flags
    assert hash(forced) == hash(forced)
    assert forced.param("players") == (1, 2)
    assert forced.as_dict() == {"code": "rematch_forced", "params": {"players": [1, 2]}}


def test_quality_figures_of_a_known_pairing():
    from tournaments.pairing import measure

    players = [
        P(1, 9, 1),
        P(2, 6, 2, {3}),
        P(3, 6, 3, {2}),
        P(4, 3, 4),
        P(5, 0, 5),
        P(6, 0, 6),
        P(7, 0, 7, dropped=True),
    ]
    q = measure(players, [(1, 2), (3, 4), (5, 6)])
    assert (q.pairs, q.rematches, q.pair_downs) == (3, 0, 2)
    assert (q.point_difference, q.squared_difference, q.largest_difference) == (6, 18, 3)
    assert (q.bye, q.bye_fair, q.bye_rank_gap) == (None, True, 0)
    # 9 | 6 6 | 3 | 0 0: the groups above the first two boundaries are odd
    assert q.pair_down_floor == 2
    assert measure(players, [(2, 3)]).rematches == 1


def test_quality_figures_of_a_bye():
    from tournaments.pairing import measure

    players = [P(1, 3, 1), P(2, 3, 2), P(3, 3, 3, had_bye=True), P(4, 0, 4, dropped=True)]
    fair = measure(players, [(1, 3), (2, None)])
    assert (fair.bye, fair.bye_fair, fair.bye_rank_gap) == (2, True, 0)
    unfair = measure(players, [(1, 2), (3, None)])
    assert (unfair.bye_fair, unfair.bye_rank_gap) == (False, 2)
