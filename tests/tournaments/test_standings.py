"""Standings: points, the 1/3 floors, byes, drops, as-of-round, overrides, presets and ties."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction as F

import pytest

from tournaments.match_scores import NegativeGamesError
from tournaments.standings import (
    DuplicatePlayerError,
    InvalidByeError,
    InvalidRoundError,
    MatchResult,
    Override,
    PlayerTwiceInRoundError,
    SelfMatchError,
    StandingsPlayer,
    UnknownPlayerError,
    UnknownPresetError,
    UnknownTiebreakError,
    compute_standings,
    export_rows,
    register_preset,
    register_tiebreak,
    resolve_order,
)

A, B, C, D, E = "A", "B", "C", "D", "E"


def players(*ids, dropped=()):
    return [StandingsPlayer(i, dropped=i in dropped) for i in ids]


def by_player(standings):
    return {s.player: s for s in standings}


@pytest.fixture
def two_rounds():
    """R1: A beats B 2-0, C and D draw 1-1-1. R2: A beats C 2-1, B beats D 2-0."""
    return [
        MatchResult(1, A, B, 2, 0),
        MatchResult(1, C, D, 1, 1, 1),
        MatchResult(2, A, C, 2, 1),
        MatchResult(2, B, D, 2, 0),
    ]


def test_event_after_round_2_known_values(two_rounds):
    table = compute_standings(players(A, B, C, D), two_rounds)
    assert [s.player for s in table] == [A, B, C, D]
    assert [s.rank for s in table] == [1, 2, 3, 4]
    s = by_player(table)
    assert [s[p].match_points for p in (A, B, C, D)] == [6, 3, 1, 1]
    # own game-win %: A 12/15, B 6/12, C 7/18, D 4/15 -> floored to 1/3
    assert [s[p].value("gw") for p in (A, B, C, D)] == [F(4, 5), F(1, 2), F(7, 18), F(1, 3)]
    # opponents' match-win %, each opponent floored at 1/3
    assert [s[p].value("omw") for p in (A, B, C, D)] == [F(5, 12), F(2, 3), F(2, 3), F(5, 12)]
    assert [s[p].value("ogw") for p in (A, B, C, D)] == [F(4, 9), F(17, 30), F(17, 30), F(4, 9)]


def test_a_bye_is_a_2_0_win_for_the_player_but_not_an_opponent():
    results = [
        MatchResult(1, A, B, 2, 0),
        MatchResult.bye(1, C),
        MatchResult(2, C, A, 2, 1),
        MatchResult.bye(2, B),
    ]
    s = by_player(compute_standings(players(A, B, C), results))
    c = s[C]
    assert c.match_points == 6
    assert (c.record.wins, c.record.byes, c.record.games_won, c.record.games_lost) == (2, 1, 4, 1)
    assert c.record.opponents == (A,)
    assert c.value("gw") == F(12, 15)
    assert c.value("omw") == F(1, 2)  # only A (1 win, 1 loss) counts
    assert s[B].record.opponents == (A,)
    assert s[B].value("omw") == F(1, 2)  # A is 3/6; the bye adds nothing


def test_a_bye_reported_as_0_0_0_also_counts_2_0():
    s = by_player(compute_standings(players(A), [MatchResult(1, A, None)]))
    assert s[A].record.games_won == 2
    assert s[A].value("gw") == 1


def test_a_player_with_only_byes_gets_the_floor_as_opponents_percentages():
    s = by_player(compute_standings(players(A), [MatchResult.bye(1, A)]))
    assert s[A].value("omw") == F(1, 3)
    assert s[A].value("ogw") == F(1, 3)


def test_opponents_below_one_third_count_as_one_third():
    # B loses three times: 0/9 -> 1/3 in A's OMW.
    results = [
        MatchResult(1, A, B, 2, 0),
        MatchResult(2, C, B, 2, 0),
        MatchResult(3, D, B, 2, 0),
    ]
    s = by_player(compute_standings(players(A, B, C, D), results))
    assert s[A].value("omw") == F(1, 3)
    assert s[A].value("ogw") == F(1, 3)
    assert s[B].value("gw") == F(1, 3)


def test_dropped_players_still_count_as_opponents():
    results = [MatchResult(1, A, B, 2, 0), MatchResult(1, C, D, 2, 0), MatchResult(2, B, D, 2, 0)]
    table = compute_standings(players(A, B, C, D, dropped=(B,)), results)
    s = by_player(table)
    assert s[B].dropped
    assert s[A].value("omw") == F(1, 2)  # B went 1-1 before dropping
    assert len(table) == 4


def test_standings_as_of_an_earlier_round_ignore_later_results(two_rounds):
    s = by_player(compute_standings(players(A, B, C, D), two_rounds, as_of_round=1))
    assert [s[p].match_points for p in (A, B, C, D)] == [3, 0, 1, 1]
    assert s[A].record.opponents == (B,)
    assert s[A].value("omw") == F(1, 3)


def test_drop_dated_after_a_round_is_not_a_drop_before_it():
    people = [StandingsPlayer(A, dropped=True, dropped_after_round=2), StandingsPlayer(B)]
    results = [MatchResult(1, A, B, 2, 0)]
    assert not by_player(compute_standings(people, results, as_of_round=1))[A].dropped
    assert by_player(compute_standings(people, results, as_of_round=2))[A].dropped


def test_a_match_loss_penalty_decides_the_match_whatever_the_games():
    results = [MatchResult(1, A, B, 2, 1, override=Override.MATCH_LOSS_A)]
    s = by_player(compute_standings(players(A, B), results))
    assert (s[A].match_points, s[B].match_points) == (0, 3)
    assert s[A].record.games_won == 2  # games stay as reported


def test_a_double_loss_gives_nobody_points():
    results = [MatchResult(1, A, B, 0, 0, 0, Override.DOUBLE_LOSS)]
    s = by_player(compute_standings(players(A, B), results))
    assert (s[A].match_points, s[B].match_points) == (0, 0)
    assert (s[A].record.losses, s[B].record.losses) == (1, 1)


def test_unfinished_and_drawn_matches():
    results = [MatchResult(1, A, B, 1, 0, 2), MatchResult(1, C, D, 0, 0, 0)]
    s = by_player(compute_standings(players(A, B, C, D), results))
    assert [s[p].match_points for p in (A, B, C, D)] == [3, 0, 1, 1]
    assert s[C].value("gw") == F(1, 3)  # no game played: the floor


def test_final_ties_by_player_id_by_default():
    results = [MatchResult(1, 3, 4, 1, 1, 1), MatchResult(1, 1, 2, 1, 1, 1)]
    table = compute_standings([StandingsPlayer(i) for i in (4, 3, 2, 1)], results)
    assert [s.player for s in table] == [1, 2, 3, 4]


def test_final_ties_by_a_seeded_draw_are_stable_and_order_free():
    results = [MatchResult(1, 3, 4, 1, 1, 1), MatchResult(1, 1, 2, 1, 1, 1)]
    forward = compute_standings([StandingsPlayer(i) for i in (1, 2, 3, 4)], results, tie_seed=9)
    backward = compute_standings(
        [StandingsPlayer(i) for i in (4, 3, 2, 1)], results[::-1], tie_seed=9
    )
    assert [s.player for s in forward] == [s.player for s in backward]
    orders = {
        tuple(
            s.player
            for s in compute_standings(
                [StandingsPlayer(i) for i in (1, 2, 3, 4)], results, tie_seed=seed
            )
        )
        for seed in range(20)
    }
    assert len(orders) > 1


def test_export_rows_give_decimals_between_0_and_1(two_rounds):
    rows = export_rows(compute_standings(players(A, B, C, D), two_rounds))
    assert list(rows[0]) == ["rank", "player", "match_points", "omw", "gw", "ogw"]
    assert rows[0] == {
        "rank": 1,
        "player": A,
        "match_points": 6,
        "omw": Decimal("0.4167"),
        "gw": Decimal("0.8000"),
        "ogw": Decimal("0.4444"),
    }
    table = compute_standings(players(A, B, C, D), two_rounds)
    assert table[0].decimal("omw", places=6) == Decimal("0.416667")
    assert float(table[0].value("omw")) == pytest.approx(5 / 12)


def test_presets_and_explicit_orders():
    assert resolve_order("dar") == ("match_points", "omw", "gw", "ogw")
    assert resolve_order(["gw", "match_points"]) == ("gw", "match_points")
    with pytest.raises(UnknownPresetError):
        resolve_order("chess")
    with pytest.raises(UnknownTiebreakError) as caught:
        resolve_order(["match_points", "sonneborn"])
    assert caught.value.params == {"name": "sonneborn"}


def test_pokemon_style_preset_has_its_own_floor_and_cap():
    results = [
        MatchResult(1, A, B, 2, 0),
        MatchResult(1, D, C, 2, 0),
        MatchResult(2, D, A, 2, 0),
        MatchResult(2, C, B, 2, 0),
        MatchResult(3, D, B, 2, 0),
        MatchResult.bye(3, A),
        MatchResult(3, C, E, 2, 0),
    ]
    table = compute_standings(
        players(A, B, C, D, E, dropped=(D,)), results, tiebreaks="pokemon_style"
    )
    s = by_player(table)
    assert [name for name, _ in table[0].values] == ["match_points", "owp", "oowp"]
    # Win rates (byes left out): D 3/3 but dropped -> capped at 3/4; B 0/3 -> floor 1/4;
    # C 2/3; E 0/1 -> 1/4; A 1/2 (the bye does not count).
    assert s[A].value("owp") == (F(1, 4) + F(3, 4)) / 2
    assert s[E].value("owp") == F(2, 3)
    assert s[C].value("owp") == (F(3, 4) + F(1, 4) + F(1, 4)) / 3
    assert s[E].value("oowp") == s[C].value("owp")
    assert s[D].value("owp") == (F(2, 3) + F(1, 2) + F(1, 4)) / 3


def test_the_registry_takes_a_new_tiebreak():
    @register_tiebreak("test_fewest_losses", percentage=False, description="for a test")
    def fewest_losses(ctx):
        return {pid: -r.losses for pid, r in ctx.records.items()}

    register_preset("test_losses_first", ["test_fewest_losses", "match_points"])
    results = [MatchResult(1, A, B, 1, 1, 1), MatchResult(1, C, D, 2, 0)]
    table = compute_standings(players(A, B, C, D), results, tiebreaks="test_losses_first")
    assert table[-1].player == D
    assert table[0].value("test_fewest_losses") == 0


@pytest.mark.parametrize(
    ("result", "error", "code"),
    [
        (MatchResult(1, A, "Z", 2, 0), UnknownPlayerError, "unknown_player"),
        (MatchResult(1, A, A, 2, 0), SelfMatchError, "self_match"),
        (MatchResult(0, A, B, 2, 0), InvalidRoundError, "invalid_round"),
        (MatchResult(1, A, B, -1, 0), NegativeGamesError, "negative_games"),
        (MatchResult(1, A, None, 1, 0), InvalidByeError, "invalid_bye"),
        (MatchResult(1, A, None, 2, 0, 0, Override.DOUBLE_LOSS), InvalidByeError, "invalid_bye"),
    ],
)
def test_bad_results_are_refused(result, error, code):
    with pytest.raises(error) as caught:
        compute_standings(players(A, B), [result])
    assert caught.value.code == code
    assert repr(result.player_a) in str(caught.value)


def test_a_player_twice_in_a_round_is_refused():
    with pytest.raises(PlayerTwiceInRoundError) as caught:
        compute_standings(
            players(A, B, C), [MatchResult(1, A, B, 2, 0), MatchResult(1, C, A, 2, 0)]
        )
    assert caught.value.params == {"player": A, "round": 1}


def test_a_player_listed_twice_is_refused():
    with pytest.raises(DuplicatePlayerError):
        compute_standings([StandingsPlayer(A), StandingsPlayer(A)], [])
