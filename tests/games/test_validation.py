"""The service the tournaments app calls, and the Spanish table of every engine message."""

from __future__ import annotations

import gettext
import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from games.engines.messages import JSON_TYPE_LABELS, MESSAGES, PHASE_LABELS, SIDE_LABELS
from games.messages import error_text
from games.validation import (
    RecordRefused,
    is_reachable_score,
    refusal_message,
    refuse_unless_valid,
    validate_match_record,
)

RECORDS = Path(__file__).parent / "engines" / "records"
MO = Path(__file__).resolve().parents[2] / "games" / "locale" / "es" / "LC_MESSAGES" / "django.mo"


def load(name: str) -> dict:
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


SQUAD3 = load("qiahn/valid/squad3-contract-example.json")


def test_a_record_that_replays_to_the_reported_score_is_accepted():
    verdict = validate_match_record(
        "qiahn-tactics", SQUAD3, {"heads": 3, "tails": 2}, squad=3, ruleset="rulebook-1"
    )
    assert verdict.valid
    refuse_unless_valid(verdict)  # does not raise


@pytest.mark.parametrize(
    ("game", "record", "score", "options", "code"),
    [
        (
            "qiahn-tactics",
            SQUAD3,
            {"heads": 3, "tails": 1},
            {"squad": 3},
            "result.reported_mismatch",
        ),
        ("qiahn-tactics", SQUAD3, None, {"squad": 6}, "event.wrong_setting"),
        ("qiahn-tactics", SQUAD3, None, {"ruleset": "family-1"}, "event.wrong_setting"),
        ("qiahn-goblin-ii", SQUAD3, None, {}, "event.wrong_game"),
        (
            "qiahn-tactics",
            None,
            {"heads": 0, "tails": 0},
            {"squad": 3, "ruleset": "family-1"},
            "result.unreachable",
        ),
        (
            "qiahn-tactics",
            None,
            {"heads": 7, "tails": 0},
            {"squad": 6, "ruleset": "family-1"},
            "result.score_range",
        ),
        (
            "qiahn-tactics",
            None,
            {"heads": 1, "tails": 0},
            {"require_record": True},
            "event.record_required",
        ),
        ("qiahn-tactics", load("qiahn/invalid/sword-reused.json"), None, {}, "outfit.counter_used"),
    ],
)
def test_refusals_carry_the_engines_code_and_a_translated_reason(
    game, record, score, options, code
):
    verdict = validate_match_record(game, record, score, **options)
    assert not verdict.valid
    assert verdict.error.code == code
    with pytest.raises(RecordRefused) as raised:
        refuse_unless_valid(verdict)
    assert raised.value.code == code
    assert raised.value.field == "record"
    assert raised.value.message == refusal_message(verdict)
    payload = raised.value.as_payload()
    assert payload["record"] == [refusal_message(verdict)]
    assert payload["record_error"]["code"] == code
    with translation.override("es"):
        spanish = refusal_message(verdict)
    assert spanish != refusal_message(verdict)


def test_without_a_record_a_reachable_score_is_accepted():
    verdict = validate_match_record(
        "qiahn-tactics", None, {"heads": 0, "tails": 3}, squad=3, ruleset="rulebook-1"
    )
    assert verdict.valid and verdict.result == {"heads": 0, "tails": 3}
    assert validate_match_record("qiahn-goblin-ii", None, {"heads": 9, "tails": 0}).valid


def test_is_reachable_score():
    assert is_reachable_score("qiahn-tactics", 6, "family-1", {"heads": 6, "tails": 0})
    assert not is_reachable_score("qiahn-tactics", 3, "rulebook-1", {"heads": 0, "tails": 0})
    assert is_reachable_score("qiahn-goblin-ii", 3, "rulebook-1", {"heads": 0, "tails": 0})


def test_every_engine_message_has_a_compiled_spanish_translation_with_its_placeholders():
    with MO.open("rb") as handle:
        translated = {k: v for k, v in gettext.GNUTranslations(handle)._catalog.items() if v}
    tables = [MESSAGES, PHASE_LABELS, SIDE_LABELS, JSON_TYPE_LABELS]
    for table in tables:
        for template in table.values():
            assert template in translated, template
            ours = sorted(re.findall(r"%\((\w+)\)s", template))
            theirs = sorted(re.findall(r"%\((\w+)\)s", translated[template]))
            assert sorted(set(ours)) == sorted(set(theirs)), template


def test_a_located_error_in_spanish():
    verdict = validate_match_record("qiahn-tactics", load("qiahn/invalid/sword-reused.json"))
    with translation.override("es"):
        assert error_text(verdict.error) == (
            "ronda 3, pertrechar, cara: cara ya usó su 'sword' en la ronda 1; cada ficha se usa "
            "una vez por partida"
        )
