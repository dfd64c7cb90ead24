"""The one-pass fast check and the step-by-step replay give the same verdict.

``check_record`` answers a legal record with :func:`fast_score` and replays
anything else step by step; these properties hold the two to the same answer
on random legal games (two catalogues, four arena sizes) and on single
mutations of them, including mutations that keep the record legal.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines.anachronism.catalogue import default_catalogue
from games.engines.anachronism.fastcheck import fast_score
from games.engines.anachronism.playout import random_record
from games.engines.anachronism.replay import check_record, check_record_stepwise
from tests.games.engines.anachronism.helpers import BASIC_CATALOGUE
from tests.games.engines.anachronism.test_properties import VOCABULARY
from tests.games.engines.mutations import mutation_thunks, mutations

EXAMPLE = (
    Path(__file__).resolve().parents[4]
    / "games"
    / "data"
    / "examples"
    / "anachronism-five-assaults.json"
)
CATALOGUES = {"sample": default_catalogue(), "test": BASIC_CATALOGUE}
# Words that can keep a mutated record legal: other squares, facings, card ids...
MORE_WORDS = (
    *VOCABULARY,
    "b2",
    "d4",
    "c4",
    "fen-archer",
    "light-step",
    "short-sword",
    "vet",
    "blade",
    "rulebook-1",
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
arenas = st.sampled_from((3, 5, 7, 9))
catalogue_names = st.sampled_from(sorted(CATALOGUES))


def assert_same_verdict(data, catalogue) -> None:
    """Fast path and step-by-step replay agree on the verdict and on everything it says."""
    slow = check_record_stepwise(data, catalogue)
    score = fast_score(data, catalogue)
    assert score == (dict(slow.result) if slow.valid else None)
    verdict = check_record(data, catalogue)
    assert verdict.as_dict() == slow.as_dict()


@settings(max_examples=200, deadline=None)
@given(seed=seeds, arena=arenas, name=catalogue_names)
def test_the_fast_check_accepts_every_random_legal_game(seed, arena, name):
    catalogue = CATALOGUES[name]
    record = json.loads(
        json.dumps(random_record(random.Random(seed), arena=arena, catalogue=catalogue))
    )
    assert fast_score(record, catalogue) == record["result"]
    assert_same_verdict(record, catalogue)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, arena=arenas, name=catalogue_names, data=st.data())
def test_fast_and_stepwise_agree_on_mutated_records(seed, arena, name, data):
    catalogue = CATALOGUES[name]
    record = random_record(random.Random(seed), arena=arena, catalogue=catalogue)
    candidates = list(mutation_thunks(record, MORE_WORDS))
    for _, make in data.draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=40)):
        mutated = make()
        if mutated is not None:
            assert_same_verdict(mutated, catalogue)


def test_fast_and_stepwise_agree_on_every_mutation_of_two_games():
    legal_mutants = 0
    for seed, arena in ((7, 5), (1059, 3)):
        record = random_record(random.Random(seed), arena=arena)
        for _, mutated in mutations(record, MORE_WORDS):
            assert_same_verdict(mutated, default_catalogue())
            legal_mutants += check_record_stepwise(mutated).valid
    assert legal_mutants > 50  # the comparison also covers records that stay legal


def test_a_game_that_ends_on_a_reveal_before_the_next_assault_entry():
    # Seed 1059 on a 3 x 3 arena: after assault 2, assault 3 begins on its own (no
    # initiative tie, no discard) and north's revealed Hooked blade wounds south to 0,
    # so the record has two assault entries.
    record = random_record(random.Random(1059), arena=3)
    assert len(record["assaults"]) == 2
    assert record["sides"]["north"]["supports"][2] == "hooked-blade"
    assert fast_score(record) == {"north": 1, "south": 0}
    assert_same_verdict(record, default_catalogue())
    record["assaults"].append({"turns": []})
    assert fast_score(record) is None
    assert check_record(record).error.code == "anachronism.after_end_assault"


def test_the_shipped_example_takes_the_fast_path():
    record = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert fast_score(record) == {"north": 0, "south": 1}
    assert_same_verdict(record, default_catalogue())


def test_a_legal_record_with_the_wrong_result_is_left_to_the_replay():
    record = random_record(random.Random(3))
    record["result"] = {"north": 1 - record["result"]["north"], "south": 0}
    assert fast_score(record) is None
    assert check_record(record).error.code == "result.mismatch"


def test_values_of_other_json_types_are_left_to_the_replay():
    record = random_record(random.Random(11))
    for path_value in (True, 1.0, None, "5", [5]):
        broken = json.loads(json.dumps(record))
        broken["arena"] = path_value
        assert fast_score(broken) is None
        assert not check_record(broken).valid
    broken = json.loads(json.dumps(record))
    broken["placement"]["rolls"][0]["north"] = [True, 6]
    assert fast_score(broken) is None
    assert check_record(broken).error.code == "syntax.type" or not check_record(broken).valid


def _structural_edits(record):
    """Records one assault, turn or action longer or shorter than a legal one."""
    assaults = record["assaults"]
    yield {**record, "assaults": [*assaults, {"turns": []}]}
    if assaults:
        last = assaults[-1]
        yield {**record, "assaults": assaults[:-1]}
        yield {**record, "assaults": [*assaults, json.loads(json.dumps(last))]}
        turns = last["turns"]
        if turns:
            yield {**record, "assaults": [*assaults[:-1], {**last, "turns": turns[:-1]}]}
            actions = turns[-1]["actions"]
            shorter = {**turns[-1], "actions": actions[:-1]}
            longer = {**turns[-1], "actions": [*actions, {"do": "pass"}]}
            for turn in (shorter, longer):
                yield {
                    **record,
                    "assaults": [*assaults[:-1], {**last, "turns": [*turns[:-1], turn]}],
                }


@settings(max_examples=150, deadline=None)
@given(seed=seeds, arena=arenas, name=catalogue_names)
def test_fast_and_stepwise_agree_when_a_record_stops_early_or_goes_on(seed, arena, name):
    catalogue = CATALOGUES[name]
    record = random_record(random.Random(seed), arena=arena, catalogue=catalogue)
    for edited in _structural_edits(record):
        assert_same_verdict(edited, catalogue)
