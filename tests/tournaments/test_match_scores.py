"""Best-of-N scores with draws: which (won A, won B, drawn) a match can end with."""

from __future__ import annotations

import itertools

import pytest

from tournaments.match_scores import (
    BothPlayersWonError,
    InvalidBestOfError,
    MatchOutcome,
    MatchScore,
    NegativeGamesError,
    TooManyGamesError,
    TooManyWinsError,
    check_score,
    is_finished,
    is_possible,
    possible_scores,
    wins_needed,
)


@pytest.mark.parametrize(
    "score",
    ["2-0-0", "2-1-0", "0-2-0", "1-2-0", "2-1-1", "1-0-0", "1-0-2", "1-1-1", "0-0-1", "0-0-0"],
)
def test_possible_best_of_three_scores(score):
    a, b, d = map(int, score.split("-"))
    assert check_score(MatchScore(a, b, d)) == MatchScore(a, b, d)


@pytest.mark.parametrize(
    ("score", "error"),
    [
        ((3, 0, 0), TooManyWinsError),
        ((0, 3, 1), TooManyWinsError),
        ((2, 2, 0), BothPlayersWonError),
        ((-1, 0, 0), NegativeGamesError),
        ((1, 0, -2), NegativeGamesError),
    ],
)
def test_impossible_best_of_three_scores(score, error):
    with pytest.raises(error) as caught:
        check_score(MatchScore(*score))
    assert isinstance(caught.value, ValueError)
    assert caught.value.params["games_won_a"] == score[0]
    assert f"{score[0]}-{score[1]}-{score[2]}" in str(caught.value)


def test_error_codes_are_stable():
    with pytest.raises(TooManyWinsError) as caught:
        check_score(MatchScore(3, 0))
    assert caught.value.code == "too_many_wins"
    assert caught.value.as_dict()["params"]["wins_needed"] == 2


def test_max_games_caps_the_number_of_games():
    check_score(MatchScore(1, 1, 1), max_games=3)
    with pytest.raises(TooManyGamesError):
        check_score(MatchScore(1, 1, 2), max_games=3)


@pytest.mark.parametrize("best_of", [0, 2, 4, -1])
def test_best_of_must_be_odd_and_positive(best_of):
    with pytest.raises(InvalidBestOfError):
        wins_needed(best_of)


@pytest.mark.parametrize(("best_of", "need"), [(1, 1), (3, 2), (5, 3)])
def test_wins_needed(best_of, need):
    assert wins_needed(best_of) == need


def _scores_by_playing(best_of: int, max_games: int) -> set[MatchScore]:
    """Every score reachable by playing games one by one, stopping at a win or at time."""
    need = wins_needed(best_of)
    reached = set()
    for length in range(max_games + 1):
        for games in itertools.product("abd", repeat=length):
            a = b = 0
            valid = True
            for game in games:
                if max(a, b) == need:  # the match was already over
                    valid = False
                    break
                a += game == "a"
                b += game == "b"
            if valid:
                reached.add(MatchScore(a, b, length - a - b))
    return reached


@pytest.mark.parametrize("best_of", [1, 3, 5])
def test_possible_scores_are_exactly_those_reachable_by_play(best_of):
    max_games = 7
    assert set(possible_scores(best_of=best_of, max_games=max_games)) == _scores_by_playing(
        best_of, max_games
    )


def test_is_possible_agrees_with_the_enumeration():
    allowed = set(possible_scores(best_of=3, max_games=6))
    for a, b, d in itertools.product(range(-1, 5), repeat=3):
        score = MatchScore(a, b, d)
        expected = score in allowed or (
            a >= 0 and b >= 0 and d >= 0 and a + b + d > 6 and max(a, b) <= 2 and (a, b) != (2, 2)
        )
        assert is_possible(score) == expected, score


def test_outcome_and_finished():
    assert MatchScore(2, 1).outcome == MatchOutcome.A_WINS
    assert MatchScore(0, 1, 2).outcome == MatchOutcome.B_WINS
    assert MatchScore(1, 1, 1).outcome == MatchOutcome.DRAW
    assert MatchScore(0, 0, 0).outcome == MatchOutcome.DRAW
    assert is_finished(MatchScore(2, 0))
    assert not is_finished(MatchScore(1, 0, 2))
    assert str(MatchScore(2, 1, 1)) == "2-1-1"
