"""The drafter's pages in a real browser: a drafter mis-taps a card and chooses another
before taking it (the first is not taken), the rest of the draft runs out by its deadlines,
they build and submit a deck, leave, and reopen the builder on the deck they submitted;
the judge's console shows, without a reload, who has a deck in."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from decklists.models import DeckList
from drafts.models import DraftPhase, DraftSeat, Pick, Pod
from drafts.services import draft_start
from drafts.services.reading import pod_version
from rulings.models import Card
from tests.drafts.helpers import move_deadline
from tests.e2e.conftest import login
from tests.e2e.test_draft_browser import booster_event
from tests.e2e.test_swiss_event_browser import submit, watch
from tests.factories import DEMO_PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def run_out(pod: Pod, *, until: set[str]) -> None:
    """Let every wait of the pod time out (the clock moved behind the services' back) until
    it reaches one of the phases ``until``."""
    for _i in range(300):
        pod.refresh_from_db()
        if pod.phase in until:
            return
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
        pod_version(pod.pk)
    raise AssertionError(f"pod still {pod.phase}")


def deck_of(page: Page) -> dict[str, int]:
    inputs = page.locator("input[data-copies]")
    return {
        inputs.nth(i).get_attribute("name"): int(inputs.nth(i).input_value() or 0)
        for i in range(inputs.count())
    }


def fill_to(page: Page, size: int) -> None:
    """Set the builder's numbers so the deck has exactly ``size`` cards, never adding a
    Sanctuary (a deck has exactly one, and the random pool may hold another)."""
    inputs = page.locator("input[data-copies]")
    values = [int(inputs.nth(i).input_value() or 0) for i in range(inputs.count())]
    tops = [int(inputs.nth(i).get_attribute("max")) for i in range(inputs.count())]
    card_ids = [
        int(inputs.nth(i).get_attribute("name").removeprefix("card_"))
        for i in range(inputs.count())
    ]
    sanctuaries = {card.pk for card in Card.objects.filter(pk__in=card_ids) if card.is_sanctuary}
    change = size - sum(values)
    for i in sorted(range(len(values)), key=lambda i: -values[i]):
        if change == 0:
            break
        if change > 0 and card_ids[i] in sanctuaries:
            continue
        step = min(tops[i] - values[i], change) if change > 0 else max(1 - values[i], change)
        if step:
            inputs.nth(i).fill(str(values[i] + step))
            change -= step
    assert change == 0
    expect(page.locator("[data-deck-count]")).to_have_text(str(size))


def test_a_mis_tap_is_not_final_and_the_builder_reopens_on_the_deck_submitted(
    site, page, new_context
):
    event, judge, regs = booster_event(1, bots=1, auction=True, prefix="e2m")
    me = regs[0]
    draft_start(actor=judge, event_id=event.pk)
    pod = Pod.objects.get(draft__event=event)
    run_out(pod, until={DraftPhase.DRAFTING})
    seat = DraftSeat.objects.get(registration=me)
    problems: list[str] = []

    # The drafter taps one card, then thinks better of it and taps another.
    watch(page, problems)
    login(page, site, me.player.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/draft/")
    expect(page.get_by_test_id("step")).to_have_text("Pack 1, pick 1")
    cards = page.get_by_test_id("pack-card")
    expect(cards).to_have_count(12)
    take = page.get_by_test_id("take-card")
    expect(take).to_have_text("Take the chosen card")
    first, second = cards.nth(0), cards.nth(1)
    first_name = first.get_attribute("data-card-name")
    second_name = second.get_attribute("data-card-name")
    first.click()
    expect(take).to_have_text(f"Take {first_name}")
    expect(first).to_have_class(re.compile(r"\bchosen\b"))
    second.click()
    expect(take).to_have_text(f"Take {second_name}")
    expect(first).not_to_have_class(re.compile(r"\bchosen\b"))
    expect(second).to_have_class(re.compile(r"\bchosen\b"))
    assert not Pick.objects.filter(seat=seat).exists()  # choosing sends nothing
    first_id = int(first.locator("input").get_attribute("value"))
    second_id = int(second.locator("input").get_attribute("value"))
    take.click()
    expect(page.get_by_test_id("step")).to_have_text("Pack 1, pick 2")
    taken = Pick.objects.get(seat=seat, pack_round=1, pick_number=1)
    assert taken.card_instance_id == second_id != first_id

    # The rest of the draft runs out; the judge watches the console during building.
    run_out(pod, until={DraftPhase.BUILDING})
    desk = new_context().new_page()
    watch(desk, problems)
    login(desk, site, judge.username, DEMO_PASSWORD)
    desk.goto(f"{site}/events/{event.pk}/judge/draft/")
    deck_in = desk.get_by_test_id(f"deck-in-{seat.pk}")
    expect(deck_in).to_have_attribute("data-deck-in", "nothing")

    # The drafter builds a deck of 41 and submits it.
    page.goto(f"{site}/events/{event.pk}/draft/deck/")
    fill_to(page, 41)
    built = deck_of(page)
    submit(page, page.get_by_test_id("submit-deck"))
    expect(page.locator(".message.success")).to_contain_text("41 cards")
    assert DeckList.objects.get(event=event, player=me.player).card_count == 41

    # The judge's console says so within its poll, without a reload.
    desk.evaluate("window.__samePage = true")
    expect(deck_in).to_have_attribute("data-deck-in", "submitted")
    expect(deck_in).to_have_text("Submitted")
    assert desk.evaluate("window.__samePage === true")

    # The drafter leaves, comes back to the builder, and finds the deck they submitted.
    page.goto(f"{site}/events/{event.pk}/")
    page.goto(f"{site}/events/{event.pk}/draft/deck/")
    expect(page.locator("[data-deck-count]")).to_have_text("41")
    assert deck_of(page) == built
    assert problems == []
