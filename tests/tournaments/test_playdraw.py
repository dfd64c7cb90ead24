"""The DAR play-or-draw rule: who chooses in each game, and refusing a wrong report."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.playdraw import (
    Choice,
    ChooserReason,
    GameAfterMatchEndError,
    GameReport,
    InvalidGameReportError,
    MissingRandomWinnerError,
    PenaltyDrawError,
    Side,
    WrongChooserError,
    check_games,
    chooser_for_game,
    decide,
    first_player,
    score_of,
)


def test_game_1_the_random_winner_chooses():
    assert chooser_for_game(1, [], random_winners={1: "b"}) == (
        Side.B,
        ChooserReason.WON_RANDOM_METHOD,
    )


def test_game_1_needs_the_random_winner():
    with pytest.raises(MissingRandomWinnerError) as caught:
        chooser_for_game(1, [], random_winners={})
    assert caught.value.code == "missing_random_winner"
    assert caught.value.params == {"game": 1}


def test_game_2_the_loser_of_game_1_chooses():
    earlier = [GameReport(winner="a", chooser="a")]
    assert chooser_for_game(2, earlier, random_winners={1: "a"}) == (
        Side.B,
        ChooserReason.LOST_GAME_1,
    )


def test_game_2_a_loss_by_penalty_still_gives_the_choice():
    earlier = [GameReport(winner="b", chooser="b", by_penalty=True)]
    assert chooser_for_game(2, earlier, random_winners={1: "b"}) == (
        Side.A,
        ChooserReason.LOST_GAME_1_BY_PENALTY,
    )


def test_game_2_after_a_drawn_game_1_the_same_player_chooses_again():
    earlier = [GameReport(winner="draw", chooser="b")]
    assert chooser_for_game(2, earlier, random_winners={1: "b"}) == (
        Side.B,
        ChooserReason.CHOSE_IN_DRAWN_GAME_1,
    )


@pytest.mark.parametrize("game", [3, 4, 5, 7])
def test_game_3_and_later_the_random_winner_of_that_game_chooses(game):
    earlier = [GameReport(winner="draw")] * (game - 1)
    winners = {g: ("a" if g % 2 else "b") for g in range(1, game + 1)}
    side, reason = chooser_for_game(game, earlier, random_winners=winners)
    assert side == Side(winners[game])
    assert reason == ChooserReason.WON_RANDOM_METHOD


def test_no_choice_declared_means_the_chooser_plays_first():
    decision = decide(1, [], random_winners={1: "a"})
    assert decision.choice == Choice.FIRST
    assert not decision.declared
    assert decision.first == Side.A


def test_choosing_second_lets_the_opponent_play_first():
    decision = decide(1, [], random_winners={1: "a"}, choice="second")
    assert decision.declared
    assert decision.first == Side.B
    assert first_player("b", "second") == Side.A
    assert first_player("b", None) == Side.B


def test_a_full_match_is_accepted_and_explained():
    games = [
        GameReport(winner="a", chooser="b", choice="first"),
        GameReport(winner="b", chooser="b", choice="second"),
        GameReport(winner="draw", chooser="a"),
        GameReport(winner="a", chooser="b", choice="first"),
    ]
    decisions = check_games(games, random_winners={1: "b", 3: "a", 4: "b"})
    assert [d.chooser for d in decisions] == [Side.B, Side.B, Side.A, Side.B]
    assert [d.reason for d in decisions] == [
        ChooserReason.WON_RANDOM_METHOD,
        ChooserReason.LOST_GAME_1,
        ChooserReason.WON_RANDOM_METHOD,
        ChooserReason.WON_RANDOM_METHOD,
    ]
    assert [d.first for d in decisions] == [Side.B, Side.A, Side.A, Side.B]
    assert score_of(games).games_won_a == 2


def test_the_wrong_chooser_is_refused_with_the_rule():
    games = [GameReport(winner="a", chooser="a"), GameReport(winner="a", chooser="a")]
    with pytest.raises(WrongChooserError) as caught:
        check_games(games, random_winners={1: "a"})
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.code == "wrong_chooser"
    assert error.params == {
        "game": 2,
        "reported": "a",
        "expected": "b",
        "reason": "lost_game_1",
    }
    assert "game 2" in error.message
    assert "lost game 1 chooses" in error.message


def test_a_chooser_other_than_the_random_winner_is_refused():
    with pytest.raises(WrongChooserError) as caught:
        check_games([GameReport(winner="a", chooser="b")], random_winners={1: "a"})
    assert caught.value.params["reason"] == "won_random_method"


def test_after_a_drawn_game_1_the_other_player_may_not_choose():
    games = [GameReport(winner="draw", chooser="a"), GameReport(winner="a", chooser="b")]
    with pytest.raises(WrongChooserError) as caught:
        check_games(games, random_winners={1: "a"})
    assert caught.value.params["reason"] == "chose_in_drawn_game_1"


def test_an_unreported_chooser_is_filled_in():
    games = [GameReport(winner="b"), GameReport(winner="b")]
    decisions = check_games(games, random_winners={1: "a"})
    assert [d.chooser for d in decisions] == [Side.A, Side.A]


def test_a_game_1_penalty_before_play_has_no_chooser_and_the_loser_chooses_game_2():
    games = [GameReport(winner="a", by_penalty=True), GameReport(winner="b", chooser="b")]
    decisions = check_games(games, random_winners={})
    assert decisions[0] is None
    assert decisions[1].reason == ChooserReason.LOST_GAME_1_BY_PENALTY


def test_no_game_after_the_match_is_won():
    games = [GameReport(winner="a"), GameReport(winner="a"), GameReport(winner="b")]
    with pytest.raises(GameAfterMatchEndError) as caught:
        check_games(games, random_winners={1: "a", 3: "a"})
    assert caught.value.params == {"game": 3, "best_of": 3}


def test_best_of_one_ends_after_one_win():
    with pytest.raises(GameAfterMatchEndError):
        check_games(
            [GameReport(winner="a"), GameReport(winner="a")],
            random_winners={1: "a"},
            best_of=1,
        )


def test_a_penalty_is_never_a_draw():
    with pytest.raises(PenaltyDrawError):
        check_games([GameReport(winner="draw", by_penalty=True)], random_winners={1: "a"})


@pytest.mark.parametrize(
    "report",
    [
        GameReport(winner="c"),
        GameReport(winner="a", chooser="x"),
        GameReport(winner="a", choice="draw"),
    ],
)
def test_malformed_reports_are_refused(report):
    with pytest.raises(InvalidGameReportError):
        check_games([report], random_winners={1: "a"})


def test_game_numbers_start_at_one():
    with pytest.raises(InvalidGameReportError):
        chooser_for_game(0, [], random_winners={0: "a"})


game_results = st.lists(st.sampled_from(["a", "b", "draw"]), min_size=1, max_size=8)


def _stop_at_match_end(results, need=2):
    kept, wins = [], {"a": 0, "b": 0}
    for r in results:
        if max(wins.values()) >= need:
            break
        kept.append(r)
        if r != "draw":
            wins[r] += 1
    return kept


@settings(max_examples=200, deadline=None)
@given(results=game_results, coin=st.lists(st.sampled_from(["a", "b"]), min_size=8, max_size=8))
def test_reports_with_the_rule_s_chooser_pass_and_any_other_chooser_fails(results, coin):
    results = _stop_at_match_end(results)
    random_winners = {g: coin[g - 1] for g in range(1, 9)}
    games = []
    for number, winner in enumerate(results, start=1):
        chooser, _ = chooser_for_game(number, games, random_winners=random_winners)
        games.append(GameReport(winner=winner, chooser=chooser))
    decisions = check_games(games, random_winners=random_winners)
    assert [d.chooser for d in decisions] == [g.chooser for g in games]
    for index, game in enumerate(games):
        wrong = list(games)
        wrong[index] = GameReport(winner=game.winner, chooser=Side(game.chooser).other)
        with pytest.raises(WrongChooserError):
            check_games(wrong, random_winners=random_winners)


def test_winner_orders_are_the_sequences_a_score_can_come_from():
    from tournaments.playdraw import winner_orders

    # 2-1: the lost game is game 1 or 2; game 3 won the match.
    assert winner_orders({"me": 2, "opp": 1}, 0) == [("me", "opp", "me"), ("opp", "me", "me")]
    assert winner_orders({"me": 2, "opp": 0}, 0) == [("me", "me")]
    # A game lost by penalty is fixed; with it a 2-1 is fully known.
    assert winner_orders({"me": 2, "opp": 1}, 0, fixed={1: "opp"}) == [("opp", "me", "me")]
    assert winner_orders({"me": 2, "opp": 0}, 0, fixed={1: "opp"}) == []
    # No game after the match was won; an unfinished match (1-1-1) in any order.
    assert ("me", "me", "draw") not in winner_orders({"me": 2, "opp": 0}, 1)
    assert len(winner_orders({"me": 1, "opp": 1}, 1)) == 6
    assert winner_orders({"me": 0, "opp": 0}, 0) == [()]
