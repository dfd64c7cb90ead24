"""Known-answer records (written by hand from the rulebooks) and their expected verdicts.

``records/expected.json`` holds the verdict every file under ``records/`` must
get; CI runs them all, like perft counts for a chess move generator.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engines.registry import check_record_text

ROOT = Path(__file__).parent / "records"
EXPECTED = json.loads((ROOT / "expected.json").read_text(encoding="utf-8"))
FILES = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("*/*/*.json"))


def test_every_record_file_has_an_expected_verdict():
    assert sorted(EXPECTED) == FILES


def test_valid_and_invalid_folders_hold_what_they_say():
    for name, expected in EXPECTED.items():
        assert expected["valid"] == ("/valid/" in f"/{name}"), name


@pytest.mark.parametrize("name", FILES)
def test_known_answer(name):
    expected = EXPECTED[name]
    verdict = check_record_text((ROOT / name).read_text(encoding="utf-8"))
    assert verdict.valid == expected["valid"], verdict.error_text
    if verdict.valid:
        assert dict(verdict.result) == expected["result"]
        assert len(verdict.rounds) > 0
        return
    error = verdict.error
    assert error.code == expected["code"]
    assert error.kind == expected["kind"]
    assert str(error) == expected["error"]
    if "path" in expected:
        assert error.path == expected["path"]
    if "place" in expected:
        assert error.place.as_dict() == expected["place"]
