"""Reporting a result on event day, on a phone (390×844), in English and in Spanish:

1. two reports with the same score and different play-or-draw records confirm the score,
   name the answer that differs on both players' pages and the judge's (marked in each
   report), and the second reporter takes the first one's record in one tap;
2. a refused report keeps the player at the form: the browser checks it before sending,
   and a report the server refuses comes back at an error summary at the form's top, with
   the focus on the first wrong answer;
3. My match starts with reporting: the QR code and the judge call follow, folded;
4. the confirming player reads the score from their own side, with the record they confirm;
12. a report a judge's game loss contradicts is offered no confirm button, to the judge or
   the opponent: the page says why, and what the judge does instead.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.a11y import axe_findings
from tests.e2e.conftest import login
from tests.e2e.test_swiss_event_browser import watch
from tests.factories import DEMO_PASSWORD
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Game, Match, ResultReport
from tournaments.models.choices import MatchStatus
from tournaments.services.penalties import penalty_issue
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
PREFIX = {"en": "", "es": "/es"}

WORDS = {
    "en": {
        "coin": "Game 1: who won the coin or die",
        "you": "You",
        "opponent": "Your opponent",
        "records_differ": "Records differ",
        "take_record": "Use my opponent's record",
        "record_taken": "Your record now agrees with your opponent's",
        "coin_missing": "Game 1: say who won the coin or die.",
        "not_sent": "Your report was not sent. Check these answers:",
        "qr": "QR code for your opponent's phone",
        "judge_call": "Judge call",
        "reported_loss": "Your opponent reported: you lost 1-2.",
        "lost": "You lost 1-2.",
        "refused": "This report cannot be confirmed as it is:",
        "game_loss": "Game 1 is a game loss for {loser}: report it as lost by penalty, won by "
        "{winner}.",
        "instead": "Enter the result below with game 1 lost by penalty.",
        "opponent_refused": "Your opponent's report cannot be confirmed as it is:",
    },
    "es": {
        "coin": "Partida 1: quién ganó la moneda o el dado",
        "you": "Tú",
        "opponent": "Tu rival",
        "records_differ": "Los registros difieren",
        "take_record": "Usar el registro de mi rival",
        "record_taken": "Tu registro coincide ahora con el de tu rival",
        "coin_missing": "Partida 1: indica quién ganó la moneda o el dado.",
        "not_sent": "Tu resultado no se ha enviado. Revisa estas respuestas:",
        "qr": "Código QR para el móvil de tu rival",
        "judge_call": "Llamada a juez",
        "reported_loss": "Tu rival comunicó: perdiste 1-2.",
        "lost": "Perdiste 1-2.",
        "refused": "Este resultado no puede confirmarse tal cual:",
        "game_loss": "La partida 1 es una pérdida de partida de {loser}: indícala como perdida "
        "por penalización, ganada por {winner}.",
        "instead": "Anota abajo el resultado con la partida 1 perdida por penalización.",
        "opponent_refused": "El resultado de tu rival no puede confirmarse tal cual:",
    },
}

# Player A won 2-0, saying A won the coin and played first (B, having lost game 1, chose
# to play first in game 2).
A_WON_THE_COIN = [
    {"winner": "a", "random_winner": "a", "chooser": "a", "choice": "first"},
    {"winner": "a", "chooser": "b", "choice": "first"},
]
# Player A won 2-1: B won game 1 (B won the coin and played first), A chose to play second
# in game 2 and won it, A won the die in game 3, played first and won.
A_WON_2_1 = [
    {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
    {"winner": "a", "chooser": "a", "choice": "second"},
    {"winner": "a", "random_winner": "a", "chooser": "a", "choice": "first"},
]


@pytest.fixture
def table():
    """A Humankind event that requires the play-or-draw record; table 1 (A vs B) pending."""
    event = make_event(make_organiser("ed_orga"), name="Event Day Open", play_draw_required=True)
    judge = add_judge(event, "ed_judge")
    regs = add_players(event, 4, prefix="ed")
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    return event, judge, regs, round_.matches.get(table=1)


def phone(new_context, site: str, username: str, problems: list[str]) -> Page:
    page = new_context().new_page()
    page.set_viewport_size(PHONE)
    page.set_default_timeout(10_000)
    watch(page, problems)
    login(page, site, username, DEMO_PASSWORD)
    return page


def tap(page: Page, game: int, part: str, value: str) -> None:
    page.locator(f"[data-game='{game}'] [data-part={part}] label:has(input[value={value}])").click()


def in_first_screen(locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def in_view(locator) -> bool:
    box = locator.bounding_box()
    return box is not None and 0 <= box["y"] < PHONE["height"]


def accessible(page: Page) -> bool:
    """No serious or critical axe-core violation on the page as it is now."""
    findings = axe_findings(page, "phone")
    assert findings == [], findings
    return True


def focused_name(page: Page) -> str:
    return page.evaluate("() => document.activeElement && document.activeElement.name || ''")


@pytest.mark.parametrize("language", ["en", "es"])
def test_1_matching_scores_name_the_differing_answer_and_one_tap_settles_it(
    site, new_context, table, language
):
    event, judge, regs, match = table
    words = WORDS[language]
    problems: list[str] = []
    match_report(
        actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 0, games=A_WON_THE_COIN)
    )

    # Player B reports the same 0-2 from their side, but says they won the coin and chose to
    # play second (so A played first all the same); in game 2 B, who chose, played first.
    b = phone(new_context, site, regs[1].player.username, problems)
    b.goto(f"{site}{PREFIX[language]}/events/{event.pk}/me/")
    b.get_by_test_id("score-pick").get_by_text("0-2", exact=True).click()
    tap(b, 1, "random", "me")
    tap(b, 1, "first", "opp")
    tap(b, 2, "first", "me")
    with b.expect_navigation():
        b.get_by_test_id("report-submit").click()

    # The score is confirmed; the one answer that differs is named, from B's side.
    expect(b.get_by_test_id("my-match")).to_have_attribute("data-status", MatchStatus.CONFIRMED)
    expect(b.get_by_test_id("record-differs")).to_contain_text(words["records_differ"])
    rows = b.get_by_test_id("differences").locator("tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first.locator("th")).to_have_text(words["coin"])
    expect(rows.first.locator("td")).to_have_text([words["you"], words["opponent"]])
    assert accessible(b)
    match.refresh_from_db()
    assert (match.status, match.games_won_a, match.games_won_b) == ("confirmed", 2, 0)
    assert not Game.objects.filter(match=match).exists()

    # The judge sees the flag, the answer named by the players' names, and both cells marked.
    j = phone(new_context, site, judge.username, problems)
    j.goto(f"{site}{PREFIX[language]}/events/{event.pk}/judge/")
    expect(j.locator("tr[data-table='1']").get_by_test_id("record-differs-flag")).to_be_visible()
    j.goto(f"{site}{PREFIX[language]}/events/matches/{match.pk}/result/")
    expect(j.get_by_test_id("record-differs-flag")).to_be_visible()
    differences = j.get_by_test_id("report-differences").locator("tbody tr")
    expect(differences).to_have_count(1)
    expect(differences.first.locator("th")).to_have_text(words["coin"])
    expect(differences.first.locator("td")).to_have_text([regs[0].name, regs[1].name])
    expect(j.get_by_test_id("reports").locator("td.differs [data-differs]")).to_have_count(2)
    assert accessible(j)

    # B agrees to A's record in one tap: the record is kept, the flag is gone.
    expect(b.get_by_test_id("confirm-result")).to_have_text(words["take_record"])
    with b.expect_navigation():
        b.get_by_test_id("confirm-result").click()
    expect(b.locator(".message.success")).to_contain_text(words["record_taken"])
    expect(b.get_by_test_id("record-differs")).to_have_count(0)
    games = Game.objects.filter(match=match).order_by("number")
    assert [(g.winner, g.random_winner, g.chooser, g.choice) for g in games] == [
        ("a", "a", "a", "first"),
        ("a", "", "b", "first"),
    ]
    j.reload()
    expect(j.get_by_test_id("record-differs-flag")).to_have_count(0)
    assert problems == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_2_a_refused_report_keeps_the_player_at_the_form(site, new_context, table, language):
    event, _judge, regs, match = table
    words = WORDS[language]
    problems: list[str] = []
    a = phone(new_context, site, regs[0].player.username, problems)
    me = f"{site}{PREFIX[language]}/events/{event.pk}/me/"
    a.goto(me)
    # A 2-1: game 1 lost, but who won its coin is not said; game 3's die is.
    a.get_by_test_id("score-pick").get_by_text("2-1", exact=True).click()
    tap(a, 1, "winner", "opp")
    tap(a, 3, "random", "me")

    # Checked in the browser: nothing is sent, the summary is at the top of the form (on
    # screen), and the focus is on the answer missing.
    a.get_by_test_id("report-submit").click()
    summary = a.get_by_test_id("error-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text(words["not_sent"])
    expect(summary.get_by_role("link")).to_have_text([words["coin_missing"]])
    assert in_view(summary)
    assert focused_name(a) == "report-g1_random"
    assert a.url == me
    assert not ResultReport.objects.filter(match=match).exists()
    assert accessible(a)

    # Checked by the server (the browser's check skipped): the refused report comes back at
    # the summary, not at the top of the page, with the focus on the same answer.
    with a.expect_navigation():
        a.evaluate("() => document.querySelector('[data-testid=report-form]').submit()")
    assert a.url.endswith("#report-errors")
    summary = a.get_by_test_id("error-summary")
    expect(summary).to_be_visible()
    expect(summary.get_by_role("link")).to_have_text([words["coin_missing"]])
    assert in_view(summary)
    assert focused_name(a) == "report-g1_random"
    assert not ResultReport.objects.filter(match=match).exists()
    assert accessible(a)
    # Following the link goes back to the answer; the report then goes through.
    summary.get_by_role("link").click()
    assert focused_name(a) == "report-g1_random"
    a.get_by_test_id("score-pick").get_by_text("2-1", exact=True).click()
    tap(a, 1, "winner", "opp")
    tap(a, 1, "random", "opp")
    tap(a, 3, "random", "me")
    with a.expect_navigation():
        a.get_by_test_id("report-submit").click()
    expect(a.get_by_test_id("turn")).to_have_attribute("data-waiting", "opponent")
    assert ResultReport.objects.get(match=match).score == (2, 1, 0)
    refused = [p for p in problems if p.startswith("400 ") and "/report/" in p]
    assert len(refused) == 1 and [p for p in problems if p not in refused] == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_3_my_match_on_a_phone_starts_with_reporting(site, new_context, table, language):
    event, _judge, regs, _match = table
    words = WORDS[language]
    problems: list[str] = []
    a = phone(new_context, site, regs[0].player.username, problems)
    a.goto(f"{site}{PREFIX[language]}/events/{event.pk}/me/")
    form = a.get_by_test_id("report-form")
    # The scores to tap are on the first screen, before any scrolling.
    assert in_first_screen(a.get_by_test_id("score-pick"))
    # The QR code and the judge call follow the form, folded.
    qr_fold, call = a.get_by_test_id("qr-fold"), a.get_by_test_id("judge-call")
    form_bottom = form.bounding_box()["y"] + form.bounding_box()["height"]
    assert qr_fold.bounding_box()["y"] > form_bottom
    assert call.bounding_box()["y"] > form_bottom
    expect(a.get_by_test_id("match-qr")).to_be_hidden()
    expect(a.get_by_test_id("judge-call-form")).to_be_hidden()
    expect(qr_fold.locator("summary")).to_have_text(words["qr"])
    expect(call.locator("summary")).to_have_text(words["judge_call"])
    # One tap unfolds each.
    qr_fold.locator("summary").click()
    expect(a.get_by_test_id("match-qr")).to_be_visible()
    call.locator("summary").click()
    expect(a.get_by_test_id("judge-call-form")).to_be_visible()
    assert accessible(a)
    assert problems == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_4_the_confirming_player_reads_the_score_from_their_side_and_the_record(
    site, new_context, table, language
):
    event, _judge, regs, match = table
    words = WORDS[language]
    problems: list[str] = []
    match_report(
        actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1, games=A_WON_2_1)
    )
    b = phone(new_context, site, regs[1].player.username, problems)
    b.goto(f"{site}{PREFIX[language]}/events/{event.pk}/me/")
    expect(b.get_by_test_id("opponent-report")).to_contain_text(words["reported_loss"])
    # The record B confirms, from B's side: who won each game, the coin or die, who played
    # first.
    record = b.get_by_test_id("opponent-record").locator("tbody tr")
    you, them = words["you"], words["opponent"]
    expect(record.nth(0).locator("td")).to_have_text(["1", you, you, you])
    expect(record.nth(1).locator("td")).to_have_text(["2", them, "—", you])
    expect(record.nth(2).locator("td")).to_have_text(["3", them, them, them])
    assert accessible(b)
    # The one tap comes before the form and starts on the first screen.
    confirm = b.get_by_test_id("confirm-result")
    assert in_view(confirm)
    assert confirm.bounding_box()["y"] < b.get_by_test_id("report-form").bounding_box()["y"]
    with b.expect_navigation():
        confirm.click()
    expect(b.get_by_test_id("report-state")).to_contain_text(words["lost"])
    match.refresh_from_db()
    assert (match.status, match.winner) == (MatchStatus.CONFIRMED, "a")
    assert [g.random_winner for g in Game.objects.filter(match=match).order_by("number")] == [
        "b",
        "",
        "a",
    ]
    assert problems == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_12_a_report_a_game_loss_contradicts_offers_no_confirm_button(
    site, new_context, table, language
):
    event, judge, regs, match = table
    words = WORDS[language]
    problems: list[str] = []
    # A reports a 1-2 loss game by game; then a judge gives A a game loss for game 1, which
    # A's report does not mark as lost by penalty.
    lost = [
        {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
        {"winner": "a", "chooser": "a", "choice": "first"},
        {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
    ]
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(1, 2, games=lost))
    penalty_issue(
        actor=judge,
        registration_id=regs[0].pk,
        infraction="tardiness",
        reason="Late",
        game_number=1,
    )
    reason = words["game_loss"].format(loser=regs[0].name, winner=regs[1].name)

    j = phone(new_context, site, judge.username, problems)
    j.goto(f"{site}{PREFIX[language]}/events/matches/{match.pk}/result/")
    expect(j.get_by_test_id("reports")).to_be_visible()
    expect(j.get_by_test_id("accept-report")).to_have_count(0)
    refused = j.get_by_test_id("report-refused")
    expect(refused).to_contain_text(words["refused"])
    expect(refused).to_contain_text(reason)
    expect(refused.get_by_test_id("judge-instead")).to_have_text(words["instead"])
    assert accessible(j)

    # The opponent is not offered the one tap either.
    b = phone(new_context, site, regs[1].player.username, problems)
    b.goto(f"{site}{PREFIX[language]}/events/{event.pk}/me/")
    expect(b.get_by_test_id("opponent-report")).to_be_visible()
    expect(b.get_by_test_id("confirm-result")).to_have_count(0)
    expect(b.get_by_test_id("confirm-refused")).to_contain_text(words["opponent_refused"])
    expect(b.get_by_test_id("confirm-refused")).to_contain_text(reason)
    assert accessible(b)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING
    assert problems == []
