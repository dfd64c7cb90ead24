"""Property tests for Qíahn Tactics: playouts, mutations, legal actions, reachable scores.

- Every randomly played legal game, written as a record, replays to its own result.
- Every single mutation of a legal record is either still legal and replays
  consistently, or is refused with a located error; the fast one-pass check and
  the step-by-step replay always agree.
- Legal actions are exactly the steps the game accepts.
- Every playout's final score is in the reachable set.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines.errors import IllegalStepError, RecordError
from games.engines.messages import MESSAGES
from games.engines.qiahn.fastcheck import fast_score
from games.engines.qiahn.legal import (
    Deploy,
    PlaceCounter,
    after,
    apply_action,
    is_chance,
    legal_actions,
    legal_placements,
    uncover_odds,
)
from games.engines.qiahn.playout import random_game, random_record, step_randomly
from games.engines.qiahn.reachable import reachable_scores
from games.engines.qiahn.replay import check_record, check_record_stepwise
from games.engines.qiahn.state import DEPLOY, END, OUTFIT, UNCOVER, Game
from games.engines.qiahn.types import COUNTERS, COUNTERS_OF, TOKEN_TYPES
from tests.games.engines.mutations import mutation_thunks, mutations

seeds = st.integers(min_value=0, max_value=2**32 - 1)
games = st.fixed_dictionaries(
    {
        "squad": st.sampled_from((3, 6)),
        "ruleset": st.sampled_from(("rulebook-1", "family-1")),
        "counter_rate": st.sampled_from((0.0, 0.3, 0.7, 1.0)),
        "wind_rate": st.sampled_from((0.1, 0.5, 1.0)),
    }
)

VOCABULARY = (
    *TOKEN_TYPES,
    *COUNTERS,
    "heads",
    "tails",
    "H1",
    "H2",
    "H3",
    "H4",
    "T1",
    "T2",
    "T3",
    "T7",
    "rulebook-1",
    "family-1",
    "copy",
    "outfit",
    "rolls",
)


def assert_consistent(record) -> None:
    """The fast check and the replay agree; a refusal is located; nothing else raises."""
    verdict = check_record_stepwise(record)
    fast = check_record(record)
    assert fast.valid == verdict.valid
    assert fast_score(record) == (dict(verdict.result) if verdict.valid else None)
    if verdict.valid:
        assert verdict.result == record["result"]
        assert len(verdict.rounds) == record["squad"]
        return
    error = verdict.error
    assert isinstance(error, RecordError)
    assert error.code in MESSAGES
    assert str(error)
    located = getattr(error, "path", None) is not None or (
        getattr(error, "place", None) is not None and error.place.phase is not None
    )
    assert located, f"unlocated error: {error}"


@settings(max_examples=300, deadline=None)
@given(seed=seeds, options=games)
def test_every_random_legal_game_replays_to_its_own_result(seed, options):
    record = random_record(random.Random(seed), **options)
    verdict = check_record(record)
    assert verdict.valid, verdict.error_text
    assert verdict.result == record["result"]
    assert len(verdict.rounds) == options["squad"]
    assert check_record(json.loads(json.dumps(record))).valid
    # The lazily replayed reports match the step-by-step ones.
    assert [r.as_dict() for r in verdict.rounds] == [
        r.as_dict() for r in check_record_stepwise(record).rounds
    ]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, options=games, data=st.data())
def test_every_single_mutation_is_legal_and_consistent_or_refused_with_a_place(seed, options, data):
    record = random_record(random.Random(seed), **options)
    candidates = list(mutation_thunks(record, VOCABULARY))
    picked = data.draw(
        st.lists(st.sampled_from(candidates), min_size=1, max_size=20), label="mutations"
    )
    for _, make in picked:
        mutated = make()
        if mutated is not None:
            assert_consistent(mutated)


def test_all_single_mutations_of_three_fixed_games():
    for seed, options in (
        (7, {"squad": 3, "ruleset": "rulebook-1", "counter_rate": 0.8}),
        (11, {"squad": 3, "ruleset": "family-1", "counter_rate": 1.0, "wind_rate": 0.2}),
        (5, {"squad": 6, "ruleset": "rulebook-1", "counter_rate": 0.5}),
    ):
        record = random_record(random.Random(seed), **options)
        count = 0
        for _, mutated in mutations(record, VOCABULARY):
            assert_consistent(mutated)
            count += 1
        assert count > 500


@settings(max_examples=60, deadline=None)
@given(seed=seeds, options=games)
def test_legal_actions_are_exactly_the_accepted_steps(seed, options):
    rng = random.Random(seed)
    game = Game(options["squad"], options["ruleset"], rng.choice(("heads", "tails")))
    while game.phase != END:
        if game.phase == OUTFIT:
            side = game.to_act
            listed = set(legal_placements(game))
            everyone = game.vanguard["heads"] + game.vanguard["tails"]
            for counter in COUNTERS:
                for on in everyone:
                    for copy in (None, *everyone):
                        action = PlaceCounter(side, counter, on, copy)
                        try:
                            game.check_place(side, counter, on, copy)
                            accepted = True
                        except IllegalStepError:
                            accepted = False
                        assert accepted == (action in listed), action
            for action in listed:
                after(game, action)
            assert all(p.counter in COUNTERS_OF[side] for p in listed)
        elif game.phase == DEPLOY:
            actions = list(legal_actions(game))
            assert actions and all(isinstance(a, Deploy) for a in actions)
            for action in actions:
                after(game, action)
        elif game.phase == UNCOVER:
            assert is_chance(game)
            odds = uncover_odds(game)
            assert sum(p for _, p in odds) == 1
            for action, _ in odds:
                after(game, action)
        step_randomly(game, rng, counter_rate=0.6)


def test_apply_action_refuses_what_is_not_listed():
    game = Game(3, "rulebook-1", "heads")
    apply_action(game, next(iter(legal_actions(game))))
    try:
        apply_action(game, Deploy("tails", ("T1",)))
    except IllegalStepError as err:
        assert err.code == "step.wrong_phase"
    else:  # pragma: no cover
        raise AssertionError("deploy during uncover was accepted")


@settings(max_examples=200, deadline=None)
@given(seed=seeds, options=games)
def test_every_playout_score_is_reachable(seed, options):
    game = random_game(random.Random(seed), **options)
    score = game.score()
    assert (score["heads"], score["tails"]) in reachable_scores(
        options["squad"], options["ruleset"]
    )
