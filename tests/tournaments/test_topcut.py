"""Top cut: bracket seeding from the standings and the bracket's progression."""

from __future__ import annotations

import pytest

from tournaments.standings import (
    Bracket,
    InvalidCutSizeError,
    MatchResult,
    NotEnoughPlayersError,
    StandingsPlayer,
    WrongWinnerError,
    bracket_positions,
    compute_standings,
    top_cut_seeds,
)


def test_bracket_positions():
    assert bracket_positions(2) == (1, 2)
    assert bracket_positions(4) == (1, 4, 2, 3)
    assert bracket_positions(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert bracket_positions(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


@pytest.mark.parametrize("size", [0, 1, 3, 6, 12])
def test_cut_size_must_be_a_power_of_two(size):
    with pytest.raises(InvalidCutSizeError):
        bracket_positions(size)


def test_top_8_first_round_pairs_1_8_4_5_2_7_3_6():
    bracket = Bracket.start(["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"])
    assert [(m.player_a, m.player_b) for m in bracket.rounds[0]] == [
        ("p1", "p8"),
        ("p4", "p5"),
        ("p2", "p7"),
        ("p3", "p6"),
    ]
    assert [(m.seed_a, m.seed_b) for m in bracket.rounds[0]] == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_top_4_pairs_1_4_and_2_3():
    bracket = Bracket.start(["a", "b", "c", "d"])
    assert [(m.player_a, m.player_b) for m in bracket.rounds[0]] == [("a", "d"), ("b", "c")]


def test_seeds_come_from_the_standings_skipping_dropped_players():
    players = [StandingsPlayer(i, dropped=i == 2) for i in range(1, 7)]
    results = [MatchResult(1, 1, 2, 2, 0), MatchResult(1, 3, 4, 2, 0), MatchResult(1, 5, 6, 2, 0)]
    table = compute_standings(players, results)
    assert top_cut_seeds(table, 4) == (1, 3, 5, 4)
    with pytest.raises(NotEnoughPlayersError):
        top_cut_seeds(table, 8)


def test_a_top_8_played_to_the_end():
    bracket = Bracket.start(list(range(1, 9)))
    for index, winner in enumerate([8, 4, 2, 3]):
        bracket = bracket.with_winner(1, index, winner)
    semis = bracket.rounds[1]
    assert [(m.player_a, m.player_b) for m in semis] == [(8, 4), (2, 3)]
    assert semis[0].better_seed == 4
    bracket = bracket.with_winner(2, 0, 4).with_winner(2, 1, 2)
    assert [(m.player_a, m.player_b) for m in bracket.rounds[2]] == [(4, 2)]
    assert bracket.champion is None
    bracket = bracket.with_winner(3, 0, 2)
    assert bracket.champion == 2


def test_a_winner_can_be_corrected_until_the_next_match_is_decided():
    bracket = Bracket.start([1, 2, 3, 4]).with_winner(1, 0, 1)
    corrected = bracket.with_winner(1, 0, 4)
    assert corrected.rounds[1][0].player_a == 4
    assert bracket.rounds[1][0].player_a == 1  # the old value is untouched
    done = corrected.with_winner(1, 1, 2).with_winner(2, 0, 2)
    with pytest.raises(WrongWinnerError):
        done.with_winner(1, 0, 1)


def test_only_a_player_of_the_match_can_win_it():
    with pytest.raises(WrongWinnerError) as caught:
        Bracket.start([1, 2, 3, 4]).with_winner(1, 0, 2)
    assert caught.value.code == "wrong_bracket_winner"
    with pytest.raises(WrongWinnerError):
        Bracket.start([1, 2, 3, 4]).with_winner(1, 0, 1).with_winner(2, 0, 1)
