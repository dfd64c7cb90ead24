"""An admin publishes a version that bans a card; a player's list then fails and says why,
while an event dated before the new version still checks against the old one."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.conftest import login
from tests.factories import DEMO_PASSWORD, UserFactory
from tests.rulings_fixtures import quimera_list

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def scene(db):
    from decklists.services.lists import deck_list_submit
    from rulings.demo import load_rulings_data
    from tournaments.models import Event, Registration

    load_rulings_data()
    admin = UserFactory(username="boss", display_name="Site Boss", is_staff=True, is_superuser=True)
    player = UserFactory(username="alba", display_name="Alba Ruiz")
    today = timezone.localdate()
    events = {}
    for key, date in (("before", today), ("after", today + dt.timedelta(days=1))):
        event = Event.objects.create(
            name=f"Liga {key}", date=date, format="monofaccion", created_by=admin
        )
        Registration.objects.create(event=event, player=player)
        # Achak (SU 15) is on the watch list of version 1: legal, with a warning.
        deck_list_submit(
            event=event, player=player, text=quimera_list(size=37, extra="4 Achak"), actor=player
        )
        events[key] = event
    return {"admin": admin, "player": player, **events}


def test_admin_bans_a_card_and_the_player_sees_why_their_list_fails(site, page, scene):
    today = timezone.localdate()

    # The player's list is legal under version 1 (Achak is only watched).
    login(page, site, "alba", DEMO_PASSWORD)
    page.goto(f"{site}/rulings/events/{scene['after'].pk}/deck/")
    expect(page.get_by_test_id("check-verdict")).to_have_text("Legal")
    expect(page.get_by_test_id("check-warnings")).to_contain_text(
        "Achak (SU 15/200) is on the watch list"
    )
    page.get_by_test_id("logout").click()

    # The admin starts a draft (a copy of version 1) and adds Achak to the banned list.
    login(page, site, "boss", DEMO_PASSWORD)
    page.goto(f"{site}/admin/rulings/documentversion/")
    page.get_by_test_id("start-draft").click()
    expect(page.locator(".messagelist")).to_contain_text("Draft version 2 started")
    # The editor shows one section per page; the banned list's page offers a new entry in it.
    page.get_by_test_id("entry-sections").get_by_role("link", name="Banned list").click()
    page.locator("#id_summary_en").fill("Achak moves from the watch list to the banned list.")
    page.locator("#id_summary_es").fill("Achak pasa de la lista de observación a la de prohibidas.")
    fresh = "[name$='-card_ref']:not([name*='__prefix__'])"
    page.locator(f".inline-related:not(.has_original) input{fresh}").last.fill("SU 15")
    page.locator("input[name=_continue]").click()
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")

    # Preview and what changes.
    page.get_by_test_id("preview").click()
    expect(page.get_by_test_id("entry-banned_list-su-15")).to_contain_text("Achak")
    page.go_back()
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("publish-diff")).to_contain_text("1 added, 0 removed, 0 changed.")

    # A date in the past is refused; nothing is published.
    yesterday = (today - dt.timedelta(days=1)).isoformat()
    page.locator("#id_published_on").fill(yesterday)
    page.locator("#id_confirm").check()
    page.get_by_test_id("confirm-publish").click()
    expect(page.locator(".errorlist").first).to_contain_text("cannot be in the past")

    # Today is fine, once confirmed: in force from tomorrow.
    page.locator("#id_published_on").fill(today.isoformat())
    page.locator("#id_confirm").check()
    page.get_by_test_id("confirm-publish").click()
    expect(page.locator(".messagelist")).to_contain_text(
        f"Version 2 is published; it is in force from {(today + dt.timedelta(days=1)).isoformat()}"
    )
    page.goto(f"{site}/rulings/history/")
    expect(page.get_by_test_id("history-2")).to_contain_text("Achak moves from the watch list")
    page.get_by_test_id("logout").click()

    # The player's list for the event dated after the new version now fails, and says why.
    login(page, site, "alba", DEMO_PASSWORD)
    page.goto(f"{site}/rulings/events/{scene['after'].pk}/deck/")
    expect(page.get_by_test_id("check-verdict")).to_have_text("Not legal")
    expect(page.get_by_test_id("check-errors")).to_contain_text(
        "Achak (SU 15/200) is banned in Monofacción (rulings version 2"
    )
    expect(page.get_by_test_id("check-version")).to_contain_text("Version 2")

    # The event dated before the new version still checks against version 1.
    page.goto(f"{site}/rulings/events/{scene['before'].pk}/deck/")
    expect(page.get_by_test_id("check-verdict")).to_have_text("Legal")
    expect(page.get_by_test_id("check-version")).to_contain_text("Version 1")

    # And in Spanish, the reason reads in Spanish.
    page.goto(f"{site}/es/rulings/events/{scene['after'].pk}/deck/")
    expect(page.get_by_test_id("check-errors")).to_contain_text(
        re.compile(r"Achak \(SU 15/200\) está prohibida en Monofacción")
    )


def test_player_pastes_a_list_with_bad_lines_and_sees_each_one(site, page, scene):
    from tournaments.models import Event, Registration

    event = Event.objects.create(
        name="Abierto", date=timezone.localdate() + dt.timedelta(days=7), created_by=scene["admin"]
    )
    Registration.objects.create(event=event, player=scene["player"])
    login(page, site, "alba", DEMO_PASSWORD)
    page.goto(f"{site}/rulings/events/{event.pk}/deck/")
    page.get_by_label("Deck list").fill("4 Garphades\n-2 Sartre\n1 Santuario de la\n3 ZZ 9")
    page.get_by_test_id("submit-deck").click()
    problems = page.get_by_test_id("deck-problems")
    expect(problems).to_contain_text("Line 2: “-2” is not a valid quantity")
    expect(problems).to_contain_text("Line 3: “Santuario de la” could be several cards")
    expect(problems).to_contain_text("Line 4: there is no edition with the code “ZZ”.")
    expect(page.get_by_test_id("deck-check")).to_have_count(0)

    page.get_by_label("Deck list").fill(quimera_list())
    page.get_by_test_id("submit-deck").click()
    expect(page.locator(".message.success")).to_contain_text("Your deck list was saved.")
    expect(page.get_by_test_id("check-verdict")).to_have_text("Legal")
