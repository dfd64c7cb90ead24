"""Live pages in a real browser: a reader's open pairings page and a player's match page
follow the judges' changes within 2 s, without a reload, and a reload of the unchanged page
is answered 304 from the browser's copy."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.services.clock import round_pause_clock, round_start_clock
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db(transaction=True)

# The figure: open pages learn of a change within 2 s.
WITHIN_MS = 2_000


@pytest.fixture
def running_round(db):
    event = make_event(make_organiser())
    add_players(event, 8)
    judge = add_judge(event)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    return event, judge, round_


def test_an_open_pairings_page_shows_a_judges_result_within_two_seconds(site, page, running_round):
    event, judge, round_ = running_round
    match = round_.matches.exclude(player_b=None).order_by("table").first()
    page.goto(f"{site}/events/{event.pk}/pairings/")
    result = page.locator(f'tr[data-table="{match.table}"] td[data-result]')
    expect(result).to_have_text("")
    page.evaluate("window.stillTheSamePage = true")
    page.wait_for_timeout(500)  # the page has polled once: it waits for a change now

    match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1))

    expect(result).to_have_text("2-1", timeout=WITHIN_MS)
    assert page.evaluate("window.stillTheSamePage") is True  # not reloaded


def test_a_players_match_page_shows_the_clock_paused_within_two_seconds(site, page, running_round):
    from tests.e2e.conftest import login
    from tests.factories import DEMO_PASSWORD

    event, judge, round_ = running_round
    round_start_clock(actor=judge, round_id=round_.pk)
    player = round_.matches.order_by("table").first().player_a.player
    login(page, site, player.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/me/")
    clock = page.get_by_test_id("clock").first
    expect(clock).not_to_contain_text("Paused")
    page.evaluate("window.stillTheSamePage = true")
    page.wait_for_timeout(500)

    round_pause_clock(actor=judge, round_id=round_.pk)

    expect(clock).to_contain_text("Paused", timeout=WITHIN_MS)
    assert page.evaluate("window.stillTheSamePage") is True


def test_reloading_an_unchanged_pairings_page_is_answered_from_the_browsers_copy(
    site, page, running_round
):
    event, _judge, round_ = running_round
    url = f"{site}/events/{event.pk}/pairings/"
    page.goto(url)
    page.goto(url)  # the reader now has the CSRF cookie the page's forms use
    answers = []
    page.on("response", lambda response: answers.append(response) if response.url == url else None)
    page.reload()
    expect(page.get_by_test_id("pairings")).to_be_visible()
    # Chromium shows the page it kept as the answer; the server's was an empty 304.
    (answer,) = answers
    sent, received = answer.request.all_headers(), answer.all_headers()
    assert sent["if-none-match"] == received["etag"]
    assert received["content-length"] == "0"
    assert page.locator("tr[data-table]").count() == round_.matches.count()


def test_a_page_kept_by_the_browser_counts_down_from_the_servers_time_now(
    site, page, running_round
):
    """The page answered 304 is the copy rendered seconds earlier, with the server time of
    then in it; the live poll's server time puts its countdown right."""
    event, judge, round_ = running_round
    round_start_clock(actor=judge, round_id=round_.pk)
    round_.refresh_from_db()
    url = f"{site}/events/{event.pk}/pairings/"
    page.goto(url)
    page.goto(url)  # with the CSRF cookie: this copy is the one reloads are answered from
    page.wait_for_timeout(6_000)
    page.reload()
    clock = page.locator(".countdown[data-deadline]")
    page.wait_for_timeout(1_500)  # the first poll has answered
    minutes, seconds = clock.inner_text().split(":")
    shown = int(minutes) * 60 + int(seconds)
    left = (round_.ends_at - timezone.now()).total_seconds()
    assert abs(shown - left) <= 2, (shown, left)
