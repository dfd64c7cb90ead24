"""The waiting and handling times of judge calls per round (pure core): known answers and
properties over any calls."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from judge_calls.times import CallRow, call_times

T0 = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_known_answers_for_one_round():
    rows = [
        CallRow(1, at(0), at(60), at(180), is_open=False),  # waited 60, handled 120
        CallRow(1, at(10), at(130), at(430), is_open=False),  # waited 120, handled 300
        CallRow(1, at(20), at(200), None, is_open=True),  # waited 180, being handled
    ]
    (line,) = call_times(rows, now=at(500))
    assert (line.round_number, line.calls, line.open) == (1, 3, 1)
    assert (line.wait_median, line.wait_max) == (120.0, 180.0)
    assert (line.handling_median, line.handling_max) == (210.0, 300.0)


def test_a_call_still_waiting_counts_until_now_and_a_cancelled_unanswered_one_not_at_all():
    rows = [
        CallRow(2, at(0), None, None, is_open=True),  # waiting for 600 s now
        CallRow(2, at(100), None, None, is_open=False),  # cancelled before any judge
        CallRow(1, at(0), at(30), at(90), is_open=False),
    ]
    lines = call_times(rows, now=at(600))
    assert [line.round_number for line in lines] == [1, 2]
    assert lines[1].wait_max == 600.0 and lines[1].calls == 2 and lines[1].open == 1
    assert lines[1].handling_median is None and lines[1].handling_max is None


def test_no_calls_no_lines():
    assert call_times([], now=T0) == []


@st.composite
def call_rows(draw):
    created = draw(st.floats(min_value=0, max_value=3600))
    answered = draw(st.one_of(st.none(), st.floats(min_value=0, max_value=3600)))
    answered_at = None if answered is None else at(created + answered)
    resolved = None
    if answered_at is not None and draw(st.booleans()):
        resolved = answered_at + timedelta(seconds=draw(st.floats(min_value=0, max_value=3600)))
    is_open = resolved is None and draw(st.booleans())
    return CallRow(draw(st.integers(1, 5)), at(created), answered_at, resolved, is_open)


@given(st.lists(call_rows(), max_size=30))
def test_medians_never_exceed_maxima_and_every_call_is_counted(rows):
    now = at(10_000)
    lines = call_times(rows, now=now)
    assert sum(line.calls for line in lines) == len(rows)
    assert sum(line.open for line in lines) == sum(r.is_open for r in rows)
    assert [line.round_number for line in lines] == sorted({r.round_number for r in rows})
    for line in lines:
        for median, most in (
            (line.wait_median, line.wait_max),
            (line.handling_median, line.handling_max),
        ):
            assert (median is None) == (most is None)
            if median is not None:
                assert 0 <= median <= most
