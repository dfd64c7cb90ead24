"""Catalogue import and export: all or nothing, every bad row reported, constraints in the DB."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction

from rulings.errors import CatalogueImportInvalid
from rulings.models import Card, Edition
from rulings.services import catalogue_import

pytestmark = pytest.mark.django_db

CARDS_HEADER = "edition,number,name,type,faction,cost,rarity,sample\n"


def test_shipped_data_loads_and_is_idempotent(rulings_data):
    assert Edition.objects.count() == 3
    assert Card.objects.count() == 134
    assert Card.objects.filter(sample=True).count() == 130
    from rulings.demo import load_rulings_data

    lines = load_rulings_data()
    assert Card.objects.count() == 134
    assert "+0" in lines[0]


def test_a_file_with_bad_rows_imports_nothing_and_names_every_bad_row(rulings_data):
    before = Card.objects.count()
    text = CARDS_HEADER + "\n".join(
        [
            "DV,200,Nueva Carta,Personaje,Quimera,2,common,",  # good
            "ZZ,1,Sin Edición,Personaje,,1,,",  # unknown edition
            "DV,300,Demasiado Lejos,Personaje,,1,,",  # beyond 280
            "DV,200,Otra Vez,Personaje,,1,,",  # duplicate of line 2
        ]
    )
    with pytest.raises(CatalogueImportInvalid) as excinfo:
        catalogue_import(cards_data=text)
    assert [(i.line, i.code) for i in excinfo.value.issues] == [
        (3, "csv_unknown_edition"),
        (4, "csv_number_beyond_set"),
        (5, "csv_duplicate_number"),
    ]
    assert "3 problems" in excinfo.value.message
    assert Card.objects.count() == before
    assert not Card.objects.filter(name="Nueva Carta").exists()


def test_reimport_updates_by_edition_and_number(rulings_data):
    text = CARDS_HEADER + "DV,6,Garphades,Personaje,Quimera,5,rare,\nDV,201,Nueva,Aditamento,,1,,\n"
    report = catalogue_import(cards_data=text)
    assert (report.cards_created, report.cards_updated) == (1, 1)
    card = Card.objects.get(edition__code="DV", number=6)
    assert (card.faction, card.cost) == ("quimera", 5)


def test_only_missing_keeps_existing_rows(rulings_data):
    text = CARDS_HEADER + "DV,6,Otro Nombre,Personaje,,1,,\n"
    report = catalogue_import(cards_data=text, only_missing=True)
    assert report.cards_skipped == 1
    assert Card.objects.get(edition__code="DV", number=6).name == "Garphades"


def test_set_size_cannot_shrink_below_existing_numbers(rulings_data):
    text = "code,name,set_size,release_date\nDV,Desviantes,100,\n"
    with pytest.raises(CatalogueImportInvalid) as excinfo:
        catalogue_import(editions_data=text)
    (problem,) = excinfo.value.issues
    assert problem.code == "csv_set_size_below_cards"
    assert problem.params["number"] == 165
    assert Edition.objects.get(code="DV").set_size == 280


def test_editions_and_cards_in_one_import(db):
    report = catalogue_import(
        editions_data="code,name,set_size,release_date\nXX,Nueva,10,2024-05-01\n",
        cards_data=CARDS_HEADER + "XX,1,Primera,Santuario,Acracia,,uncommon,yes\n",
    )
    assert (report.editions_created, report.cards_created) == (1, 1)
    assert Card.objects.get().name_key == "primera"


def test_database_refuses_a_second_card_with_the_same_number(rulings_data):
    dv = Edition.objects.get(code="DV")
    with pytest.raises(IntegrityError), transaction.atomic():
        Card.objects.create(edition=dv, number=6, name="Doble", type="personaje", cost=1)


def test_database_refuses_a_card_without_cost_unless_sanctuary(rulings_data):
    dv = Edition.objects.get(code="DV")
    with pytest.raises(IntegrityError), transaction.atomic():
        Card.objects.create(edition=dv, number=250, name="Sin coste", type="personaje")


def test_import_command_reports_every_bad_row_and_exits_1(rulings_data, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text(CARDS_HEADER + "DV,0,Cero,Personaje,,1,,\nDV,7,Siete,Criatura,,1,,\n")
    err = io.StringIO()
    with pytest.raises(CommandError) as excinfo:
        call_command("import_catalogue", cards=str(bad), stderr=err)
    assert excinfo.value.returncode == 1
    lines = err.getvalue().splitlines()
    assert lines[0].endswith("Line 2: “0” is not a collector number (a whole number from 1).")
    assert "Line 3:" in lines[1] and "Criatura" in lines[1]


def test_import_command_missing_file_exits_2(db, tmp_path):
    with pytest.raises(CommandError) as excinfo:
        call_command("import_catalogue", cards=str(tmp_path / "nope.csv"))
    assert excinfo.value.returncode == 2


def test_export_then_import_changes_nothing(rulings_data, tmp_path):
    editions, cards = tmp_path / "e.csv", tmp_path / "c.csv"
    call_command("export_catalogue", editions=str(editions), cards=str(cards))
    assert cards.read_text().count("\n") == 135
    report = catalogue_import(editions_data=editions.read_bytes(), cards_data=cards.read_bytes())
    assert (report.editions_created, report.editions_updated, report.cards_created) == (0, 0, 0)
    assert Card.objects.count() == 134


def test_import_command_reports_a_nul_byte_with_its_line(rulings_data, tmp_path):
    bad = tmp_path / "nul.csv"
    bad.write_bytes((CARDS_HEADER + "DV,7,Si\x00ete,Personaje,,1,,\n").encode())
    err = io.StringIO()
    with pytest.raises(CommandError) as excinfo:
        call_command("import_catalogue", cards=str(bad), stderr=err)
    assert excinfo.value.returncode == 1
    assert "Line 2: a cell contains a control character (U+0000)." in err.getvalue()
