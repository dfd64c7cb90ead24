"""Property tests for Goblin II: playouts replay to their result; mutations are consistent."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines.errors import IllegalStepError, RecordError
from games.engines.goblin.catalogue import default_catalogue
from games.engines.goblin.legal import (
    PlayCard,
    after,
    legal_actions,
    legal_plays,
    reveal_odds,
)
from games.engines.goblin.playout import random_record
from games.engines.goblin.replay import check_record
from games.engines.goblin.state import Game
from games.engines.messages import MESSAGES
from tests.games.engines.mutations import mutation_thunks, mutations

seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.fixed_dictionaries(
    {
        "mode": st.sampled_from(("open", "semi-covered", "covered")),
        "scoring": st.sampled_from(("survivors", "captures")),
        "play_rate": st.sampled_from((0.0, 0.4, 0.8)),
        "concede_rate": st.sampled_from((0.0, 0.05)),
        "extra_rate": st.sampled_from((0.0, 0.5, 1.0)),
    }
)
CATALOGUE = default_catalogue()
VOCABULARY = (
    *(c.id for c in CATALOGUE.troop),
    *(c.id for c in CATALOGUE.arsenal),
    "heads",
    "tails",
    "H1",
    "H2",
    "T1",
    "T3",
    "open",
    "covered",
    "captures",
    "concede",
    "plays",
    "setup",
)


def assert_consistent(record):
    verdict = check_record(record)
    if verdict.valid:
        assert verdict.result == record["result"]
        return
    error = verdict.error
    assert isinstance(error, RecordError) and error.code in MESSAGES
    assert str(error)
    located = getattr(error, "path", None) is not None or (
        getattr(error, "place", None) is not None and error.place.phase is not None
    )
    assert located, str(error)


@settings(max_examples=200, deadline=None)
@given(seed=seeds, opts=options)
def test_every_random_legal_game_replays_to_its_own_result(seed, opts):
    record = random_record(random.Random(seed), **opts)
    verdict = check_record(json.loads(json.dumps(record)))
    assert verdict.valid, verdict.error_text
    assert verdict.result == record["result"]
    assert len(verdict.rounds) == len(record["rounds"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, opts=options, data=st.data())
def test_every_single_mutation_is_consistent_or_refused_with_a_place(seed, opts, data):
    record = random_record(random.Random(seed), **opts)
    candidates = list(mutation_thunks(record, VOCABULARY))
    for _, make in data.draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=20)):
        mutated = make()
        if mutated is not None:
            assert_consistent(mutated)


def test_all_single_mutations_of_a_fixed_game():
    record = random_record(random.Random(4), mode="open", play_rate=0.8)
    count = sum(
        1 for _, mutated in mutations(record, VOCABULARY) if assert_consistent(mutated) is None
    )
    assert count > 500


@settings(max_examples=40, deadline=None)
@given(seed=seeds, mode=st.sampled_from(("open", "semi-covered", "covered")))
def test_legal_actions_are_exactly_the_accepted_steps(seed, mode):
    rng = random.Random(seed)
    specials = {"heads": ["special"] * 2, "tails": ["special"] * 2} if mode == "open" else None
    game = Game(CATALOGUE, mode=mode, scoring="survivors", initiative="heads", specials=specials)
    while not game.is_over:
        actions = list(legal_actions(game))
        assert actions
        for action in rng.sample(actions, min(len(actions), 25)):
            after(game, action)  # listed actions are accepted
        if game.phase == "cards":
            listed = set(legal_plays(game))
            everyone = game.vanguard["heads"] + game.vanguard["tails"]
            for card in CATALOGUE.arsenal:
                for on in everyone:
                    for copy in (None, *everyone):
                        play = PlayCard(game.to_act, card.id, on, copy)
                        try:
                            game.check_play(*play)
                            accepted = True
                        except IllegalStepError:
                            accepted = False
                        assert accepted == (play in listed), play
        if game.phase == "uncover":
            assert sum(p for _, p in reveal_odds(game)) in (0, 1)
        game = after(game, rng.choice(actions))
