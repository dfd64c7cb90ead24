"""Whose turn it is after one player reports: the other one is told it is their report the
match waits for, the one who reported that it is the opponent's, and the judge's pages name
the player who has not reported."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_round

pytestmark = pytest.mark.django_db


def test_each_player_and_the_judge_see_who_must_report(event, regs, judge, as_user):
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    match = round_.matches.get(table=1)
    me = reverse("tournaments:my_match", args=[event.pk])
    reported = as_user(regs[0].player).post(
        reverse("tournaments:report", args=[match.pk]),
        {"report-wins_me": 2, "report-wins_opp": 0},
    )
    assert reported.status_code == 302

    other = as_user(regs[1].player).get(me).content.decode()
    assert 'data-waiting="me"' in other and "Waiting for your report" in other
    assert "Your opponent reported: you lost 0-2." in other
    assert "Waiting for the opponent" not in other

    reporter = as_user(regs[0].player).get(me).content.decode()
    assert 'data-waiting="opponent"' in reporter
    assert "Waiting for your opponent's report" in reporter
    assert "Waiting for your report" not in reporter

    judge_client = as_user(judge)
    dashboard = judge_client.get(reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    assert f'data-testid="waiting-for">waiting for {regs[1].name}</span>' in dashboard
    result = judge_client.get(reverse("tournaments:result", args=[match.pk])).content.decode()
    assert f"Waiting for {regs[1].name}'s report" in result
