"""Arbitrary JSON never crashes a checker: every answer is a verdict, every refusal located."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.errors import RecordError
from games.engines.registry import check_record, check_record_text

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["heads", "tails", "H1", "T2", "wizard", "sword", "water", "air", "", "x"]),
)
keys = st.sampled_from(
    [
        "format",
        "game",
        "ruleset",
        "squad",
        "initiative",
        "rounds",
        "result",
        "uncover",
        "deploy",
        "outfit",
        "rolls",
        "heads",
        "tails",
        "counter",
        "on",
        "copy",
        "mode",
        "scoring",
        "catalogue",
        "turns",
        "side",
        "plays",
        "card",
        "vanguard",
        "setup",
        "specials",
        "concede",
        "extra",
    ]
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=6),
    max_leaves=30,
)
tops = st.fixed_dictionaries(
    {
        "game": st.sampled_from(["qiahn-tactics", "qiahn-goblin-ii"]),
        "format": st.sampled_from([1, 1, 2]),
    },
    optional={
        "ruleset": values,
        "squad": st.sampled_from([3, 6, "3"]),
        "initiative": values,
        "rounds": st.lists(values, max_size=7),
        "result": values,
        "mode": values,
        "scoring": values,
        "catalogue": st.just("goblin-ii-default"),
        "extra": values,
    },
)


@settings(max_examples=400, deadline=None)
@given(data=st.one_of(values, tops))
def test_arbitrary_json_gets_a_verdict(data):
    verdict = check_record(data)
    assert not verdict.valid or verdict.result is not None
    if not verdict.valid:
        assert isinstance(verdict.error, RecordError)
        assert str(verdict.error)
    assert check_record_text(json.dumps(data)).valid == verdict.valid


def test_deep_nesting_and_broken_text_are_refused_not_raised():
    for text in ("[" * 100_000 + "]" * 100_000, "{", "", "NaN", '{"a": NaN}', "\ufeff{}"):
        verdict = check_record_text(text)
        assert not verdict.valid and str(verdict.error)
