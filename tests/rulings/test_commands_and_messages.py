"""check_deck from the command line, and the translated issue messages."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from rulings.core.issues import MESSAGES, issue
from rulings.messages import TEMPLATES, issue_message
from tests.rulings_fixtures import quimera_list


def run(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("check_deck", *args, stdout=out, stderr=err)
    except SystemExit as exc:
        return exc.code, out.getvalue(), err.getvalue()
    except CommandError as exc:
        return exc.returncode, out.getvalue(), err.getvalue() + str(exc)
    return 0, out.getvalue(), err.getvalue()


@pytest.fixture
def deck_file(tmp_path):
    def write(text: str, name: str = "deck.txt"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


@pytest.mark.django_db
def test_legal_deck_exits_0(rulings_data, deck_file):
    code, out, _ = run(deck_file(quimera_list()), "--format", "monofaccion")
    assert code == 0
    assert "LEGAL for Monofacción" in out and "version 1 of 2006-11-17" in out


@pytest.mark.django_db
def test_illegal_deck_exits_1_with_errors_warnings_and_surcharges(rulings_data, deck_file):
    path = deck_file(quimera_list(size=33, extra="4 Garphades\n4 Megáfono\n1 Puentes Colgantes"))
    code, out, _ = run(path, "--format", "multi", "--date", "2007-01-01")
    assert code == 1
    assert "error: Puentes Colgantes (EV 155/255) is banned in Multifacción" in out
    assert "warning: Garphades (DV 6/280) is on the watch list" in out
    # Garphades' faction is not given by the sources: no surcharge invented, a warning.
    assert "surcharge: 4 x Garphades" not in out
    assert "warning: Garphades (DV 6/280): the sources do not give its faction" in out
    assert "surcharge: 4 x Megáfono (SU 152/200), Acracia: +1 Will (costs 2)" in out


@pytest.mark.django_db
def test_date_before_the_first_version_checks_no_lists(rulings_data, deck_file):
    path = deck_file(quimera_list(size=40, extra="1 Puentes Colgantes"))
    code, out, _ = run(path, "--format", "mono", "--date", "2006-11-17")
    assert code == 0
    assert "no version in force on 2006-11-17" in out


@pytest.mark.django_db
def test_sanctuary_given_on_the_command_line(rulings_data, deck_file):
    path = deck_file(quimera_list().split("\n", 1)[1])
    code, _, _ = run(path, "--format", "mono")
    assert code == 1
    code, out, _ = run(path, "--format", "mono", "--sanctuary", "DV 101")
    assert code == 0, out
    assert run(path, "--format", "mono", "--sanctuary", "Santuario")[0] == 2


@pytest.mark.django_db
def test_json_output(rulings_data, deck_file):
    code, out, _ = run(deck_file(quimera_list()), "--format", "draft", "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is True
    assert [w["code"] for w in data["warnings"]] == ["pool_not_checked"]


@pytest.mark.django_db
def test_sealed_with_a_pool_file(rulings_data, deck_file):
    deck = deck_file(quimera_list())
    pool = deck_file(quimera_list(size=40), "pool.txt")
    code, out, _ = run(deck, "--format", "sealed", "--pool", pool)
    assert code == 1 and "in the player's pool" in out


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("missing.txt", "--format", "mono"), "No such file"),
        (("{bad}", "--format", "mono"), "cannot be read"),
        (("{latin1}", "--format", "mono"), "not UTF-8"),
        (("{good}", "--format", "vintage"), "unknown format"),
        (("{good}", "--format", "mono", "--date", "31/12/2006"), "is not a date"),
    ],
)
def test_unreadable_input_exits_2(rulings_data, deck_file, tmp_path, args, needle):
    files = {
        "{bad}": deck_file("4 Garphades\n-1 Sartre\n", "bad.txt"),
        "{good}": deck_file(quimera_list(), "good.txt"),
    }
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("4 Híbrido del Pantano\n".encode("latin-1"))
    files["{latin1}"] = str(latin1)
    args = [files.get(a, str(tmp_path / a) if a == "missing.txt" else a) for a in args]
    code, _out, err = run(*args)
    assert code == 2
    assert needle in err


def test_every_issue_code_has_a_translatable_template_with_the_same_placeholders():
    placeholder = re.compile(r"%\((\w+)\)s")
    assert set(TEMPLATES) == set(MESSAGES)
    for code, english in MESSAGES.items():
        assert set(placeholder.findall(str(TEMPLATES[code]))) == set(placeholder.findall(english))


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_issue_formats_in_spanish(code):
    names = re.findall(r"%\((\w+)\)s", MESSAGES[code])
    problem = issue(code, **{n: "X" for n in names})
    with translation.override("es"):
        spanish = issue_message(problem)
    assert spanish and "%(" not in spanish
    assert spanish != problem.message, f"{code} is not translated"
