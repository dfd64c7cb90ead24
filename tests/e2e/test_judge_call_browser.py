"""A judge call in real browsers: a player calls a judge from their match page, a judge
claims the call in the live queue and grants a 3-minute extension, and the player's page
(never reloaded) shows the call answered and 3 more minutes on the clock."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import login
from tests.factories import DEMO_PASSWORD
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.services.clock import round_start_clock
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db(transaction=True)


def seconds_left(page: Page) -> int:
    text = page.get_by_test_id("clock").inner_text().strip()
    parts = [int(p) for p in text.split(":")]
    return (
        parts[0] * 60 + parts[1] if len(parts) == 2 else parts[0] * 3600 + parts[1] * 60 + parts[2]
    )


def test_a_player_calls_a_judge_who_grants_three_minutes(site, page, new_context):
    organiser = make_organiser("e2e_call_orga")
    event = make_event(organiser, swiss_rounds=3)
    judge = add_judge(event, "e2e_call_judge")
    add_players(event, 4)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    round_start_clock(actor=judge, round_id=round_.pk)
    match = round_.matches.exclude(player_b__isnull=True).order_by("table").first()
    player = match.player_a.player
    assert player.check_password(DEMO_PASSWORD)

    # The player calls a judge from their match page.
    login(page, site, player.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/me/")
    expect(page.get_by_test_id("clock")).to_have_text(re.compile(r"^\d+:\d\d$"))
    # The call form follows the report, folded: one tap opens it.
    expect(page.get_by_test_id("judge-call-form")).to_be_hidden()
    page.get_by_test_id("judge-call-summary").click()
    page.get_by_test_id("judge-call-reason").select_option("rules_question")
    page.get_by_test_id("judge-call-note").fill("Can a flying unit block?")
    with page.expect_navigation():
        page.get_by_test_id("judge-call-submit").click()
    state = page.get_by_test_id("judge-call-state")
    expect(state).to_have_attribute("data-state", "waiting")
    before = seconds_left(page)
    # From here on the player's page is never reloaded: a reload would clear this marker.
    page.evaluate("window.__sameDocument = true")

    # A judge sees the call in the live queue, claims it and grants 3 minutes.
    judge_page = new_context().new_page()
    judge_page.set_default_timeout(10_000)
    login(judge_page, site, judge.username, DEMO_PASSWORD)
    judge_page.goto(f"{site}/events/{event.pk}/judge/calls/")
    row = judge_page.get_by_test_id("call")
    expect(row).to_have_count(1)
    expect(row).to_contain_text(match.player_a.name)
    with judge_page.expect_navigation():
        row.get_by_test_id("call-claim").click()
    expect(judge_page.get_by_test_id("call")).to_have_attribute("data-state", "claimed")

    # The player learns who is coming without a reload.
    expect(state).to_have_attribute("data-state", "claimed", timeout=5_000)
    expect(page.get_by_test_id("judge-call")).to_contain_text("Judge e2e_call_judge")

    row = judge_page.get_by_test_id("call")
    row.get_by_test_id("call-minutes").fill("3")
    with judge_page.expect_navigation():
        row.get_by_test_id("call-extend").click()
    expect(judge_page.get_by_test_id("no-calls")).to_be_visible()

    # The player's page shows the answer and the extra minutes, still without a reload.
    expect(page.get_by_test_id("judge-call-state")).to_have_attribute(
        "data-state", "resolved", timeout=5_000
    )
    expect(page.get_by_test_id("judge-call")).to_contain_text("Time extension: 3 minutes.")
    after = seconds_left(page)
    assert after >= before + 170, (before, after)
    assert after <= before + 181, (before, after)
    assert page.evaluate("window.__sameDocument === true")
