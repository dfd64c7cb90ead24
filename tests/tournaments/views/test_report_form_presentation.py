"""The report form as the event sets it: one game row in a one-game match, the record field
required, optional or absent as the record policy says, and every error shown at once."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.result_forms import judge_result_form, player_result_form

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


def test_a_required_record_is_shown_and_not_optional(as_user):
    event, _judge, regs, _match = qiahn_match(record_policy="require")
    body = my_match_page(as_user, event, regs[0].player)
    assert '<details class="games" open' in body
    assert 'name="report-g1_record"' in body
    assert "Game record (JSON file)" in body and "Game record (JSON file, optional)" not in body


def test_an_accepted_record_is_optional(as_user):
    event, _judge, regs, _match = qiahn_match(record_policy="accept")
    body = my_match_page(as_user, event, regs[0].player)
    assert 'name="report-g1_record"' in body
    assert "Game record (JSON file, optional)" in body


def test_an_ignored_record_has_no_field(as_user):
    event, _judge, regs, _match = qiahn_match(record_policy="ignore")
    body = my_match_page(as_user, event, regs[0].player)
    assert "_record" not in body and "Game record (JSON file" not in body
    assert 'name="report-g1_tokens_me"' in body


def test_the_report_form_shows_every_error_at_once(as_user):
    _event, _judge, regs, match = qiahn_match(record_policy="require")
    response = as_user(regs[0].player).post(
        reverse("tournaments:report", args=[match.pk]),
        {"report-wins_me": "7", "report-wins_opp": "0", "report-g1_winner": "me"},
    )
    assert response.status_code == 400
    form = response.context["form"]
    assert "report-wins_me" not in form.errors and "wins_me" in form.errors
    assert "g1_record" in form.errors


def test_the_judge_form_shows_every_error_at_once(as_user):
    _event, judge, _regs, match = qiahn_match(record_policy="require")
    response = as_user(judge).post(
        reverse("tournaments:result", args=[match.pk]),
        {
            "result-wins_a": "2",
            "result-wins_b": "2",
            "result-g1_winner": "a",
            "result-g3_winner": "b",
        },
    )
    assert response.status_code == 400
    form = response.context["form"]
    assert "wins_a" in form.errors or form.non_field_errors()
    assert "g1_record" in form.errors
    assert "g2_winner" in form.errors


def test_the_record_required_error_is_translated(as_user):
    _event, _judge, regs, match = qiahn_match(record_policy="require")
    with translation.override("es"):
        url = reverse("tournaments:report", args=[match.pk])
    response = as_user(regs[0].player).post(
        url, {"report-wins_me": "2", "report-wins_opp": "0", "report-g1_winner": "me"}
    )
    assert response.status_code == 400
    assert response.context["form"].errors["g1_record"] == [
        "Este evento exige el registro de la partida 1."
    ]
