"""The rulings desk in a browser: an admin drafts a ban, reads its impact on the "What
changes" and "Publish…" pages, publishes, and the affected player, signing in, finds the
notice on My events, the event page and the deck-list page; the card the same version puts on
the watch list has its trend on the metagame page."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.a11y import axe_findings
from tests.e2e.conftest import login
from tests.factories import DEMO_PASSWORD, UserFactory
from tests.metagame.world import World
from tests.rulings_fixtures import quimera_list

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def scene(db):
    from decklists.services.lists import deck_list_submit
    from rulings.demo import load_rulings_data
    from tournaments.models import Event, Registration

    load_rulings_data(sample=True)
    admin = UserFactory(username="boss", display_name="Site Boss", is_staff=True, is_superuser=True)
    alba = UserFactory(username="alba", display_name="Alba Ruiz")
    event = Event.objects.create(
        name="Liga de invierno",
        date=timezone.localdate() + dt.timedelta(days=5),
        format="monofaccion",
        created_by=admin,
    )
    Registration.objects.create(event=event, player=alba)
    # Her list plays four Suero Verde (DV 110), legal under version 1.
    deck_list_submit(event=event, player=alba, text=quimera_list(), actor=alba)
    # Two finished events whose lists play Card X (MT 4), which version 2 will watch-list.
    world = World(admin)
    for day in (dt.date(2026, 9, 12), dt.date(2026, 10, 17)):
        past = world.event(day)
        x_players = [world.player(past, world.sq, {world.x: 3}) for _ in range(2)]
        others = [world.player(past, world.sc) for _ in range(2)]
        world.match(x_players[0], others[0], "a")
        world.match(x_players[1], others[1], "a" if day.month == 9 else "b")
    return {"event": event}


def test_admin_reads_the_impact_publishes_the_player_is_told_and_the_trend_shows(site, page, scene):
    event = scene["event"]
    login(page, site, "boss", DEMO_PASSWORD)
    page.goto(f"{site}/admin/rulings/documentversion/")
    page.get_by_test_id("start-draft").click()
    expect(page.locator(".messagelist")).to_contain_text("Draft version 2 started")
    page.get_by_test_id("entry-sections").get_by_role("link", name="Banned list").click()
    page.locator("#id_summary_en").fill("Suero Verde is banned in Monofacción.")
    page.locator("#id_summary_es").fill("Suero Verde queda prohibida en Monofacción.")
    fresh = ".inline-related:not(.has_original)"
    page.locator(f"{fresh} input[name$='-card_ref']:not([name*='__prefix__'])").last.fill("DV 110")
    page.locator(
        f"{fresh} input[name$='-formats'][value='monofaccion']:not([name*='__prefix__'])"
    ).last.check()
    page.locator("input[name=_continue]").click()
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
    page.get_by_test_id("entry-sections").get_by_role("link", name="Watch list").click()
    page.locator(f"{fresh} input[name$='-card_ref']:not([name*='__prefix__'])").last.fill("MT 4")
    page.locator("input[name=_continue]").click()
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")

    # What changes: the sentence, and the list it makes illegal, naming the player.
    page.get_by_test_id("diff").click()
    expect(page.get_by_test_id("diff-banned_list")).to_contain_text(
        "Suero Verde (DV 110/280) banned in Monofacción"
    )
    expect(page.get_by_test_id("impact-counts")).to_contain_text("1 list becomes illegal")
    expect(page.get_by_test_id(f"impact-event-{event.pk}")).to_contain_text("Alba Ruiz")
    page.go_back()

    # Publish…: the same impact, then publication, and whom it told.
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id(f"impact-event-{event.pk}")).to_contain_text(
        "Alba Ruiz: illegal (Suero Verde (DV 110/280) banned)"
    )
    page.locator("#id_published_on").fill(timezone.localdate().isoformat())
    page.locator("#id_confirm").check()
    page.get_by_test_id("confirm-publish").click()
    expect(page.get_by_test_id("told")).to_contain_text(
        "1 player whose list became illegal was told"
    )
    page.goto(f"{site}/rulings/history/")
    expect(page.get_by_test_id("history-changes-2")).to_contain_text(
        "Suero Verde (DV 110/280) banned in Monofacción"
    )

    # The metagame: the newly watch-listed card's figures month by month, before its listing.
    page.goto(f"{site}/rulings/metagame/")
    watch = page.get_by_test_id("metagame-watch")
    expect(watch).to_contain_text("Card X")
    before_09 = re.compile("^Card X .* Before 2026-09-01")
    expect(watch.get_by_role("row", name=before_09)).to_be_visible()
    before_10 = re.compile("^Card X .* Before 2026-10-01")
    expect(watch.get_by_role("row", name=before_10)).to_be_visible()
    page.get_by_test_id("logout").click()

    # The player signs in: told on My events, on the event page and on the deck-list page.
    login(page, site, "alba", DEMO_PASSWORD)
    page.goto(f"{site}/events/mine/")
    notice = page.get_by_test_id("rulings-notice-own")
    expect(notice).to_contain_text("Version 2 of the rulings makes your deck list for")
    expect(notice).to_contain_text("Suero Verde (DV 110/280) is now banned")
    assert [f.line() for f in axe_findings(page, "laptop")] == []
    page.goto(f"{site}/events/{event.pk}/")
    expect(page.get_by_test_id("rulings-notice-own")).to_contain_text("Suero Verde")
    expect(page.get_by_test_id("rulings-affected-players")).to_have_count(0)
    assert [f.line() for f in axe_findings(page, "laptop")] == []
    page.get_by_test_id("rulings-notice-deck-link").first.click()
    expect(page.get_by_test_id("rulings-notice-own")).to_contain_text("Change your list by")
    expect(page.get_by_test_id("check-verdict")).to_have_text("Not legal")
