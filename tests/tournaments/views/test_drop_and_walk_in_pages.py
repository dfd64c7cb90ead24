"""What the pages say when a player cannot report their own match: the opponent of a player
who dropped during the round (conceded to them, or a judge enters it), the opponent of a
walk-in (a judge enters it), the judge's round dashboard (the table flagged *Dropped*, the
matches that need a judge listed), the drop page before the drop, and the dropped player's
home page (no match any more). In English and Spanish."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import make_round
from tournaments.services.registration import registration_add, registration_drop
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db


def page(client, name: str, *args, language: str = "en") -> str:
    with translation.override(language):
        url = reverse(name, args=args)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def round1(event, regs):
    return make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])


@pytest.mark.parametrize(
    ("language", "told", "no_waiting"),
    [
        (
            "en",
            "Your opponent dropped from the event and conceded this match: you win it 2-0. "
            "There is nothing to report.",
            "Waiting for reports",
        ),
        (
            "es",
            "Tu rival se ha retirado del evento y te cede este enfrentamiento: lo ganas 2-0. "
            "No tienes que comunicar nada.",
            "Esperando resultados",
        ),
    ],
)
def test_the_opponent_of_a_player_who_dropped_before_reporting_has_won(
    event, regs, round1, as_user, language, told, no_waiting
):
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    opponent = page(as_user(regs[1].player), "tournaments:my_match", event.pk, language=language)
    assert told in opponent
    assert 'data-testid="report-form"' not in opponent
    assert no_waiting not in opponent


@pytest.mark.parametrize(
    ("language", "told", "waiting"),
    [
        (
            "en",
            "Your opponent dropped from the event. A judge will enter the result of this "
            "match; you may still send your report for the judge.",
            "Waiting for a judge",
        ),
        (
            "es",
            "Tu rival se ha retirado del evento. Un juez introducirá el resultado de este "
            "enfrentamiento; puedes enviar el tuyo para que lo tenga el juez.",
            "Esperando a un juez",
        ),
    ],
)
def test_the_opponent_of_a_player_who_dropped_with_a_report_in_waits_for_a_judge(
    event, regs, round1, as_user, language, told, waiting
):
    match = round1.matches.get(table=1)
    match_report(actor=regs[1].player, match_id=match.pk, result=ReportedResult(0, 2))
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    opponent = page(as_user(regs[1].player), "tournaments:my_match", event.pk, language=language)
    assert told in opponent
    assert 'data-waiting="judge"' in opponent and waiting in opponent
    assert 'data-waiting="opponent"' not in opponent


def test_the_opponent_of_a_dropper_who_reported_may_confirm_it(event, regs, round1, as_user):
    match = round1.matches.get(table=1)
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(0, 2))
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    opponent = page(as_user(regs[1].player), "tournaments:my_match", event.pk)
    assert "Your opponent dropped from the event after reporting." in opponent
    assert 'data-testid="confirm-result"' in opponent


@pytest.mark.parametrize(
    ("language", "told", "waiting"),
    [
        (
            "en",
            "Your opponent has no account on this site and cannot report. A judge enters "
            "the result of this match: send your report and the judge confirms it.",
            "Waiting for a judge",
        ),
        (
            "es",
            "Tu rival no tiene cuenta en este sitio y no puede comunicar el resultado. Un "
            "juez introduce el resultado de este enfrentamiento: envía el tuyo y el juez lo "
            "confirma.",
            "Esperando a un juez",
        ),
    ],
)
def test_the_opponent_of_a_walk_in_is_told_a_judge_enters_the_result(
    event, regs, judge, as_user, language, told, waiting
):
    walk_in = registration_add(actor=judge, event_id=event.pk, display_name="Walter Walk")
    round_ = make_round(event, [(regs[0], walk_in)])
    me = as_user(regs[0].player)
    before = page(me, "tournaments:my_match", event.pk, language=language)
    assert told in before and 'data-testid="report-form"' in before
    match = round_.matches.get()
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 0))
    after = page(me, "tournaments:my_match", event.pk, language=language)
    assert 'data-waiting="judge"' in after and waiting in after
    assert 'data-waiting="opponent"' not in after
    # The judge's result entry says why it waits for a judge, not for Walter's report.
    result = page(as_user(judge), "tournaments:result", match.pk, language=language)
    assert 'data-testid="judge-needed"' in result
    assert "Walter Walk" in result.split('data-testid="judge-needed"', 1)[1].split("</p>", 1)[0]
    assert "Waiting for Walter Walk" not in result


@pytest.mark.parametrize(
    ("language", "flag", "heading", "walk_in_words", "dropped_words"),
    [
        (
            "en",
            "Dropped: {name}",
            "Needs a judge",
            "{name} has no account and cannot report.",
            "{name} dropped.",
        ),
        (
            "es",
            "Retirado: {name}",
            "Necesita un juez",
            "{name} no tiene cuenta y no puede comunicar el resultado.",
            "{name} se retiró.",
        ),
    ],
)
def test_the_dashboard_flags_the_drop_and_lists_what_needs_a_judge(
    event, regs, judge, as_user, language, flag, heading, walk_in_words, dropped_words
):
    walk_in = registration_add(actor=judge, event_id=event.pk, display_name="Walter Walk")
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3]), (regs[4], walk_in)])
    # Table 1: conceded (nothing reported). Table 2: reported, then a drop: a judge settles it.
    match_report(
        actor=regs[2].player, match_id=round_.matches.get(table=2).pk, result=ReportedResult(2, 0)
    )
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    registration_drop(actor=judge, registration_id=regs[3].pk, reason="Left")
    dashboard = page(as_user(judge), "tournaments:dashboard", event.pk, language=language)
    assert flag.format(name=regs[0].name) in dashboard
    assert flag.format(name=regs[3].name) in dashboard
    section = dashboard.split('data-testid="needs-judge"', 1)[1].split("</section>", 1)[0]
    assert heading in section
    assert dropped_words.format(name=regs[3].name) in section
    assert walk_in_words.format(name="Walter Walk") in section
    assert 'data-table="2"' in section and 'data-table="3"' in section
    assert 'data-table="1"' not in section  # conceded: nothing left to enter
    assert dashboard.count('data-testid="needs-judge-badge"') == 2


def test_the_drop_page_says_what_happens_to_the_match(event, regs, judge, round1, as_user):
    drop_url = "tournaments:drop"
    mine = page(as_user(regs[0].player), drop_url, regs[0].pk)
    assert (
        f"Your match at table 1 against {regs[1].name} has no result yet: leaving now concedes "
        f"it, and {regs[1].name} wins it 2-0. If you played it, report it first."
    ) in mine
    spanish = page(as_user(judge), drop_url, regs[0].pk, language="es")
    assert (
        f"El enfrentamiento de {regs[0].name} en la mesa 1 contra {regs[1].name} aún no tiene "
        f"resultado: retirarlo lo cede, y {regs[1].name} lo gana 2-0."
    ) in spanish


def test_the_dropped_player_home_shows_no_match(event, regs, round1, as_user):
    match = round1.matches.get(table=1)
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(0, 2))
    me = as_user(regs[0].player)
    assert 'data-testid="home-next-match"' in me.get("/").content.decode()
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    assert 'data-testid="home-next-match"' not in me.get("/").content.decode()
    assert 'data-testid="home-next-match"' not in me.get("/es/").content.decode()
