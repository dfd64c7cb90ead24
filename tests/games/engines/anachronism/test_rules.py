"""Known answers for each Anachronism rule, citing the line of the Spanish rules text
(anachronism.es.txt) each one comes from."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.engines.anachronism.actions import Attack, Move, Pass, Turn
from games.engines.anachronism.odds import attack_odds, attack_odds_in, hit_odds
from games.engines.anachronism.state import Game
from games.engines.anachronism.types import ACTIONS, DISCARD, INITIATIVE
from games.engines.errors import IllegalStepError
from games.engines.steps import END
from tests.games.engines.anachronism.helpers import (
    BASIC_CATALOGUE,
    FILLER,
    ability,
    catalogue,
    game_after_placement,
    stand,
    support,
    warrior,
)


def refused(code: str, call, *args) -> IllegalStepError:
    with pytest.raises(IllegalStepError) as info:
        call(*args)
    assert info.value.code == code, str(info.value)
    return info.value


def pass_turn(game: Game) -> None:
    side, number, index = game.to_act, game.round, game.turn_index
    while (game.to_act, game.round, game.turn_index) == (side, number, index):
        game.apply(side, Pass())


# --- set-up (line 40) --------------------------------------------------------------------


def test_line_40_the_lower_roll_places_first_and_equal_rolls_roll_again():
    game = Game(
        BASIC_CATALOGUE,
        {"north": "vet", "south": "rookie"},
        {"north": ("slow",) * 4, "south": ("quick",) * 4},
    )
    game.apply_placement_roll((3, 4), (5, 2))  # 7 against 7: roll again
    assert game.to_act is None
    refused("anachronism.placement_unrolled", game.apply_place, "north", "c5")
    game.apply_placement_roll((6, 5), (1, 2))
    assert game.to_act == "south"
    refused("anachronism.not_back_line", game.apply_place, "south", "c2")
    game.apply_place("south", "a1")
    assert game.to_act == "north"


def test_dice_must_be_six_sided():
    game = Game(
        BASIC_CATALOGUE,
        {"north": "vet", "south": "rookie"},
        {"north": ("slow",) * 4, "south": ("quick",) * 4},
    )
    refused("anachronism.dice", game.apply_placement_roll, (0, 4), (5, 2))
    refused("anachronism.dice", game.apply_placement_roll, (1, 4), (5, 7))


# --- reveals and initiative (lines 52-53, 83-84, 87) ---------------------------------------


def test_line_52_each_assault_reveals_the_leftmost_support():
    game = game_after_placement(north_cards=("mid", "slow-i", "slow-a", "slow-w"))
    assert [c.id for c in game.in_play["north"]] == ["mid"]
    assert [c.id for c in game.face_down("north")] == ["slow-i", "slow-a", "slow-w"]


def test_line_53_the_higher_revealed_initiative_acts_first():
    game = game_after_placement()  # slow (1) against quick (6)
    assert game.phase == ACTIONS and game.to_act == "south"


def test_line_83_an_initiative_tie_goes_to_more_experience():
    game = game_after_placement(south_cards=("slow", "quick-i", "quick-a", "quick-w"))
    assert game.to_act == "north"  # vet (5) beats rookie (1)


def test_line_84_equal_experience_re_rolls_without_modifiers_until_different():
    game = game_after_placement(south="twin", south_cards=("slow", "quick-i", "quick-a", "quick-w"))
    assert game.phase == INITIATIVE and game.to_act is None
    game.apply_initiative_roll((2, 2), (1, 3))  # 4 against 4: again
    assert game.phase == INITIATIVE
    game.apply_initiative_roll((1, 1), (1, 2))
    assert game.to_act == "south"
    refused("anachronism.no_initiative_roll", game.apply_initiative_roll, (1, 1), (1, 2))


def test_line_87_assault_5_has_no_reveal_and_goes_by_experience():
    game = game_after_placement()  # south acts first in assaults 1-4
    for _ in range(8):
        pass_turn(game)
    assert game.round == 5
    assert game.to_act == "north"  # experience 5 against 1
    assert len(game.in_play["north"]) == 4


# --- card limits (lines 89-92) ----------------------------------------------------------------


def test_line_89_a_second_card_of_a_type_forces_a_discard_before_reveal_abilities():
    cat = catalogue(
        [warrior("a", life=6), warrior("b")],
        [
            support("plate", "armor", trait="torso", initiative=5),
            support("mail", "armor", initiative=5),
            support(
                "salve", "armor", initiative=5, abilities=[ability("mend", "reveal", "heal", 3)]
            ),
            support("x", initiative=1),
        ],
    )
    game = game_after_placement("a", "b", ("plate", "salve", "x", "x"), FILLER, cat=cat)
    game.life["north"] = 2
    pass_turn(game)
    pass_turn(game)
    assert game.round == 2 and game.phase == DISCARD and game.to_act == "north"
    refused("anachronism.discard_not_in_play", game.apply_discard, "north", "x")
    game.apply_discard("north", "salve")  # line 92: discards come before reveal effects
    assert game.phase == ACTIONS
    assert game.life["north"] == 2  # the discarded card's reveal heal never applied


def test_line_90_more_than_two_hands_forces_a_discard():
    cat = catalogue(
        [warrior("a"), warrior("b")],
        [
            support("pike", "weapon", hands=2, initiative=5),
            support("buckler", "armor", hands=1, trait="shield", initiative=5),
            support("x", initiative=1),
        ],
    )
    game = game_after_placement("a", "b", ("pike", "buckler", "x", "x"), FILLER, cat=cat)
    pass_turn(game)
    pass_turn(game)
    assert game.limit_breaches("north") == [("hands", "3")]
    game.apply_discard("north", "pike")
    assert game.phase == ACTIONS


def test_line_91_one_card_per_trait():
    cat = catalogue(
        [warrior("a"), warrior("b")],
        [
            support("helm", "armor", trait="head", initiative=5),
            support("crown", "inspiration", trait="head", initiative=5),
            support("x", initiative=1),
        ],
    )
    game = game_after_placement("a", "b", ("helm", "crown", "x", "x"), FILLER, cat=cat)
    pass_turn(game)
    pass_turn(game)
    assert game.limit_breaches("north") == [("trait", "head")]


# --- turns and actions (lines 56-68) -------------------------------------------------------------


def test_line_56_a_turn_has_speed_actions():
    game = game_after_placement()
    assert game.to_act == "south" and game.actions_left == 2
    game.apply("south", Pass())
    game.apply("south", Pass())
    assert game.to_act == "north"


def test_line_63_move_one_orthogonal_square_then_face_any_way():
    game = game_after_placement()
    game.apply("south", Move("c2", "east"))
    assert game.facing["south"] == "east"
    refused("anachronism.move_orthogonal", game.apply, "south", Move("d3", "north"))
    refused("anachronism.move_orthogonal", game.apply, "south", Move("c4", "north"))
    refused("anachronism.facing", game.apply, "south", Move("c3", "up"))


def test_line_63_turning_in_place_faces_another_way():
    game = game_after_placement()
    refused("anachronism.turn_same", game.apply, "south", Turn("north"))
    game.apply("south", Turn("west"))
    assert game.facing["south"] == "west"


def test_a_warrior_cannot_move_onto_the_enemy():
    game = game_after_placement()
    stand(game, "north", "c2", "south")
    refused("anachronism.move_occupied", game.apply, "south", Move("c2", "north"))


def test_lines_67_68_one_weapon_attack_per_turn_basic_attacks_unlimited():
    game = game_after_placement(south_cards=("blade", "quick", "quick-i", "quick-a"))
    game.warrior["south"] = game.warrior["south"].__class__(
        **{**game.warrior["south"].__dict__, "speed": 4}
    )
    game.actions_left = 4
    stand(game, "north", "c3", "south")  # two squares ahead of south on c1 facing north
    game.apply("south", Attack("blade", (1, 2), (6, 6)))
    refused("anachronism.weapon_twice", game.apply, "south", Attack("blade", (1, 2), (6, 6)))
    stand(game, "north", "c2", "south")
    game.apply("south", Attack(None, (1, 2), (6, 6)))
    game.apply("south", Attack(None, (1, 2), (6, 6)))


# --- combat grids (lines 30, 72-76) -------------------------------------------------------------


def test_lines_30_72_the_combat_grid_turns_with_the_warrior():
    game = game_after_placement()
    stand(game, "north", "c2", "south")  # right in front of south (c1 facing north)
    assert game.attack_bonus("south", None) == 1
    game.apply("south", Turn("east"))  # now c2 is on south's left: bonus 0
    assert game.attack_bonus("south", None) == 0
    stand(game, "north", "b1", "south")  # behind, facing east: not on the grid
    assert game.attack_bonus("south", None) is None
    refused("anachronism.out_of_reach", game.apply, "south", Attack(None, (6, 6), (1, 1)))


def test_line_75_the_weapon_attack_uses_the_weapon_grid():
    game = game_after_placement(south_cards=("blade", "quick", "quick-i", "quick-a"))
    stand(game, "north", "c3", "north")  # two ahead: on the blade's grid (+2), not the warrior's
    assert game.attack_bonus("south", None) is None
    assert game.attack_bonus("south", "blade") == 2
    refused("anachronism.weapon_not_in_play", game.apply, "south", Attack("plate", (1, 1), (1, 1)))


# --- attack rolls (lines 78-84) ------------------------------------------------------------------


def test_line_79_a_higher_attacker_total_hits_with_the_square_bonus():
    game = game_after_placement()
    stand(game, "north", "c2", "south")  # bonus 1
    game.apply("south", Attack(None, (2, 3), (1, 5)))  # 5 + 1 against 6: tie, vet wins
    assert game.life["north"] == 6
    game.apply("south", Attack(None, (3, 4), (1, 5)))  # 7 + 1 against 6: hit for 1
    assert game.life["north"] == 5


def test_line_83_an_attack_tie_goes_to_more_experience():
    game = game_after_placement(north="rookie", south="vet")
    stand(game, "north", "c2", "south")
    game.apply("south", Attack(None, (2, 3), (1, 5)))  # 6 against 6: the vet attacker hits
    assert game.life["north"] == 5


def test_line_84_an_attack_tie_with_equal_experience_re_rolls():
    game = game_after_placement(south="twin")
    stand(game, "north", "c2", "south")
    refused("anachronism.reroll_missing", game.apply, "south", Attack(None, (2, 3), (1, 5)))
    refused(
        "anachronism.reroll_extra",
        game.apply,
        "south",
        Attack(None, (2, 3), (1, 5), (((3, 3), (1, 1)), ((1, 1), (1, 1)))),
    )
    game.apply("south", Attack(None, (2, 3), (1, 5), (((2, 2), (2, 2)), ((1, 1), (3, 3)))))
    assert game.life["north"] == 6  # the re-roll went to the defender
    refused(
        "anachronism.reroll_not_needed",
        game.apply,
        "south",
        Attack(None, (6, 5), (1, 1), (((2, 2), (1, 1)),)),
    )


def test_line_81_a_critical_doubles_the_base_damage_before_modifiers():
    cat = catalogue(
        [warrior("a", life=20), warrior("b", life=20, experience=1)],
        [
            support(
                "blade",
                "weapon",
                initiative=9,
                damage=2,
                abilities=[ability("edge", "static", "damage-bonus", 1)],
            ),
            support(
                "plate", "armor", initiative=1, abilities=[ability("guard", "static", "armor", 1)]
            ),
        ],
    )
    game = game_after_placement("b", "a", ("plate", *FILLER[:3]), ("blade", *FILLER[:3]), cat=cat)
    stand(game, "north", "c3", "south")
    game.apply("south", Attack("blade", (4, 4), (1, 1)))  # critical: 2 x 2 + 1 - 1
    assert game.life["north"] == 16


# --- the end (lines 86-87 and the readings) ------------------------------------------------------


def test_a_warrior_at_zero_life_loses_at_once():
    game = game_after_placement()
    game.life["north"] = 1
    stand(game, "north", "c2", "south")
    game.apply("south", Attack(None, (6, 6), (1, 1)))
    assert game.phase == END and game.winner == "south" and game.ended_by == "knockout"
    assert game.score() == {"north": 0, "south": 1}


def test_a_reveal_wound_can_end_the_game():
    game = game_after_placement(south_cards=("hurt", "quick-i", "quick-a", "quick-w"))
    assert game.phase == END and game.winner == "south"


def _five_assaults(game: Game) -> Game:
    while not game.is_over:
        pass_turn(game)
    return game


def test_after_assault_5_more_life_wins():
    game = game_after_placement()
    game.life["south"] = 5
    assert _five_assaults(game).winner == "north" and game.ended_by == "life"


def test_after_assault_5_equal_life_goes_to_experience():
    game = _five_assaults(game_after_placement())
    assert game.winner == "north" and game.ended_by == "experience"


def test_after_assault_5_equal_life_and_experience_is_a_draw():
    game = game_after_placement(south="twin")
    game.apply_initiative_roll((1, 1), (6, 6)) if game.phase == INITIATIVE else None
    while not game.is_over:
        if game.phase == INITIATIVE:
            game.apply_initiative_roll((1, 1), (6, 6))
        else:
            pass_turn(game)
    assert game.winner is None and game.ended_by == "draw"
    assert game.score() == {"north": 0, "south": 0}


# --- exact odds ---------------------------------------------------------------------------------


def test_even_odds_are_one_half_and_criticals_one_twelfth():
    assert hit_odds(0, 0) == (Fraction(1, 2), Fraction(1, 12))


def test_odds_known_answers():
    # +1 and more experience: the attacker hits on a total at least the defender's.
    hit, _ = hit_odds(1, 1)
    assert hit == Fraction(
        1
        - Fraction(
            sum(_ways(t) * _ways(u) for t in range(2, 13) for u in range(2, 13) if t + 1 < u), 1296
        )
    )
    assert hit_odds(11, -1) == (Fraction(1), Fraction(1, 6))
    assert hit_odds(-11, 1) == (Fraction(0), Fraction(0))
    odds = attack_odds(0, 0, base_damage=2, damage_bonus=1, armor=1)
    assert odds.expected_damage == (Fraction(1, 2) - Fraction(1, 12)) * 2 + Fraction(1, 12) * 4


def test_odds_in_a_game_state():
    game = game_after_placement()
    stand(game, "north", "c2", "south")
    assert attack_odds_in(game, "south").hit == hit_odds(1, -1)[0]
    stand(game, "north", "a5", "south")
    refused("anachronism.out_of_reach", attack_odds_in, game, "south")


def _ways(total: int) -> int:
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total)
