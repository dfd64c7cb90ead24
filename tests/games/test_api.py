"""The games API: validate a record (nothing saved), exact odds, reachable scores, schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rest_framework.test import APIClient

RECORDS = Path(__file__).parent / "engines" / "records"


@pytest.fixture
def api():
    return APIClient()


def post_record(api, text: str | bytes, **headers):
    return api.generic(
        "POST", "/api/games/records/validate/", text, content_type="application/json", **headers
    )


def test_a_legal_record_gets_its_replayed_result_and_rounds(api):
    text = (RECORDS / "qiahn/valid/squad6-every-counter.json").read_text(encoding="utf-8")
    response = post_record(api, text)
    assert response.status_code == 200
    data = response.json()
    assert data["valid"] is True and data["game"] == "qiahn-tactics"
    assert data["result"] == {"heads": 4, "tails": 2}
    assert len(data["rounds"]) == 6
    first = data["rounds"][0]
    assert first["attacker"] == "tails"
    assert first["totals"] == {"tails": 10, "heads": 11}
    assert first["removed"] == ["T1"]
    short = api.generic(
        "POST", "/api/games/records/validate/?rounds=false", text, content_type="application/json"
    ).json()
    assert "rounds" not in short


def test_an_illegal_record_gets_the_first_illegal_step_located(api):
    text = (RECORDS / "qiahn/invalid/shield-while-attacking.json").read_text(encoding="utf-8")
    data = post_record(api, text).json()
    assert data["valid"] is False
    assert data["error"].startswith("round 2, outfit, tails: shield on 'T2' while attacking")
    detail = data["error_detail"]
    assert detail["code"] == "outfit.shield_attacking"
    assert detail["place"] == {"round": 2, "phase": "outfit", "side": "tails"}
    assert detail["path"] == "rounds[1].outfit.tails[0].counter"
    assert len(data["rounds"]) == 1


def test_the_reason_comes_in_the_readers_language(api):
    text = (RECORDS / "goblin/invalid/sword-while-defending.json").read_text(encoding="utf-8")
    data = post_record(api, text, HTTP_ACCEPT_LANGUAGE="es").json()
    assert data["error"] == "ronda 2, cartas, cara: 'sword' solo la juega el atacante"
    assert data["error_detail"]["code"] == "play.role"


def test_shape_errors_are_verdicts_with_paths_and_bad_json_is_a_400(api):
    data = post_record(api, '{"format": 1, "game": "qiahn-tactics", "format": 1}').json()
    assert data["valid"] is False and data["error_detail"]["code"] == "syntax.duplicate_key"
    data = post_record(api, json.dumps({"game": "chess"})).json()
    assert data["error_detail"]["kind"] == "unsupported"
    data = post_record(api, json.dumps([1, 2])).json()
    assert data["error_detail"]["code"] == "syntax.type"
    response = post_record(api, "{not json")
    assert response.status_code == 400
    assert response.json()["code"] == "record.not_json"
    response = post_record(api, b"\xff\xfe")
    assert response.status_code == 400


def test_a_huge_body_is_refused(api):
    response = post_record(api, json.dumps({"pad": "x" * 300_000}))
    assert response.status_code == 400
    assert response.json()["code"] == "record.too_large"


def test_validation_saves_nothing_and_needs_no_login(api, django_assert_num_queries, db):
    text = (RECORDS / "goblin/valid/open-survivors.json").read_text(encoding="utf-8")
    with django_assert_num_queries(0):
        assert post_record(api, text).json()["valid"] is True


def test_games_list(api):
    games = api.get("/api/v1/games/").json()["results"]
    assert [g["game"] for g in games] == ["qiahn-tactics", "qiahn-goblin-ii", "anachronism"]


def test_exact_odds(api):
    body = {
        "attacker_side": "heads",
        "attacker": [{"type": "wizard", "gear": True}],
        "defender": [{"type": "footman", "magic": "fire"}],
    }
    data = api.post("/api/games/qiahn-tactics/odds/", body, format="json").json()
    assert data["attacker_wins"] == "287/320"
    assert data["draw"] == "13/320"
    assert data["defender_wins"] == "1/16"
    assert sum(data["as_float"].values()) == pytest.approx(1)


def test_odds_of_an_impossible_round_are_a_400_with_the_reason(api):
    body = {
        "attacker": [{"type": "wizard", "magic": "fire"}],
        "defender": [{"type": "footman"}],
    }
    response = api.post("/api/games/qiahn-tactics/odds/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "odds.magic"
    response = api.post(
        "/api/games/qiahn-tactics/odds/",
        {"attacker": [{"type": "dragon"}], "defender": []},
        format="json",
    )
    assert response.status_code == 400
    assert "attacker" in response.json()


def test_reachable_scores(api):
    data = api.get("/api/games/qiahn-tactics/reachable-scores/", {"squad": 3}).json()
    assert data["ruleset"] == "rulebook-1"
    assert {"heads": 0, "tails": 0} not in data["scores"]
    assert len(data["scores"]) == 15
    assert api.get("/api/games/qiahn-tactics/reachable-scores/", {"squad": 4}).status_code == 400


def test_the_schema_documents_every_record_format(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    assert "GameRecord" in components or "GameRecordRequest" in components
    record = components.get("QiahnRecordRequest") or components["QiahnRecord"]
    assert set(record["required"]) >= {"format", "game", "ruleset", "squad", "rounds", "result"}
    goblin = components.get("GoblinRecordRequest") or components["GoblinRecord"]
    assert "catalogue" in goblin["properties"]
    anachronism = components.get("AnachronismRecordRequest") or components["AnachronismRecord"]
    assert set(anachronism["required"]) >= {"format", "game", "sides", "assaults", "result"}
    operation = schema["paths"]["/api/v1/games/records/validate/"]["post"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    assert len(examples) == 3
