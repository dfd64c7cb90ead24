"""Anachronism records through the site: the shipped example, check_record, playout_record,
the validation API and the record checker page (English and Spanish)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from games.engines.registry import check_record

EXAMPLE = (
    Path(__file__).parents[2] / "games" / "data" / "examples" / "anachronism-five-assaults.json"
)
DOC = Path(__file__).parents[2] / "docs" / "anachronism-record.md"


def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_the_shipped_example_is_legal_and_is_the_one_in_the_documentation():
    verdict = check_record(example())
    assert verdict.valid, verdict.error_text
    assert verdict.result == {"north": 0, "south": 1}
    assert len(verdict.rounds) == 5
    documented = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)
    assert json.loads(documented) == example()


def run(command: str, *args: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command(command, *args, stdout=out, stderr=io.StringIO())
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue()


def test_check_record_judges_the_example_and_a_broken_copy(tmp_path):
    broken = example()
    broken["assaults"][0]["turns"][0]["actions"][0] = {"do": "move", "to": "a5", "face": "north"}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    code, out = run("check_record", "--json", str(EXAMPLE), str(path))
    assert code == 1
    good, bad = json.loads(out)
    assert good["valid"] is True and good["result"] == {"north": 0, "south": 1}
    assert bad["valid"] is False
    assert bad["error"].startswith("assault 1, actions, south: 'a5' is not one square")
    assert bad["error_detail"]["path"] == "assaults[0].turns[0].actions[0].to"


@pytest.mark.parametrize("game", ["anachronism", "qiahn", "goblin"])
def test_playout_record_writes_a_legal_record_that_check_record_accepts(game, tmp_path):
    code, out = run("playout_record", "--game", game, "--seed", "11")
    assert code == 0
    assert run("playout_record", "--game", game, "--seed", "11")[1] == out  # same seed, same record
    path = tmp_path / "record.json"
    path.write_text(out, encoding="utf-8")
    assert run("check_record", str(path))[0] == 0


def test_the_validation_api_replays_an_anachronism_record_and_locates_a_refusal():
    api = APIClient()
    url = "/api/games/records/validate/"
    data = api.generic("POST", url, EXAMPLE.read_text(), content_type="application/json").json()
    assert data["valid"] is True and data["game"] == "anachronism"
    assert len(data["rounds"]) == 5 and data["rounds"][1]["discards"]["south"] == ["great-axe"]
    record = example()
    record["sides"]["south"]["supports"] = record["sides"]["south"]["supports"][:3]
    response = api.generic(
        "POST", url, json.dumps(record), content_type="application/json", HTTP_ACCEPT_LANGUAGE="es"
    )
    assert response.status_code == 200
    refused = response.json()
    assert refused["valid"] is False
    assert refused["error_detail"]["path"] == "sides.south.supports"
    assert "cada bando coloca 4 cartas de apoyo, no 3" in refused["error"]


def test_the_record_checker_page_shows_the_example_and_a_spanish_refusal(client):
    page = client.get(reverse("games:check") + "?example=anachronism")
    assert page.status_code == 200 and b"anachronism-sample" in page.content
    record = example()
    record["assaults"][1]["discards"] = {}
    response = client.post("/es/games/records/check/", {"record": json.dumps(record)})
    assert response.status_code == 200
    text = response.content.decode()
    assert "asalto 2, descartes, sur" in text
    assert "debe descartar" in text
