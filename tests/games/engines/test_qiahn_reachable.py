"""Result-only check: the final scores a legal game can reach, both ways round.

Every playout ends inside the reachable set (see the property tests), and for
every score in the set this test builds a real legal game that ends there and
replays its record, so the set is neither too small nor too large.
"""

from __future__ import annotations

import itertools

import pytest

from games.engines.errors import UnreachableScoreError
from games.engines.qiahn.playout import record_of_game
from games.engines.qiahn.reachable import check_reachable, is_reachable, reachable_scores
from games.engines.qiahn.record import record_to_dict
from games.engines.qiahn.replay import check_record
from games.engines.qiahn.state import Game
from games.engines.qiahn.types import TOKEN_TYPES

SETTINGS = [(squad, ruleset) for squad in (3, 6) for ruleset in ("rulebook-1", "family-1")]


def _faces_summing_to(total: int, dice: int) -> list[int]:
    """``dice`` faces in 1..4 (every die has them) adding up to ``total``."""
    faces = [1] * dice
    i = 0
    while sum(faces) < total:
        faces[i] += 1
        i = (i + 1) % dice
    assert sum(faces) == total and max(faces) <= 4
    return faces


def _play(game: Game, n_att: int, n_def: int, outcome: str, wind: bool, earth: bool) -> bool:
    """Play one round with these choices on ``game``; False if they are not possible."""
    attacker, defender = game.attacker, game.defender
    k = game.round
    for side in (attacker, defender):
        game.apply_uncover(side, TOKEN_TYPES[(k - 1) % 6])
    lines = {}
    for side, n in ((attacker, n_att), (defender, n_def)):
        reserve = game.reserve(side)
        if len(reserve) < n:
            return False
        lines[side] = reserve[-n:]
        game.apply_deploy(side, lines[side])
    fighting = dict(lines)
    for side in (attacker, defender):
        if side == "heads" and wind:
            target = lines["tails"][-1]
            game.apply_place("heads", "wind", target)
            fighting["tails"] = [t for t in lines["tails"] if t != target]
            if not fighting["tails"]:
                return outcome == "draw" and not earth
        if side == "tails" and earth:
            if not fighting["tails"]:
                return False
            game.apply_place("tails", "earth", fighting["tails"][0])
        game.apply_end_outfit(side)
    a, d = len(fighting[attacker]), len(fighting[defender])
    if outcome == "attacker":
        faces = {attacker: [4] * a, defender: [1] * d}
    elif outcome == "defender":
        faces = {attacker: [1] * a, defender: [4] * d}
    else:
        total = max(a, d)
        faces = {attacker: _faces_summing_to(total, a), defender: _faces_summing_to(total, d)}
    game.apply_rolls(
        {t: [f] for side in faces for t, f in zip(fighting[side], faces[side], strict=True)}
    )
    return True


def _witnesses(squad: int, ruleset: str) -> dict[tuple[int, int], Game]:
    """A real legal game for every final score real games reach, by exhaustive search.

    Every choice that matters for the score is tried from every distinct
    (round, score so far, wind and earth used) once.
    """
    found: dict[tuple[int, int], Game] = {}
    seen: set = set()

    def explore(game: Game) -> None:
        score = game.score()
        if game.is_over:
            found.setdefault((score["heads"], score["tails"]), game)
            return
        key = (
            game.round,
            score["heads"],
            score["tails"],
            ("heads", "wind") in game.used,
            ("tails", "earth") in game.used,
        )
        if key in seen:
            return
        seen.add(key)
        for n_att, n_def, outcome, wind, earth in itertools.product(
            (1, 2, 3), (1, 2, 3), ("attacker", "defender", "draw"), (False, True), (False, True)
        ):
            if (wind and ("heads", "wind") in game.used) or (
                earth and ("tails", "earth") in game.used
            ):
                continue
            trial = game.copy()
            try:
                ok = _play(trial, n_att, n_def, outcome, wind, earth)
            except ValueError:
                continue
            if ok:
                explore(trial)

    explore(Game(squad, ruleset, "heads"))
    return found


@pytest.mark.parametrize(("squad", "ruleset"), SETTINGS)
def test_every_reachable_score_has_a_real_legal_game(squad, ruleset):
    witnesses = _witnesses(squad, ruleset)
    assert set(witnesses) == set(reachable_scores(squad, ruleset))
    for (heads, tails), game in sorted(witnesses.items()):
        record = record_to_dict(record_of_game(game))
        verdict = check_record(record)
        assert verdict.valid and verdict.result == {"heads": heads, "tails": tails}


@pytest.mark.parametrize(("squad", "ruleset"), SETTINGS)
def test_both_sides_cannot_end_with_nothing(squad, ruleset):
    scores = reachable_scores(squad, ruleset)
    assert (0, 0) not in scores
    # The last round's winner (or both, on a draw) keeps its vanguard, so at least
    # one side always ends with a token; every other score is reachable.
    assert len(scores) == (squad + 1) ** 2 - 1


def test_a_reported_score_without_a_record_is_checked():
    assert is_reachable(3, "rulebook-1", {"heads": 3, "tails": 0})
    with pytest.raises(UnreachableScoreError) as raised:
        check_reachable(3, "rulebook-1", {"heads": 0, "tails": 0})
    assert raised.value.code == "result.unreachable"
    assert str(raised.value) == (
        "heads 0, tails 0 cannot be the final score of a legal Qíahn Tactics game "
        "(squad 3, rulebook-1)"
    )
    for score in ({"heads": 4, "tails": 1}, {"heads": -1, "tails": 1}, {"heads": "2", "tails": 1}):
        with pytest.raises(UnreachableScoreError) as raised:
            check_reachable(3, "family-1", score)
        assert raised.value.code == "result.score_range"
    check_reachable(6, "family-1", {"heads": 6, "tails": 6})
