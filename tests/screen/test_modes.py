"""The big screen's choice of view (pure core): each mode in each state of an event, and
properties that hold for every state."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from screen import modes as core
from screen.modes import RoundFacts, ScreenFacts, choose_view, few_tables_left

IN_PROGRESS = RoundFacts(swiss=True, tables=20, tables_playing=20)
TIME_CALLED = RoundFacts(swiss=True, tables=20, tables_playing=5, time_called=True)
TWO_LEFT = RoundFacts(swiss=True, tables=20, tables_playing=2)
ALL_IN = RoundFacts(swiss=True, tables=20, tables_playing=0)
TOP_CUT_ALL_IN = RoundFacts(swiss=False, tables=2, tables_playing=0)


@pytest.mark.parametrize(
    ("facts", "view"),
    [
        (ScreenFacts(), core.WAITING),
        (ScreenFacts(round=IN_PROGRESS, standings=True), core.PAIRINGS),
        (ScreenFacts(round=TIME_CALLED, standings=True), core.PLAYING),
        (ScreenFacts(round=TWO_LEFT, standings=True), core.PLAYING),
        (ScreenFacts(round=ALL_IN, standings=True), core.STANDINGS),
        (ScreenFacts(round=TOP_CUT_ALL_IN, standings=True), core.PAIRINGS),
        (ScreenFacts(round=TOP_CUT_ALL_IN, standings=True, event_finished=True), core.STANDINGS),
        (ScreenFacts(round=ALL_IN, standings=False), core.PAIRINGS),
        (ScreenFacts(pods=2, pods_drafting=1), core.DRAFT),
        (ScreenFacts(pods=2, pods_drafting=0), core.WAITING),
        (ScreenFacts(round=IN_PROGRESS, pods=2, pods_drafting=1), core.PAIRINGS),
        (ScreenFacts(standings=True, event_finished=True), core.STANDINGS),
    ],
)
def test_auto_follows_the_event(facts, view):
    assert choose_view(core.AUTO, facts) == view


@pytest.mark.parametrize(
    ("mode", "facts", "view"),
    [
        (core.PAIRINGS, ScreenFacts(round=TIME_CALLED), core.PAIRINGS),
        (core.PAIRINGS, ScreenFacts(), core.WAITING),
        (core.PLAYING, ScreenFacts(round=IN_PROGRESS), core.PLAYING),
        (core.PLAYING, ScreenFacts(), core.WAITING),
        (core.STANDINGS, ScreenFacts(round=IN_PROGRESS, standings=True), core.STANDINGS),
        (core.STANDINGS, ScreenFacts(round=IN_PROGRESS, standings=False), core.WAITING),
        (core.DRAFT, ScreenFacts(pods=1), core.DRAFT),
        (core.DRAFT, ScreenFacts(round=IN_PROGRESS), core.WAITING),
    ],
)
def test_a_chosen_view_is_shown_when_it_has_something_to_show(mode, facts, view):
    assert choose_view(mode, facts) == view


def test_an_unknown_mode_is_refused_naming_it():
    with pytest.raises(ValueError, match="unknown screen mode 'clock'"):
        choose_view("clock", ScreenFacts())


@pytest.mark.parametrize(
    ("tables", "playing", "few"),
    [
        (100, 10, True),
        (100, 11, False),
        (20, 2, True),
        (20, 3, False),
        (4, 2, True),
        (4, 3, False),
        (3, 2, False),  # two of three is not "a few left"
        (1, 1, False),
        (10, 0, False),
    ],
)
def test_few_tables_left(tables, playing, few):
    assert few_tables_left(tables, playing) is few


rounds = st.none() | st.builds(
    RoundFacts,
    swiss=st.booleans(),
    tables=st.integers(0, 500),
    tables_playing=st.integers(0, 500),
    time_called=st.booleans(),
)
facts_strategy = st.builds(
    ScreenFacts,
    round=rounds,
    pods=st.integers(0, 8),
    pods_drafting=st.integers(0, 8),
    standings=st.booleans(),
    event_finished=st.booleans(),
)


@given(mode=st.sampled_from(core.MODES), facts=facts_strategy)
def test_the_view_is_known_and_never_shows_what_is_not_there(mode, facts):
    view = choose_view(mode, facts)
    assert view in core.VIEWS
    if view in (core.PAIRINGS, core.PLAYING):
        assert facts.round is not None
    if view == core.STANDINGS:
        assert facts.standings
    if view == core.DRAFT:
        assert facts.pods or facts.pods_drafting


@given(facts=facts_strategy)
def test_a_chosen_view_other_than_auto_is_that_view_or_waiting(facts):
    for mode in (core.PAIRINGS, core.PLAYING, core.STANDINGS, core.DRAFT):
        assert choose_view(mode, facts) in (mode, core.WAITING)
