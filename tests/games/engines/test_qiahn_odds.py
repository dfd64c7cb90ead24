"""Exact round odds: they sum to one, match brute force, and agree with a large simulation."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.errors import OddsInputError
from games.engines.qiahn.combat import decide
from games.engines.qiahn.odds import Fighter, Odds, odds_at, round_odds
from games.engines.qiahn.state import Game
from games.engines.qiahn.types import DIE_SIDES, TOKEN_TYPES

kinds = st.sampled_from(TOKEN_TYPES)


@st.composite
def rounds(draw):
    """A legal round after the outfit phase: (attacker, defender, attacker_side, wind)."""
    attacker_side = draw(st.sampled_from(("heads", "tails")))
    n_att = draw(st.integers(1, 3))
    n_def = draw(st.integers(1, 3))
    lines = {
        "attacker": [Fighter(draw(kinds)) for _ in range(n_att)],
        "defender": [Fighter(draw(kinds)) for _ in range(n_def)],
    }
    heads_role = "attacker" if attacker_side == "heads" else "defender"
    tails_role = "defender" if heads_role == "attacker" else "attacker"
    for role in ("attacker", "defender"):
        if draw(st.booleans()):
            i = draw(st.integers(0, len(lines[role]) - 1))
            lines[role][i] = Fighter(lines[role][i].kind, gear=True)
    tails = lines[tails_role]
    free = list(range(len(tails)))
    for magic in ("fire", "earth"):
        if free and draw(st.booleans()):
            i = draw(st.sampled_from(free))
            free.remove(i)
            tails[i] = Fighter(tails[i].kind, tails[i].gear, magic)
    wind = None
    if free and draw(st.booleans()):
        wind = draw(st.sampled_from(free))
    heads = lines[heads_role]
    if draw(st.booleans()):
        carrier = draw(st.integers(0, len(heads) - 1))
        targets = [
            (r, i)
            for r in ("attacker", "defender")
            for i in range(len(lines[r]))
            if (r, i) != (heads_role, carrier) and not (r == tails_role and i == wind)
        ]
        if targets:
            heads[carrier] = Fighter(
                heads[carrier].kind, heads[carrier].gear, "water", draw(st.sampled_from(targets))
            )
    return lines["attacker"], lines["defender"], attacker_side, wind


def brute_force(attacker, defender, attacker_side, ruleset, wind):
    """Enumerate every die face of every fighter: the definition, independent of the convolution."""
    tails_role = "attacker" if attacker_side == "tails" else "defender"
    fighters = [("attacker", i, f) for i, f in enumerate(attacker)]
    fighters += [("defender", i, f) for i, f in enumerate(defender)]
    fighters = [x for x in fighters if not (x[0] == tails_role and x[1] == wind)]
    if wind is not None and len(attacker if tails_role == "attacker" else defender) == 1:
        return Odds(Fraction(0), Fraction(1), Fraction(0))
    rolling = [x for x in fighters if x[2].magic != "water"]
    spaces = []
    for _, _, f in rolling:
        faces = range(1, DIE_SIDES[f.kind] + 1)
        spaces.append(
            list(itertools.product(faces, faces)) if f.magic == "fire" else [(v,) for v in faces]
        )
    counts = {"attacker": 0, "draw": 0, "defender": 0}
    for combo in itertools.product(*spaces):
        dice = {(r, i): sum(faces) for (r, i, _), faces in zip(rolling, combo, strict=True)}
        totals = {"attacker": 0, "defender": 0}
        for role, i, f in fighters:
            value = dice[f.copy] if f.magic == "water" else dice[(role, i)]
            totals[role] += value + (3 if f.gear else 0)
        outcome = decide(totals["attacker"], totals["defender"])
        earth = any(f.magic == "earth" for r, _, f in fighters if r == tails_role)
        loser = {"attacker": "defender", "defender": "attacker"}.get(outcome)
        if ruleset == "rulebook-1" and earth and loser == tails_role:
            outcome = "draw"
        counts[outcome] += 1
    total = sum(counts.values())
    return Odds(*(Fraction(counts[k], total) for k in ("attacker", "draw", "defender")))


def outcome_space(attacker, defender):
    size = 1
    for f in (*attacker, *defender):
        if f.magic != "water":
            size *= DIE_SIDES[f.kind] ** (2 if f.magic == "fire" else 1)
    return size


@settings(max_examples=300, deadline=None)
@given(setup=rounds(), ruleset=st.sampled_from(("rulebook-1", "family-1")))
def test_odds_sum_to_one_and_match_brute_force(setup, ruleset):
    attacker, defender, side, wind = setup
    odds = round_odds(attacker, defender, attacker_side=side, ruleset=ruleset, wind=wind)
    assert sum(odds) == 1
    assert all(0 <= p <= 1 for p in odds)
    if outcome_space(attacker, defender) <= 20_000:
        assert odds == brute_force(attacker, defender, side, ruleset, wind)


def _game_at_combat(ruleset="rulebook-1"):
    """Heads attacks with a fire-less trio; tails defends with fire and earth; water copies fire."""
    game = Game(3, ruleset, "heads")
    game.apply_uncover("heads", "knight")
    game.apply_uncover("tails", "archer")
    for side in ("heads", "tails"):
        game.apply_deploy(side, [f"{side[0].upper()}1"])
    game.apply_end_outfit("heads")
    game.apply_end_outfit("tails")
    game.apply_rolls({"H1": [1], "T1": [1]})
    game.apply_uncover("tails", "wizard")
    game.apply_uncover("heads", "paladin")
    game.apply_deploy("tails", ["T2"])
    game.apply_deploy("heads", ["H2"])
    game.apply_end_outfit("tails")
    game.apply_end_outfit("heads")
    game.apply_rolls({"T2": [3], "H2": [3]})
    game.apply_uncover("heads", "footman")
    game.apply_uncover("tails", "beast")
    game.apply_deploy("heads", ["H1", "H2", "H3"])
    game.apply_deploy("tails", ["T1", "T2", "T3"])
    game.apply_place("heads", "sword", "H2")
    game.apply_place("heads", "water", "H3", "T2")
    game.apply_end_outfit("heads")
    game.apply_place("tails", "fire", "T2")
    game.apply_place("tails", "earth", "T3")
    game.apply_place("tails", "shield", "T1")
    game.apply_end_outfit("tails")
    return game


@pytest.mark.parametrize("ruleset", ["rulebook-1", "family-1"])
def test_exact_odds_agree_with_a_large_simulation_of_the_engine(ruleset):
    game = _game_at_combat(ruleset)
    exact = odds_at(game)
    rng = random.Random(2024)
    n = 20_000
    seen = {"attacker": 0, "draw": 0, "defender": 0}
    space = [(t, game.expected_faces(t), DIE_SIDES[game.types[t]]) for t in game.fighters()]
    for _ in range(n):
        trial = game.copy()
        rolls = {t: [rng.randint(1, s) for _ in range(k)] for t, k, s in space if k}
        seen[trial.apply_rolls(rolls).outcome] += 1
    for key, p in zip(("attacker", "draw", "defender"), exact, strict=True):
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen[key] / n - float(p)) <= 5 * sigma + 1e-9, (key, seen, exact)
    if ruleset == "rulebook-1":
        assert exact.attacker_wins == 0  # earth turns tails' every defeat into a draw


def test_wind_on_the_only_tails_combatant_is_a_certain_draw():
    odds = round_odds([Fighter("footman")], [Fighter("wizard")], attacker_side="heads", wind=0)
    assert odds == (0, 1, 0)


def test_water_across_the_table_cancels_out():
    odds = round_odds(
        [Fighter("footman", gear=True, magic="water", copy=("defender", 0))],
        [Fighter("wizard")],
        attacker_side="heads",
    )
    assert odds == (1, 0, 0)  # 20-sided dice cancel; the sword's +3 decides


def test_the_rulebook_example_odds():
    # A lone wizard with the sword (d20 + 3) against a fire footman (2d4).
    odds = round_odds(
        [Fighter("wizard", gear=True)], [Fighter("footman", magic="fire")], attacker_side="heads"
    )
    wins = sum(1 for w in range(1, 21) for a in range(1, 5) for b in range(1, 5) if w + 3 > a + b)
    draws = sum(1 for w in range(1, 21) for a in range(1, 5) for b in range(1, 5) if w + 3 == a + b)
    assert odds.attacker_wins == Fraction(wins, 320)
    assert odds.draw == Fraction(draws, 320)
    assert (
        odds.as_dict()["attacker_wins"] == f"{odds.attacker_wins.numerator}/"
        f"{odds.attacker_wins.denominator}"
    )


@pytest.mark.parametrize(
    ("attacker", "defender", "kwargs", "code"),
    [
        ([], [Fighter("wizard")], {}, "odds.vanguard_size"),
        ([Fighter("dragon")], [Fighter("wizard")], {}, "odds.type"),
        ([Fighter("wizard", magic="fire")], [Fighter("wizard")], {}, "odds.magic"),
        (
            [Fighter("wizard", gear=True), Fighter("beast", gear=True)],
            [Fighter("wizard")],
            {},
            "odds.gear_twice",
        ),
        ([Fighter("wizard", magic="water")], [Fighter("wizard")], {}, "odds.copy_missing"),
        (
            [Fighter("wizard", magic="water", copy=("attacker", 0))],
            [Fighter("wizard")],
            {},
            "odds.copy",
        ),
        ([Fighter("wizard")], [Fighter("wizard", magic="fire")], {"wind": 0}, "odds.wind_on_magic"),
        ([Fighter("wizard")], [Fighter("wizard")], {"wind": 3}, "odds.wind"),
        ([Fighter("wizard")], [Fighter("wizard")], {"ruleset": "house"}, "odds.ruleset"),
        ([Fighter("wizard")], [Fighter("wizard")], {"attacker_side": "edge"}, "odds.side"),
    ],
)
def test_impossible_rounds_are_refused(attacker, defender, kwargs, code):
    with pytest.raises(OddsInputError) as raised:
        round_odds(attacker, defender, **kwargs)
    assert raised.value.code == code
    assert str(raised.value)


def test_odds_need_a_round_about_to_roll():
    with pytest.raises(OddsInputError):
        odds_at(Game(3, "rulebook-1", "heads"))
