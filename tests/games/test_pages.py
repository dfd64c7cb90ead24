"""The record checker and odds pages, in English and Spanish; the navigation entries."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

RECORDS = Path(__file__).parent / "engines" / "records"
pytestmark = pytest.mark.django_db


def record_text(name: str) -> str:
    return (RECORDS / name).read_text(encoding="utf-8")


def test_the_checker_page_and_its_examples(client):
    page = client.get("/games/records/check/")
    assert page.status_code == 200
    assert b'data-testid="record-form"' in page.content
    page = client.get("/games/records/check/?example=qiahn-squad3")
    assert b"qiahn-tactics" in page.content


def test_a_pasted_legal_record_is_replayed_round_by_round(client):
    page = client.post(
        "/games/records/check/", {"record": record_text("qiahn/valid/squad6-every-counter.json")}
    )
    assert page.status_code == 200
    html = page.content.decode()
    assert "Legal record" in html
    assert "heads 4, tails 2" in html
    assert "Round 1: tails attacks" in html
    assert "tails: sword on T1" in html
    assert "7" in html and "Wind sent T5 back" in html
    assert "Earth turned the defeat into a draw." in html
    for number in range(1, 7):
        assert f'data-testid="round-{number}"' in html


def test_an_uploaded_illegal_record_shows_the_first_illegal_step(client):
    upload = SimpleUploadedFile(
        "game.json", record_text("qiahn/invalid/removed-token-deployed.json").encode()
    )
    page = client.post("/games/records/check/", {"file": upload})
    html = page.content.decode()
    assert "Refused" in html
    assert "round 2, deploy, tails: &#x27;T1&#x27; was removed from the game in round 1" in html
    assert "rounds[1].deploy.tails[0]" in html
    assert 'data-testid="round-1"' in html and 'data-testid="round-2"' not in html


def test_a_goblin_record_in_spanish(client):
    page = client.post(
        "/es/games/records/check/", {"record": record_text("goblin/valid/open-survivors.json")}
    )
    html = page.content.decode()
    assert "Registro legal" in html
    assert "cara 14, cruz 11" in html
    assert "Ronda 3: ataca cara" in html
    assert "Derrotados por equipo especial: T3." in html
    assert "Caballero" in html  # card names from the catalogue, in Spanish


def test_bad_input_is_a_form_error_not_a_crash(client):
    page = client.post("/games/records/check/", {"record": ""})
    assert page.status_code == 400
    assert b"Paste a record or choose a file." in page.content
    upload = SimpleUploadedFile("game.json", b"\xff\xfe\x00")
    page = client.post("/games/records/check/", {"file": upload})
    assert page.status_code == 400 and b"not UTF-8" in page.content
    page = client.post("/games/records/check/", {"record": "{nope"})
    assert page.status_code == 200
    assert b"the record is not valid JSON" in page.content


def test_the_odds_page(client):
    page = client.get("/games/qiahn-tactics/odds/")
    assert page.status_code == 200 and b'data-testid="odds-form"' in page.content
    query = {
        "attacker_side": "heads",
        "ruleset": "rulebook-1",
        "attacker_0_type": "wizard",
        "attacker_0_gear": "on",
        "defender_0_type": "footman",
        "defender_0_magic": "fire",
    }
    page = client.get("/games/qiahn-tactics/odds/", query)
    html = page.content.decode()
    assert 'data-testid="odds-attacker">287/320<' in html
    assert "89.69" in html


def test_the_odds_page_explains_an_impossible_round(client):
    query = {
        "attacker_side": "heads",
        "ruleset": "rulebook-1",
        "attacker_0_type": "wizard",
        "attacker_0_magic": "water",
        "attacker_0_copy": "defender-2",
        "defender_0_type": "footman",
    }
    page = client.get("/es/games/qiahn-tactics/odds/", query)
    assert page.status_code == 400
    html = page.content.decode()
    assert 'data-testid="odds-problem"' in html and "agua" in html


def test_water_and_wind_on_the_odds_page(client):
    query = {
        "attacker_side": "heads",
        "ruleset": "family-1",
        "attacker_0_type": "footman",
        "attacker_0_gear": "on",
        "attacker_0_magic": "water",
        "attacker_0_copy": "defender-1",
        "defender_0_type": "wizard",
        "defender_1_type": "wizard",
        "wind": "0",
    }
    page = client.get("/games/qiahn-tactics/odds/", query)
    assert page.status_code == 200
    assert 'data-testid="odds-attacker">1<' in page.content.decode()


def test_the_navigation_links_to_both_pages(client):
    html = client.get("/").content.decode()
    assert 'data-nav="game-records"' in html and 'data-nav="qiahn-odds"' in html


@pytest.mark.parametrize("path", ["/games/qiahn-tactics/odds/", "/games/records/check/"])
@pytest.mark.parametrize(
    ("prefix", "rulebook", "family"),
    [
        ("", "the defeat becomes a draw", "only the carrier survives"),
        ("/es", "la derrota se convierte en empate", "solo sobrevive el portador"),
    ],
)
def test_the_engine_pages_explain_the_two_earth_rulesets(client, path, prefix, rulebook, family):
    html = client.get(prefix + path).content.decode()
    start = html.index('data-testid="earth-rulesets"')
    block = html[start : html.index("</div>", start)]
    rulebook_item = block[block.index('data-ruleset="rulebook-1"') : block.index("</li>")]
    family_item = block[block.index('data-ruleset="family-1"') :]
    assert rulebook in rulebook_item and family not in rulebook_item
    assert family in family_item
