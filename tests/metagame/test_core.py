"""The metagame's arithmetic against hand-computed values."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from metagame.core.rates import WinRate, match_points, wilson_interval
from metagame.core.tables import OTHER, card_win_rate, matchup_table, share_rows


def test_wilson_known_values():
    low, high = wilson_interval(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 3) == 0.278
    assert wilson_interval(0, 0) is None


def test_wilson_refuses_impossible_counts():
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_draws_count_half():
    assert match_points(wins=2, draws=1) == 2.5
    assert WinRate(2.5, 4).rate == 0.625


def test_share_rows_group_small_keys_as_other_and_keep_mirrors_apart():
    lists = {"a": 8, "b": 9, "c": 2, "d": 1}
    cells = {
        ("a", "b"): WinRate(3, 4),
        ("b", "a"): WinRate(1, 4),
        ("c", "d"): WinRate(1, 1),  # c and d both fall in "other": a mirror of "other"
        ("d", "c"): WinRate(0, 1),
        ("a", "a"): WinRate(2, 4),  # a mirror, apart
        ("a", "c"): WinRate(1, 2),
        ("c", "a"): WinRate(1, 2),
    }
    rows = share_rows(lists, cells, threshold=8)
    assert [r.key for r in rows] == ["b", "a", OTHER]
    a, other = rows[1], rows[2]
    assert a.win == WinRate(4, 6)  # 3/4 against b and 1/2 against c; the mirror left out
    assert round(a.share, 3) == round(8 / 20, 3)
    assert other.lists == 3 and other.members == ("c", "d")
    assert other.win == WinRate(1, 2)  # only against a: c against d is a mirror of "other"


def test_matchup_table_counts_mirrors_once_and_apart():
    cells = {("x", "y"): WinRate(2, 3), ("y", "x"): WinRate(1, 3), ("x", "x"): WinRate(2, 4)}
    table = matchup_table(cells, ["x", "y"], lambda k: k)
    assert table.keys == ("x", "y")
    assert table.cell("x", "y") == WinRate(2, 3)
    assert table.mirrors == {"x": 2, "y": 0}
    assert table.cell("x", "x").matches == 0


def test_card_rate_leaves_out_matches_where_both_play_it():
    # sides playing the card: 4 matches, 2.5 points; one match has it on both sides
    assert card_win_rate(2.5, 4, 1) == WinRate(1.5, 2)


@given(st.integers(min_value=1, max_value=10_000), st.data())
def test_wilson_interval_holds_the_rate_within_zero_and_one(n, data):
    half_points = data.draw(st.integers(min_value=0, max_value=2 * n))
    low, high = wilson_interval(half_points / 2, n)
    assert 0.0 <= low <= half_points / 2 / n <= high <= 1.0


@given(
    st.lists(
        st.tuples(st.sampled_from("abc"), st.sampled_from("abc"), st.sampled_from([0.0, 0.5, 1.0]))
    )
)
def test_share_rows_count_every_non_mirror_match_once_per_side(matches):
    cells: dict = {}
    for a, b, p in matches:
        cells[(a, b)] = cells.get((a, b), WinRate(0, 0)) + WinRate(p, 1)
        cells[(b, a)] = cells.get((b, a), WinRate(0, 0)) + WinRate(1 - p, 1)
    rows = share_rows({"a": 1, "b": 1, "c": 1}, cells)
    assert sum(r.win.matches for r in rows) == 2 * sum(1 for a, b, _ in matches if a != b)
    assert sum(r.win.points for r in rows) == pytest.approx(sum(1 for a, b, _ in matches if a != b))
