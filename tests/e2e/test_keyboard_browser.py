"""Keyboard only, no mouse: a player reports a 2-1 with the play-or-draw record on a phone,
and a drafter picks cards in a booster draft. Once the page is open, focus moves by Tab
and Shift+Tab, choices by the arrow keys and Space, and Enter sends; the test only reads
the page between key presses. Every control reached shows where the focus is."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drafts.models import DraftSeat, Pick
from drafts.services import draft_start
from tests.e2e.conftest import login
from tests.e2e.test_draft_browser import booster_event
from tests.e2e.test_swiss_event_browser import watch
from tests.factories import DEMO_PASSWORD
from tests.tournaments.helpers import add_players, make_event, make_organiser, make_round
from tournaments.models import Match

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
TAB_LIMIT = 80  # key presses to reach a control from the top of a page; far more than needed

# True when the focused element shows it: its own outline, or for the inputs drawn as
# something else (the report's tap buttons, the pack's cards) the outline of what is drawn.
FOCUS_SHOWN = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) { return false; }
  const drawn = el.matches(".tap input") ? el.nextElementSibling
    : el.matches(".pack-choice") ? el.closest(".pack-card") : el;
  const style = getComputedStyle(drawn);
  return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
}"""


def focused(page: Page, selector: str) -> bool:
    return page.evaluate(
        "s => !!document.activeElement && document.activeElement.matches(s)", selector
    )


def tab_to(page: Page, selector: str, *, back: bool = False) -> None:
    """Tab (or Shift+Tab) until the focus is on an element matching ``selector``."""
    key = "Shift+Tab" if back else "Tab"
    for _press in range(TAB_LIMIT):
        page.keyboard.press(key)
        if focused(page, selector):
            assert page.evaluate(FOCUS_SHOWN), f"no visible focus on {selector}"
            return
    raise AssertionError(f"{selector} not reached with {key} in {TAB_LIMIT} presses")


def arrow_to(page: Page, name: str, value: str) -> None:
    """In the radio group ``name`` (focused), check ``value`` with the arrow keys (Space
    first, when nothing in the group is checked yet: Tab focuses without checking)."""
    group = f"input[type=radio][name='{name}']"
    if not page.locator(f"{group}:checked").count():
        page.keyboard.press("Space")
    for _press in range(8):
        if page.locator(f"{group}[value='{value}']").is_checked():
            assert focused(page, f"{group}[value='{value}']")
            assert page.evaluate(FOCUS_SHOWN), f"no visible focus on {name}={value}"
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"{name}={value} not reached with the arrow keys")


@pytest.fixture
def tables():
    event = make_event(make_organiser("kb_orga"), name="Keyboard Open", play_draw_required=True)
    regs = add_players(event, 2, prefix="kb")
    round_ = make_round(event, [(regs[0], regs[1])])
    return event, regs, round_


def test_a_player_reports_a_2_1_with_the_record_by_keyboard(site, page: Page, tables):
    event, regs, round_ = tables
    problems: list[str] = []
    watch(page, problems)
    page.set_viewport_size(PHONE)
    login(page, site, regs[0].player.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/me/")
    form = page.get_by_test_id("report-form")
    expect(form).to_be_visible()
    prefix = form.get_attribute("data-prefix")

    # The score first: the first of the scores is reached with Tab, 2-1 with the arrows.
    tab_to(page, f"input[name='{prefix}score']")
    arrow_to(page, f"{prefix}score", "2-1-0")
    expect(page.locator("[data-game='3']")).to_be_visible()
    # Game 1: my opponent won it, and won the coin and chose to play first.
    tab_to(page, f"input[name='{prefix}g1_winner']")
    arrow_to(page, f"{prefix}g1_winner", "opp")
    tab_to(page, f"input[name='{prefix}g1_random']")
    arrow_to(page, f"{prefix}g1_random", "opp")
    expect(page.locator(f"input[name='{prefix}g1_first'][value=opp]")).to_be_checked()
    # Game 2: I chose to draw, so my opponent played first.
    tab_to(page, f"input[name='{prefix}g2_first']")
    arrow_to(page, f"{prefix}g2_first", "opp")
    # Game 3: I won the die and played first (preset to the chooser).
    tab_to(page, f"input[name='{prefix}g3_random']")
    arrow_to(page, f"{prefix}g3_random", "me")
    expect(page.locator(f"input[name='{prefix}g3_first'][value=me]")).to_be_checked()
    # Back up one group and forward again: Shift+Tab works as well.
    tab_to(page, f"input[name='{prefix}g2_first']", back=True)
    expect(page.locator(f"input[name='{prefix}g2_first'][value=opp]")).to_be_checked()
    tab_to(page, "[data-testid=report-submit]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_test_id("turn")).to_have_attribute("data-waiting", "opponent")

    [report] = Match.objects.get(round=round_, table=1).reports.all()
    assert (report.games_won_a, report.games_won_b) == (2, 1)
    assert [(g["winner"], g.get("chooser"), g.get("choice")) for g in report.games] == [
        ("b", "b", "first"),
        ("a", "a", "second"),
        ("a", "a", "first"),
    ]
    assert problems == []


def test_a_drafter_picks_by_keyboard(site, page: Page):
    event, judge, regs = booster_event(1, bots=3, auction=False, prefix="kbd")
    draft_start(actor=judge, event_id=event.pk)
    problems: list[str] = []
    watch(page, problems)
    page.set_viewport_size(PHONE)
    login(page, site, regs[0].player.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/draft/")
    step = page.get_by_test_id("step")
    expect(step).to_have_text("Pack 1, pick 1")
    cards = page.get_by_test_id("pack-card")
    expect(cards).to_have_count(12)
    names = [cards.nth(i).get_attribute("data-card-name") for i in range(2)]

    # Tab reaches the pack; Space chooses the first card, the down arrow the second instead
    # (a change of mind takes nothing), then Tab to the button and Enter takes it.
    tab_to(page, "input.pack-choice")
    page.keyboard.press("Space")
    expect(page.get_by_test_id("take-card")).to_have_text(f"Take {names[0]}")
    page.keyboard.press("ArrowDown")
    expect(page.get_by_test_id("take-card")).to_have_text(f"Take {names[1]}")
    assert page.evaluate(FOCUS_SHOWN)
    tab_to(page, "[data-testid=take-card]")
    page.keyboard.press("Enter")
    expect(step).to_have_text("Pack 1, pick 2")
    # The next pack came in place of the last: the focus is on its heading, not lost.
    expect(step).to_be_focused()

    # The second pick: Tab into the pack, Space chooses, Enter on the card takes it (the
    # form's button is its default).
    cards = page.get_by_test_id("pack-card")
    expect(cards).to_have_count(11)
    second = cards.first.get_attribute("data-card-name")
    tab_to(page, "input.pack-choice")
    page.keyboard.press("Space")
    expect(page.get_by_test_id("take-card")).to_have_text(f"Take {second}")
    page.keyboard.press("Enter")
    expect(step).to_have_text("Pack 1, pick 3")
    expect(step).to_be_focused()

    seat = DraftSeat.objects.get(registration=regs[0])
    picked = list(
        Pick.objects.filter(seat=seat)
        .order_by("pick_number")
        .values_list("card_instance__card__name", flat=True)
    )
    assert picked == [names[1], second]
    assert problems == []
