"""The big screen in a real browser: at 1920x1080 it pages through the pairings by itself,
switches to the tables still playing when a judge picks that view from a phone and when the
round's time runs out, all without a reload; at 1280x720 the page does not scroll; long names,
opponents and points are shown whole at both sizes."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from screen.services import screen_set
from tests.e2e.conftest import login
from tests.factories import DEMO_PASSWORD, UserFactory
from tests.tournaments.helpers import (
    add_judge,
    add_players,
    make_event,
    make_organiser,
    make_round,
)
from tournaments.models import Registration, Round
from tournaments.services.clock import round_adjust_clock, round_start_clock
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db(transaction=True)

PAGE_SECONDS = 2


@pytest.fixture
def running_round():
    """A 60-player event with round 1 published and its clock running."""
    organiser = make_organiser("screen_orga")
    event = make_event(organiser, name="Screen Open", swiss_rounds=3)
    judge = add_judge(event, "screen_judge")
    add_players(event, 60)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    round_start_clock(actor=judge, round_id=round_.pk)
    return event, judge, round_


def visible_names(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "[data-paged] > li:not([hidden])", "rows => rows.map(r => r.dataset.name)"
    )


def fits_without_scrolling(page: Page) -> None:
    sizes = page.evaluate(
        """() => {
          const list = document.querySelector("[data-paged]");
          const rows = Array.from(document.querySelectorAll("[data-paged] > li:not([hidden])"));
          const bottom = Math.max(...rows.map(r => r.getBoundingClientRect().bottom));
          const right = Math.max(...rows.map(r => r.getBoundingClientRect().right));
          return {
            scrollHeight: document.documentElement.scrollHeight,
            scrollWidth: document.documentElement.scrollWidth,
            height: window.innerHeight, width: window.innerWidth,
            listBottom: list.getBoundingClientRect().bottom, rowsBottom: bottom, rowsRight: right,
          };
        }"""
    )
    assert sizes["scrollHeight"] <= sizes["height"], sizes
    assert sizes["scrollWidth"] <= sizes["width"], sizes
    assert sizes["rowsBottom"] <= sizes["listBottom"] + 1, sizes  # no row cut off at the foot
    assert sizes["rowsRight"] <= sizes["width"], sizes


def test_screen_pages_through_pairings_and_follows_the_judge_and_the_clock(
    site, page: Page, new_context, running_round
):
    event, judge, round_ = running_round
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{site}/events/{event.pk}/screen/?page_seconds={PAGE_SECONDS}")
    screen = page.get_by_test_id("screen")
    expect(screen).to_have_attribute("data-view", "pairings")
    pairings = page.get_by_test_id("screen-pairings")
    expect(pairings).to_have_attribute("data-page", "1")
    pages = int(pairings.get_attribute("data-pages"))
    assert pages >= 2  # 60 names do not fit on one page
    first_page = visible_names(page)
    assert 10 <= len(first_page) < 60
    assert first_page == sorted(first_page, key=str.casefold)
    expect(page.get_by_test_id("screen-page")).to_have_text(f"Page 1 of {pages}")
    fits_without_scrolling(page)
    page.evaluate("window.screenNotReloaded = true")

    # the page turns by itself after the interval
    expect(pairings).to_have_attribute("data-page", "2", timeout=(PAGE_SECONDS + 2) * 1000)
    second_page = visible_names(page)
    assert second_page and not set(second_page) & set(first_page)
    assert second_page[0].casefold() > first_page[-1].casefold()  # alphabetical across pages
    expect(page.get_by_test_id("screen-page")).to_have_text(f"Page 2 of {pages}")

    # a judge picks "tables still playing" from a phone; the screen follows without a reload
    phone = new_context().new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    login(phone, site, judge.username, DEMO_PASSWORD)
    phone.goto(f"{site}/events/{event.pk}/judge/screen/")
    phone.get_by_label("Tables still playing").check()
    phone.get_by_label("Announcement").fill("Round 2 starts at 15:00")
    with phone.expect_navigation():
        phone.get_by_test_id("screen-save").click()
    expect(phone.get_by_test_id("screen-showing")).to_contain_text("Tables still playing")
    expect(screen).to_have_attribute("data-view", "playing", timeout=3000)
    expect(page.get_by_test_id("screen-announcement")).to_have_text("Round 2 starts at 15:00")
    expect(page.get_by_test_id("screen-playing").locator("li")).to_have_count(30)

    # back to automatic: the pairings again, from page 1
    phone.get_by_label("Automatic").check()
    with phone.expect_navigation():
        phone.get_by_test_id("screen-save").click()
    expect(screen).to_have_attribute("data-view", "pairings", timeout=3000)

    # the round's time runs out on the screen's clock: the screen lists the tables still
    # playing, though nothing announced it (the clock's expiry makes the screen look again)
    round_.refresh_from_db()
    left = int((round_.ends_at - timezone.now()).total_seconds())
    round_adjust_clock(actor=judge, round_id=round_.pk, seconds=-(left - 6))
    expect(page.locator(".screen-clock .countdown")).to_have_text(re.compile(r"^0:0[1-6]$"))
    assert Round.objects.get(pk=round_.pk).time_called_at is None
    expect(screen).to_have_attribute("data-view", "playing", timeout=12000)
    expect(page.locator(".screen-clock .countdown")).to_have_text("0:00")
    assert Round.objects.get(pk=round_.pk).time_called_at is not None
    assert page.evaluate("window.screenNotReloaded") is True
    assert problems == []


def test_screen_at_1280x720_does_not_scroll(site, page: Page, running_round):
    event, _judge, _round = running_round
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{site}/events/{event.pk}/screen/")
    expect(page.get_by_test_id("screen")).to_have_attribute("data-view", "pairings")
    expect(page.get_by_test_id("screen-pairings")).to_have_attribute("data-page", "1")
    fits_without_scrolling(page)
    # the same layout as at 1920x1080: the same number of rows per page
    at_720 = len(visible_names(page))
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function(
        "n => document.querySelectorAll('[data-paged] > li:not([hidden])').length === n",
        arg=at_720,
    )
    fits_without_scrolling(page)


LONG_NAMES = [
    "Nobody Known Person",
    "Alexandra Fernández-Villaverde",
    "María José García López",
    "Xavier Long Surname Person",
    "Maximiliano Alejandro de la Santísima Trinidad Fernández-Villaverde",
    "Bo",
    "Yolanda Q",
    "Wanda",
]

# Every name, opponent and score on the screen's page, with what its box cannot show.
CUT_TEXT = """() => Array.from(
  document.querySelectorAll("[data-paged] > li:not([hidden]) > span")
).filter(e => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight).map(
  e => `${e.className}: ${e.innerText} (${e.scrollWidth}x${e.scrollHeight} in ` +
       `${e.clientWidth}x${e.clientHeight})`
)"""


@pytest.fixture
def long_names():
    """Eight players with long names after two rounds (the first has dropped), the screen on
    the standings: long names beside their points."""
    event = make_event(make_organiser("long_orga"), name="Long Names Open", swiss_rounds=4)
    judge = add_judge(event, "long_judge")
    regs = [
        Registration.objects.create(
            event=event,
            player=UserFactory(username=f"long{i}", display_name=name),
            status="checked_in",
        )
        for i, name in enumerate(LONG_NAMES)
    ]
    for pairs in ([(0, 1), (2, 3), (4, 5), (6, 7)], [(0, 2), (1, 3), (4, 6), (5, 7)]):
        round_ = make_round(event, [(regs[a], regs[b]) for a, b in pairs])
        for match in round_.matches.all():
            match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 0))
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    screen_set(actor=judge, event_id=event.pk, mode="standings", paging_paused=True)
    return event, judge, regs


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_long_names_and_points_fit_the_screen_whole(site, page: Page, long_names, size):
    event, judge, regs = long_names
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site}/events/{event.pk}/screen/")
    standings = page.get_by_test_id("screen-standings")
    expect(standings).to_contain_text("Nobody Known Person")
    expect(standings).to_contain_text("6 points")
    assert page.evaluate(CUT_TEXT) == []
    fits_without_scrolling(page)

    make_round(event, [(regs[a], regs[b]) for a, b in [(0, 4), (1, 3), (2, 6), (5, 7)]])
    screen_set(actor=judge, event_id=event.pk, mode="pairings", paging_paused=True)
    page.reload()
    pairings = page.get_by_test_id("screen-pairings")
    expect(pairings).to_contain_text("vs Maximiliano Alejandro")
    assert page.evaluate(CUT_TEXT) == []
    fits_without_scrolling(page)
