"""An integer literal past Python's int-string limit is a located refusal, never a crash."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from games.engines.registry import check_record_text

EXAMPLE = Path(__file__).resolve().parents[2] / "games/data/examples/qiahn-squad3.json"
HUGE = "9" * 4400


def record_with_huge_squad() -> str:
    return EXAMPLE.read_text(encoding="utf-8").replace('"squad": 3', f'"squad": {HUGE}')


def test_the_engine_names_the_path_of_the_huge_number():
    verdict = check_record_text(record_with_huge_squad())
    assert not verdict.valid
    assert verdict.error.path == "squad"
    assert "4400 digits" in verdict.error.params["shown"]


@pytest.mark.django_db
def test_the_validation_api_refuses_it_with_its_place():
    response = APIClient().post(
        "/api/games/records/validate/", record_with_huge_squad(), content_type="application/json"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    assert "squad" in body["error"]
    assert "a number too long to read" in body["error"]


@pytest.mark.django_db
def test_the_checker_page_shows_the_refusal(client):
    page = client.post("/games/records/check/", {"record": record_with_huge_squad()})
    assert page.status_code == 200
    assert "a number too long to read" in page.content.decode()


def test_check_record_prints_a_verdict_not_a_traceback():
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command(
            "check_record",
            "--json",
            "-",
            stdin=io.StringIO(record_with_huge_squad()),
            stdout=out,
            stderr=err,
        )
    assert exit_.value.code == 1
    [verdict] = json.loads(out.getvalue())
    assert verdict["valid"] is False
    assert "squad" in verdict["error"]
