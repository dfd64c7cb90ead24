"""Checking a judge-edited pairing: problems found and flags recomputed."""

from __future__ import annotations

from tournaments.pairing import (
    FlagCode,
    Pairing,
    Player,
    ProblemCode,
    Severity,
    check_pairings,
    pair_round,
    rematch_free_pairing_exists,
)


def P(pid, points, rank, opponents=(), **kw):
    return Player(pid, points, rank, frozenset(opponents), **kw)


FIELD = [
    P(1, 6, 1, {2}),
    P(2, 6, 2, {1}),
    P(3, 3, 3),
    P(4, 3, 4, fixed_table=9),
    P(5, 0, 5, had_bye=True),
    P(6, 0, 6, dropped=True),
]


def codes(check):
    return sorted((p.code.value, p.severity.value) for p in check.problems)


def test_the_generator_s_own_pairing_passes():
    result = pair_round(FIELD, round_number=3, seed=1)
    check = check_pairings(FIELD, result.pairings, round_number=3)
    assert check.ok
    assert check.problems == ()
    assert check.pairings == result.pairings


def test_a_swap_that_creates_an_avoidable_rematch_is_an_error():
    edited = [Pairing(1, 1, 2), Pairing(9, 3, 4), Pairing(3, 5, None)]
    check = check_pairings(FIELD, edited, round_number=3)
    assert not check.ok
    assert codes(check) == [("rematch", "error"), ("second_bye", "warning")]
    assert check.pairings[0].has(FlagCode.REMATCH)
    rematch = check.problems[0]
    assert rematch.as_dict()["params"] == {"players": [1, 2], "table": 1}


def test_an_unavoidable_rematch_is_only_a_warning():
    everyone = {1, 2}
    players = [P(i, 0, i, everyone - {i}) for i in everyone]
    assert not rematch_free_pairing_exists(players)
    check = check_pairings(players, [Pairing(1, 1, 2)], round_number=2)
    assert check.ok
    assert codes(check) == [("rematch", "warning")]
    assert check.pairings[0].has(FlagCode.REMATCH_FORCED)


def test_missing_twice_dropped_unknown_and_self_paired_players():
    edited = [
        Pairing(1, 1, 3),
        Pairing(2, 3, 6),
        Pairing(3, 7, 7),
        Pairing(3, 2, None),
    ]
    check = check_pairings(FIELD, edited, round_number=3)
    assert not check.ok
    assert codes(check) == [
        ("dropped_player_paired", "error"),
        ("missing_player", "error"),
        ("missing_player", "error"),
        ("player_twice", "error"),
        ("player_twice", "error"),
        ("self_paired", "error"),
        ("table_twice", "error"),
        ("unknown_player", "error"),
        ("unknown_player", "error"),
    ]
    missing = sorted(dict(p.params)["player"] for p in check.problems if p.code == "missing_player")
    assert missing == [4, 5]


def test_two_byes_are_an_error():
    edited = [Pairing(1, 1, 3), Pairing(2, 2, 4), Pairing(3, 5, None), Pairing(4, 3, None)]
    problems = check_pairings(FIELD, edited, round_number=3).problems
    assert ProblemCode.SEVERAL_BYES in {p.code for p in problems}


def test_flags_are_recomputed_and_the_judge_s_tables_kept():
    edited = [Pairing(5, 1, 3), Pairing(9, 2, 4), Pairing(6, 5, None)]
    check = check_pairings(FIELD, edited, round_number=3)
    assert [p.table for p in check.pairings] == [5, 9, 6]
    first = check.pairings[0].flags[0]
    assert first.code == FlagCode.PAIRED_DOWN
    assert dict(first.params) == {"player": 1, "from_points": 6, "to_points": 3}
    assert check.pairings[1].has(FlagCode.FIXED_TABLE)
    bye = check.pairings[2].flags[0]
    assert dict(bye.params)["reason"] == "judge_assigned"
    assert dict(bye.params)["preferred_player"] == 4  # 5 had a bye, 6 dropped


def test_a_fixed_table_not_honoured_is_a_warning():
    edited = [Pairing(1, 1, 3), Pairing(2, 2, 4), Pairing(3, 5, None)]
    check = check_pairings(FIELD, edited, round_number=3)
    assert codes(check) == [("fixed_table_ignored", "warning"), ("second_bye", "warning")]
    assert check.ok
    ignored = next(p for p in check.problems if p.code == ProblemCode.FIXED_TABLE_IGNORED)
    assert ignored.severity == Severity.WARNING
    assert dict(ignored.params) == {"player": 4, "table": 9, "seated_at": 2}
