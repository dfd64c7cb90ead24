"""A QR result slip in a real browser: the judge's printed slips page is rendered in
chromium, one slip's QR code is photographed (a screenshot) and decoded with zxing-cpp, the
decoded address is followed by a player who is not logged in (the login sends them back),
who reports; the opponent confirms on their own match page with one tap, and the match is
confirmed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import login
from tests.e2e.test_swiss_event_browser import watch
from tests.factories import DEMO_PASSWORD
from tests.qr_decode import read_png
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Match
from tournaments.models.choices import MatchStatus

pytestmark = pytest.mark.django_db(transaction=True)

PX_PER_MM = 96 / 25.4  # CSS pixels; the screenshot is taken at one device pixel each


@pytest.fixture
def round1():
    event = make_event(make_organiser("qr_orga"), name="QR Open")
    judge = add_judge(event, "qr_judge")
    regs = add_players(event, 6, prefix="qr")
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3]), (regs[4], regs[5])])
    return event, judge, regs, round_


def test_a_slips_qr_is_decoded_followed_reported_and_confirmed_with_one_tap(
    site, page: Page, new_context, round1
):
    event, judge, regs, round_ = round1
    table2 = round_.matches.get(table=2)
    problems: list[str] = []  # script errors, CSP refusals and failed loads on any page
    watch(page, problems)

    # The judge prints the slips; the page as printed (print stylesheet).
    login(page, site, judge.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/print/slips/")
    page.emulate_media(media="print")
    expect(page.get_by_test_id("slip")).to_have_count(3)
    qr = page.get_by_test_id("slip").nth(1).get_by_test_id("match-qr").locator("svg")
    expect(qr).to_have_attribute("aria-label", "QR code: the result report page of table 2")

    # A phone's view of the slip: a picture of the code, decoded. On paper the code itself
    # (without its white margin) measures at least 25 mm, what phones read from a table.
    ((url, width),) = read_png(qr.screenshot())
    assert width / PX_PER_MM >= 25, f"{width / PX_PER_MM:.1f} mm"
    assert url == f"{site}/events/matches/{table2.pk}/report/"

    # Player A of table 2 scans it, not logged in: the login page, then back to the match.
    player_a = new_context().new_page()
    watch(player_a, problems)
    player_a.goto(url)
    expect(player_a).to_have_url(re.compile(r"/accounts/login/\?next="))
    player_a.get_by_label("Username").fill(regs[2].player.username)
    player_a.get_by_label("Password").fill(DEMO_PASSWORD)
    with player_a.expect_navigation():
        player_a.get_by_test_id("submit").click()
    expect(player_a).to_have_url(f"{site}/events/{event.pk}/me/")
    expect(player_a.get_by_test_id("opponent")).to_have_text(regs[3].name)
    player_a.get_by_test_id("score-pick").get_by_text("2-1", exact=True).click()
    with player_a.expect_navigation():
        player_a.get_by_test_id("report-submit").click()
    expect(player_a.get_by_test_id("turn")).to_have_attribute("data-waiting", "opponent")

    # The opponent sees the report on their own page and confirms it with one tap.
    player_b = new_context().new_page()
    watch(player_b, problems)
    login(player_b, site, regs[3].player.username, DEMO_PASSWORD)
    player_b.goto(f"{site}/events/{event.pk}/me/")
    expect(player_b.get_by_test_id("report-state")).to_contain_text(
        "Your opponent reported: you lost 1-2."
    )
    with player_b.expect_navigation():
        player_b.get_by_test_id("confirm-result").click()
    expect(player_b.locator(".message.success")).to_have_text(
        "Both reports agree: the result is confirmed."
    )
    expect(player_b.get_by_test_id("my-match")).to_have_attribute("data-status", "confirmed")
    expect(player_b.get_by_test_id("report-state")).to_contain_text("You lost 1-2.")
    expect(player_b.get_by_test_id("confirm-result")).to_have_count(0)

    match = Match.objects.get(pk=table2.pk)
    assert (match.status, match.games_won_a, match.games_won_b) == (MatchStatus.CONFIRMED, 2, 1)
    assert problems == []
