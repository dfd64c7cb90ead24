"""The report pages on event day: matching scores with different records (named, marked,
settled in one tap or flagged to the judge), a refused report's error summary, My match's
order (reporting first, the QR code and the judge call folded), the opponent's report read
from the reader's side with its record, and confirm buttons offered only where the rule
accepts them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from judge_calls.services import judge_call_create
from tests.tournaments.helpers import make_round
from tournaments.models import Game, Match, Penalty, ResultReport
from tournaments.models.choices import MatchStatus, PenaltyKind
from tournaments.report_compare import record_fingerprint
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db

A_WON_THE_COIN = [
    {"winner": "a", "random_winner": "a", "chooser": "a", "choice": "first"},
    {"winner": "a", "chooser": "b", "choice": "first"},
]
B_WON_THE_COIN = [
    {"winner": "a", "random_winner": "b", "chooser": "b", "choice": "second"},
    {"winner": "a", "chooser": "b", "choice": "first"},
]
A_WON_2_1 = [
    {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
    {"winner": "a", "chooser": "a", "choice": "second"},
    {"winner": "a", "random_winner": "a", "chooser": "a", "choice": "first"},
]


@pytest.fixture
def record_event(event):
    event.play_draw_required = True
    event.save(update_fields=["play_draw_required"])
    return event


@pytest.fixture
def table1(record_event, regs):
    return make_round(record_event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)


def url(name, *args, language="en"):
    with translation.override(language):
        return reverse(f"tournaments:{name}", args=args)


def report(reg, match, games, score=(2, 0)):
    match_report(actor=reg.player, match_id=match.pk, result=ReportedResult(*score, games=games))


def part_marked(html: str, name: str) -> str:
    """The element marked ``data-testid=name`` (from its tag to the end of the page)."""
    return html[html.index(f'data-testid="{name}"') :]


# --- 1. Matching scores, different records --------------------------------------------------


@pytest.fixture
def records_differ(regs, table1):
    report(regs[0], table1, A_WON_THE_COIN)
    report(regs[1], table1, B_WON_THE_COIN)
    table1.refresh_from_db()
    return table1


@pytest.mark.parametrize(
    ("language", "label", "flag"),
    [
        ("en", "Game 1: who won the coin or die", "Records differ"),
        ("es", "Partida 1: quién ganó la moneda o el dado", "Los registros difieren"),
    ],
)
def test_the_players_read_the_answer_that_differs_and_may_take_the_others_record(
    record_event, regs, records_differ, as_user, language, label, flag
):
    assert records_differ.status == MatchStatus.CONFIRMED
    html = as_user(regs[1].player).get(url("my_match", record_event.pk, language=language))
    html = html.content.decode()
    assert flag in part_marked(html, "record-differs")
    differences = part_marked(html, "differences")
    differences = differences[: differences.index("</table>")]
    assert differences.count("<tr data-part=") == 1 and label in differences
    form = part_marked(html, "confirm-form")
    form = form[: form.index("</form>")]
    assert 'data-kind="record"' in form
    their_games = ResultReport.objects.get(match=records_differ, registration=regs[0]).games
    assert f'name="record" value="{record_fingerprint(their_games)}"' in form


def test_the_judge_sees_the_flag_and_the_difference_marked_in_both_reports(
    record_event, regs, records_differ, judge, as_user
):
    client = as_user(judge)
    html = client.get(url("result", records_differ.pk)).content.decode()
    assert 'data-testid="record-differs-flag"' in html
    differences = part_marked(html, "report-differences")
    differences = differences[: differences.index("</table>")]
    assert "Game 1: who won the coin or die" in differences
    assert f"<td>{regs[0].name}</td><td>{regs[1].name}</td>" in differences
    assert html.count("data-differs") == 2
    # Either report may settle it (the score is confirmed already).
    assert html.count('data-testid="accept-report"') == 2
    dashboard = client.get(url("dashboard", record_event.pk)).content.decode()
    assert dashboard.count('data-testid="record-differs-flag"') == 1


def test_one_tap_takes_the_opponents_record_and_the_flag_goes(
    record_event, regs, records_differ, judge, as_user
):
    theirs = ResultReport.objects.get(match=records_differ, registration=regs[0]).games
    data = {"mine": 0, "theirs": 2, "draws": 0, "record": record_fingerprint(theirs)}
    client = as_user(regs[1].player)
    response = client.post(url("confirm_result", records_differ.pk), data)
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Your record now agrees with your opponent&#x27;s" in page
    assert 'data-testid="record-differs"' not in page
    assert [g.random_winner for g in Game.objects.filter(match=records_differ)] == ["a", ""]
    judge_page = as_user(judge).get(url("result", records_differ.pk)).content.decode()
    assert 'data-testid="record-differs-flag"' not in judge_page


def test_a_record_changed_since_the_page_showed_it_is_refused(regs, records_differ, as_user):
    data = {"mine": 0, "theirs": 2, "draws": 0, "record": record_fingerprint(B_WON_THE_COIN)}
    response = as_user(regs[1].player).post(url("confirm_result", records_differ.pk), data)
    assert response.status_code == 409
    assert "Your opponent has changed their report" in response.content.decode()
    assert not Game.objects.filter(match=records_differ).exists()


def test_the_warning_after_a_report_whose_record_differs(record_event, regs, table1, as_user):
    report(regs[0], table1, A_WON_THE_COIN)
    data = {
        "report-score": "0-2-0",
        "report-g1_random": "me",
        "report-g1_first": "opp",
        "report-g2_first": "me",
    }
    response = as_user(regs[1].player).post(url("report", table1.pk), data, follow=True)
    page = response.content.decode()
    assert 'class="message warning"' in page
    assert "You agree on the score: the result is confirmed." in page
    assert Match.objects.get(pk=table1.pk).status == MatchStatus.CONFIRMED


def test_different_scores_name_the_score_and_offer_to_agree(record_event, regs, table1, as_user):
    report(regs[0], table1, A_WON_THE_COIN)
    b_won = [
        {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
        {"winner": "b", "chooser": "a", "choice": "first"},
    ]
    report(regs[1], table1, b_won, score=(0, 2))
    html = as_user(regs[1].player).get(url("my_match", record_event.pk)).content.decode()
    differences = part_marked(html, "differences")
    differences = differences[: differences.index("</table>")]
    assert '<tr data-part="score"><th scope="row">The score</th><td>2-0</td><td>0-2</td>' in (
        differences
    )
    assert 'data-kind="agree"' in html and "Agree with my opponent's report" in html


# --- 2. A refused report ---------------------------------------------------------------------


def test_a_refused_report_lists_its_errors_at_the_top_of_the_form(
    record_event, regs, table1, as_user
):
    data = {"report-score": "2-1-0", "report-g1_winner": "opp", "report-g3_random": "me"}
    response = as_user(regs[0].player).post(url("report", table1.pk), data)
    assert response.status_code == 400
    html = response.content.decode()
    form = part_marked(html, "report-form")
    assert f'action="{url("report", table1.pk)}#report-errors"' in html
    summary = part_marked(form, "error-summary")
    assert summary.index("error-summary") < summary.index('data-testid="score-pick"')
    assert 'id="report-errors"' in form[: form.index('data-testid="score-pick"')]
    assert '<a href="#id_report-g1_random_0">Game 1: say who won the coin or die.</a>' in summary
    assert not table1.reports.exists()


def test_the_form_says_what_the_browser_checks_before_sending(record_event, regs, table1, as_user):
    html = as_user(regs[0].player).get(url("my_match", record_event.pk)).content.decode()
    form = part_marked(html, "report-form")
    assert "data-check" in html[html.index("<form", html.index("Report the result")) :][:600]
    assert re.search(r'<input type="radio" name="report-score" value="2-0-0"[^>]* required', form)
    assert 'data-missing="Game 3: say who won the coin or die."' in form
    assert 'data-missing="Say who won game 1."' in form
    assert 'data-missing="Choose the score."' in form


# --- 3. My match on a phone: reporting first ------------------------------------------------


def test_the_report_comes_first_and_the_qr_code_and_the_judge_call_follow_folded(
    record_event, regs, table1, as_user
):
    html = as_user(regs[0].player).get(url("my_match", record_event.pk)).content.decode()
    form, qr, call = (
        html.index(f'data-testid="{n}"') for n in ("report-form", "qr-fold", "judge-call")
    )
    assert form < qr < call
    assert re.search(
        r'<details class="card fold" data-fold="match-qr" data-testid="qr-fold">', html
    )
    assert re.search(
        r'<details class="card fold" data-fold="judge-call" data-testid="judge-call">', html
    )
    assert html.index('data-testid="match-qr"') > qr


def test_an_open_judge_call_is_shown_unfolded(record_event, regs, table1, as_user):
    judge_call_create(actor=regs[0].player, match_id=table1.pk, reason="rules_question")
    html = as_user(regs[0].player).get(url("my_match", record_event.pk)).content.decode()
    assert 'data-fold="judge-call" data-testid="judge-call" open' in html


# --- 4. The opponent's report from the reader's side, with its record ------------------------


@pytest.mark.parametrize(
    ("language", "sentence", "you", "them"),
    [
        ("en", "Your opponent reported: you lost 1-2.", "You", "Your opponent"),
        ("es", "Tu rival comunicó: perdiste 1-2.", "Tú", "Tu rival"),
    ],
)
def test_the_confirming_player_reads_the_score_and_record_from_their_side(
    record_event, regs, table1, as_user, language, sentence, you, them
):
    report(regs[0], table1, A_WON_2_1, score=(2, 1))
    html = as_user(regs[1].player).get(url("my_match", record_event.pk, language=language))
    html = html.content.decode()
    assert sentence in part_marked(html, "opponent-report")
    record = part_marked(html, "opponent-record")
    record = record[: record.index("</table>")]
    rows = re.findall(r"<tr data-record-game.*?</tr>", record, re.DOTALL)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL) for row in rows]
    assert [[c.strip() for c in row] for row in cells] == [
        ["1", you, you, you],
        ["2", them, "—", you],
        ["3", them, them, them],
    ]
    mine = as_user(regs[0].player).get(url("my_match", record_event.pk, language=language))
    mine = mine.content.decode()
    assert ("You reported: you won 2-1." if language == "en" else "Comunicaste: ganaste 2-1.") in (
        mine
    )


# --- 12. Only what will work ------------------------------------------------------------------


@pytest.fixture
def contradicted(regs, table1, judge):
    """A reported a 1-2 loss game by game; then a judge gave A a game loss for game 1, which
    the report does not mark as lost by penalty."""
    lost = [
        {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
        {"winner": "a", "chooser": "a", "choice": "first"},
        {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
    ]
    report(regs[0], table1, lost, score=(1, 2))
    Penalty.objects.create(
        event=table1.round.event,
        registration=regs[0],
        match=table1,
        round=table1.round,
        infraction="tardiness",
        kind=PenaltyKind.GAME_LOSS,
        game_number=1,
        reason="Late",
        issued_by=judge,
    )
    return table1


def test_the_judge_is_not_offered_a_report_the_rule_refuses_and_is_told_what_to_do(
    regs, contradicted, judge, as_user
):
    html = as_user(judge).get(url("result", contradicted.pk)).content.decode()
    assert 'data-testid="accept-report"' not in html
    refused = part_marked(html, "report-refused")
    refused = refused[: refused.index("</p>")]
    assert "This report cannot be confirmed as it is:" in refused
    assert (
        f"Game 1 is a game loss for {regs[0].name}: report it as lost by penalty, won by "
        f"{regs[1].name}." in refused
    )
    assert "Enter the result below with game 1 lost by penalty." in refused


def test_the_opponent_is_not_offered_the_one_tap_either(record_event, regs, contradicted, as_user):
    html = as_user(regs[1].player).get(url("my_match", record_event.pk)).content.decode()
    assert 'data-testid="confirm-form"' not in html
    refused = part_marked(html, "confirm-refused")
    assert "Your opponent's report cannot be confirmed as it is:" in refused
    assert "Send your own report below, or call a judge." in refused
