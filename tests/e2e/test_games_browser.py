"""The record checker and the odds calculator in a real browser, in English and Spanish."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)

RECORDS = Path(__file__).resolve().parents[1] / "games" / "engines" / "records"


@pytest.fixture
def console_errors(page):
    """Failed sub-resources (a stylesheet, a script) and script errors, page by page.

    A refused form answers 400 on purpose, so the page's own document is not counted.
    """
    errors: list[str] = []

    def on_response(response):
        if response.status >= 400 and response.request.resource_type != "document":
            errors.append(f"{response.status} {response.url}")

    page.on("response", on_response)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def test_a_judge_checks_an_example_record_then_an_illegal_one(site, page, console_errors):
    page.goto(f"{site}/")
    page.locator("[data-nav=game-records]").click()
    expect(page.get_by_test_id("record-form")).to_be_visible()
    page.get_by_test_id("example-qiahn").click()
    expect(page.get_by_label("Game record (JSON)")).to_contain_text('"qiahn-tactics"')
    page.get_by_test_id("check-record").click()
    expect(page.get_by_test_id("verdict-status")).to_have_text("Legal record")
    expect(page.get_by_test_id("verdict-result")).to_have_text("heads 3, tails 2")
    expect(page.get_by_test_id("round-1-outcome")).to_contain_text("Heads wins as the attacker")
    expect(page.get_by_test_id("round-3")).to_contain_text("Round 3: heads attacks")

    illegal = (RECORDS / "qiahn/invalid/shield-while-attacking.json").read_text(encoding="utf-8")
    page.get_by_label("Game record (JSON)").fill(illegal)
    page.get_by_test_id("check-record").click()
    expect(page.get_by_test_id("verdict-status")).to_have_text("Refused")
    expect(page.get_by_test_id("verdict-error")).to_have_text(
        "round 2, outfit, tails: shield on 'T2' while attacking; the shield is only used by the "
        "defender"
    )
    expect(page.get_by_test_id("verdict-path")).to_have_text("rounds[1].outfit.tails[0].counter")
    expect(page.get_by_test_id("round-1")).to_be_visible()
    assert not console_errors


def test_an_uploaded_goblin_record_in_spanish(site, page, console_errors):
    page.goto(f"{site}/games/records/check/")
    page.get_by_test_id("lang-es").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.get_by_label("…o sube un archivo con el registro").set_input_files(
        str(RECORDS / "goblin/valid/open-captures.json")
    )
    page.get_by_test_id("check-record").click()
    expect(page.get_by_test_id("verdict-status")).to_have_text("Registro legal")
    expect(page.get_by_test_id("verdict-result")).to_have_text("cara 10, cruz 6")
    expect(page.get_by_test_id("round-3")).to_contain_text("Derrotados por equipo especial: T3.")

    page.get_by_label("…o sube un archivo con el registro").set_input_files(
        str(RECORDS / "goblin/invalid/sword-while-defending.json")
    )
    page.get_by_test_id("check-record").click()
    expect(page.get_by_test_id("verdict-error")).to_have_text(
        "ronda 2, cartas, cara: 'sword' solo la juega el atacante"
    )
    assert not console_errors


def test_the_odds_of_a_round(site, page, console_errors):
    page.goto(f"{site}/games/qiahn-tactics/odds/")
    attacker = page.get_by_test_id("vanguard-attacker")
    defender = page.get_by_test_id("vanguard-defender")
    attacker.locator("select[name=attacker_0_type]").select_option("wizard")
    attacker.locator("input[name=attacker_0_gear]").check()
    defender.locator("select[name=defender_0_type]").select_option("footman")
    defender.locator("select[name=defender_0_magic]").select_option("fire")
    page.get_by_test_id("compute-odds").click()
    expect(page.get_by_test_id("odds-attacker")).to_have_text("287/320")
    expect(page.get_by_test_id("odds-draw")).to_have_text("13/320")
    expect(page.get_by_test_id("odds-defender")).to_have_text("1/16")

    # Fire is tails' magic: heads attacking is not offered it; tails attacking is.
    attacker_magic = attacker.locator("select[name=attacker_0_magic]")
    expect(attacker_magic.locator("option[value=fire]")).to_be_disabled()
    expect(attacker_magic.locator("option[value=water]")).to_be_enabled()
    page.locator("select[name=attacker_side]").select_option("tails")
    expect(attacker_magic.locator("option[value=fire]")).to_be_enabled()
    expect(attacker_magic.locator("option[value=water]")).to_be_disabled()
    # The defender's fire (tails' magic) was dropped when the defender became heads.
    expect(defender.locator("select[name=defender_0_magic]")).to_have_value("")
    assert not console_errors


def test_the_record_checker_verdict_fits_a_phone_in_both_languages(site, page):
    page.set_viewport_size({"width": 390, "height": 844})
    record = sorted((RECORDS / "qiahn/valid").glob("*.json"))[0].read_text(encoding="utf-8")
    for lang in ("en", "es"):
        page.goto(f"{site}/{'es/' if lang == 'es' else ''}games/records/check/")
        page.locator("textarea").first.fill(record)
        page.get_by_test_id("check-record").click()
        expect(page.get_by_test_id("verdict-status")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{lang}: the page is {width} px wide"
