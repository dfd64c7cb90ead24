"""The player's report on a phone (390×844): a 2-1 with the play-or-draw record in at most
7 taps including send, a score alone in 2, and the form no taller than two screens. Each tap
is counted; the rows follow the score, the chooser follows the DAR's rule and who played
first starts at the chooser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import login
from tests.e2e.test_swiss_event_browser import watch
from tests.factories import DEMO_PASSWORD
from tests.tournaments.helpers import add_players, make_event, make_organiser, make_round
from tournaments.models import Match
from tournaments.models.choices import MatchStatus

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
TWO_SCREENS = 2 * PHONE["height"]


class Taps:
    """Clicks on the page, counted."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def __call__(self, locator) -> None:
        self.count += 1
        locator.click()


def choice(page: Page, game: int, part: str, value: str):
    """The tap target (the label) of one answer in one game's row."""
    return page.locator(f"[data-game='{game}'] [data-part={part}] label:has(input[value={value}])")


def checked(page: Page, game: int, part: str, value: str):
    return page.locator(f"[data-game='{game}'] [data-part={part}] input[value={value}]")


@pytest.fixture
def tables():
    event = make_event(make_organiser("qk_orga"), name="Quick Open", play_draw_required=True)
    regs = add_players(event, 4, prefix="qk")
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    return event, regs, round_


def test_a_2_1_with_the_record_in_seven_taps_and_a_score_alone_in_two(site, page: Page, tables):
    event, regs, round_ = tables
    problems: list[str] = []
    watch(page, problems)
    page.set_viewport_size(PHONE)
    login(page, site, regs[0].player.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/me/")
    tap = Taps(page)
    form = page.get_by_test_id("report-form")

    # The score first: the rows of its three games appear, the other two stay hidden.
    tap(page.get_by_test_id("score-pick").get_by_text("2-1", exact=True))
    expect(page.locator("[data-game='3']")).to_be_visible()
    expect(page.locator("[data-game='4']")).to_be_hidden()
    # 2-1: only game 1's winner is open (game 2's follows, game 3 is mine).
    expect(page.locator("[data-game='2'] [data-part=winner]")).to_be_hidden()
    expect(page.locator("[data-game='3'] [data-part=winner]")).to_be_hidden()
    tap(choice(page, 1, "winner", "opp"))
    # My opponent won the coin and chose to play first (preset to the chooser).
    tap(choice(page, 1, "random", "opp"))
    expect(checked(page, 1, "first", "opp")).to_be_checked()
    # I lost game 1, so I chose in game 2: I chose to draw, my opponent played first.
    expect(page.locator("[data-game='2'] [data-chooser]")).to_have_text(
        "You choose to play or draw."
    )
    expect(checked(page, 2, "first", "me")).to_be_checked()
    tap(choice(page, 2, "first", "opp"))
    # Game 3: I won the die and played first.
    tap(choice(page, 3, "random", "me"))
    expect(checked(page, 3, "first", "me")).to_be_checked()
    height = form.bounding_box()["height"]
    print(f"report form height, 2-1 with the record: {height:.0f} px")
    assert height <= TWO_SCREENS
    with page.expect_navigation():
        tap(page.get_by_test_id("report-submit"))
    expect(page.get_by_test_id("turn")).to_have_attribute("data-waiting", "opponent")
    print(f"taps, 2-1 with the record: {tap.count}")
    assert (
        tap.count == 6
    )  # at most 7 (the aim): score, game 1 winner and coin, a choice, game 3 die, send

    table1 = Match.objects.get(round=round_, table=1)
    [report] = table1.reports.all()
    assert (report.games_won_a, report.games_won_b) == (2, 1)
    assert [(g["winner"], g.get("chooser"), g.get("choice")) for g in report.games] == [
        ("b", "b", "first"),
        ("a", "a", "second"),
        ("a", "a", "first"),
    ]

    # A score-only event: the score and send.
    event.play_draw_required = False
    event.save(update_fields=["play_draw_required"])
    other = page.context.browser.new_context(viewport=PHONE)
    try:
        phone = other.new_page()
        watch(phone, problems)
        login(phone, site, regs[2].player.username, DEMO_PASSWORD)
        phone.goto(f"{site}/events/{event.pk}/me/")
        taps = Taps(phone)
        expect(phone.locator("[data-game='1']")).to_be_hidden()
        taps(phone.get_by_test_id("score-pick").get_by_text("2-0", exact=True))
        height = phone.get_by_test_id("report-form").bounding_box()["height"]
        print(f"report form height, score only: {height:.0f} px")
        assert height <= TWO_SCREENS
        with phone.expect_navigation():
            taps(phone.get_by_test_id("report-submit"))
        expect(phone.get_by_test_id("turn")).to_have_attribute("data-waiting", "opponent")
        assert taps.count == 2
        table2 = Match.objects.get(round=round_, table=2)
        assert table2.status == MatchStatus.AWAITING
        assert [(r.games_won_a, r.games_won_b, r.games) for r in table2.reports.all()] == [
            (2, 0, [])
        ]
    finally:
        other.close()
    assert problems == []
