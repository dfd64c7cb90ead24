"""Catalogue CSV: every bad row is reported with its line and reason; good files round-trip."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.core.cards import CardType, Faction, Rarity
from rulings.core.csvimport import (
    MAX_CSV_BYTES,
    CardRow,
    EditionRow,
    read_cards_csv,
    read_editions_csv,
    write_cards_csv,
    write_editions_csv,
)

EDITIONS = {"DV": 280, "SU": 200}
HEADER = "edition,number,name,type,faction,cost,rarity,sample\n"


def errors(result):
    return [(e.line, e.code) for e in result.errors]


def test_a_good_cards_file():
    text = HEADER + "DV,1,Uno,Personaje,Quimera,3,common,\nsu,2,Dos,santuario,ACRACIA,,R,yes\n"
    result = read_cards_csv(text, editions=EDITIONS)
    assert result.ok
    assert result.rows == (
        CardRow(2, "DV", 1, "Uno", CardType.CHARACTER, Faction.QUIMERA, 3, Rarity.COMMON, False),
        CardRow(3, "SU", 2, "Dos", CardType.SANCTUARY, Faction.ACRACIA, None, Rarity.RARE, True),
    )


def test_spanish_headers_and_names_with_accents():
    text = (
        "Edición,Número,Nombre,Tipo,Facción,Coste,Rareza\n"
        "DV,5,Cinco,Tecnología,Corporación,1,Común\n"
    )
    result = read_cards_csv(text.encode("utf-8-sig"), editions=EDITIONS)
    assert result.ok, result.errors
    assert result.rows[0].type is CardType.TECHNOLOGY
    assert result.rows[0].faction is Faction.CORPORACION


def test_every_bad_row_is_reported_with_its_line():
    text = HEADER + "\n".join(
        [
            "DV,1,Bueno,Personaje,,1,,",  # 2 ok
            "XX,1,Sin edición,Personaje,,1,,",  # 3 unknown edition
            "DV,1,Repetido,Personaje,,1,,",  # 4 duplicate number
            "DV,281,Lejos,Personaje,,1,,",  # 5 beyond the set size
            "DV,-3,Negativo,Personaje,,1,,",  # 6 bad number
            "DV,7,,Personaje,,1,,",  # 7 no name
            "DV,8,Tipo raro,Criatura,,1,,",  # 8 bad type
            "DV,9,Facción rara,Personaje,Elfos,1,,",  # 9 bad faction
            "DV,10,Coste raro,Personaje,,-1,,",  # 10 bad cost
            "DV,11,Sin coste,Manipulación,,,,",  # 11 missing cost
            "DV,12,Rareza rara,Personaje,,1,mythic,",  # 12 bad rarity
            "DV,13,Muestra rara,Personaje,,1,,quizá",  # 13 bad flag
            "DV,14,Corta",  # 14 field count
        ]
    )
    result = read_cards_csv(text, editions=EDITIONS)
    assert errors(result) == [
        (3, "csv_unknown_edition"),
        (4, "csv_duplicate_number"),
        (5, "csv_number_beyond_set"),
        (6, "csv_bad_number"),
        (7, "csv_missing_value"),
        (8, "csv_bad_type"),
        (9, "csv_bad_faction"),
        (10, "csv_bad_cost"),
        (11, "csv_missing_cost"),
        (12, "csv_bad_rarity"),
        (13, "csv_bad_flag"),
        (14, "csv_field_count"),
    ]
    assert result.errors[1].params["first_line"] == 2
    assert result.errors[1].message == "Line 4: DV 1 is already on line 2."
    assert not result.ok


def test_one_row_can_have_several_problems():
    result = read_cards_csv(HEADER + "ZZ,0,,Nada,Nadie,x,y,z\n", editions=EDITIONS)
    assert {code for _, code in errors(result)} == {
        "csv_unknown_edition",
        "csv_bad_number",
        "csv_missing_value",
        "csv_bad_type",
        "csv_bad_faction",
        "csv_bad_cost",
        "csv_bad_rarity",
        "csv_bad_flag",
    }
    assert {line for line, _ in errors(result)} == {2}


def test_line_numbers_follow_quoted_fields_that_span_lines():
    text = HEADER + 'DV,1,"Dos\nlíneas",Personaje,,1,,\nDV,2,Malo,Personaje,,1,,maybe\n'
    assert errors(read_cards_csv(text, editions=EDITIONS)) == [(4, "csv_bad_flag")]


def test_header_problems():
    assert errors(read_cards_csv("edition,number,name\nDV,1,X\n", editions=EDITIONS)) == [
        (None, "csv_missing_column")
    ]
    result = read_cards_csv(
        "edition,number,name,type,colour\nDV,1,X,Personaje,red\n", editions=EDITIONS
    )
    assert errors(result) == [(None, "csv_unknown_column")]
    result = read_cards_csv("edition,number,name,type,type\n", editions=EDITIONS)
    assert errors(result) == [(None, "csv_duplicate_column")]


def test_unreadable_files():
    assert errors(read_cards_csv(b"\xff\xfe\x00garbage", editions=EDITIONS)) == [
        (None, "csv_not_utf8")
    ]
    assert errors(read_cards_csv("", editions=EDITIONS)) == [(None, "csv_empty")]
    assert errors(read_cards_csv(HEADER, editions=EDITIONS)) == [(None, "csv_empty")]
    big = b"x" * (MAX_CSV_BYTES + 1)
    assert errors(read_cards_csv(big, editions=EDITIONS)) == [(None, "csv_too_large")]
    assert (
        errors(read_cards_csv(HEADER + 'DV,1,"open', editions=EDITIONS))[0][1] == "csv_unreadable"
    )


def test_editions_file():
    text = "code,name,set_size,release_date\nDV,Desviantes,280,\nev,Evolución,255,2006-01-31\n"
    result = read_editions_csv(text)
    assert result.rows == (
        EditionRow(2, "DV", "Desviantes", 280, None),
        EditionRow(3, "EV", "Evolución", 255, dt.date(2006, 1, 31)),
    )
    bad = "code,name,set_size,release_date\n1X,A,1,\nDV,,0,31/01/2006\nDV,B,10,\n"
    assert errors(read_editions_csv(bad)) == [
        (2, "csv_bad_code"),
        (3, "csv_missing_value"),
        (3, "csv_bad_set_size"),
        (3, "csv_bad_date"),
        (4, "csv_duplicate_code"),
    ]


def test_writer_guards_cells_that_look_like_formulas():
    row = CardRow(2, "DV", 1, "=HYPERLINK()", CardType.CHARACTER, None, 1, None, False)
    text = write_cards_csv([row])
    assert "'=HYPERLINK()" in text


names = (
    st.text(
        alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")),
        min_size=1,
        max_size=40,
    )
    .map(str.strip)
    .filter(lambda s: s and s[0] not in "=+-@")
)

card_rows = st.lists(
    st.builds(
        lambda ed, number, name, t, f, cost, r, sample: CardRow(
            0,
            ed,
            number,
            name,
            t,
            f,
            None if t is CardType.SANCTUARY and cost == 0 else cost,
            r,
            sample,
        ),
        st.sampled_from(sorted(EDITIONS)),
        st.integers(1, 200),
        names,
        st.sampled_from(list(CardType)),
        st.none() | st.sampled_from(list(Faction)),
        st.integers(0, 99),
        st.none() | st.sampled_from(list(Rarity)),
        st.booleans(),
    ),
    max_size=30,
    unique_by=lambda r: (r.edition, r.number),
)


@settings(max_examples=150, deadline=None)
@given(card_rows)
def test_cards_round_trip(rows):
    text = write_cards_csv(rows)
    result = read_cards_csv(text, editions=EDITIONS)
    if not rows:
        assert errors(result) == [(None, "csv_empty")]
        return
    assert result.ok, result.errors
    fields = ("edition", "number", "name", "type", "faction", "cost", "rarity", "sample")
    assert [tuple(getattr(r, f) for f in fields) for r in result.rows] == [
        tuple(getattr(r, f) for f in fields) for r in rows
    ]


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_any_input_is_a_result_never_an_exception(data):
    result = read_cards_csv(data, editions=EDITIONS)
    for problem in result.errors:
        assert problem.message
    read_editions_csv(data)


def test_editions_round_trip():
    rows = [
        EditionRow(0, "DV", "Desviantes", 280, None),
        EditionRow(0, "EV", "Evolución", 255, dt.date(2006, 1, 1)),
    ]
    result = read_editions_csv(write_editions_csv(rows))
    assert [(r.code, r.name, r.set_size, r.release_date) for r in result.rows] == [
        (r.code, r.name, r.set_size, r.release_date) for r in rows
    ]


def test_a_nul_byte_is_a_bad_row_with_its_line():
    text = (
        HEADER + "DV,1,Uno,Personaje,,3,,\nDV,2,D\x00os,Personaje,,3,,\nDV,3,Tres,Personaje,,3,,\n"
    )
    result = read_cards_csv(text.encode(), editions=EDITIONS)
    assert errors(result) == [(3, "csv_control_character")]
    assert "U+0000" in result.errors[0].message


@pytest.mark.parametrize("name", ["=HYPERLINK(1)", "+1", "-cmd", "@SUM(A1)"])
def test_a_card_name_that_starts_like_a_formula_is_refused(name):
    text = HEADER + f'DV,1,"{name}",Personaje,,3,,\n'
    assert errors(read_cards_csv(text, editions=EDITIONS)) == [(2, "csv_formula")]
    edition = read_editions_csv(f'code,name,set_size\nXX,"{name}",10\n')
    assert errors(edition) == [(2, "csv_formula")]
