"""The direct reading of the usual report body agrees with ``ResultIn`` on every input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from tournaments.api.serializers import ResultIn, report_input

KEYS = ["games_won_a", "games_won_b", "games_drawn", "games", "idempotency_key", "other"]
VALUES = st.one_of(
    st.integers(min_value=-2, max_value=12),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-3, max_value=12),
    st.text(max_size=70),
    st.sampled_from(["2", " 1", "abc-123", "k" * 64, "k" * 65, " key ", "x\x00y"]),
    st.just([]),
    st.just([{"winner": "a"}]),
)


def _serializer(data):
    serializer = ResultIn(data=data)
    if serializer.is_valid():
        return dict(serializer.validated_data)
    return ValidationError


def _direct(data):
    try:
        return dict(report_input(data))
    except ValidationError:
        return ValidationError


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=6))
def test_direct_reading_equals_the_serializer(data):
    assert _direct(data) == _serializer(data)


@pytest.mark.parametrize(
    "data",
    [
        {"games_won_a": 2, "games_won_b": 1},
        {"games_won_a": 2, "games_won_b": 0, "games_drawn": 1, "idempotency_key": "a1:b2"},
        {"games_won_a": True, "games_won_b": 0},
        {"games_won_a": "2", "games_won_b": 0},
        {"games_won_a": 2, "games_won_b": 0, "idempotency_key": " spaced "},
        {"games_won_a": 10, "games_won_b": 0},
        {"games_won_b": 0},
    ],
)
def test_usual_and_unusual_bodies(data):
    assert _direct(data) == _serializer(data)
