"""Every page reachable from the home page, checked with axe-core: as four people (nobody
logged in, a player in a running event and a booster draft, a judge of those events, a
site admin), in English and Spanish, at a phone's size and a desktop's. No serious or
critical violation (contrast, labels, names of buttons, landmarks, ids, focus order).

The crawl follows same-site links breadth first, once per route (links that differ only
in ids lead to the same template; tests/e2e/a11y.py says what is folded and what is not
followed), at the desktop size; each page is checked there, then again at the phone size
in the same tab (the layout follows the viewport; no reload). The page's timers are
cleared and its requests answered first, so nothing changes the page while axe reads it.

The site admin sees an event's pages as its judge does, with a few more controls: the
admin's crawl checks its home page and the routes the judge's did not reach (the admin
index, a new event, an event's settings), so the run stays within a minute or two.
"""

from __future__ import annotations

import io
import time
from collections import Counter

import pytest
from django.core.management import call_command
from playwright.sync_api import Page

from accounts.demo import ADMIN_PASSWORD, JUDGE_PASSWORD, PLAYER_PASSWORD
from tests.e2e.a11y import (
    COUNT_REQUESTS,
    DESKTOP,
    PHONE,
    Finding,
    axe_findings,
    crawl,
    hold_still,
)
from tests.e2e.test_swiss_event_browser import submit
from tournaments.models import Event, Match, Registration
from tournaments.models.choices import EventFormat, MatchStatus, RegistrationStatus, StaffRole

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGES = {"en": ("en-GB", "/"), "es": ("es-ES", "/es/")}
# Routes each crawl must reach, so a link lost on the way shows as a failure, not as fewer
# pages checked.
REACHED = {
    "anonymous": {
        "/events/",
        "/rulings/cards/",
        "/games/qiahn-tactics/odds/",
        "/accounts/login/",
        "/metagame/",
    },
    "player": {"/events/<id>/me/", "/events/<id>/draft/", "/events/<id>/standings/"},
    "judge": {
        "/events/<id>/judge/players/",
        "/events/<id>/judge/draft/",
        "/events/<id>/judge/calls/",
        "/events/matches/<id>/result/",
    },
    "admin": {
        "/admin/",
        "/events/new/",
        "/events/<id>/edit/",
        "/events/<id>/webhooks/",
        "/rulings/metagame/",
    },
}
ROUTE_LIMIT = 80  # routes per crawl; far more than any role reaches


@pytest.fixture
def world(db) -> dict[str, tuple[str, str] | None]:
    """The demo site (a registration-open event, a running Swiss event in round 2, a booster
    draft at its deck auction), plus a booster draft at its picks; the logins of the four
    roles. The player is one whose round-2 match has no report yet (the demo's pairings are
    drawn, so who that is varies), drafting in the new draft as well."""
    from accounts.models import User
    from drafts.services import draft_configure, draft_start
    from drafts.services.demo import DRAFT_EVENT
    from tournaments.demo import RUNNING_EVENT
    from tournaments.services.events import event_create, staff_set

    call_command("demo_data", stdout=io.StringIO())
    organiser, judge = User.objects.get(username="judge1"), User.objects.get(username="judge2")
    open_match = Match.objects.filter(
        round__event__name=RUNNING_EVENT,
        round__number=2,
        status=MatchStatus.PENDING,
        player_b__isnull=False,
    ).first()
    player = open_match.player_a.player
    event = event_create(
        actor=organiser,
        name="Demo: Picks in progress",
        date=Event.objects.get(name=DRAFT_EVENT).date,
        format=EventFormat.BOOSTER_DRAFT,
        swiss_rounds=3,
    )
    staff_set(actor=organiser, event_id=event.pk, user=judge, role=StaffRole.JUDGE)
    Registration.objects.create(event=event, player=player, status=RegistrationStatus.CHECKED_IN)
    draft_configure(
        actor=organiser,
        event_id=event.pk,
        pack_editions=["DV", "DV", "SU", "SU"],
        bots=3,
        auction=False,
        building_seconds=900,
    )
    draft_start(actor=organiser, event_id=event.pk)
    return {
        "anonymous": None,
        "player": (player.username, PLAYER_PASSWORD),
        "judge": (judge.username, JUDGE_PASSWORD),
        "admin": ("admin", ADMIN_PASSWORD),
    }


def log_in(page: Page, site: str, username: str, password: str) -> None:
    page.goto(f"{site}/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    submit(page, page.get_by_test_id("submit"))


def check_pages(
    browser,
    browser_context_args,
    site: str,
    login: tuple[str, str] | None,
    language: str,
    checked: set[str],
) -> tuple[set[str], list[str], list[Finding]]:
    """Crawl the site as the person ``login`` (None: nobody) in ``language``; check each
    page whose route is not in ``checked`` yet (the home page always), at both sizes.
    Returns the routes reached, the pages checked and what axe found on them."""
    locale, home = LANGUAGES[language]
    reached: set[str] = set()
    pages: list[str] = []
    findings: list[Finding] = []
    context = browser.new_context(**{**browser_context_args, "locale": locale})
    try:
        context.add_init_script(COUNT_REQUESTS)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.set_viewport_size(DESKTOP)
        if login is not None:
            log_in(page, site, *login)
        anonymous = login is None
        for key, url in crawl(page, site, home, anonymous=anonymous, limit=ROUTE_LIMIT):
            reached.add(key)
            if key in checked and key != "/":
                continue
            checked.add(key)
            pages.append(url.removeprefix(site))
            hold_still(page)
            findings += axe_findings(page, "desktop")
            page.set_viewport_size(PHONE)
            findings += axe_findings(page, "phone")
            page.set_viewport_size(DESKTOP)
    finally:
        context.close()
    return reached, pages, findings


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("roles", [("anonymous",), ("player",), ("judge", "admin")], ids="+".join)
def test_no_serious_accessibility_violation_on_any_page(
    roles, language, site, world, browser, browser_context_args
):
    started = time.monotonic()
    findings: list[Finding] = []
    report = []
    checked: set[str] = set()
    for role in roles:
        reached, pages, found = check_pages(
            browser, browser_context_args, site, world[role], language, checked
        )
        assert REACHED[role] <= reached, f"{role} did not reach {REACHED[role] - reached}"
        findings += found
        report.append(f"  {role}: {len(pages)} pages: {' '.join(pages)}")
    elapsed = time.monotonic() - started
    print(f"\naxe, {'+'.join(roles)}, {language}: {elapsed:.1f} s")
    print("\n".join(report))
    for (rule, impact), n in sorted(Counter((f.rule, f.impact) for f in findings).items()):
        print(f"  {rule} ({impact}): {n}")
    assert findings == [], f"{len(findings)} serious or critical:\n" + "\n".join(
        f.line() for f in findings
    )
