"""Reading pasted deck lists: every bad line gets its own issue, good lines resolve."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.core.issues import MESSAGES
from rulings.deckcheck import MAX_LINE_QUANTITY, MAX_LIST_CHARS, CardIndex, parse_deck_list
from tests.rulings.pure_fixtures import card, shipped_cards, shipped_index

INDEX = shipped_index()
CARDS = shipped_cards()


def codes(parsed):
    return [(e.line, e.code) for e in parsed.errors]


@pytest.mark.parametrize(
    "line",
    [
        "3 Garphades",
        "3x Garphades",
        "3 x Garphades",
        "3X garphades",
        "Garphades x3",
        "3 GARPHADES",
        "3 DV 6",
        "3 dv-6",
        "3 DV 006/280",
        "3 DV \u2013 6/280",
        "3 Garphades (DV 6/280)",
        "3 Garphades [DV 6]",
        "  3   Garphades  ",
    ],
)
def test_line_shapes_that_name_garphades(line):
    parsed = parse_deck_list(line, INDEX)
    assert parsed.ok, parsed.errors
    (entry,) = parsed.entries()
    assert (entry.card.edition, entry.card.number, entry.quantity) == ("DV", 6, 3)


def test_names_match_without_accents_or_case():
    parsed = parse_deck_list("2 santuario del invernadero\n1 CAMARAS DE SEGURIDAD", INDEX)
    assert parsed.ok, parsed.errors
    assert [e.card.name for e in parsed.entries()] == [
        "Santuario del Invernadero",
        "Cámaras de Seguridad",
    ]


def test_comments_headings_and_blank_lines_are_skipped():
    text = "# my deck\n\nPersonajes:\n// note\n4 Garphades\n"
    parsed = parse_deck_list(text, INDEX)
    assert parsed.ok
    assert parsed.lines[0].line == 5


def test_lines_naming_the_same_card_add_up():
    parsed = parse_deck_list("2 Garphades\n1 DV 6\n1 Sartre", INDEX)
    assert [(e.card.name, e.quantity, e.line) for e in parsed.entries()] == [
        ("Garphades", 3, 1),
        ("Sartre", 1, 3),
    ]


def test_unique_start_of_a_name_resolves():
    parsed = parse_deck_list("2 Puentes", INDEX)
    assert parsed.ok
    assert parsed.lines[0].card.name == "Puentes Colgantes"
    assert parsed.lines[0].matched_by == "prefix"


def test_every_bad_line_gets_its_own_error():
    text = "\n".join(
        [
            "4 Garphades",  # 1 ok
            "-2 Sartre",  # 2 negative quantity
            "Achak",  # 3 no quantity
            "0 Achak",  # 4 zero
            "2.5 Achak",  # 5 not whole
            f"{MAX_LINE_QUANTITY + 1} Achak",  # 6 too many
            "1 Nadie Conocido",  # 7 unknown name
            "1 ZZ 12",  # 8 unknown edition
            "1 DV 250",  # 9 no such number
            "1 DV 6/999",  # 10 wrong set size
            "1 Sartre (DV 6)",  # 11 name and reference disagree
            "1 Santuario",  # 12 ambiguous
        ]
    )
    parsed = parse_deck_list(text, INDEX)
    assert codes(parsed) == [
        (2, "bad_quantity"),
        (3, "missing_quantity"),
        (4, "bad_quantity"),
        (5, "bad_quantity"),
        (6, "bad_quantity"),
        (7, "unknown_card"),
        (8, "unknown_edition"),
        (9, "unknown_card_ref"),
        (10, "set_size_mismatch"),
        (11, "name_mismatch"),
        (12, "ambiguous_name"),
    ]
    assert not parsed.ok
    assert [line.line for line in parsed.lines] == [1]


def test_ambiguous_name_lists_the_candidates_and_an_example():
    parsed = parse_deck_list("1 Santuario de la", INDEX)
    (problem,) = parsed.errors
    assert problem.code == "ambiguous_name"
    assert "Santuario de la Fosa (DV 129/280)" in problem.candidates
    assert len(problem.candidates) == 3
    assert "Santuario de la Fosa (DV" in problem.message
    assert "e.g. “1 DV" in problem.message


def test_same_name_in_two_editions_is_ambiguous():
    index = CardIndex(
        [card("Doble", edition="AA", number=1), card("Doble", edition="BB", number=2)]
    )
    parsed = parse_deck_list("1 Doble", index)
    assert codes(parsed) == [(1, "ambiguous_name")]
    assert parsed.errors[0].candidates == ("Doble (AA 1/300)", "Doble (BB 2/300)")
    assert parse_deck_list("1 BB 2", index).ok


def test_unknown_name_suggests_close_names():
    parsed = parse_deck_list("1 Garfades", INDEX)
    (problem,) = parsed.errors
    assert problem.code == "unknown_card_suggest"
    assert problem.candidates == ("Garphades",)
    assert "Did you mean: Garphades?" in problem.message


def test_empty_and_oversized_lists():
    assert codes(parse_deck_list("  \n# nothing\n", INDEX)) == [(None, "list_empty")]
    assert codes(parse_deck_list("1 Achak\n" * (MAX_LIST_CHARS // 8 + 1), INDEX)) == [
        (None, "list_too_large")
    ]


def test_every_issue_code_has_a_message_template():
    for template in MESSAGES.values():
        assert template.strip()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_any_text_parses_without_raising(text):
    parsed = parse_deck_list(text, INDEX)
    n_lines = len(text.splitlines())
    for problem in parsed.errors:
        assert problem.message  # every issue formats
        assert problem.line is None or 1 <= problem.line <= n_lines
    assert parsed.ok == (not parsed.errors)


entry_lists = st.lists(
    st.tuples(st.sampled_from(CARDS), st.integers(1, MAX_LINE_QUANTITY), st.integers(0, 3)),
    min_size=1,
    max_size=30,
)


@settings(max_examples=200, deadline=None)
@given(entry_lists)
def test_written_lists_parse_back_to_the_same_cards(items):
    lines = []
    expected: dict = {}
    for c, qty, shape in items:
        if shape == 0:
            lines.append(f"{qty} {c.edition} {c.number}")
        elif shape == 1:
            lines.append(f"{qty}x {c.name} ({c.ref})")
        elif shape == 2:
            lines.append(f"{c.edition}-{c.number} x{qty}")
        else:
            lines.append(f"{qty} {c.name.upper()}")
        expected[c.key] = expected.get(c.key, 0) + qty
    parsed = parse_deck_list("\n".join(lines), INDEX)
    assert parsed.ok, parsed.errors
    assert {e.card.key: e.quantity for e in parsed.entries()} == expected


_REFERENCE_PATTERN = __import__("re").compile(r"^(?P<name>.*?)\s*[\(\[](?P<ref>[^\)\]]+)[\)\]]\s*$")


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab ()[]", max_size=30).map(str.strip))
def test_the_reference_split_agrees_with_the_pattern_it_replaced(text):
    from rulings.deckcheck.parser import _split_name_and_ref

    match = _REFERENCE_PATTERN.match(text)
    expected = (match.group("name").strip(), match.group("ref")) if match else None
    assert _split_name_and_ref(text) == expected


@pytest.mark.parametrize("hostile", ["1 " + "(" * 32000, "1 " + "[" * 150 + "]", "(" * 199])
def test_hostile_bracket_runs_are_one_error(hostile):
    parsed = parse_deck_list(hostile[:MAX_LIST_CHARS], INDEX)
    assert len(parsed.errors) == 1
    assert parsed.errors[0].line == 1


def test_a_long_line_is_refused_with_its_number():
    parsed = parse_deck_list("3 Garphades\n1 " + "x" * 300, INDEX)
    assert codes(parsed) == [(2, "line_too_long")]
    assert len(parsed.lines) == 1


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f"])
def test_a_control_character_in_a_line_is_refused(char):
    parsed = parse_deck_list(f"3 Garph{char}ades", INDEX)
    assert codes(parsed) == [(1, "control_character")]
    assert "U+00" in parsed.errors[0].message


@pytest.mark.parametrize("line", ["# notes\x00", "// \x07", "Personajes:\x1b"])
def test_a_control_character_on_a_skipped_line_is_refused_too(line):
    parsed = parse_deck_list(f"3 Garphades\n{line}", INDEX)
    assert codes(parsed) == [(2, "control_character")]


def test_a_tab_is_spacing_not_a_control_character():
    assert parse_deck_list("3\tGarphades", INDEX).ok
