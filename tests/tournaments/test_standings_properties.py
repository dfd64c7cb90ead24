"""Standings invariants on random events (hypothesis)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.simulation import SCORE_WEIGHTS
from tournaments.standings import MatchResult, StandingsPlayer, compute_standings


@st.composite
def events(draw):
    size = draw(st.integers(min_value=1, max_value=12))
    rounds = draw(st.integers(min_value=0, max_value=5))
    rng = random.Random(draw(st.integers(min_value=0, max_value=10**6)))
    ids = list(range(1, size + 1))
    dropped = set()
    results = []
    for number in range(1, rounds + 1):
        active = [i for i in ids if i not in dropped]
        rng.shuffle(active)
        if len(active) % 2:
            results.append(MatchResult.bye(number, active.pop()))
        for a, b in zip(active[::2], active[1::2], strict=True):
            results.append(MatchResult(number, a, b, *rng.choice(list(SCORE_WEIGHTS))))
        if rng.random() < 0.3 and active:
            dropped.add(rng.choice(active))
    return [StandingsPlayer(i, dropped=i in dropped) for i in ids], results, rounds


@settings(max_examples=150, deadline=None)
@given(event=events())
def test_standings_are_sorted_by_the_tiebreaks_and_complete(event):
    players, results, _ = event
    table = compute_standings(players, results)
    assert [s.rank for s in table] == list(range(1, len(players) + 1))
    assert sorted(s.player for s in table) == sorted(p.id for p in players)
    keys = [tuple(v for _, v in s.values) for s in table]
    assert keys == sorted(keys, reverse=True)
    for s in table:
        for name in ("omw", "gw", "ogw"):
            assert Fraction(1, 3) <= s.value(name) <= 1


@settings(max_examples=150, deadline=None)
@given(event=events())
def test_points_add_up_and_byes_are_not_opponents(event):
    players, results, _ = event
    table = compute_standings(players, results)
    wins = sum(s.record.wins for s in table)
    draws = sum(s.record.draws for s in table)
    assert sum(s.match_points for s in table) == 3 * wins + draws
    byes = sum(r.is_bye for r in results)
    assert sum(s.record.byes for s in table) == byes
    for s in table:
        assert len(s.record.opponents) == s.record.matches - s.record.byes


@settings(max_examples=100, deadline=None)
@given(event=events(), data=st.data())
def test_as_of_round_is_the_same_as_leaving_later_results_out(event, data):
    players, results, rounds = event
    cut = data.draw(st.integers(min_value=0, max_value=max(rounds, 0)))
    early = [r for r in results if r.round <= cut]
    undated = [StandingsPlayer(p.id) for p in players]
    assert compute_standings(undated, results, as_of_round=cut) == compute_standings(undated, early)


@settings(max_examples=100, deadline=None)
@given(event=events(), seed=st.integers(min_value=0, max_value=1000))
def test_input_order_does_not_matter(event, seed):
    players, results, _ = event
    rng = random.Random(seed)
    shuffled_players, shuffled_results = list(players), list(results)
    rng.shuffle(shuffled_players)
    rng.shuffle(shuffled_results)
    for tie_seed in (None, "cut"):
        assert [s.player for s in compute_standings(players, results, tie_seed=tie_seed)] == [
            s.player
            for s in compute_standings(shuffled_players, shuffled_results, tie_seed=tie_seed)
        ]
