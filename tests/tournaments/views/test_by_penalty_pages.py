"""The report pages and games lost by penalty: only a judge's game loss makes a game lost by
penalty. The players' forms (the quick report and the game-by-game one) offer no such
checkbox and refuse one posted anyway; a game a game loss takes is marked as such by
itself, on the players' forms and the judge's."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Game, Penalty
from tournaments.models.choices import MatchStatus, PenaltyKind

pytestmark = pytest.mark.django_db

REFUSED = (
    "Game %s cannot be marked as lost by penalty: only a judge gives a game loss, "
    "and none takes that game."
)
RECORDS = Path(__file__).resolve().parents[2] / "games" / "engines" / "records" / "qiahn"
HEADS_WINS = (RECORDS / "valid" / "squad3-contract-example.json").read_bytes()


@pytest.fixture
def table1(event, regs):
    return make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)


def report_url(match):
    return reverse("tournaments:report", args=[match.pk])


def result_url(match):
    return reverse("tournaments:result", args=[match.pk])


def me_url(event):
    return reverse("tournaments:my_match", args=[event.pk])


def quick(score, **games):
    return {"report-score": score, **{f"report-{k}": v for k, v in games.items()}}


def game_loss(match, registration, game_number, issued_by):
    return Penalty.objects.create(
        event=match.round.event,
        registration=registration,
        match=match,
        round=match.round,
        infraction="tardiness",
        kind=PenaltyKind.GAME_LOSS,
        game_number=game_number,
        reason="Late to the table",
        issued_by=issued_by,
    )


def assert_nothing_written(match):
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING
    assert not match.reports.exists() and not match.games.exists()


@pytest.mark.parametrize(
    ("required", "data"),
    [
        # Score-only event: the winner of game 1 named, game 3 claimed as a penalty.
        (False, quick("2-1-0", g1_winner="me", g3_penalty="on")),
        # Play-or-draw record required: every part given, and game 3 claimed besides.
        (
            True,
            quick(
                "2-1-0",
                g1_winner="opp",
                g1_random="opp",
                g1_first="me",
                g2_first="me",
                g3_random="me",
                g3_first="me",
                g3_penalty="on",
            ),
        ),
    ],
)
def test_the_quick_report_refuses_a_game_lost_by_penalty_no_judge_gave(
    event, regs, table1, as_user, required, data
):
    event.play_draw_required = required
    event.save(update_fields=["play_draw_required"])
    response = as_user(regs[0].player).post(report_url(table1), data)
    assert response.status_code == 400
    assert REFUSED % 3 in response.content.decode()
    assert_nothing_written(table1)


@pytest.fixture
def qiahn():
    event = make_event(
        make_organiser("bpp_orga"),
        name="Qíahn Open",
        game="qiahn-tactics",
        format="standard",
        record_policy="require",
        qiahn_squad=3,
        qiahn_ruleset="rulebook-1",
    )
    judge = add_judge(event, "bpp_judge")
    regs = add_players(event, 2, prefix="bpp")
    return event, judge, regs, make_round(event, [(regs[0], regs[1])]).matches.get()


def test_the_players_pages_offer_no_penalty_checkbox(event, regs, table1, qiahn, as_user):
    quick_page = as_user(regs[0].player).get(me_url(event)).content.decode()
    q_event, _judge, q_regs, _match = qiahn
    full_page = as_user(q_regs[0].player).get(me_url(q_event)).content.decode()
    assert 'data-testid="score-pick"' in quick_page and 'name="report-g1_side"' in full_page
    for page in (quick_page, full_page):
        assert "_penalty" not in page and "Lost by a penalty" not in page


def test_the_game_by_game_report_refuses_a_posted_penalty_that_would_skip_the_record(
    qiahn, as_user
):
    _event, _judge, regs, match = qiahn
    data = {"report-wins_me": "1", "report-wins_opp": "0", "report-g1_winner": "me"}
    response = as_user(regs[0].player).post(report_url(match), data | {"report-g1_penalty": "on"})
    assert response.status_code == 400
    assert REFUSED % 1 in response.content.decode()
    assert_nothing_written(match)


def test_a_game_a_game_loss_takes_is_lost_by_penalty_without_a_tick(qiahn, as_user):
    event, judge, regs, match = qiahn
    game_loss(match, regs[1], 1, judge)  # the opponent lost game 1
    page = as_user(regs[0].player).get(me_url(event)).content.decode()
    assert "Your opponent lost this game by a penalty: a game loss for tardiness." in page
    data = {
        "report-g1_winner": "me",  # no record: the game was never played
        "report-g2_winner": "me",
        "report-g2_side": "heads",
        "report-g2_record": SimpleUploadedFile("g2.json", HEADS_WINS, "application/json"),
    }
    assert as_user(regs[0].player).post(report_url(match), data).status_code == 302
    [report] = match.reports.all()
    assert [(g["winner"], g["by_penalty"]) for g in report.games] == [("a", True), ("a", False)]


def test_the_judge_is_offered_no_penalty_checkbox_without_a_game_loss(table1, judge, as_user):
    page = as_user(judge).get(result_url(table1)).content.decode()
    assert 'name="result-g1_winner"' in page
    assert "_penalty" not in page


def test_a_judge_cannot_post_a_game_lost_by_penalty_without_a_game_loss(
    regs, table1, judge, as_user
):
    game_loss(table1, regs[0], 1, judge)
    data = {
        "result-g1_winner": "b",
        "result-g2_winner": "a",
        "result-g2_penalty": "on",  # no game loss takes game 2
        "result-g3_winner": "a",
    }
    response = as_user(judge).post(result_url(table1), data)
    assert response.status_code == 400
    assert REFUSED % 2 in response.content.decode()
    assert_nothing_written(table1)


def test_the_judge_enters_the_game_their_game_loss_takes_as_lost_by_penalty(
    regs, table1, judge, as_user
):
    game_loss(table1, regs[0], 1, judge)
    page = as_user(judge).get(result_url(table1)).content.decode()
    assert f"{regs[0].name} lost this game by a penalty: a game loss for tardiness." in page
    data = {"result-g1_winner": "b", "result-g2_winner": "a", "result-g3_winner": "a"}
    response = as_user(judge).post(result_url(table1), data)
    assert response.status_code == 302
    games = Game.objects.filter(match=table1).order_by("number")
    assert [(g.winner, g.by_penalty) for g in games] == [("b", True), ("a", False), ("a", False)]
