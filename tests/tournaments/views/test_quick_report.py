"""The player's report in a few taps: the score as one tap among the scores the format
allows, then (when the event requires the play-or-draw record) per game only who won the
coin or die and who played first, the winner only where the score leaves it open; the
chooser and the choice follow by the DAR's rule. A game loss carried into the match shows at
the top of the match page and is fixed in its row; leaving the event is worded for the
player."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_round
from tournaments.audit_presenter import audit_lines
from tournaments.models import AuditEntry, Penalty
from tournaments.models.choices import MatchStatus, PenaltyKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def table1(event, regs):
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3]), (regs[4], None)])
    return round_.matches.get(table=1)


@pytest.fixture
def required(event):
    event.play_draw_required = True
    event.save(update_fields=["play_draw_required"])
    return event


def report_url(match):
    return reverse("tournaments:report", args=[match.pk])


def me_url(event):
    return reverse("tournaments:my_match", args=[event.pk])


def quick(score, **games):
    return {"report-score": score, **{f"report-{k}": v for k, v in games.items()}}


def test_the_score_is_one_tap_among_the_scores_the_format_allows(event, regs, table1, as_user):
    page = as_user(regs[0].player).get(me_url(event)).content.decode()
    for value in ("2-0-0", "2-1-0", "1-2-0", "0-2-0", "1-1-1"):
        assert f'type="radio" name="report-score" value="{value}"' in page
    assert 'value="2-2-0"' not in page  # not a score of a best of three
    assert '<select name="report-wins_me"' not in page


def test_a_score_only_event_takes_the_score_alone(event, regs, table1, as_user):
    assert not event.play_draw_required
    assert as_user(regs[0].player).post(report_url(table1), quick("2-1-0")).status_code == 302
    assert as_user(regs[1].player).post(report_url(table1), quick("1-2-0")).status_code == 302
    table1.refresh_from_db()
    assert table1.status == MatchStatus.CONFIRMED
    assert (table1.games_won_a, table1.games_won_b) == (2, 1)
    assert not table1.games.exists()


def test_a_2_1_from_the_coin_and_who_played_first(required, regs, table1, as_user):
    # I lost game 1 (the opponent won the coin and chose to draw: I played first), chose to
    # play first in game 2, won the die of game 3 and played first.
    mine = quick(
        "2-1-0",
        g1_winner="opp",
        g1_random="opp",
        g1_first="me",
        g2_first="me",
        g3_random="me",
        g3_first="me",
    )
    assert as_user(regs[0].player).post(report_url(table1), mine).status_code == 302
    theirs = quick(
        "1-2-0",
        g1_winner="me",
        g1_random="me",
        g1_first="opp",
        g2_first="opp",
        g3_random="opp",
        g3_first="opp",
    )
    assert as_user(regs[1].player).post(report_url(table1), theirs).status_code == 302
    table1.refresh_from_db()
    assert table1.status == MatchStatus.CONFIRMED
    games = list(table1.games.order_by("number"))
    assert [(g.winner, g.random_winner, g.chooser, g.choice_reason, g.choice) for g in games] == [
        ("b", "b", "b", "won_random_method", "second"),
        ("a", "", "a", "lost_game_1", "first"),
        ("a", "a", "a", "won_random_method", "first"),
    ]


def test_every_missing_part_comes_back_at_once(required, regs, table1, as_user):
    response = as_user(regs[0].player).post(report_url(table1), quick("2-1-0"))
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["g1_winner"] == ["Say who won game 1."]
    assert "g1_random" in errors and "g3_random" in errors
    assert "g2_winner" not in errors  # game 1's answer decides it
    page = response.content.decode()
    assert 'data-testid="game-rows"' in page and "Game 3: say who won the coin or die." in page
    assert not table1.reports.exists()


def test_winners_that_do_not_fit_the_score_are_refused(required, regs, table1, as_user):
    data = quick("2-0-0", g1_winner="opp", g1_random="me", g2_first="me")
    response = as_user(regs[0].player).post(report_url(table1), data)
    assert response.status_code == 400
    assert "do not add up to the score 2-0" in response.content.decode()


@pytest.fixture
def carried(event, regs, table1, organiser):
    """A game loss for tardiness given to regs[0] after their last match: game 1 of this one."""
    return Penalty.objects.create(
        event=event,
        registration=regs[0],
        match=table1,
        round=table1.round,
        infraction="tardiness",
        kind=PenaltyKind.GAME_LOSS,
        game_number=1,
        next_match=True,
        reason="Late to the table",
        issued_by=organiser,
    )


def test_a_carried_game_loss_shows_at_the_top_for_both_players(event, regs, carried, as_user):
    mine = as_user(regs[0].player).get(me_url(event)).content.decode()
    theirs = as_user(regs[1].player).get(me_url(event)).content.decode()
    line = "You start this match 0-1: game 1 is a game loss for tardiness."
    assert line in mine
    assert mine.index(line) < mine.index('data-testid="report-form"')
    assert "Your opponent starts 0-1: game 1 is a game loss for tardiness." in theirs


def test_a_game_lost_by_penalty_is_marked_and_cannot_be_changed(
    required, regs, table1, carried, as_user
):
    page = as_user(regs[0].player).get(me_url(required)).content.decode()
    assert "You lost this game by a penalty: a game loss for tardiness." in page
    assert 'name="report-g1_winner"' not in page and 'name="report-g1_random"' not in page
    # Game 1 is the opponent's whatever the report says; 2-1 is then fully known.
    data = quick(
        "2-1-0", g1_winner="me", g1_random="me", g2_first="me", g3_random="opp", g3_first="opp"
    )
    assert as_user(regs[0].player).post(report_url(table1), data).status_code == 302
    [report] = table1.reports.all()
    assert [g["winner"] for g in report.games] == ["b", "a", "a"]
    assert report.games[0]["by_penalty"] is True


def test_the_drop_page_is_worded_for_the_player(event, regs, table1, as_user):
    url = reverse("tournaments:drop", args=[regs[0].pk])
    page = as_user(regs[0].player).get(url).content.decode()
    assert "Leave the event" in page and "You will not be paired in the next rounds" in page
    assert f"Drop {regs[0].name}" not in page


def test_a_self_drop_reads_as_leaving(event, regs, as_user):
    url = reverse("tournaments:drop", args=[regs[0].pk])
    assert as_user(regs[0].player).post(url, {"reason": ""}).status_code == 302
    entry = AuditEntry.objects.get(action="registration.withdraw")
    [line] = audit_lines([entry], event=event)
    assert line.sentence == f"{regs[0].name} withdrew before round 1."


def test_a_self_drop_after_a_round_reads_as_leaving(event, regs, table1, as_user):
    url = reverse("tournaments:drop", args=[regs[0].pk])
    assert as_user(regs[0].player).post(url, {"reason": ""}).status_code == 302
    entry = AuditEntry.objects.get(action="registration.drop")
    [line] = audit_lines([entry], event=event)
    assert line.sentence == f"{regs[0].name} left the event after round 1."
