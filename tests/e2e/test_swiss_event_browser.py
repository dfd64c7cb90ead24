"""A small Swiss event end to end in a real browser: an organiser creates it, six players
register and are checked in, three rounds are reported by both players of every match (one
table game by game), a dispute is settled by a judge, a player drops, the standings and the
CSV exports agree with the pages, and a top-4 cut is played to a winner."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.test import Client
from playwright.sync_api import Page, expect

from tests.e2e.conftest import login
from tests.factories import DEMO_PASSWORD, UserFactory
from tournaments.rules import ORGANISERS_GROUP

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ana Arce", "Ben Bravo", "Cai Cobo", "Dee Diaz", "Eli Egea", "Fay Faro"]
DROPS = "Fay Faro"


class Event:
    def __init__(self, site: str, pk: int) -> None:
        self.site, self.pk = site, pk

    def url(self, path: str = "") -> str:
        return f"{self.site}/events/{self.pk}/{path}"


def watch(page: Page, problems: list[str]) -> None:
    """Accept confirmation prompts; collect script errors, CSP refusals and failed loads."""
    page.on("dialog", lambda dialog: dialog.accept())
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "response",
        lambda response: (
            problems.append(f"{response.status} {response.url}")
            if response.status >= 400 and not response.url.endswith("/favicon.ico")
            else None
        ),
    )
    # Failed loads are caught above by status (the browser's own favicon.ico is not ours).
    page.on(
        "console",
        lambda msg: (
            problems.append(msg.text)
            if msg.type == "error" and not msg.text.startswith("Failed to load resource")
            else None
        ),
    )


def submit(page: Page, locator) -> None:
    with page.expect_navigation():
        locator.click()


def create_event(page: Page, site: str) -> Event:
    page.goto(f"{site}/events/new/")
    page.locator("#id_name").fill("Browser Open")
    page.locator("#id_date").fill("2026-12-05")
    page.locator("#id_swiss_rounds").fill("3")
    page.locator("#id_top_cut").select_option("4")
    # On by default for Humankind; this event's players report scores only.
    expect(page.locator("#id_play_draw_required")).to_be_checked()
    page.locator("#id_play_draw_required").uncheck()
    submit(page, page.get_by_test_id("submit"))
    expect(page.get_by_test_id("event-name")).to_have_text("Browser Open")
    pk = int(re.search(r"/events/(\d+)/", page.url).group(1))
    return Event(site, pk)


def session_cookie(user, site: str) -> dict:
    """A logged-in session for a player (the judge logs in through the form)."""
    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": site,
    }


def register(page: Page, event: Event) -> None:
    page.goto(event.url())
    submit(page, page.get_by_test_id("register"))
    expect(page.get_by_test_id("my-status")).to_contain_text("You are registered.")


def check_everyone_in(judge: Page, event: Event) -> None:
    judge.goto(event.url("judge/players/"))
    buttons = judge.get_by_test_id("check-in")
    # Each row checks in without a page load (htmx swaps the row and the counts).
    for done in range(1, buttons.count() + 1):
        buttons.first.click()
        expect(judge.get_by_test_id("undo-check-in")).to_have_count(done)
    expect(judge.get_by_test_id("check-in")).to_have_count(0)


def pair_publish_and_start(judge: Page, event: Event, number: int) -> None:
    judge.goto(event.url("judge/"))
    submit(judge, judge.get_by_test_id("pair-next"))
    expect(judge.get_by_test_id("round-head")).to_have_attribute("data-round", str(number))
    submit(judge, judge.get_by_test_id("publish"))
    submit(judge, judge.get_by_test_id("clock-start"))
    expect(judge.locator(".countdown[data-deadline]").first).to_have_text(re.compile(r"^\d+:\d\d"))


def report(page: Page, event: Event, name: str, *, dispute: bool = False, games: bool = False):
    """Report my match from my side: the alphabetically first player wins 2-1 (in a dispute,
    both claim 2-0). Returns my opponent's name, or None for a bye or no match."""
    page.goto(event.url("me/"))
    if page.get_by_test_id("opponent").count() == 0:
        return None
    opponent = page.get_by_test_id("opponent").inner_text()
    i_win = dispute or name < opponent
    mine, theirs = (2, 0) if dispute else ((2, 1) if i_win else (1, 2))
    page.get_by_test_id("score-pick").get_by_text(f"{mine}-{theirs}", exact=True).click()
    if games:
        # Game by game: I lost game 1 (so I chose in game 2, and drew); I won game 1's die
        # and played first; game 3's die went to my opponent, who played first.
        page.get_by_text("Game by game").click()
        row = "[data-game='{}'] [data-part={}] label:has(input[value={}])"
        page.locator(row.format(1, "winner", "opp")).click()
        page.locator(row.format(1, "random", "me")).click()
        page.locator(row.format(1, "first", "me")).click()
        expect(page.locator("[data-game='2'] [data-chooser]")).to_have_text(
            "You choose to play or draw."
        )
        page.locator(row.format(2, "first", "opp")).click()
        page.locator(row.format(3, "random", "opp")).click()
        page.locator(row.format(3, "first", "opp")).click()
    submit(page, page.get_by_test_id("report-submit"))
    # The second report of a dispute gets a warning (a judge will settle), the others a success.
    expect(page.locator(".message.success, .message.warning")).to_be_visible()
    return opponent


def play_round(players: dict[str, Page], event: Event, *, dispute_by: str = "", games_by: str = ""):
    dispute_pair: set[str] = set()
    if dispute_by:
        opponent = report(players[dispute_by], event, dispute_by, dispute=True)
        dispute_pair = {dispute_by, opponent}
    for name, page in players.items():
        if name in dispute_pair and name == dispute_by:
            continue
        report(page, event, name, dispute=name in dispute_pair, games=name == games_by)
    return dispute_pair


def settle_the_dispute(judge: Page, event: Event, pair: set[str]) -> None:
    judge.goto(event.url("judge/"))
    expect(judge.get_by_test_id("disputed-count")).to_have_text("1 disputed")
    submit(judge, judge.locator("tr[data-status=disputed] [data-testid=result-link]"))
    expect(judge.get_by_test_id("report-score")).to_have_count(2)
    for name in pair:
        expect(judge.get_by_test_id("reports")).to_contain_text(f"{name} reported")
    judge.locator("select[name='result-wins_a']").select_option("2")
    judge.locator("select[name='result-wins_b']").select_option("1")
    judge.locator("#id_result-reason").fill("Both players agreed after a judge call")
    submit(judge, judge.get_by_test_id("result-submit"))
    expect(judge.get_by_test_id("disputed-count")).to_have_text("0 disputed")


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def check_standings_against_export(page: Page, event: Event) -> list[str]:
    page.goto(event.url("standings/"))
    shown = []
    for row in page.locator("table[data-testid=standings] tbody tr").all():
        shown.append(
            (
                row.locator("[data-column=rank]").inner_text(),
                row.get_attribute("data-player"),
                row.locator("[data-column=match_points]").inner_text(),
                row.locator("[data-column=record]").inner_text(),
            )
        )
    exported = rows_of(page.request.get(event.url("export/standings.csv")).text())
    assert [(r["rank"], r["player"], r["match_points"]) for r in exported] == [s[:3] for s in shown]
    assert [f"{r['wins']}-{r['losses']}-{r['draws']}" for r in exported] == [s[3] for s in shown]
    dropped = [r["player"] for r in exported if r["dropped"] == "1"]
    assert dropped == [DROPS]
    expect(page.locator(f"tr[data-player='{DROPS}'] [data-testid=dropped]")).to_be_visible()
    return [s[1] for s in shown]


def check_matches_against_pairings(page: Page, event: Event, rounds: int) -> None:
    exported = rows_of(page.request.get(event.url("export/matches.csv")).text())
    for number in range(1, rounds + 1):
        page.goto(event.url(f"pairings/?round={number}"))
        shown = {}
        for row in page.locator("table[data-testid=pairings] tbody tr").all():
            a = row.locator("[data-side=a]").inner_text().rsplit(" (", 1)[0]
            b = row.locator("[data-side=b]").inner_text().rsplit(" (", 1)[0]
            shown[row.get_attribute("data-table")] = (
                a,
                b,
                row.locator("[data-result]").inner_text(),
            )
        in_csv = {
            m["table"]: (
                m["player_a"],
                m["player_b"] or "Bye",
                f"{m['games_won_a']}-{m['games_won_b']}" if m["player_b"] else "Bye",
            )
            for m in exported
            if m["round"] == str(number)
        }
        assert shown == in_csv, number


def test_a_small_swiss_event_end_to_end(site, page, new_context):
    organiser = UserFactory(username="orga", display_name="Olga Organiser")
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    users = [UserFactory(username=f"p{i}", display_name=name) for i, name in enumerate(NAMES)]

    problems: list[str] = []
    judge = page
    watch(judge, problems)
    login(judge, site, "orga", DEMO_PASSWORD)
    event = create_event(judge, site)

    players: dict[str, Page] = {}
    for i, name in enumerate(NAMES):
        context = new_context()
        context.add_cookies([session_cookie(users[i], site)])
        player_page = context.new_page()
        player_page.set_default_timeout(10_000)
        watch(player_page, problems)
        register(player_page, event)
        players[name] = player_page

    check_everyone_in(judge, event)

    # Round 1: every table reported by both players; one player gives the games.
    pair_publish_and_start(judge, event, 1)
    play_round(players, event, games_by="Ana Arce")
    judge.goto(event.url("judge/"))
    expect(judge.get_by_test_id("progress")).to_contain_text("3 of 3 confirmed")

    # Round 2: one table disputed, settled by the judge; then a player drops.
    pair_publish_and_start(judge, event, 2)
    pair = play_round(players, event, dispute_by="Ana Arce")
    settle_the_dispute(judge, event, pair)
    dropper = players[DROPS]
    dropper.goto(event.url("me/"))
    submit(dropper, dropper.get_by_test_id("drop-link"))
    submit(dropper, dropper.get_by_test_id("drop-confirm"))
    expect(dropper.get_by_test_id("my-status")).to_contain_text("You dropped after round 2.")

    # Round 3: five players left, one bye; the dropped player is not paired.
    pair_publish_and_start(judge, event, 3)
    judge.goto(event.url("pairings/by-name/"))
    expect(judge.get_by_test_id("pairings-by-name")).not_to_contain_text(DROPS)
    dropper.goto(event.url("me/"))
    expect(dropper.get_by_test_id("no-match")).to_contain_text("You have no match in round 3.")
    active = {name: p for name, p in players.items() if name != DROPS}
    play_round(active, event)

    final_order = check_standings_against_export(judge, event)
    check_matches_against_pairings(judge, event, 3)

    # Top 4: seeded from the standings, single elimination, same reporting.
    judge.goto(event.url("judge/"))
    submit(judge, judge.get_by_test_id("top-cut-start"))
    expect(judge.locator("table[data-testid=dashboard-matches]")).to_contain_text(
        "Seed 1 against seed 4."
    )
    top4 = [name for name in final_order if name != DROPS][:4]
    for name in top4:
        expect(judge.locator("table[data-testid=dashboard-matches]")).to_contain_text(name)
    submit(judge, judge.get_by_test_id("publish"))
    play_round({name: players[name] for name in top4}, event)
    judge.goto(event.url("judge/"))
    submit(judge, judge.get_by_test_id("top-cut-advance"))
    submit(judge, judge.get_by_test_id("publish"))
    finalists = []
    for name in top4:
        if report(players[name], event, name) is not None:
            finalists.append(name)
    assert len(finalists) == 2
    judge.goto(event.url("judge/"))
    submit(judge, judge.get_by_test_id("top-cut-advance"))
    expect(judge.get_by_test_id("event-status")).to_have_text("Finished")
    expect(judge.get_by_test_id("champion")).to_have_text(f"Winner: {min(finalists)}")

    # The audit log kept the judge's decisions.
    judge.goto(event.url("judge/audit/"))
    audit = judge.get_by_test_id("audit")
    expect(audit.locator("tr[data-action='result.set']")).to_contain_text(
        "Both players agreed after a judge call"
    )
    expect(audit.locator("tr[data-action='registration.drop']")).to_have_count(1)
    assert problems == []
