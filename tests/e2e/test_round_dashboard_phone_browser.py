"""The judges' round dashboard on a phone (390 x 844), in English and in Spanish.

A running round has a confirmed table, one reported by one player, a disputed one and one
with no report yet. On the phone every table is a tile near the top of the page: its
number, its players, its state and its result link as a button entirely on the screen,
and the page never scrolls sideways. The warning that the QR codes point to this machine
(the test server answers on localhost) is shown in full on the first visit of the session
and folded on the next. At a desktop's size the same page is still a table with its
column headers. Neither size has a serious or critical axe-core violation."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.a11y import DESKTOP, PHONE, axe_findings
from tests.e2e.test_swiss_event_browser import session_cookie
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser
from tournaments.models import Registration
from tournaments.models.choices import RegistrationStatus
from tournaments.services.clock import round_start_clock
from tournaments.services.results import ReportedResult, match_report
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = [
    "Ana Torres",
    "Bruno Díaz",
    "Carla Vidal",
    "Diego Marín",
    "Elena Ruiz",
    "Fabio Soto",
    "Gema Prieto",
    "Hugo León",
]
WORDS = {
    "en": {
        "prefix": "",
        "table": "Table",
        "states": ["Missing", "Disputed", "One report"],
        "enter": "Enter result",
        "folded": "The QR codes point to this machine only",
        "full": "Players' phones cannot open the QR codes",
    },
    "es": {
        "prefix": "/es",
        "table": "Mesa",
        "states": ["Pendiente", "En disputa", "Un resultado"],
        "enter": "Anotar resultado",
        "folded": "Los códigos QR apuntan solo a esta máquina",
        "full": "Los móviles de los jugadores no pueden abrir los códigos QR",
    },
}


@pytest.fixture
def running_round():
    """Round 1 of eight players, published and on the clock: table 1 confirmed, table 2
    reported by one player, table 3 disputed, table 4 without a report."""
    organiser = make_organiser("dash_orga")
    event = make_event(
        organiser, name="Liga de los jueves", date=timezone.localdate(), swiss_rounds=3
    )
    judge = add_judge(event, "dash_judge")
    for index, name in enumerate(NAMES):
        user = UserFactory(username=f"dash_p{index}", display_name=name)
        Registration.objects.create(event=event, player=user, status=RegistrationStatus.CHECKED_IN)
    round_ = round_pair_next(actor=organiser, event_id=event.pk)
    round_publish(actor=organiser, round_id=round_.pk)
    round_start_clock(actor=organiser, round_id=round_.pk)
    tables = list(round_.matches.select_related("player_a__player", "player_b__player"))
    tables.sort(key=lambda m: m.table)
    for registration in (tables[0].player_a, tables[0].player_b):
        match_report(actor=registration.player, match_id=tables[0].pk, result=ReportedResult(2, 1))
    match_report(
        actor=tables[1].player_a.player, match_id=tables[1].pk, result=ReportedResult(2, 0)
    )
    match_report(
        actor=tables[2].player_a.player, match_id=tables[2].pk, result=ReportedResult(2, 0)
    )
    match_report(  # both say they won
        actor=tables[2].player_b.player, match_id=tables[2].pk, result=ReportedResult(0, 2)
    )
    return event, judge


def _judge_page(browser, browser_context_args, judge, site: str, language: str) -> Page:
    context = browser.new_context(
        **{
            **browser_context_args,
            "viewport": PHONE,
            "locale": "es-ES" if language == "es" else "en-GB",
        }
    )
    context.add_cookies([session_cookie(judge, site)])
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_round_dashboard_is_a_list_of_tiles_on_a_phone(
    browser, browser_context_args, live_server, running_round, language
):
    event, judge = running_round
    words = WORDS[language]
    site = live_server.url
    page = _judge_page(browser, browser_context_args, judge, site, language)
    try:
        url = f"{site}{words['prefix']}/events/{event.pk}/judge/"
        page.goto(url)

        # The first visit of the session: the warning in full.
        warning = page.get_by_test_id("local-site-warning")
        expect(warning).to_be_visible()
        expect(warning).to_contain_text(words["full"])
        expect(warning).to_have_attribute("role", "status")

        # The next visits: folded, one line that opens to the full text.
        page.goto(url)
        warning = page.get_by_test_id("local-site-warning")
        expect(warning.locator("summary")).to_have_text(words["folded"])
        expect(warning.get_by_text(words["full"])).to_be_hidden()
        warning.locator("summary").click()
        expect(warning.get_by_text(words["full"])).to_be_visible()
        page.goto(url)

        # Nothing wider than the phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        tiles = page.locator("[data-testid=dashboard-matches] tbody tr")
        expect(tiles).to_have_count(4)
        # The list starts on the first screen.
        first = tiles.first.bounding_box()
        assert first is not None and first["y"] < PHONE["height"] - 60, first

        for table in range(1, 5):
            tile = page.locator(f"[data-testid=dashboard-matches] tr[data-table='{table}']")
            expect(tile).to_contain_text(f"{words['table']} {table}")
            box = tile.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (table, box)
            link = tile.get_by_test_id("result-link")
            expect(link).to_be_visible()
            link_box = link.bounding_box()
            assert link_box["x"] >= 0, (table, link_box)
            assert link_box["x"] + link_box["width"] <= box["x"] + box["width"], (table, link_box)
        states = page.get_by_test_id("table-state")
        for state in words["states"]:
            expect(states.filter(has_text=state)).to_have_count(1)
        missing = page.locator("[data-testid=dashboard-matches] tr[data-status=pending]")
        expect(missing.get_by_test_id("result-link")).to_have_text(words["enter"])
        missing.get_by_test_id("result-link").scroll_into_view_if_needed()
        right = page.evaluate(
            "el => el.getBoundingClientRect().right",
            missing.get_by_test_id("result-link").element_handle(),
        )
        assert right <= PHONE["width"]
        assert axe_findings(page, "phone") == []

        # A desktop: the same page is a table with its column headers.
        page.set_viewport_size(DESKTOP)
        expect(page.locator("[data-testid=dashboard-matches] thead th").first).to_be_visible()
        assert (
            page.evaluate(
                "getComputedStyle(document.querySelector('[data-testid=dashboard-matches] "
                "tbody tr')).display"
            )
            == "table-row"
        )
        assert axe_findings(page, "desktop") == []
    finally:
        page.context.close()
