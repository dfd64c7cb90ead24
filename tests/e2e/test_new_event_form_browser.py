"""The new-event form shows the settings of the game and format chosen, in English and
Spanish, in a real browser (a desktop's size), and takes a start time.

A Humankind constructed event shows its deck-list settings and no booster-draft or Qíahn
group; choosing a booster draft shows the draft's group (and hides the minimum deck size,
the DAR's 41); a Standard event has no deck-list group; a Qíahn Tactics event has no
format, shows its rules and game records and hides Humankind's play-or-draw record. The
event created with a start time shows it on its page. axe-core finds no serious or
critical violation on the form."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.a11y import DESKTOP, axe_findings
from tests.e2e.test_swiss_event_browser import session_cookie, submit
from tests.tournaments.helpers import make_organiser
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

GROUPS = ["event", "game", "rounds", "decks", "draft", "reports", "qiahn"]


def _shown_groups(page: Page) -> list[str]:
    return [g for g in GROUPS if page.locator(f"fieldset[data-settings-group={g}]").is_visible()]


def _field(page: Page, name: str):
    return page.locator(f"#id_{name}")


@pytest.mark.parametrize(("language", "prefix"), [("en", ""), ("es", "/es")])
def test_the_new_event_form_follows_the_game_and_format(
    browser, browser_context_args, live_server, language, prefix
):
    organiser = make_organiser("form_orga")
    context = browser.new_context(
        **{
            **browser_context_args,
            "viewport": DESKTOP,
            "locale": "es-ES" if language == "es" else "en-GB",
        }
    )
    context.add_cookies([session_cookie(organiser, live_server.url)])
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{live_server.url}{prefix}/events/new/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        # With scripts the note about ignored settings is not needed.
        expect(page.get_by_test_id("settings-note")).to_be_hidden()

        # Humankind, Constructed: Monofacción (the defaults).
        assert _shown_groups(page) == ["event", "game", "rounds", "decks", "reports"]
        expect(_field(page, "min_deck_size")).to_be_visible()
        expect(_field(page, "play_draw_required")).to_be_visible()
        expect(_field(page, "draft_cards_private")).to_be_hidden()
        expect(_field(page, "qiahn_ruleset")).to_be_hidden()
        expect(_field(page, "record_policy")).to_be_hidden()
        assert axe_findings(page, "desktop") == []

        _field(page, "format").select_option("booster-draft")
        assert _shown_groups(page) == ["event", "game", "rounds", "decks", "draft", "reports"]
        expect(_field(page, "draft_cards_private")).to_be_visible()
        expect(_field(page, "min_deck_size")).to_be_hidden()
        expect(_field(page, "deck_lists_required")).to_be_visible()

        _field(page, "format").select_option("standard")
        assert _shown_groups(page) == ["event", "game", "rounds", "reports"]

        _field(page, "game").select_option("qiahn-tactics")
        assert _shown_groups(page) == ["event", "game", "rounds", "reports", "qiahn"]
        expect(_field(page, "format")).to_be_hidden()
        expect(_field(page, "qiahn_ruleset")).to_be_visible()
        expect(_field(page, "record_policy")).to_be_visible()
        expect(_field(page, "goblin_mode")).to_be_hidden()
        expect(_field(page, "play_draw_required")).to_be_hidden()

        # A Humankind constructed event with a start time.
        _field(page, "game").select_option("humankind")
        _field(page, "format").select_option("monofaccion")
        _field(page, "name").fill("Liga de los jueves")
        _field(page, "date").fill("2026-12-05")
        _field(page, "start_time").fill("18:30")
        submit(page, page.get_by_test_id("submit"))
        expect(page.get_by_test_id("event-name")).to_have_text("Liga de los jueves")
        when = page.get_by_test_id("event-when")
        expect(when).to_contain_text("18:30")
        expect(when).to_have_attribute("datetime", "2026-12-05T18:30:00+01:00")
        event = Event.objects.get(pk=int(re.search(r"/events/(\d+)/", page.url).group(1)))
        assert event.start_time.strftime("%H:%M") == "18:30"
        assert not event.draft_cards_private and event.qiahn_ruleset == "rulebook-1"
    finally:
        context.close()
