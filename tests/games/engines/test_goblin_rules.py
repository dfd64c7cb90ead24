"""Goblin II rules: one case per reading (docs/readings.md) and per limit, through the state API.

Card effects come from the catalogue; the last tests change the catalogue and
watch the engine follow it.
"""

from __future__ import annotations

import copy
import json

import pytest

from games.engines.errors import IllegalStepError
from games.engines.goblin.catalogue import (
    DEFAULT_PATH,
    CatalogueError,
    default_catalogue,
    parse_catalogue,
)
from games.engines.goblin.replay import check_record
from games.engines.goblin.state import Game

CATALOGUE = default_catalogue()


def new_game(
    mode="covered", scoring="survivors", initiative="heads", catalogue=CATALOGUE, specials=None
):
    return Game(catalogue, mode=mode, scoring=scoring, initiative=initiative, specials=specials)


def start_round(game, att_cards, def_cards, own, enemy):
    """Reveal (attacker's list then defender's; extras follow) and pick the vanguards."""
    att, dfn = game.attacker, game.defender
    game.apply_reveal(att, att_cards[0])
    game.apply_reveal(dfn, def_cards[0])
    for side, cards in ((att, att_cards), (dfn, def_cards)):
        for card in cards[1:]:
            game.apply_reveal(side, card)
    if game.phase == "uncover":
        game.apply_end_uncover(game.to_act)
    game.apply_vanguard(own, enemy)


def pass_both(game):
    """Every side says "turno" without cards until the exchange closes."""
    number = game.round
    while game.phase == "cards" and game.round == number and len(game.reports) < number:
        game.apply_end_turn(game.to_act)


def illegal(call, *args):
    with pytest.raises(IllegalStepError) as raised:
        call(*args)
    return raised.value


# --- set-up and modes --------------------------------------------------------------------


def test_the_catalogue_ships_the_readings_defaults():
    cards = CATALOGUE.arsenal_by_id
    assert (cards["sword"].count, cards["sword"].amount, cards["sword"].role) == (2, 3, "attacker")
    assert (cards["shield"].count, cards["shield"].role) == (2, "defender")
    assert (cards["special"].count, cards["special"].effect) == (5, "defeat")
    assert {c: cards[c].effect for c in ("water", "air", "fire", "earth")} == {
        "water": "copy",
        "air": "send-back",
        "fire": "multiply",
        "earth": "block-special",
    }
    assert cards["fire"].factor == 2
    assert CATALOGUE.specials_kept == 2 and CATALOGUE.covered_discarded == 3
    assert CATALOGUE.arsenal_size == 13


def test_open_mode_keeps_exactly_two_specials():
    err = illegal(
        new_game,
        "open",
        "survivors",
        "heads",
        CATALOGUE,
        {"heads": ["special"], "tails": ["special", "special"]},
    )
    assert err.code == "setup.specials_count"
    err = illegal(
        new_game,
        "open",
        "survivors",
        "heads",
        CATALOGUE,
        {"heads": ["special", "sword"], "tails": ["special", "special"]},
    )
    assert err.code == "setup.not_special"


def test_semi_covered_mode_plays_at_most_two_specials():
    game = new_game("semi-covered")
    start_round(game, ["wizard"], ["beast"], ["H1"], ["T1"])
    game.apply_play("heads", "special", "T1")
    pass_both(game)  # T1 defeated by the special, H1 wins
    start_round(game, ["knight"], ["footman"], ["T2"], ["H1"])
    game.apply_end_turn("tails")
    game.apply_play("heads", "special", "T2")
    game.apply_end_turn("heads")
    game.apply_end_turn("tails")
    game.apply_end_turn("heads")
    start_round(game, ["paladin"], ["archer"], ["H2"], ["T3"])
    err = illegal(game.apply_play, "heads", "special", "T3")
    assert err.code == "play.specials_used_up"


def test_covered_mode_holds_ten_of_the_thirteen_arsenal_cards():
    game = new_game("covered")
    limit = CATALOGUE.arsenal_size - CATALOGUE.covered_discarded
    game.played["heads"].update({"special": 5, "sword": 2, "shield": 2})
    assert sum(game.played["heads"].values()) == 9
    start_round(game, ["wizard"], ["beast"], ["H1"], ["T1"])
    game.apply_play("heads", "water", "H1", "T1")
    err = illegal(game.apply_play, "heads", "fire", "T1")
    assert err.code == "play.arsenal_used_up"
    assert err.params["limit"] == limit


# --- uncover -----------------------------------------------------------------------------


def test_the_side_with_fewer_in_reserve_may_reveal_up_to_equal():
    game = new_game()
    start_round(game, ["wizard"], ["footman"], ["H1"], ["T1"])
    pass_both(game)  # 6 against 1: T1 removed
    game.apply_reveal("tails", "beast")
    game.apply_reveal("heads", "archer")
    assert game.extra_side == "tails" and game.extra_allowance("tails") == 1
    game.apply_reveal("tails", "archer")
    assert game.phase == "vanguard"  # equal now: no more reveals


def test_a_side_not_behind_reveals_only_its_top_card():
    record = _record(
        [
            {
                "uncover": {"heads": ["wizard", "knight"], "tails": ["footman"]},
                "vanguard": {"heads": ["H1"], "tails": ["T1"]},
                "turns": [{"side": "heads"}, {"side": "tails"}],
            }
        ]
    )
    err = check_record(record).error
    assert err.code == "reveal.extra_not_allowed"
    assert err.path == "rounds[0].uncover.heads[1]"


def test_extra_reveals_stop_at_equal():
    game = new_game()
    start_round(game, ["wizard"], ["footman"], ["H1"], ["T1"])
    pass_both(game)
    game.apply_reveal("tails", "beast")
    game.apply_reveal("heads", "archer")
    game.apply_reveal("tails", "archer")
    err = illegal(game.apply_reveal, "tails", "knight")
    assert err.code == "step.wrong_phase"


def test_a_troop_card_appears_as_often_as_the_catalogue_says():
    game = new_game()
    start_round(game, ["wizard"], ["footman"], ["H1"], ["T1"])
    pass_both(game)
    game.apply_reveal("tails", "beast")
    err = illegal(game.apply_reveal, "heads", "wizard")
    assert err.code == "reveal.card_exhausted"


# --- vanguard ----------------------------------------------------------------------------


def test_the_attacker_picks_one_to_three_of_each_reserve():
    game = new_game()
    game.apply_reveal("heads", "wizard")
    game.apply_reveal("tails", "footman")
    assert illegal(game.apply_vanguard, [], ["T1"]).code == "vanguard.count"
    assert illegal(game.apply_vanguard, ["H1"], ["H1"]).code == "vanguard.not_owner"
    assert illegal(game.apply_vanguard, ["H1"], ["T2"]).code == "vanguard.not_in_reserve"
    assert illegal(game.apply_vanguard, ["H1", "H1"], ["T1"]).code == "vanguard.duplicate"
    game.apply_vanguard(["H1"], ["T1"])


# --- the card exchange -------------------------------------------------------------------


def test_turns_alternate_from_the_attacker_and_end_after_two_passes():
    game = new_game(initiative="tails")
    start_round(game, ["wizard"], ["footman"], ["T1"], ["H1"])
    assert game.to_act == "tails"
    assert illegal(game.apply_end_turn, "heads").code == "step.not_your_turn"
    game.apply_play("tails", "sword", "T1")
    game.apply_end_turn("tails")
    game.apply_end_turn("heads")  # one pass
    game.apply_play("tails", "fire", "T1")
    game.apply_end_turn("tails")
    game.apply_end_turn("heads")
    assert game.phase == "cards"
    game.apply_end_turn("tails")  # second pass in a row
    assert game.phase == "uncover" and len(game.reports) == 1


def test_common_equipment_only_in_its_role_and_on_ones_own_vanguard():
    game = new_game()
    start_round(game, ["knight"], ["beast"], ["H1"], ["T1"])
    assert illegal(game.apply_play, "heads", "shield", "H1").code == "play.role"
    assert illegal(game.apply_play, "heads", "sword", "T1").code == "play.target_own"
    game.apply_end_turn("heads")
    assert illegal(game.apply_play, "tails", "sword", "T1").code == "play.role"


def test_special_equipment_and_air_go_on_the_enemy():
    game = new_game()
    start_round(game, ["knight"], ["beast"], ["H1"], ["T1"])
    assert illegal(game.apply_play, "heads", "special", "H1").code == "play.target_enemy"
    assert illegal(game.apply_play, "heads", "air", "H1").code == "play.target_enemy"


def test_one_equipment_and_one_magic_per_combatant_whoever_plays_them():
    game = new_game()
    start_round(game, ["knight"], ["beast"], ["H1"], ["T1"])
    game.apply_play("heads", "sword", "H1")
    game.apply_play("heads", "fire", "H1")
    game.apply_end_turn("heads")
    assert illegal(game.apply_play, "tails", "special", "H1").code == "play.equipment_taken"
    assert illegal(game.apply_play, "tails", "water", "H1", "T1").code == "play.magic_taken"


def test_a_special_defeats_its_carrier_unless_earth_blocks_it():
    game = new_game()
    start_round(
        game,
        [
            "knight",
        ],
        ["beast"],
        ["H1"],
        ["T1"],
    )
    game.apply_play("heads", "special", "T1")
    game.apply_end_turn("heads")
    game.apply_end_turn("tails")
    game.apply_end_turn("heads")
    report = game.reports[-1]
    assert report.defeated_by_cards == ("T1",)
    assert report.sums == {"heads": 4, "tails": 0}
    assert game.captured["heads"] == ["T1"]

    game = new_game()
    start_round(game, ["knight"], ["beast"], ["H1"], ["T1"])
    game.apply_play("heads", "special", "T1")
    game.apply_end_turn("heads")
    game.apply_play("tails", "earth", "T1")  # played after the special: still blocks it
    game.apply_end_turn("tails")
    pass_both(game)
    report = game.reports[-1]
    assert report.defeated_by_cards == ()
    assert report.sums == {"heads": 4, "tails": 3}


def test_air_sends_back_and_ends_the_round_when_the_vanguard_empties():
    game = new_game()
    start_round(game, ["knight"], ["beast"], ["H1"], ["T1"])
    game.apply_play("heads", "sword", "H1")
    game.apply_play("heads", "air", "T1")
    report = game.reports[-1]
    assert (report.ended_by, report.outcome, report.removed) == ("air", "none", ())
    assert game.reserve == {"heads": ["H1"], "tails": ["T1"]}
    record = _record(
        [
            {
                "uncover": {"heads": ["knight"], "tails": ["beast"]},
                "vanguard": {"heads": ["H1"], "tails": ["T1"]},
                "turns": [
                    {
                        "side": "heads",
                        "plays": [{"card": "air", "on": "T1"}, {"card": "sword", "on": "H1"}],
                    }
                ],
            }
        ]
    )
    err = check_record(record).error
    assert err.code == "turn.after_air"
    assert err.path == "rounds[0].turns[0].plays[1]"


def test_water_takes_the_printed_value_and_fire_doubles_before_equipment():
    game = new_game()
    start_round(game, ["footman"], ["wizard"], ["H1"], ["T1"])
    game.apply_play("heads", "water", "H1", "T1")
    game.apply_play("heads", "sword", "H1")
    game.apply_end_turn("heads")
    game.apply_play("tails", "fire", "T1")
    game.apply_play("tails", "shield", "T1")
    game.apply_end_turn("tails")
    pass_both(game)
    report = game.reports[-1]
    assert report.values == {"H1": 6 + 3, "T1": 6 * 2 + 3}
    assert report.outcome == "defender"


def test_a_tie_defeats_both_vanguards():
    game = new_game(scoring="captures")
    start_round(game, ["knight"], ["knight"], ["H1"], ["T1"])
    pass_both(game)
    report = game.reports[-1]
    assert report.outcome == "tie" and set(report.removed) == {"H1", "T1"}
    assert game.score() == {"heads": 4, "tails": 4}


def test_a_concession_defeats_the_conceding_vanguard_and_no_card_acts():
    game = new_game()
    start_round(
        game,
        [
            "beast",
        ],
        ["knight"],
        ["H1"],
        ["T1"],
    )
    game.apply_play("heads", "special", "T1")
    game.apply_end_turn("heads")
    game.apply_concede("tails")
    report = game.reports[-1]
    assert (report.ended_by, report.outcome, report.removed) == ("concession", "attacker", ("T1",))
    assert report.defeated_by_cards == ()
    assert game.reserve["heads"] == ["H1"]


# --- the end and the score -----------------------------------------------------------------


def test_the_game_ends_after_the_round_a_troop_runs_out():
    game = new_game()
    start_round(game, ["wizard"], ["footman"], ["H1"], ["T1"])
    pass_both(game)
    start_round(game, ["beast", "knight"], ["paladin"], ["T2"], ["H1"])
    pass_both(game)
    start_round(game, ["knight"], ["archer", "wizard"], ["H1"], ["T3"])
    pass_both(game)
    assert game.troop_left == {"heads": 3, "tails": 1}
    game.apply_reveal("tails", "paladin")
    game.apply_reveal("heads", "beast")
    assert game.phase == "vanguard"  # tails is behind but has no troop left to reveal
    game.apply_vanguard(["T5"], ["H4"])
    pass_both(game)
    assert game.is_over  # tails ran out this round; heads still holds two troop cards
    assert game.troop_left == {"heads": 2, "tails": 0}
    assert game.score() == {"heads": 6 + 5 + 4, "tails": 2 + 6 + 5}


def test_rounds_after_the_end_and_missing_rounds_are_refused():
    rounds = []
    troop = ["wizard", "paladin", "knight", "beast", "archer", "footman"]
    for k, card in enumerate(troop, start=1):
        attacker = "heads" if k % 2 else "tails"
        defender = "tails" if attacker == "heads" else "heads"
        rounds.append(
            {
                "uncover": {"heads": [card], "tails": [card]},
                "vanguard": {
                    attacker: [f"{attacker[0].upper()}{k}"],
                    defender: [f"{defender[0].upper()}{k}"],
                },
                "turns": [{"side": attacker}, {"side": defender}],
            }
        )
    record = _record(rounds, result={"heads": 0, "tails": 0})
    verdict = check_record(record)
    assert verdict.valid, verdict.error_text  # every round a tie: all removed
    assert check_record(_record(rounds[:5], result={"heads": 0, "tails": 0})).error.code == (
        "goblin.rounds_too_few"
    )
    extra = copy.deepcopy(rounds[0])
    assert check_record(_record([*rounds, extra], result={"heads": 0, "tails": 0})).error.code == (
        "goblin.rounds_too_many"
    )


def test_survivors_and_captures_score_differently():
    for scoring, expected in (
        ("survivors", {"heads": 6, "tails": 0}),
        ("captures", {"heads": 1, "tails": 0}),
    ):
        game = new_game(scoring=scoring)
        start_round(game, ["wizard"], ["footman"], ["H1"], ["T1"])
        pass_both(game)
        assert game.score() == expected


# --- effects come from the catalogue -------------------------------------------------------


def _edited_catalogue(change):
    data = json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    change(data)
    return parse_catalogue(data)


def test_effects_follow_the_catalogue_not_the_code():
    def stronger(data):
        for card in data["arsenal"]:
            if card["id"] == "sword":
                card["effect"]["amount"] = 5
            if card["id"] == "fire":
                card["effect"]["factor"] = 3

    catalogue = _edited_catalogue(stronger)
    game = new_game(catalogue=catalogue)
    start_round(game, ["footman"], ["wizard"], ["H1"], ["T1"])
    game.apply_play("heads", "sword", "H1")
    game.apply_play("heads", "fire", "H1")
    game.apply_end_turn("heads")
    pass_both(game)
    assert game.reports[-1].values["H1"] == 1 * 3 + 5


def test_a_broken_catalogue_is_refused_with_its_path():
    with pytest.raises(CatalogueError) as raised:
        _edited_catalogue(lambda d: d["arsenal"][2]["effect"].update(kind="explode"))
    assert raised.value.params["path"] == "arsenal[2].effect.kind"
    with pytest.raises(CatalogueError):
        _edited_catalogue(lambda d: d.update(extra=1))
    with pytest.raises(CatalogueError):
        _edited_catalogue(lambda d: d["modes"]["open"].update(specials_kept=9))


def _record(rounds, *, mode="covered", scoring="survivors", initiative="heads", result=None):
    return {
        "format": 1,
        "game": "qiahn-goblin-ii",
        "catalogue": "goblin-ii-default",
        "mode": mode,
        "scoring": scoring,
        "initiative": initiative,
        "rounds": rounds,
        "result": result or {"heads": 0, "tails": 0},
    }


def test_air_cannot_send_back_the_combatant_water_copies():
    """Water copies only a combatant that still fights (as wind in Qíahn Tactics): once water
    copies T1, air on T1 is refused (air first, and T1 is in no vanguard for water to copy)."""
    game = new_game()
    start_round(game, ["knight"], ["beast"], ["H1"], ["T1"])
    game.apply_play("heads", "water", "H1", "T1")
    err = illegal(game.apply_play, "heads", "air", "T1")
    assert err.code == "play.send_back_copied"
    assert err.params["carrier"] == "H1" and err.params["token"] == "T1"

    record = _record(
        [
            {
                "uncover": {"heads": ["knight"], "tails": ["beast"]},
                "vanguard": {"heads": ["H1"], "tails": ["T1"]},
                "turns": [
                    {
                        "side": "heads",
                        "plays": [
                            {"card": "water", "on": "H1", "copy": "T1"},
                            {"card": "air", "on": "T1"},
                        ],
                    }
                ],
            }
        ]
    )
    err = check_record(record).error
    assert err is not None and err.code == "play.send_back_copied"
    assert err.path == "rounds[0].turns[0].plays[1].on"
