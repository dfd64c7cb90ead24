"""The report form as the event sets it: one game row in a one-game match."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.forms import judge_result_form, player_result_form

pytestmark = pytest.mark.django_db


def qiahn_match(**settings):
    organiser = make_organiser("porga")
    event = make_event(
        organiser,
        name="Qíahn Cup",
        game="qiahn-tactics",
        format="standard",
        qiahn_squad=3,
        qiahn_ruleset="rulebook-1",
        **settings,
    )
    judge = add_judge(event, "pjudge")
    regs = add_players(event, 2)
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    return event, judge, regs, match


def my_match_page(as_user, event, player) -> str:
    return as_user(player).get(reverse("tournaments:my_match", args=[event.pk])).content.decode()


def test_a_one_game_match_shows_one_game(as_user):
    event, judge, regs, match = qiahn_match(games_per_match=1, record_policy="accept")
    assert [row.number for row in player_result_form(match, "a").game_rows()] == [1]
    assert [row.number for row in judge_result_form(match).game_rows()] == [1]
    body = my_match_page(as_user, event, regs[0].player)
    assert 'data-game="1"' in body and 'data-game="2"' not in body
    result = as_user(judge).get(reverse("tournaments:result", args=[match.pk])).content.decode()
    assert 'data-game="1"' in result and 'data-game="2"' not in result


def test_a_best_of_three_still_offers_room_for_drawn_games():
    _event, _judge, _regs, match = qiahn_match(games_per_match=3, record_policy="accept")
    assert len(player_result_form(match, "a").game_rows()) == 5
