"""Which round the standings are after (the pure rule): the last completed round, so a
round being played counts, its bye included, only once it ends."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import (
    InvalidRoundError,
    MatchResult,
    RoundProgress,
    StandingsPlayer,
    StandingsRound,
    compute_standings,
    standings_round,
)

A, B, C, D, E = "A", "B", "C", "D", "E"

# Five players. Round 1: A beats B, C beats D, E has the bye. Round 2 is being played: B
# (who lost round 1) has the bye, already confirmed, and D beat E early; A-C still plays.
ROUND_1 = [MatchResult(1, A, B, 2, 0), MatchResult(1, C, D, 2, 1), MatchResult.bye(1, E)]
ROUND_2_SO_FAR = [MatchResult.bye(2, B), MatchResult(2, D, E, 2, 0)]
PLAYERS = [StandingsPlayer(p) for p in (A, B, C, D, E)]


def event_in_round_2(open_matches: int = 1) -> list[RoundProgress]:
    return [RoundProgress(1, ended=False, open_matches=0), RoundProgress(2, False, open_matches)]


def test_event_in_round_2_standings_are_after_round_1_with_round_2_playing():
    assert standings_round(event_in_round_2()) == StandingsRound(after=1, latest=1, playing=2)


def test_event_in_round_2_the_round_2_bye_waits_so_its_player_is_not_first():
    shown = standings_round(event_in_round_2())
    table = compute_standings(PLAYERS, ROUND_1 + ROUND_2_SO_FAR, as_of_round=shown.after)
    ranked = {s.player: s for s in table}
    assert table[0].player != B
    assert {s.player for s in table[:3]} == {A, C, E}  # the 1-0 players first
    record = ranked[B].record
    assert (record.wins, record.losses, record.draws, record.byes) == (0, 1, 0, 0)
    assert ranked[B].match_points == 0 and ranked[D].match_points == 0  # D's win waits too
    assert ranked[B].value("omw") == Fraction(1)  # A, the only opponent so far, is 1-0


def test_the_bug_it_prevents_counting_round_2_as_it_is_played_puts_the_bye_first():
    # What "every confirmed result" gives: B 1-1-0 with OMW 100%, above every 1-0 player.
    table = compute_standings(PLAYERS, ROUND_1 + ROUND_2_SO_FAR)
    assert table[0].player == B and table[0].value("omw") == Fraction(1)


def test_event_with_round_2_all_in_standings_are_after_round_2():
    shown = standings_round(event_in_round_2(open_matches=0))
    assert shown == StandingsRound(after=2, latest=2, playing=None)
    table = compute_standings(
        PLAYERS, ROUND_1 + ROUND_2_SO_FAR + [MatchResult(2, A, C, 2, 0)], as_of_round=shown.after
    )
    ranked = {s.player: s for s in table}
    assert ranked[B].record.byes == 1 and ranked[B].match_points == 3
    assert table[0].player == A


def test_event_in_round_1_no_round_is_complete():
    shown = standings_round([RoundProgress(1, ended=False, open_matches=3)])
    assert shown == StandingsRound(after=0, latest=0, playing=1)
    table = compute_standings(PLAYERS, [MatchResult.bye(1, E)], as_of_round=shown.after)
    assert all(s.match_points == 0 for s in table)


def test_event_before_round_1_has_nothing_complete_and_nothing_playing():
    assert standings_round([]) == StandingsRound(after=0, latest=0, playing=None)


def test_a_round_ended_with_results_missing_is_complete():
    # The judge paired round 3 with a result of round 2 missing: round 2 has ended.
    rounds = [RoundProgress(1, True, 0), RoundProgress(2, True, 1), RoundProgress(3, False, 4)]
    assert standings_round(rounds) == StandingsRound(after=2, latest=2, playing=3)


def test_a_complete_round_after_an_incomplete_one_does_not_count():
    rounds = [RoundProgress(2, False, 0), RoundProgress(1, False, 1)]  # any order
    assert standings_round(rounds) == StandingsRound(after=0, latest=0, playing=1)


def test_an_earlier_round_may_be_asked_for_a_later_one_gives_the_last_completed():
    rounds = [RoundProgress(1, True, 0), RoundProgress(2, True, 0), RoundProgress(3, False, 2)]
    assert standings_round(rounds, requested=1) == StandingsRound(1, latest=2, playing=3)
    assert standings_round(rounds, requested=0) == StandingsRound(0, latest=2, playing=3)
    assert standings_round(rounds, requested=2).after == 2
    assert standings_round(rounds, requested=3) == StandingsRound(2, latest=2, playing=3)
    assert standings_round(rounds, requested=99).after == 2
    assert standings_round(rounds, requested=1).is_latest is False
    assert standings_round(rounds).is_latest is True


@pytest.mark.parametrize("requested", [-1, 1.5, "2", True])
def test_a_requested_round_that_is_not_a_round_number_is_refused(requested):
    with pytest.raises(InvalidRoundError) as raised:
        standings_round([RoundProgress(1, True, 0)], requested=requested)
    assert raised.value.code == "invalid_round"


progress = st.lists(
    st.tuples(st.booleans(), st.integers(min_value=0, max_value=3)), max_size=8
).map(lambda rows: [RoundProgress(n, e, o) for n, (e, o) in enumerate(rows, start=1)])


@settings(max_examples=200, deadline=None)
@given(progress, st.one_of(st.none(), st.integers(min_value=0, max_value=10)))
def test_the_standings_are_never_after_an_incomplete_round(rounds, requested):
    shown = standings_round(rounds, requested=requested)
    assert 0 <= shown.after <= shown.latest
    assert all(r.complete for r in rounds if r.number <= shown.latest)
    if requested is not None:
        assert shown.after <= requested
    if shown.playing is not None:
        assert shown.playing == shown.latest + 1
        assert not next(r for r in rounds if r.number == shown.playing).complete
    else:
        assert shown.latest == len(rounds)
