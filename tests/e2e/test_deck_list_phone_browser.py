"""A player types a constructed deck list on a phone (390×844), in English and in Spanish:
each line's card name is completed from the catalogue with a tap (a banned card says so),
the list is submitted, and the event page and My events show that it is legal and when lists
are due. Nothing wider than the screen; no script error, no CSP refusal, no serious axe-core
finding."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.a11y import axe_findings
from tests.e2e.conftest import login
from tests.e2e.test_swiss_event_browser import watch
from tests.factories import DEMO_PASSWORD, UserFactory
from tests.rulings_fixtures import quimera_list

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
EVENT_DAY = dt.date(2030, 3, 9)  # a Saturday

WORDS = {
    "en": {
        "missing": "Missing",
        "legal": "Legal",
        "banned": "banned in this format",
        "due": "(Saturday 9 March 2030, 00:00 CET)",
        "saved": "Your deck list was saved.",
    },
    "es": {
        "missing": "Sin lista",
        "legal": "Legal",
        "banned": "prohibida en este formato",
        "due": "(sábado 9 de marzo de 2030, 00:00 CET)",
        "saved": "Se ha guardado tu lista de mazo.",
    },
}


@pytest.fixture
def scene(db):
    from rulings.demo import load_rulings_data
    from tournaments.models import Event, Registration

    load_rulings_data(sample=True)
    admin = UserFactory(username="boss", display_name="Site Boss", is_staff=True, is_superuser=True)
    player = UserFactory(username="alba", display_name="Alba Ruiz")
    event = Event.objects.create(
        name="Liga de marzo", date=EVENT_DAY, format="monofaccion", created_by=admin
    )
    Registration.objects.create(event=event, player=player)
    return event


def no_wider_than_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_deck_list_typed_on_a_phone_is_completed_from_the_catalogue(
    site, page: Page, scene, lang
):
    words = WORDS[lang]
    prefix = "" if lang == "en" else "/es"
    problems: list[str] = []
    watch(page, problems)
    page.set_viewport_size(PHONE)
    login(page, site, "alba", DEMO_PASSWORD)
    page.goto(f"{site}{prefix}/rulings/events/{scene.pk}/deck/")
    expect(page.get_by_test_id("deck-list-state")).to_contain_text(words["missing"])
    expect(page.get_by_test_id("deck-list-due")).to_contain_text(words["due"])

    area = page.locator("#id_text")
    chips = page.get_by_test_id("card-suggestions")
    # A banned card is offered last and marked.
    area.click()
    area.press_sequentially("2 puentes")
    banned = chips.get_by_role("button", name="Puentes Colgantes (EV 155/255)")
    expect(banned).to_contain_text(words["banned"])
    assert [f.line() for f in axe_findings(page, "phone")] == []  # the buttons have names
    area.press("Escape")
    expect(chips).to_be_hidden()

    # The list without its Sanctuary, then two lines typed and completed with a tap each.
    lines = quimera_list().splitlines()
    sanctuary, rest = lines[0], lines[1:]
    assert sanctuary == "1 Santuario del Invernadero"
    area.fill("\n".join(rest[:-1]) + "\n")
    area.press("Control+End")
    area.press_sequentially("1 santuario del inv")
    chips.get_by_role("button", name="Santuario del Invernadero (").click()
    quantity, name = rest[-1].split(" ", 1)
    area.press_sequentially(f"{quantity} {name[:4].lower()}")
    chips.get_by_role("button", name=name).first.click()
    expect(area).to_have_value("\n".join([*rest[:-1], sanctuary, rest[-1]]) + "\n")
    expect(chips).to_be_hidden()
    no_wider_than_the_phone(page)

    page.get_by_test_id("submit-deck").click()
    expect(page.locator(".message.success")).to_contain_text(words["saved"])
    expect(page.get_by_test_id("check-verdict")).to_have_text(words["legal"])

    # The event page and My events say the list is legal and when lists are due.
    page.goto(f"{site}{prefix}/events/{scene.pk}/")
    state = page.get_by_test_id("deck-list-state")
    expect(state.get_by_test_id("deck-list-status")).to_have_text(words["legal"])
    expect(state.get_by_test_id("deck-list-due")).to_contain_text(words["due"])
    no_wider_than_the_phone(page)
    assert [f.line() for f in axe_findings(page, "phone")] == []
    page.goto(f"{site}{prefix}/events/mine/")
    mine = page.get_by_test_id("my-deck-list")
    expect(mine).to_contain_text("Liga de marzo")
    expect(mine.get_by_test_id("deck-list-status")).to_have_text(words["legal"])
    expect(mine.get_by_test_id("deck-list-due")).to_contain_text(words["due"])
    no_wider_than_the_phone(page)
    assert [f.line() for f in axe_findings(page, "phone")] == []
    assert problems == []
