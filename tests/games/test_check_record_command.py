"""``manage.py check_record``: verdicts for the known-answer files, stdin, JSON, exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

RECORDS = Path(__file__).parent / "engines" / "records"
EXPECTED = json.loads((RECORDS / "expected.json").read_text(encoding="utf-8"))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    options = {"stdout": out, "stderr": err}
    if stdin is not None:
        options["stdin"] = io.StringIO(stdin)
    try:
        call_command("check_record", *args, **options)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


def names(folder: str) -> list[str]:
    return [str(RECORDS / n) for n in EXPECTED if n.startswith(folder) and "not-json" not in n]


def test_every_valid_known_answer_file_is_valid_and_exits_0():
    files = names("qiahn/valid") + names("goblin/valid")
    code, out, _ = run("--json", *files)
    assert code == 0
    verdicts = json.loads(out)
    assert [v["file"] for v in verdicts] == files
    for verdict in verdicts:
        expected = EXPECTED[str(Path(verdict["file"]).relative_to(RECORDS))]
        assert verdict["valid"] is True
        assert verdict["result"] == expected["result"]
        assert "error" not in verdict


def test_invalid_known_answer_files_exit_1_with_the_engines_reason_in_order():
    files = names("qiahn/invalid") + names("goblin/invalid")
    code, out, _ = run("--json", *files)
    assert code == 1
    verdicts = json.loads(out)
    assert [v["file"] for v in verdicts] == files
    for verdict in verdicts:
        expected = EXPECTED[str(Path(verdict["file"]).relative_to(RECORDS))]
        assert verdict["valid"] is False
        assert verdict["error"] == expected["error"]
        assert "result" not in verdict
        assert verdict["error_detail"]["code"] == expected["code"]


def test_mixed_files_keep_their_order_and_one_invalid_makes_exit_1():
    good = str(RECORDS / "qiahn/valid/squad3-contract-example.json")
    bad = str(RECORDS / "qiahn/invalid/shield-while-attacking.json")
    code, out, _ = run("--json", bad, good, bad)
    assert code == 1
    assert [v["valid"] for v in json.loads(out)] == [False, True, False]


def test_text_output_names_each_file_and_its_verdict():
    good = str(RECORDS / "qiahn/valid/squad3-contract-example.json")
    bad = str(RECORDS / "qiahn/invalid/shield-while-attacking.json")
    code, out, _ = run(good, bad)
    assert code == 1
    assert f"{good}: valid (qiahn-tactics): heads 3, tails 2" in out
    assert f"{bad}: invalid: round 2, outfit, tails: shield on 'T2' while attacking" in out


def test_standard_input_is_read_for_a_dash():
    text = (RECORDS / "goblin/valid/open-captures.json").read_text(encoding="utf-8")
    code, out, _ = run("--json", "-", stdin=text)
    assert code == 0
    assert json.loads(out) == [
        {
            "file": "-",
            "valid": True,
            "game": "qiahn-goblin-ii",
            "result": {"heads": 10, "tails": 6},
            "settings": {
                "catalogue": "goblin-ii-default",
                "mode": "open",
                "scoring": "captures",
                "initiative": "heads",
            },
        }
    ]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "No such file"),
        (b"\xff\xfe not utf-8 \x80", "not UTF-8"),
        (b'{"format": 1, "game":', "not valid JSON"),
    ],
)
def test_unreadable_input_exits_2(tmp_path, content, reason):
    path = tmp_path / "record.json"
    if content is not None:
        path.write_bytes(content)
    good = str(RECORDS / "qiahn/valid/squad3-contract-example.json")
    bad = str(RECORDS / "qiahn/invalid/shield-while-attacking.json")
    code, out, err = run(str(path), good, bad)
    assert code == 2
    assert reason in err
    code, out, _ = run("--json", str(path), good)
    assert code == 2
    first = json.loads(out)[0]
    assert first["file"] == str(path) and first["valid"] is False and reason in first["error"]


def test_a_repeated_key_is_an_invalid_record_not_unreadable(tmp_path):
    path = tmp_path / "dup.json"
    path.write_text('{"format": 1, "format": 1}', encoding="utf-8")
    code, out, _ = run(str(path))
    assert code == 1
    assert "repeats the key 'format'" in out


def test_messages_in_spanish_and_rounds_on_request():
    bad = str(RECORDS / "qiahn/invalid/shield-while-attacking.json")
    code, out, _ = run("--language", "es", bad)
    assert code == 1
    assert "ronda 2, pertrechar, cruz: escudo sobre 'T2' atacando" in out
    good = str(RECORDS / "qiahn/valid/squad6-every-counter.json")
    code, out, _ = run("--json", "--rounds", good)
    rounds = json.loads(out)[0]["rounds"]
    assert [r["attacker"] for r in rounds] == ["tails", "heads"] * 3
    assert rounds[4]["ended_by"] == "wind"
