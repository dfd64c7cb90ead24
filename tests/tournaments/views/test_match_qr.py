"""QR result slips and the one-tap confirmation: each printed slip and the player's match
page carry a QR code of that match's report page (absolute, under SITE_URL when set); the
opponent of a player who reported confirms with one tap, once."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.qr_decode import decode_svg, svgs_in
from tests.tournaments.helpers import make_round
from tournaments.models import ResultReport
from tournaments.models.choices import MatchStatus
from tournaments.services.results import ReportedResult, match_report, match_set_result
from tournaments.services.standings import results_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def round1(event, regs):
    return make_round(event, [(regs[0], regs[1]), (regs[2], regs[3]), (regs[4], None)])


@pytest.fixture
def table1(round1):
    return round1.matches.get(table=1)


def report_url(match, host="http://testserver", lang=""):
    with translation.override(lang or "en"):
        return host + reverse("tournaments:report", args=[match.pk])


def me_url(event):
    return reverse("tournaments:my_match", args=[event.pk])


def confirm_url(match):
    return reverse("tournaments:confirm_result", args=[match.pk])


def qr_figures(html: str) -> dict[int, tuple[str, str]]:
    """Each QR figure on the page by match id: the address it says and the decoded code."""
    found = {}
    for figure in re.findall(r'<figure class="match-qr".*?</figure>', html, re.DOTALL):
        match_id = int(re.search(r'data-match="(\d+)"', figure).group(1))
        said = re.search(r'data-url="([^"]+)"', figure).group(1)
        (svg,) = svgs_in(figure)
        (decoded,) = decode_svg(svg)
        found[match_id] = (said, decoded)
    return found


# --- Printed slips ------------------------------------------------------------------------


def test_every_slip_carries_the_qr_of_its_own_match(event, round1, judge, as_user):
    html = as_user(judge).get(reverse("tournaments:print_slips", args=[event.pk])).content
    html = html.decode()
    played = list(round1.matches.exclude(player_b=None).order_by("table"))
    assert html.count('data-testid="slip"') == len(played) == 2  # the bye has no slip
    figures = qr_figures(html)
    assert figures == {m.pk: (report_url(m), report_url(m)) for m in played}
    assert "Scan to report the result" in html
    assert 'aria-label="QR code: the result report page of table 1"' in html


def test_slips_use_site_url_when_it_is_set(event, table1, judge, as_user, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    html = as_user(judge).get(reverse("tournaments:print_slips", args=[event.pk])).content
    said, decoded = qr_figures(html.decode())[table1.pk]
    assert decoded == said == f"http://192.168.1.20:8000/events/matches/{table1.pk}/report/"


def test_spanish_slips_point_at_the_spanish_report_page(event, table1, judge, as_user):
    client = as_user(judge)
    with translation.override("es"):
        url = reverse("tournaments:print_slips", args=[event.pk])
    html = client.get(url).content.decode()
    assert qr_figures(html)[table1.pk][1] == report_url(table1, lang="es")
    assert "/es/events/" in report_url(table1, lang="es")
    assert "Escanea para comunicar el resultado" in html
    assert "Código QR: la página para comunicar el resultado de la mesa 1" in html


# --- The player's match page -----------------------------------------------------------------


def test_my_match_carries_the_qr_of_my_current_match(event, regs, table1, as_user):
    html = as_user(regs[1].player).get(me_url(event)).content.decode()
    assert qr_figures(html) == {table1.pk: (report_url(table1), report_url(table1))}


def test_a_bye_and_a_confirmed_match_have_no_qr(event, regs, table1, judge, as_user):
    assert (
        'data-testid="match-qr"' not in as_user(regs[4].player).get(me_url(event)).content.decode()
    )
    match_set_result(actor=judge, match_id=table1.pk, result=ReportedResult(2, 0))
    assert (
        'data-testid="match-qr"' not in as_user(regs[0].player).get(me_url(event)).content.decode()
    )


# --- Following the QR: the report page --------------------------------------------------------


def test_a_scan_without_a_login_goes_to_the_login_and_back(event, regs, table1, as_user, password):
    client = as_user()
    path = reverse("tournaments:report", args=[table1.pk])
    response = client.get(path)
    assert response.status_code == 302
    login = response["Location"]
    assert login == f"{reverse('accounts:login')}?next={path}"
    response = client.post(login, {"username": regs[1].player.username, "password": password})
    assert response.status_code == 302 and response["Location"] == path
    response = client.get(path, follow=True)
    assert response.redirect_chain[-1][0] == me_url(event)
    assert 'data-testid="report-form"' in response.content.decode()


def test_a_judge_who_scans_a_slip_gets_result_entry(event, table1, judge, as_user):
    response = as_user(judge).get(reverse("tournaments:report", args=[table1.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:result", args=[table1.pk])


def test_another_player_who_scans_a_slip_is_refused(event, regs, table1, as_user):
    assert (
        as_user(regs[2].player).get(reverse("tournaments:report", args=[table1.pk])).status_code
        == 403
    )


# --- One-tap confirmation ----------------------------------------------------------------------


@pytest.fixture
def a_reported(regs, table1):
    """Player A reported a 2-1 win."""
    match_report(actor=regs[0].player, match_id=table1.pk, result=ReportedResult(2, 1))
    return table1


def seen_by_b(mine=1, theirs=2, draws=0):
    return {"mine": mine, "theirs": theirs, "draws": draws}


def test_the_opponent_sees_the_report_and_a_confirm_button(event, regs, a_reported, as_user):
    html = as_user(regs[1].player).get(me_url(event)).content.decode()
    assert "Your opponent reported: you lost 1-2." in html
    form = html[html.index('data-testid="confirm-form"') :]
    form = form[: form.index("</form>")]
    assert f'action="{confirm_url(a_reported)}"' in html
    assert 'name="mine" value="1"' in form and 'name="theirs" value="2"' in form
    assert "Confirm this result" in form
    # The reporter has nothing to confirm.
    assert (
        'data-testid="confirm-form"'
        not in as_user(regs[0].player).get(me_url(event)).content.decode()
    )


def test_one_tap_confirms_the_match(event, regs, a_reported, as_user):
    version = results_version(event.pk)
    response = as_user(regs[1].player).post(confirm_url(a_reported), seen_by_b(), follow=True)
    assert response.redirect_chain == [(me_url(event), 302)]
    assert "Both reports agree: the result is confirmed." in response.content.decode()
    assert "You lost 1-2." in response.content.decode()
    a_reported.refresh_from_db()
    assert a_reported.status == MatchStatus.CONFIRMED
    assert (a_reported.games_won_a, a_reported.games_won_b, a_reported.winner) == (2, 1, "a")
    mine = ResultReport.objects.get(match=a_reported, registration=regs[1])
    assert (mine.score, mine.reported_by) == ((2, 1, 0), regs[1].player)
    assert results_version(event.pk) == version + 1


def test_a_second_tap_changes_nothing_and_says_so(event, regs, a_reported, as_user):
    client = as_user(regs[1].player)
    client.post(confirm_url(a_reported), seen_by_b())
    a_reported.refresh_from_db()
    confirmed_at, version = a_reported.confirmed_at, results_version(event.pk)
    reports = list(ResultReport.objects.filter(match=a_reported).values())
    response = client.post(confirm_url(a_reported), seen_by_b(), follow=True)
    assert response.status_code == 200
    assert "You had already confirmed this result: nothing changed." in response.content.decode()
    a_reported.refresh_from_db()
    assert a_reported.confirmed_at == confirmed_at
    assert results_version(event.pk) == version
    assert list(ResultReport.objects.filter(match=a_reported).values()) == reports


def test_a_report_changed_since_the_page_showed_it_is_not_confirmed(
    event, regs, a_reported, as_user
):
    match_report(actor=regs[0].player, match_id=a_reported.pk, result=ReportedResult(2, 0))
    response = as_user(regs[1].player).post(confirm_url(a_reported), seen_by_b(1, 2))
    assert response.status_code == 409
    html = response.content.decode()
    assert "Your opponent has changed their report since your page showed it" in html
    assert "Your opponent reported: you lost 0-2." in html  # the page now shows the new one
    a_reported.refresh_from_db()
    assert a_reported.status == MatchStatus.AWAITING
    assert not ResultReport.objects.filter(match=a_reported, registration=regs[1]).exists()


def test_nothing_to_confirm_before_the_opponent_reports(event, regs, table1, as_user):
    response = as_user(regs[1].player).post(confirm_url(table1), seen_by_b())
    assert response.status_code == 409
    assert "Your opponent has not reported this match yet" in response.content.decode()
    assert not table1.reports.exists()


@pytest.mark.parametrize("data", [{}, {"mine": "x", "theirs": 2, "draws": 0}, seen_by_b(-1)])
def test_a_tap_without_the_score_is_refused_and_changes_nothing(
    event, regs, a_reported, as_user, data
):
    response = as_user(regs[1].player).post(confirm_url(a_reported), data)
    assert response.status_code == 400
    assert "This confirmation lacks the score it confirms" in response.content.decode()
    a_reported.refresh_from_db()
    assert a_reported.status == MatchStatus.AWAITING


def test_another_player_cannot_confirm(event, regs, a_reported, as_user):
    assert as_user(regs[2].player).post(confirm_url(a_reported), seen_by_b()).status_code == 403
    a_reported.refresh_from_db()
    assert a_reported.status == MatchStatus.AWAITING


def test_a_judge_is_sent_to_result_entry(event, judge, a_reported, as_user):
    response = as_user(judge).post(confirm_url(a_reported), seen_by_b())
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:result", args=[a_reported.pk])
    a_reported.refresh_from_db()
    assert a_reported.status == MatchStatus.AWAITING


def test_anonymous_goes_to_the_login(event, a_reported, as_user):
    response = as_user().post(confirm_url(a_reported), seen_by_b())
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_confirm_is_post_only(event, regs, a_reported, as_user):
    assert as_user(regs[1].player).get(confirm_url(a_reported)).status_code == 405


def test_one_tap_in_spanish(event, regs, a_reported, as_user):
    client = as_user(regs[1].player)
    with translation.override("es"):
        me, url = me_url(event), confirm_url(a_reported)
    html = client.get(me).content.decode()
    assert "Confirmar este resultado" in html
    assert "Si no es correcto, envía abajo tu propio resultado." in html
    response = client.post(url, seen_by_b(), follow=True)
    assert (
        "Los dos resultados coinciden: el resultado está confirmado." in response.content.decode()
    )
    response = client.post(url, seen_by_b(), follow=True)
    assert "Ya habías confirmado este resultado: no ha cambiado nada." in response.content.decode()


def test_one_tap_keeps_the_play_or_draw_record(event, regs, table1, as_user):
    event.play_draw_required = True
    event.save(update_fields=["play_draw_required"])
    games = [
        {"winner": "b", "random_winner": "a", "chooser": "a", "choice": "first"},
        {"winner": "a", "chooser": "a", "choice": "second"},
        {"winner": "a", "random_winner": "b", "chooser": "b"},
    ]
    match_report(actor=regs[0].player, match_id=table1.pk, result=ReportedResult(2, 1, games=games))
    response = as_user(regs[1].player).post(confirm_url(table1), seen_by_b())
    assert response.status_code == 302
    table1.refresh_from_db()
    assert table1.status == MatchStatus.CONFIRMED
    assert [(g.winner, g.chooser, g.choice) for g in table1.games.order_by("number")] == [
        ("b", "a", "first"),
        ("a", "a", "second"),
        ("a", "b", "first"),
    ]
