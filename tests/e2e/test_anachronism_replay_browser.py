"""The Anachronism replay page in a real browser: upload a record, step through the arena
forward and back (links only, no inline script), in English and Spanish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "games"
    / "data"
    / "examples"
    / "anachronism-five-assaults.json"
)


@pytest.fixture
def problems(page):
    """Failed sub-resources, script errors and content-security refusals, page by page."""
    errors: list[str] = []

    def on_response(response):
        if response.status >= 400 and response.request.resource_type != "document":
            errors.append(f"{response.status} {response.url}")

    page.on("response", on_response)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )
    return errors


def shown(page):
    """The one step the page shows."""
    frames = page.locator("[data-testid=frame]:visible")
    expect(frames).to_have_count(1)
    return frames.first


def test_upload_a_record_and_step_through_the_arena(site, page, problems):
    page.goto(f"{site}/games/anachronism/replay/")
    page.get_by_label("…or upload a record file").set_input_files(str(EXAMPLE))
    page.get_by_test_id("replay-record").click()
    expect(page.get_by_test_id("verdict-status")).to_have_text("Legal record")
    expect(page.get_by_test_id("verdict-result")).to_have_text("north 0, south 1")

    frame = shown(page)
    expect(frame.get_by_test_id("frame-title")).to_contain_text("Set-up")
    expect(frame.get_by_test_id("frame-title")).to_contain_text("step 1 of 36")
    expect(frame.get_by_test_id("warrior-north")).to_have_count(0)  # nobody placed yet

    frame.get_by_test_id("step-forward").click()
    frame = shown(page)
    expect(frame.get_by_test_id("step-text")).to_contain_text("Placement roll: north 9 (3+6)")
    frame.get_by_test_id("step-forward").click()
    frame = shown(page)
    expect(frame.get_by_test_id("step-text")).to_have_text("North places Fen Archer on e5.")
    expect(frame.get_by_test_id("warrior-north")).to_be_visible()
    expect(frame.get_by_test_id("warrior-south")).to_have_count(0)

    # Back, then forward again: the same steps.
    frame.get_by_test_id("step-back").click()
    expect(shown(page).get_by_test_id("step-text")).to_contain_text("Placement roll")
    shown(page).get_by_test_id("step-forward").click()
    expect(shown(page).get_by_test_id("step-text")).to_contain_text("North places")

    # Jump to assault 3 and step to the critical hit: the target square is highlighted
    # and north's life bar shrinks.
    page.get_by_test_id("assault-links").get_by_role("link", name="Assault 3").click()
    frame = shown(page)
    expect(frame.get_by_test_id("frame-title")).to_contain_text("Assault 3")
    for _ in range(3):
        frame.get_by_test_id("step-forward").click()
        frame = shown(page)
    expect(frame.get_by_test_id("step-text")).to_contain_text(
        "Mountain Shieldbearer (south) attacks e3 with a basic attack: 13 against 8. "
        "Critical hit: 2 damage."
    )
    expect(frame.get_by_test_id("target")).to_have_count(1)
    expect(frame.get_by_test_id("life-bar-north")).to_have_attribute("width", "29.3")
    expect(frame.get_by_test_id("side-north")).to_contain_text("life 4/6")
    assert re.search(r"#step-18$", page.url)

    # The keyboard steps too (the small static script), and the last step ends the game.
    page.keyboard.press("ArrowLeft")
    expect(shown(page).get_by_test_id("step-text")).to_contain_text("discards Crested helm")
    page.get_by_test_id("assault-links").get_by_role("link", name="Assault 5").click()
    for _ in range(5):
        shown(page).get_by_test_id("step-forward").click()
    frame = shown(page)
    expect(frame.get_by_test_id("step-text")).to_contain_text(
        "The game is over: south wins (more life left after assault 5)."
    )
    expect(frame.get_by_test_id("step-forward")).to_have_count(0)
    assert not problems


def test_from_the_record_checker_to_the_replay_in_spanish(site, page, problems):
    page.goto(f"{site}/games/records/check/?example=anachronism")
    page.get_by_test_id("lang-es").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.get_by_test_id("check-record").click()
    expect(page.get_by_test_id("verdict-status")).to_have_text("Registro legal")
    page.get_by_test_id("replay-link").click()
    expect(page.locator("h1")).to_have_text("Repetición de Anachronism")
    frame = shown(page)
    expect(frame.get_by_test_id("frame-title")).to_contain_text("Preparación")
    frame.get_by_test_id("step-forward").click()
    expect(shown(page).get_by_test_id("step-text")).to_contain_text("Tirada de colocación")
    page.screenshot(path=str(Path("/tmp") / "anachronism-replay-es.png"), full_page=True)
    assert not problems


def test_an_illegal_record_is_replayed_up_to_its_refused_step(site, page, problems):
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        '{"do": "move", "to": "e1", "face": "south"}', '{"do": "move", "to": "a5", "face": "north"}'
    )
    page.goto(f"{site}/games/anachronism/replay/")
    page.get_by_label("Game record (JSON)").fill(text)
    page.get_by_test_id("replay-record").click()
    expect(page.get_by_test_id("verdict-status")).to_have_text("Refused")
    expect(page.get_by_test_id("verdict-error")).to_contain_text("assault 1, actions, south: 'a5'")
    expect(page.locator("[data-testid=frame]")).to_have_count(4)  # set-up steps only
    assert not problems
