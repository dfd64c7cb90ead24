"""A judge gives a penalty from the match, on a phone (390 x 844), in English and Spanish.

From the round dashboard the judge opens table 2's match page and taps "Issue a penalty":
the form lists that match's two players only (named with their table and number) and the
infractions of a constructed event (none of the booster draft's). The penalty issued, the
judge is back on the match page, which lists it. On the event's penalty form the search
box narrows the players as the judge types: a table number, or a surname typed without
its accent. No page scrolls sideways, and axe-core finds no serious or critical
violation."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.a11y import PHONE, axe_findings
from tests.e2e.test_round_dashboard_phone_browser import NAMES
from tests.e2e.test_swiss_event_browser import session_cookie, submit
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser
from tournaments.models import Match, Penalty, Registration
from tournaments.models.choices import RegistrationStatus
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en": {
        "prefix": "",
        "table": "Table",
        "issue": "Issue a penalty",
        "slow_play": "Slow play",
        "in_match": "Penalties in this match",
    },
    "es": {
        "prefix": "/es",
        "table": "Mesa",
        "issue": "Poner una penalización",
        "slow_play": "Juego lento",
        "in_match": "Penalizaciones en este enfrentamiento",
    },
}
SHOWN_PLAYERS = """select => Array.from(select.options)
  .filter(option => option.value && !option.hidden).map(option => option.text)"""


@pytest.fixture
def published_round():
    organiser = make_organiser("pen_orga")
    event = make_event(organiser, name="Liga de los jueves", date=timezone.localdate())
    judge = add_judge(event, "pen_judge")
    for index, name in enumerate(NAMES):
        user = UserFactory(username=f"pen_p{index}", display_name=name)
        Registration.objects.create(event=event, player=user, status=RegistrationStatus.CHECKED_IN)
    round_ = round_pair_next(actor=organiser, event_id=event.pk)
    round_publish(actor=organiser, round_id=round_.pk)
    return event, judge


def _phone(browser, browser_context_args, judge, site: str, language: str) -> Page:
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


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_penalty_from_the_match_page_on_a_phone(
    browser, browser_context_args, live_server, published_round, language
):
    event, judge = published_round
    words = WORDS[language]
    site = live_server.url
    table2 = Match.objects.select_related("player_a__player", "player_b__player").get(
        round__event=event, table=2
    )
    page = _phone(browser, browser_context_args, judge, site, language)
    try:
        page.goto(f"{site}{words['prefix']}/events/{event.pk}/judge/")
        tile = page.locator("[data-testid=dashboard-matches] tr[data-table='2']")
        submit(page, tile.get_by_test_id("result-link"))
        issue = page.get_by_test_id("issue-penalty")
        expect(issue).to_have_text(words["issue"])
        submit(page, issue)

        form = page.get_by_test_id("penalty-form")
        players = form.locator("#id_registration option:not([value=''])")
        expect(players).to_have_count(2)
        b = table2.player_b
        expected = [
            f"{words['table']} 2 — {r.name} #{r.player.player_number}" for r in (table2.player_a, b)
        ]
        assert players.all_inner_texts() == expected
        codes = form.locator("#id_infraction option").evaluate_all(
            "options => options.map(option => option.value)"
        )
        assert "slow_play" in codes and not [c for c in codes if c.startswith("draft_")]
        _fits(page)
        assert axe_findings(page, "phone") == []

        form.locator("#id_registration").select_option(str(b.pk))
        form.locator("#id_infraction").select_option("slow_play")
        form.locator("#id_reason").fill("Slow")
        submit(page, form.locator("button[type=submit]"))

        # Back on the match's page, which lists it.
        listed = page.get_by_test_id("match-penalties")
        expect(listed).to_contain_text(words["in_match"])
        expect(listed).to_contain_text(b.name)
        expect(listed).to_contain_text(words["slow_play"])
        penalty = Penalty.objects.get()
        assert (penalty.registration_id, penalty.match_id) == (b.pk, table2.pk)

        # The event's form: the search narrows the players as the judge types.
        page.goto(f"{site}{words['prefix']}/events/{event.pk}/judge/penalties/")
        select = page.locator("#id_registration")
        assert len(select.evaluate(SHOWN_PLAYERS)) == len(NAMES)
        page.locator("#player-search").fill("4")
        shown = select.evaluate(SHOWN_PLAYERS)
        assert len(shown) == 2 and all(s.startswith(f"{words['table']} 4 — ") for s in shown)
        page.locator("#player-search").fill("marin")
        shown = select.evaluate(SHOWN_PLAYERS)
        assert len(shown) == 1 and "Diego Marín" in shown[0]
        _fits(page)
        assert axe_findings(page, "phone") == []
    finally:
        page.context.close()
