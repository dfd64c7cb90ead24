"""On a phone (390x844), in English and in Spanish: a player who cannot report their own
match does not leave the opponent waiting.

* A player drops during the round before anyone reported: the drop page says the match is
  conceded, the opponent's page (and an e-mail) says they won 2-0 with nothing to report,
  the judge's dashboard flags the table *Dropped*, and the dropped player's home page shows
  no match any more. A player dropped after their opponent reported leaves the match to a
  judge: the opponent's page says so, and the dashboard lists it under *Needs a judge*.
* A walk-in (no account) cannot report: the opponent's page says a judge enters the
  result (before and after the opponent reports), and the dashboard lists the table under
  *Needs a judge*, with a link to the result entry.
"""

from __future__ import annotations

import pytest
from django.core import mail
from playwright.sync_api import Page, expect

from accounts.services import notification_preferences_set
from tests.e2e.test_swiss_event_browser import session_cookie, submit, watch
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.services.registration import registration_add, registration_drop
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}

WORDS = {
    "en": {
        "prefix": "",
        "concedes": "leaving now concedes it, and Bea Brio wins it 2-0",
        "won": "Your opponent dropped from the event and conceded this match: you win it 2-0. "
        "There is nothing to report.",
        "judge_enters_drop": "Your opponent dropped from the event. A judge will enter the "
        "result of this match",
        "waiting_judge": "Waiting for a judge",
        "dropped_flag": "Dropped: {name}",
        "needs_judge": "Needs a judge",
        "walk_in": "Your opponent has no account on this site and cannot report. A judge "
        "enters the result of this match",
        "walk_in_line": "Walter Walk has no account and cannot report.",
        "mail": "you win it 2-0. There is nothing to report.",
    },
    "es": {
        "prefix": "/es",
        "concedes": "si te retiras ahora lo cedes, y Bea Brio lo gana 2-0",
        "won": "Tu rival se ha retirado del evento y te cede este enfrentamiento: lo ganas 2-0. "
        "No tienes que comunicar nada.",
        "judge_enters_drop": "Tu rival se ha retirado del evento. Un juez introducirá el "
        "resultado de este enfrentamiento",
        "waiting_judge": "Esperando a un juez",
        "dropped_flag": "Retirado: {name}",
        "needs_judge": "Necesita un juez",
        "walk_in": "Tu rival no tiene cuenta en este sitio y no puede comunicar el resultado. "
        "Un juez introduce el resultado de este enfrentamiento",
        "walk_in_line": "Walter Walk no tiene cuenta y no puede comunicar el resultado.",
        "mail": "lo ganas 2-0. No tienes que comunicar nada.",
    },
}


@pytest.fixture(autouse=True)
def _mail_at_once(settings):
    settings.CELERY_BROKER_URL = ""  # no broker: each mail leaves right after the commit


def phone(new_context, user, site: str, problems: list[str]) -> Page:
    """A phone signed in as ``user``."""
    context = new_context()
    context.add_cookies([session_cookie(user, site)])
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.set_default_timeout(10_000)
    watch(page, problems)
    return page


def named(regs, names) -> None:
    for reg, name in zip(regs, names, strict=True):
        reg.player.display_name = name
        reg.player.save()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_drop_during_the_round_tells_the_opponent_and_the_judge(site, new_context, language):
    words = WORDS[language]
    event = make_event(make_organiser(f"dr_orga_{language}"), name="Drop Open")
    judge = add_judge(event, f"dr_judge_{language}")
    regs = add_players(event, 4, prefix=f"dr{language}")
    named(regs, ["Ana Alba", "Bea Brio", "Cris Cano", "Dani Diez"])
    # Bea reads her mails in the language of this run.
    notification_preferences_set(user=regs[1].player, changes={"language": language})
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    # Table 2: Cris reported; then a judge drops Dani (say, who left the venue).
    match_report(
        actor=regs[2].player,
        match_id=round_.matches.get(table=2).pk,
        result=ReportedResult(2, 0),
    )
    registration_drop(actor=judge, registration_id=regs[3].pk, reason="Left the venue")
    base = f"{site}{words['prefix']}"
    problems: list[str] = []

    # Ana drops from her phone before anyone reported table 1: the page says what follows.
    ana = phone(new_context, regs[0].player, site, problems)
    ana.goto(f"{base}/events/{event.pk}/me/")
    submit(ana, ana.get_by_test_id("drop-link"))
    expect(ana.get_by_test_id("drop-effect")).to_contain_text(words["concedes"])
    submit(ana, ana.get_by_test_id("drop-confirm"))
    # Her home page no longer shows the table.
    ana.goto(f"{base}/")
    expect(ana.get_by_test_id("home-upcoming")).to_be_visible()
    expect(ana.get_by_test_id("home-next-match")).to_have_count(0)

    # Bea won 2-0 and has nothing to report, on her page and in her mail.
    bea = phone(new_context, regs[1].player, site, problems)
    bea.goto(f"{base}/events/{event.pk}/me/")
    expect(bea.get_by_test_id("opponent-dropped")).to_have_text(words["won"])
    expect(bea.get_by_test_id("report-form")).to_have_count(0)
    [message] = [m for m in mail.outbox if m.to == [regs[1].player.email]]
    assert "Ana Alba" in message.body and words["mail"] in message.body

    # Cris, whose opponent was dropped after Cris reported, waits for a judge.
    cris = phone(new_context, regs[2].player, site, problems)
    cris.goto(f"{base}/events/{event.pk}/me/")
    expect(cris.get_by_test_id("opponent-dropped")).to_contain_text(words["judge_enters_drop"])
    expect(cris.get_by_test_id("turn")).to_have_text(words["waiting_judge"])

    # The judge's dashboard flags both tables and lists table 2 for a judge.
    desk = phone(new_context, judge, site, problems)
    desk.goto(f"{base}/events/{event.pk}/judge/")
    table1 = desk.locator("[data-testid=dashboard-matches] tr[data-table='1']")
    table2 = desk.locator("[data-testid=dashboard-matches] tr[data-table='2']")
    expect(table1.get_by_test_id("dropped-flag")).to_have_text(
        words["dropped_flag"].format(name="Ana Alba")
    )
    expect(table2.get_by_test_id("dropped-flag")).to_have_text(
        words["dropped_flag"].format(name="Dani Diez")
    )
    expect(table2.get_by_test_id("needs-judge-badge")).to_have_text(words["needs_judge"])
    needs = desk.get_by_test_id("needs-judge")
    expect(needs.get_by_role("heading")).to_have_text(words["needs_judge"])
    expect(needs.locator("li")).to_have_count(1)
    expect(needs.locator("li[data-table='2']")).to_contain_text("Dani Diez")
    assert problems == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_walk_ins_opponent_is_told_a_judge_enters_the_result(site, new_context, language):
    words = WORDS[language]
    event = make_event(make_organiser(f"wi_orga_{language}"), name="Walk-in Open")
    judge = add_judge(event, f"wi_judge_{language}")
    [player] = add_players(event, 1, prefix=f"wi{language}")
    named([player], ["Bea Brio"])
    walk_in = registration_add(actor=judge, event_id=event.pk, display_name="Walter Walk")
    make_round(event, [(player, walk_in)])
    base = f"{site}{words['prefix']}"
    problems: list[str] = []

    bea = phone(new_context, player.player, site, problems)
    bea.goto(f"{base}/events/{event.pk}/me/")
    expect(bea.get_by_test_id("judge-enters")).to_contain_text(words["walk_in"])
    # She reports her side in two taps; then she waits for a judge, not for Walter.
    bea.get_by_test_id("score-pick").get_by_text("2-0", exact=True).click()
    submit(bea, bea.get_by_test_id("report-submit"))
    expect(bea.get_by_test_id("turn")).to_have_text(words["waiting_judge"])
    expect(bea.get_by_test_id("judge-enters")).to_contain_text(words["walk_in"])

    desk = phone(new_context, judge, site, problems)
    desk.goto(f"{base}/events/{event.pk}/judge/")
    needs = desk.get_by_test_id("needs-judge")
    expect(needs.locator("li[data-table='1']")).to_contain_text(words["walk_in_line"])
    submit(desk, needs.get_by_test_id("needs-judge-link"))
    expect(desk.get_by_test_id("judge-needed")).to_contain_text(words["walk_in_line"])
    expect(desk.get_by_test_id("accept-report")).to_have_count(1)
    assert problems == []
