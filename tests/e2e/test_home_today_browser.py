"""Signed out, on a phone (390×844), in English and in Spanish: the home page lists a league
night already under way with its round, and its live pairings and standings are a tap away.
Nothing wider than the screen; no script error, no CSP refusal, no serious axe-core finding."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.a11y import axe_findings
from tests.e2e.test_swiss_event_browser import watch
from tests.tournaments.helpers import add_players, make_event, make_organiser, make_round

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": {"today": "Today", "round": "Round 2", "pairings": "Pairings", "standings": "Standings"},
    "es": {
        "today": "Hoy",
        "round": "Ronda 2",
        "pairings": "Emparejamientos",
        "standings": "Clasificación",
    },
}


@pytest.fixture
def league_night(db):
    event = make_event(
        make_organiser("night_orga"), name="Liga del jueves", date=timezone.localdate()
    )
    regs = add_players(event, 4, prefix="night")
    make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    make_round(event, [(regs[0], regs[2]), (regs[1], regs[3])])
    return event, regs


def no_wider_than_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_signed_out_the_home_page_leads_to_tonights_live_pages(
    site, page: Page, league_night, lang
):
    event, regs = league_night
    words = WORDS[lang]
    prefix = "" if lang == "en" else "/es"
    problems: list[str] = []
    watch(page, problems)
    page.set_viewport_size(PHONE)
    page.goto(f"{site}{prefix}/")
    today = page.get_by_test_id("home-today")
    expect(today.get_by_role("heading")).to_have_text(words["today"])
    night = today.get_by_test_id("today-event")
    expect(night).to_contain_text("Liga del jueves")
    expect(night.get_by_test_id("today-round")).to_have_text(words["round"])
    no_wider_than_the_phone(page)
    assert [f.line() for f in axe_findings(page, "phone")] == []

    night.get_by_role("link", name=words["pairings"]).click()
    expect(page).to_have_url(f"{site}{prefix}/events/{event.pk}/pairings/")
    expect(page.locator("main")).to_contain_text(regs[2].player.display_name)
    no_wider_than_the_phone(page)

    page.go_back()
    page.get_by_test_id("today-event").get_by_role("link", name=words["standings"]).click()
    expect(page).to_have_url(f"{site}{prefix}/events/{event.pk}/standings/")
    expect(page.locator("main")).to_contain_text(regs[3].player.display_name)
    assert problems == []
