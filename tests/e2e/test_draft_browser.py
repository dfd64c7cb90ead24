"""A booster draft in a real browser: a judge starts the draft and hands the seats of three
absent players to bots (with four empty bot seats, seven bots in all); the one person at
the table wins a deck at the auction and places the cards by taps, drafts 48 steps on the
pick page (one step left to time out: the page shows the next pack without a reload), builds a
41-card deck from the pool, and round 1 is paired across the table within the pod. Then
the pick page in Spanish."""

from __future__ import annotations

import re

import pytest
from django.db.models import Q
from playwright.sync_api import Page, expect

from decklists.models import DeckList
from drafts.models import DraftSeat, Pick, Pod
from drafts.services import draft_configure, draft_start
from drafts.services.demo import load_sample_auction_decks
from rulings.demo import load_rulings_data
from tests.e2e.conftest import login
from tests.e2e.test_swiss_event_browser import submit, watch
from tests.factories import DEMO_PASSWORD
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.models import Match
from tournaments.models.choices import EventFormat

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT_STEP = (1, 10)  # three cards in the pack: 5 seconds


def pick_in_place(page: Page, card) -> None:
    """Tap a card to choose it and again to take it: the pick goes through the page's
    script, which swaps in the drafter's part of the page (the next pack here, the bots
    having picked) without loading a page."""
    live = page.get_by_test_id("draft-live")
    version = live.get_attribute("data-version")
    page.evaluate("window.__samePick = true")
    card.click()
    expect(page.get_by_test_id("take-card")).not_to_have_text(re.compile("chosen|elegida"))
    card.click()
    expect(live).not_to_have_attribute("data-version", version)
    assert page.evaluate("window.__samePick === true")  # no page load


def booster_event(players: int, *, bots: int, auction: bool, prefix: str):
    load_rulings_data(sample=True)
    load_sample_auction_decks()
    organiser = make_organiser(f"{prefix}_orga")
    event = make_event(organiser, name=f"Draft {prefix}", format=EventFormat.BOOSTER_DRAFT)
    judge = add_judge(event, f"{prefix}_judge")
    regs = add_players(event, players, prefix=prefix)
    draft_configure(
        actor=organiser,
        event_id=event.pk,
        pack_editions=["DV", "DV", "SU", "SU"],
        bots=bots,
        auction=auction,
        review_seconds=300,
        building_seconds=900,
    )
    return event, judge, regs


def step_of(page: Page) -> tuple[int, int] | None:
    step = page.get_by_test_id("step")
    if step.count() == 0:
        return None
    found = re.search(r"(\d+)\D+(\d+)", step.inner_text())
    return (int(found.group(1)), int(found.group(2))) if found else None


def win_a_deck_at_the_auction(page: Page) -> None:
    """Bid over whoever opened (the minimum, then +1 twice), take the first deck and place
    the cards removed by taps, a card then the deck it goes to, watching the count of cards
    left to place reach 0."""
    live = page.get_by_test_id("draft-live")
    for _turn in range(20):
        expect(live).to_have_attribute("data-phase", re.compile("auction|review"))
        if live.get_attribute("data-phase") == "review":
            return
        if page.get_by_test_id("bid-form").count():
            page.get_by_test_id("bid-min").click()
            page.get_by_test_id("bid-plus-1").click()
            page.get_by_test_id("bid-plus-1").click()
            expect(page.get_by_test_id("bid-words")).to_have_text(re.compile("^You bid"))
            submit(page, page.get_by_test_id("bid"))
            continue
        if page.get_by_test_id("take-deck").count():
            break
        page.wait_for_timeout(300)

    def tap(locator) -> None:
        version = live.get_attribute("data-version")
        locator.click()
        expect(live).not_to_have_attribute("data-version", version)

    tap(page.get_by_test_id("choose-deck").first)
    box = page.get_by_test_id("left-to-place")
    left = int(box.get_attribute("data-to-place"))
    assert left >= 2
    for step in range(left):
        cards = page.get_by_test_id("place-card")
        # the card with most copies left, so the deck keeps its single Sanctuary
        most = max(range(cards.count()), key=lambda i: int(cards.nth(i).get_attribute("data-left")))
        cards.nth(most).click()
        targets = page.get_by_test_id("place-to")
        tap(targets.nth(step % targets.count()))
        expect(box.locator("[data-left-count]")).to_have_text(str(left - step - 1))
    tap(page.get_by_test_id("distribute"))
    expect(page.locator(".message.success")).to_be_visible()


def test_a_pod_of_one_person_and_seven_bots_drafts_builds_and_plays_round_1(
    site, page, new_context
):
    event, judge, regs = booster_event(4, bots=4, auction=True, prefix="e2d")
    me, absent = regs[0], regs[1:]
    problems: list[str] = []
    # The judge starts the draft and hands the seats of the absent players to bots.
    desk = page
    watch(desk, problems)
    login(desk, site, judge.username, DEMO_PASSWORD)
    desk.goto(f"{site}/events/{event.pk}/")
    submit(desk, desk.get_by_test_id("tab-draft-console"))
    submit(desk, desk.get_by_test_id("start-draft"))
    expect(desk.get_by_test_id("pod-1")).to_be_visible()
    for reg in absent:
        seat = DraftSeat.objects.get(registration=reg)
        submit(desk, desk.get_by_test_id(f"to-bot-{seat.pk}"))
        expect(desk.get_by_test_id(f"give-back-{seat.pk}")).to_be_visible()
    pod = Pod.objects.get(draft__event=event)
    assert pod.seats.filter(bot=True).count() == 7

    # The person at the table: the auction.
    player = new_context().new_page()
    watch(player, problems)
    login(player, site, me.player.username, DEMO_PASSWORD)
    player.goto(f"{site}/events/{event.pk}/")
    submit(player, player.get_by_test_id("tab-draft"))
    win_a_deck_at_the_auction(player)
    live = player.get_by_test_id("draft-live")
    expect(live).to_have_attribute("data-phase", "review")
    expect(player.get_by_test_id("my-auction-deck")).to_be_visible()

    # The judge starts the picking; the player's page follows without a reload.
    player.evaluate("window.__samePage = true")
    desk.goto(f"{site}/events/{event.pk}/judge/draft/")
    submit(desk, desk.get_by_test_id("begin-1"))
    expect(live).to_have_attribute("data-phase", "drafting", timeout=3000)
    assert player.evaluate("window.__samePage === true")
    expect(player.get_by_test_id("step")).to_have_text("Pack 1, pick 1")
    expect(player.get_by_test_id("direction")).to_contain_text("Pass left")
    expect(player.get_by_test_id("pack-card")).to_have_count(12)

    # 48 steps: a pick at each, except one left to time out and the last cards of each pack.
    timed_out = False
    for _step in range(60):
        if live.get_attribute("data-phase") != "drafting":
            break
        step = step_of(player)
        cards = player.get_by_test_id("pack-card")
        if step == TIMEOUT_STEP and not timed_out:
            expect(cards).to_have_count(3)
            # holding a pack, the page polls every 3 s and asks at once when time runs out
            assert live.get_attribute("hx-trigger").startswith("every 3s, op:expired")
            expect(player.get_by_test_id("clock")).to_have_text(re.compile(r"^0:0[0-5]$"))
            player.evaluate("window.__samePage = true")
            expect(player.get_by_test_id("step")).to_have_text("Pack 1, pick 11", timeout=8000)
            assert player.evaluate("window.__samePage === true")  # no reload
            timed_out = True
            continue
        if cards.count() == 0:
            player.wait_for_timeout(200)
            continue
        pick_in_place(player, cards.first)
    assert timed_out
    expect(live).to_have_attribute("data-phase", "building")
    seat = DraftSeat.objects.get(registration=me)
    assert Pick.objects.filter(seat=seat).count() == 48
    assert Pick.objects.filter(seat=seat, kind="timeout").count() == 1
    assert Pick.objects.filter(pod=pod).count() == 8 * 48
    expect(player.locator("[data-testid=pick-log] tr[data-kind=timeout]")).to_have_count(1)

    # Deck building: 41 cards from the pool.
    submit(player, player.get_by_test_id("build-deck-link"))
    count = player.locator("[data-deck-count]")
    start = int(count.inner_text())
    assert start >= 41
    inputs = player.locator("input[data-copies]")
    # trim the deck to exactly 41: take cards away from the lines with the most copies
    excess = start - 41
    values = [int(inputs.nth(i).input_value()) for i in range(inputs.count())]
    for index in sorted(range(len(values)), key=lambda i: -values[i]):
        if excess == 0:
            break
        cut = min(values[index] - 1, excess)
        if cut > 0:
            inputs.nth(index).fill(str(values[index] - cut))
            excess -= cut
    expect(count).to_have_text("41")
    submit(player, player.get_by_test_id("submit-deck"))
    expect(player.locator(".message.success")).to_contain_text("41 cards")
    assert DeckList.objects.get(event=event, player=me.player).card_count == 41

    # Round 1, paired across the table within the pod.
    desk.goto(f"{site}/events/{event.pk}/judge/")
    submit(desk, desk.get_by_test_id("pair-next"))
    submit(desk, desk.get_by_test_id("publish"))
    members = list(
        DraftSeat.objects.filter(pod=pod, registration__isnull=False)
        .order_by("position")
        .values_list("registration_id", flat=True)
    )
    mine = members.index(me.pk)
    across = members[(mine + 2) % 4]
    match = Match.objects.get(Q(player_a=me) | Q(player_b=me), round__event=event, round__number=1)
    assert {match.player_a_id, match.player_b_id} == {me.pk, across}
    player.goto(f"{site}/events/{event.pk}/me/")
    opponent = next(r for r in regs if r.pk == across)
    expect(player.get_by_test_id("opponent")).to_have_text(opponent.name)
    assert problems == []


def test_the_pick_page_in_spanish(site, browser, browser_context_args):
    event, judge, regs = booster_event(1, bots=1, auction=False, prefix="e2s")
    draft_start(actor=judge, event_id=event.pk)
    context = browser.new_context(**{**browser_context_args, "locale": "es-ES"})
    try:
        spanish_pick_page(context.new_page(), site, event, regs[0].player)
    finally:
        context.close()


def spanish_pick_page(page: Page, site: str, event, player) -> None:
    page.set_default_timeout(10_000)
    problems: list[str] = []
    watch(page, problems)
    page.goto(f"{site}/accounts/login/")
    page.locator("#id_username").fill(player.username)
    page.locator("#id_password").fill(DEMO_PASSWORD)
    submit(page, page.get_by_test_id("submit"))
    page.goto(f"{site}/events/{event.pk}/draft/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_test_id("tab-draft")).to_have_text("Mi draft")
    expect(page.get_by_test_id("step")).to_have_text("Sobre 1, elección 1")
    expect(page.get_by_test_id("direction")).to_contain_text("Pasa a la izquierda")
    expect(page.get_by_text("Toca una carta para elegirla;", exact=False)).to_be_visible()
    expect(page.get_by_test_id("clock")).to_have_text(re.compile(r"^0:[45]\d$"))
    pick_in_place(page, page.get_by_test_id("pack-card").first)
    expect(page.get_by_test_id("step")).to_have_text("Sobre 1, elección 2")
    expect(page.get_by_test_id("direction")).to_contain_text("Pasa a la izquierda")
    expect(page.get_by_test_id("pack-card")).to_have_count(11)
    assert problems == []
