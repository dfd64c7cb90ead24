"""The auction and the builder on a phone (390x844), by taps: a drafter bids with the
steppers and quick buttons, the amount said in words before it is sent; wins a deck and
places its removed cards card by card (each tap saved on the server), drafts, opens the
builder, touches nothing, and plays round 1 with the won deck. No page scrolls sideways or
has a serious axe-core finding. The other seats act by their clocks running out (moved
behind the services' back)."""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from decklists.models import DeckList
from drafts.core import auction as auction_core
from drafts.models import CardInstance, CardSource, DeckState, DraftPhase, DraftSeat, Pod
from drafts.services import draft_start
from drafts.services.flow import auction_of
from drafts.services.reading import pod_version
from rulings.models import Card
from tests.drafts.helpers import move_deadline
from tests.e2e.a11y import axe_findings
from tests.e2e.conftest import login
from tests.e2e.test_draft_browser import booster_event, step_of
from tests.e2e.test_drafter_pages_browser import run_out
from tests.e2e.test_swiss_event_browser import submit, watch
from tests.factories import DEMO_PASSWORD
from tournaments.models import Match
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def no_sideways_scroll(page: Page) -> None:
    """Nothing wider than the phone's screen, and nothing axe-core finds serious."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide at {PHONE['width']} px"
    assert [f.line() for f in axe_findings(page, "phone")] == []


def others_act_until_my_turn(pod: Pod, seat: DraftSeat) -> None:
    """The other seats' auction turns time out until the drafter is to act."""
    for _i in range(50):
        pod.refresh_from_db()
        state = auction_of(pod)
        if state.phase == auction_core.DONE or state.to_act == seat.position:
            return
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
        pod_version(pod.pk)
    raise AssertionError("the drafter's turn never came")


def tap(page: Page, locator) -> None:
    """A tap the page sends by its script: wait until the part of the page shows the pod's
    next version (the tap saved on the server), with no page load."""
    live = page.get_by_test_id("draft-live")
    version = live.get_attribute("data-version")
    locator.click()
    expect(live).not_to_have_attribute("data-version", version)


def left_to_place(page: Page) -> int:
    return int(page.get_by_test_id("left-to-place").get_attribute("data-to-place"))


def test_a_drafter_wins_a_deck_places_it_by_taps_drafts_and_plays_round_1_with_it(site, page):
    event, judge, regs = booster_event(2, bots=6, auction=True, prefix="e2t")
    me, other = regs
    draft_start(actor=judge, event_id=event.pk)
    pod = Pod.objects.get(draft__event=event)
    seat = DraftSeat.objects.get(registration=me)
    problems: list[str] = []
    watch(page, problems)
    page.set_viewport_size(PHONE)
    login(page, site, me.player.username, DEMO_PASSWORD)

    # The auction: the drafter bids the minimum by its quick button and wins.
    others_act_until_my_turn(pod, seat)
    page.goto(f"{site}/events/{event.pk}/draft/")
    page.get_by_test_id("bid-min").click()
    expect(page.get_by_test_id("bid-words")).to_have_text(re.compile(r"^You bid \d+ points?$"))
    submit(page, page.get_by_test_id("bid"))
    others_act_until_my_turn(pod, seat)
    pod.refresh_from_db()
    assert auction_of(pod).phase == auction_core.DISTRIBUTING
    page.reload()

    # Take a deck, then place the removed cards: a card, then the deck it goes to.
    tap(page, page.get_by_test_id("choose-deck").first)
    needed = left_to_place(page)
    assert needed >= 1
    expect(page.get_by_test_id("clock")).to_be_visible()
    expect(page.get_by_test_id("left-to-place")).to_be_in_viewport()
    no_sideways_scroll(page)
    cards = page.get_by_test_id("place-card")
    most = max(range(cards.count()), key=lambda i: int(cards.nth(i).get_attribute("data-left")))
    name = cards.nth(most).get_attribute("data-card-name")
    cards.nth(most).click()
    target = page.get_by_test_id("place-to").first
    target_name = target.inner_text().split(" +")[0].strip()
    tap(page, target)
    assert left_to_place(page) == needed - 1
    expect(page.get_by_test_id("placed")).to_contain_text(f"{name} → {target_name}")
    pod.refresh_from_db()
    held = pod.auction_state["placing"]
    assert len(held["moves"]) == 1
    placed, placed_to = held["moves"][0]
    assert CardInstance.objects.get(pk=placed).card.name == name
    # taken back, then placed again: what the page shows is what the server holds
    tap(page, page.get_by_test_id("take-back").first)
    assert left_to_place(page) == needed
    pod.refresh_from_db()
    assert pod.auction_state["placing"]["moves"] == []
    page.get_by_test_id("place-card").nth(most).click()
    tap(page, page.get_by_test_id("place-to").first)
    if left_to_place(page):
        tap(page, page.get_by_test_id("spread"))
    assert left_to_place(page) == 0
    no_sideways_scroll(page)
    submit_tap = page.get_by_test_id("distribute")
    tap(page, submit_tap)
    expect(page.locator(".message.success")).to_contain_text("You took the deck")
    seat.refresh_from_db()
    won = Counter(
        CardInstance.objects.filter(owner=seat, source=CardSource.AUCTION).values_list(
            "card_id", flat=True
        )
    )
    assert sum(won.values()) == 45 - needed
    take = next(e for e in pod_log(pod) if e["action"] == "take" and e["seat"] == seat.position)
    assert any(placed_to == t for t, _ids in take["moved"])

    # Drafting: two picks by taps, the rest left to the clock.
    run_out(pod, until={DraftPhase.DRAFTING})
    page.reload()
    for _pick in range(2):
        step = step_of(page)
        card = page.get_by_test_id("pack-card").first
        card.click()  # chosen
        card.click()  # taken
        expect(page.get_by_test_id("waiting")).to_be_visible()
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))  # the other player
        pod_version(pod.pk)
        expect(page.get_by_test_id("step")).not_to_have_text(f"Pack {step[0]}, pick {step[1]}")
    run_out(pod, until={DraftPhase.BUILDING})

    # The builder: the won deck in the deck, its faction first, a countdown; touch nothing.
    page.goto(f"{site}/events/{event.pk}/draft/deck/")
    expect(page.locator("[data-deck-count]")).to_have_text(str(sum(won.values())))
    deck_rows = page.locator("[data-zone=deck] li[data-testid=pool-card]")
    expect(deck_rows).to_have_count(len(won))
    sanctuary = Card.objects.get(pk__in=list(won), type="santuario")
    expect(deck_rows.first).to_have_attribute("data-faction", sanctuary.faction)
    pool_first = page.locator("[data-zone=pool] li[data-testid=pool-card]").first
    if pool_first.count() and Card.objects.filter(
        pk__in=CardInstance.objects.filter(owner=seat).values("card_id"),
        faction=sanctuary.faction,
    ).exclude(pk__in=list(won)):
        expect(pool_first).to_have_attribute("data-faction", sanctuary.faction)
    clock = page.get_by_test_id("building-until").locator(".countdown")
    expect(clock).to_have_text(re.compile(r"^\d+:\d\d$"))
    assert "ends at" not in page.get_by_test_id("deck-form").inner_text()
    no_sideways_scroll(page)
    page.goto(f"{site}/")

    # Building ends: the won deck is the seat's deck, and round 1 is played with it.
    run_out(pod, until={DraftPhase.DONE})
    deck_list = DeckList.objects.get(event=event, player=me.player)
    assert Counter(dict(deck_list.entries.values_list("card_id", "quantity"))) == won
    seat.refresh_from_db()
    assert seat.deck_state == DeckState.DECK
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    match = Match.objects.get(round=round_, player_a__in=[me, other])
    assert {match.player_a_id, match.player_b_id} == {me.pk, other.pk}
    page.goto(f"{site}/events/{event.pk}/me/")
    expect(page.get_by_test_id("opponent")).to_have_text(other.name)
    assert problems == []


def pod_log(pod: Pod) -> list[dict]:
    pod.refresh_from_db()
    return pod.auction_state["log"]


def test_a_bid_by_steppers_and_quick_buttons_is_said_in_words_and_saved(site, page):
    event, judge, regs = booster_event(1, bots=3, auction=True, prefix="e2b")
    me = regs[0]
    draft_start(actor=judge, event_id=event.pk)
    pod = Pod.objects.get(draft__event=event)
    seat = DraftSeat.objects.get(registration=me)
    state = auction_of(pod)
    assert state.to_act == seat.position  # the bots have acted
    low = (state.high_bid or 0) + 1
    problems: list[str] = []
    watch(page, problems)
    page.set_viewport_size(PHONE)
    login(page, site, me.player.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/draft/")

    amount = page.locator("#id_amount")
    words = page.get_by_test_id("bid-words")
    send = page.get_by_test_id("bid")
    # the field starts empty, the minimum as its placeholder: nothing to send yet
    expect(amount).to_have_value("")
    expect(amount).to_have_attribute("placeholder", str(low))
    expect(send).to_be_disabled()
    page.get_by_test_id("bid-min").click()
    expect(amount).to_have_value(str(low))
    expect(words).to_have_text(f"You bid {low} point" + ("" if low == 1 else "s"))
    page.get_by_test_id("bid-plus-5").click()
    page.get_by_test_id("bid-down").click()
    page.get_by_test_id("bid-plus-1").click()
    page.get_by_test_id("bid-up").click()
    expect(amount).to_have_value(str(low + 6))
    expect(words).to_have_text(f"You bid {low + 6} points")
    # typing replaces the value (a tap in the field selects it), never appends to it
    amount.click()
    page.keyboard.type("9")
    expect(amount).to_have_value("9")
    expect(words).to_have_text("You bid 9 points")
    amount.evaluate("field => field.blur()")
    amount.click()
    page.keyboard.type("99")
    expect(words).to_have_text(re.compile("^Bid a whole number from"))
    expect(send).to_be_disabled()
    amount.evaluate("field => field.blur()")
    amount.click()
    page.keyboard.type("3")
    page.get_by_test_id("bid-down").click()
    expected = max(2, low)
    expect(amount).to_have_value(str(expected))
    expect(words).to_have_text(f"You bid {expected} points")
    no_sideways_scroll(page)
    submit(page, send)
    expect(page.locator(".message.success")).to_have_text(f"You bid {expected} points")
    pod.refresh_from_db()
    mine = [e for e in pod.auction_state["log"] if e["seat"] == seat.position]
    assert mine[0]["action"] == "bid" and mine[0]["amount"] == expected
    assert problems == []


def test_the_builder_moves_a_card_by_a_tap_and_saves_each_change_on_the_server(site, page):
    event, judge, regs = booster_event(1, bots=1, auction=True, prefix="e2k")
    me = regs[0]
    draft_start(actor=judge, event_id=event.pk)
    pod = Pod.objects.get(draft__event=event)
    run_out(pod, until={DraftPhase.BUILDING})
    seat = DraftSeat.objects.get(registration=me)
    problems: list[str] = []
    watch(page, problems)
    page.set_viewport_size(PHONE)
    login(page, site, me.player.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/draft/deck/")
    form = page.get_by_test_id("deck-form")
    count = page.locator("[data-deck-count]")
    start = int(count.inner_text())
    no_sideways_scroll(page)

    def saved() -> dict[str, int]:
        expect(form).to_have_attribute("data-saved", "1")
        seat.refresh_from_db()
        return seat.saved_deck

    # a tap on a card of the pool moves one copy into the deck, saved at once
    row = page.locator("[data-zone=pool] li[data-testid=pool-card]").first
    card = row.locator("input[data-copies]").get_attribute("name").removeprefix("card_")
    row.locator("[data-move-card]").click()
    moved = page.locator(f"[data-zone=deck] li:has(input[name=card_{card}])")
    expect(moved).to_have_count(1)
    expect(count).to_have_text(str(start + 1))
    assert saved()[card] == 1
    # + adds a copy if the pool has one; a tap on the card in the deck puts it all back
    top = int(moved.locator("input[data-copies]").get_attribute("max"))
    moved.locator("[data-copies-step='1']").click()
    expect(count).to_have_text(str(start + min(2, top)))
    assert saved()[card] == min(2, top)
    moved.locator("[data-move-card]").click()
    expect(page.locator(f"[data-zone=pool] li:has(input[name=card_{card}])")).to_have_count(1)
    expect(count).to_have_text(str(start))
    assert card not in saved()
    expect(page.get_by_text("Saved.")).to_be_visible()
    assert problems == []
