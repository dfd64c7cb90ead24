"""Property tests: random legal games replay clean; a mutated record is refused at the
mutated step or later, never earlier; arbitrary JSON never crashes the checker."""

from __future__ import annotations

import json
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines.anachronism.catalogue import default_catalogue
from games.engines.anachronism.legal import apply_choice, legal_actions, pending_roll, roll
from games.engines.anachronism.playout import random_game, random_record
from games.engines.anachronism.replay import check_record
from games.engines.anachronism.state import Game
from games.engines.errors import RecordError
from games.engines.messages import MESSAGES
from games.engines.registry import check_record_text
from tests.games.engines.mutations import mutation_thunks

seeds = st.integers(min_value=0, max_value=2**32 - 1)
CATALOGUE = default_catalogue()
VOCABULARY = (
    *sorted(CATALOGUE.warriors)[:3],
    *sorted(CATALOGUE.supports)[:6],
    "north",
    "south",
    "east",
    "west",
    "basic",
    "move",
    "turn",
    "attack",
    "ability",
    "pass",
    "a1",
    "c3",
    "e5",
)
_TOP = ["format", "game", "ruleset", "catalogue", "arena", "sides", "placement", "assaults"]
_ASSAULT_PART = {"initiative_rolls": 0, "discards": 1, "turns": 2}


def order_key(path: str | None) -> tuple:
    """Where a JSON path comes in the order the replay reads the record."""
    if not path:
        return (-1,)
    tokens = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    head = tokens[0]
    if head in ("format", "game", "ruleset", "catalogue", "arena", "sides"):
        return (0,)
    if head == "placement":
        rest = tokens[1:]
        if rest and rest[0] == "rolls":
            return (1, 0, *[int(t[1:-1]) for t in rest[1:2]])
        return (1, 1) if rest else (1,)
    if head == "assaults":
        key: list = [2]
        for token in tokens[1:]:
            if token.startswith("["):
                key.append(int(token[1:-1]))
            elif token in _ASSAULT_PART:
                key.append(_ASSAULT_PART[token])
            elif token in ("north", "south"):
                continue  # the two sides' discards come in initiative order
            elif token == "actions":
                continue
            else:
                break  # a field inside a step: the step itself
        return tuple(key)
    if head == "result":
        return (3,)
    return (0,)


def not_earlier(error_path: str | None, mutated: str) -> bool:
    got, at = order_key(error_path), order_key(mutated)
    return got >= at or at[: len(got)] == got


def _path_text(path: tuple) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out


@settings(max_examples=150, deadline=None)
@given(seed=seeds, arena=st.sampled_from((3, 5, 7)))
def test_every_random_legal_game_replays_to_its_own_result(seed, arena):
    record = random_record(random.Random(seed), arena=arena)
    verdict = check_record(json.loads(json.dumps(record)))
    assert verdict.valid, verdict.error_text
    assert verdict.result == record["result"]
    assert len(verdict.rounds) >= len(record["assaults"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, data=st.data())
def test_a_mutated_record_fails_at_the_mutated_step_or_later(seed, data):
    record = random_record(random.Random(seed))
    candidates = [
        (description, make)
        for description, make in mutation_thunks(record, VOCABULARY)
        if not description.startswith("add ")
    ]
    for description, make in data.draw(st.lists(st.sampled_from(candidates), max_size=25)):
        mutated = make()
        if mutated is None:
            continue
        verdict = check_record(mutated)
        if verdict.valid:
            continue
        error = verdict.error
        assert isinstance(error, RecordError) and error.code in MESSAGES
        path = error.as_dict().get("path")
        assert path is not None or error.code.startswith("record."), str(error)
        mutated_path = _path_text(make.args[1])  # the path the mutation changed
        assert not_earlier(path, mutated_path), (description, str(error), path)


@settings(max_examples=30, deadline=None)
@given(seed=seeds)
def test_listed_choices_are_accepted(seed):
    rng = random.Random(seed)
    game, _ = random_game(rng)
    fresh = Game(
        CATALOGUE,
        {s: game.warrior[s].id for s in ("north", "south")},
        {s: tuple(c.id for c in game.deck[s]) for s in ("north", "south")},
    )
    while not fresh.is_over:
        if pending_roll(fresh) == "placement":
            fresh.apply_placement_roll(roll(rng), roll(rng))
            continue
        if pending_roll(fresh) == "initiative":
            fresh.apply_initiative_roll(roll(rng), roll(rng))
            continue
        choices = list(legal_actions(fresh))
        assert choices
        for choice in rng.sample(choices, min(len(choices), 10)):
            trial = fresh.copy()
            apply_choice(trial, choice, random.Random(1))  # listed choices are accepted
        apply_choice(fresh, rng.choice(choices), rng)


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([*VOCABULARY, "", "x", "rulebook-1", "anachronism-sample"]),
)
keys = st.sampled_from(
    [
        "format",
        "game",
        "ruleset",
        "catalogue",
        "arena",
        "sides",
        "placement",
        "assaults",
        "result",
        "warrior",
        "supports",
        "rolls",
        "north",
        "south",
        "turns",
        "side",
        "actions",
        "do",
        "to",
        "face",
        "with",
        "dice",
        "attacker",
        "defender",
        "rerolls",
        "card",
        "ability",
        "discards",
        "initiative_rolls",
    ]
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=6),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(body=st.dictionaries(keys, values, max_size=8), fmt=st.sampled_from([1, 1, 2]))
def test_arbitrary_json_gets_a_located_verdict_never_a_crash(body, fmt):
    data = {"game": "anachronism", "format": fmt, **body}
    verdict = check_record_text(json.dumps(data))
    assert verdict.valid is False
    assert verdict.error is not None and verdict.error.code in MESSAGES
    assert str(verdict.error)


@settings(max_examples=100, deadline=None)
@given(seed=seeds, data=st.data())
def test_arbitrary_values_inside_a_legal_record_never_crash(seed, data):
    record = random_record(random.Random(seed))
    candidates = list(mutation_thunks(record, VOCABULARY))
    for _, make in data.draw(st.lists(st.sampled_from(candidates), max_size=5)):
        mutated = make()
        if mutated is not None:
            nested = mutated
            verdict = check_record_text(json.dumps(nested))
            assert verdict.valid or verdict.error is not None
