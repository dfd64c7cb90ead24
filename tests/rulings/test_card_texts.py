"""A card's rules text (Spanish, optional English) through the CSV import and export, and
its texts and picture through the admin."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation

from rulings.core.csvimport import MAX_TEXT
from rulings.errors import CatalogueImportInvalid
from rulings.models import Card
from rulings.services import catalogue_import
from tests.rulings.pictures import picture_bytes

pytestmark = pytest.mark.django_db

HEADER = "edition,number,name,type,faction,cost,rarity,sample"
ROW = "DV,102,Injerto Errante,Personaje,Quimera"


def card(number: int = 102) -> Card:
    return Card.objects.select_related("edition").get(edition__code="DV", number=number)


def test_the_text_columns_set_each_cards_texts_and_spanish_headers_read_too(rulings_data):
    catalogue_import(
        cards_data=(
            "edicion,numero,nombre,tipo,faccion,coste,rareza,muestra,texto_es,texto_en\n"
            'DV,102,Injerto Errante,Personaje,Quimera,1,common,yes,"Roba una carta.\n'
            'Luego descarta una.","Draw a card.\nThen discard one."\n'
            "DV,103,Criatura de Probeta,Personaje,Quimera,2,common,yes,Solo en español,\n"
        )
    )
    assert card(102).text_es == "Roba una carta.\nLuego descarta una."
    assert card(102).text_en == "Draw a card.\nThen discard one."
    # the reader's language, Spanish where there is no English
    with translation.override("en"):
        assert card(102).text == "Draw a card.\nThen discard one."
        assert card(103).text == "Solo en español"
    with translation.override("es"):
        assert card(102).text == "Roba una carta.\nLuego descarta una."


def test_a_file_without_text_columns_keeps_the_texts_and_an_empty_cell_clears_one(
    rulings_data,
):
    catalogue_import(cards_data=f"{HEADER},text_es\n{ROW},1,common,yes,Texto\n")
    catalogue_import(
        cards_data=f"{HEADER}\nDV,102,Injerto Errante,Personaje,Quimera,3,common,yes\n"
    )
    assert (card(102).cost, card(102).text_es) == (3, "Texto")
    catalogue_import(
        cards_data=f"{HEADER},text_es\nDV,102,Injerto Errante,Personaje,Quimera,3,common,yes,\n"
    )
    assert card(102).text_es == ""


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("x" * (MAX_TEXT + 1), f"“text_es” is longer than {MAX_TEXT} characters"),
        ("=HYPERLINK(1)", "starts like a spreadsheet formula"),
    ],
)
def test_a_bad_text_imports_nothing(rulings_data, cell, message):
    before = card(103).text_es
    with pytest.raises(CatalogueImportInvalid) as refused:
        catalogue_import(
            cards_data=f"{HEADER},text_es\n"
            "DV,103,Criatura de Probeta,Personaje,Quimera,2,common,yes,Buena\n"
            f'DV,102,Injerto Errante,Personaje,Quimera,1,common,yes,"{cell}"\n'
        )
    assert any("Line 3" in m and message in m for m in refused.value.messages)
    assert card(103).text_es == before


def test_the_export_writes_the_texts_and_reads_back_the_same(rulings_data):
    from rulings import selectors

    catalogue_import(cards_data=f'{HEADER},text_es,text_en\n{ROW},1,common,yes,"Uno, dos",One\n')
    exported = selectors.cards_csv(Card.objects.filter(pk=card(102).pk))
    assert exported.splitlines()[0] == f"{HEADER},text_es,text_en"
    assert exported.splitlines()[1].endswith(',"Uno, dos",One')
    Card.objects.filter(pk=card(102).pk).update(text_es="", text_en="")
    catalogue_import(cards_data=exported)
    assert (card(102).text_es, card(102).text_en) == ("Uno, dos", "One")


# --- the admin -----------------------------------------------------------------------------
@pytest.fixture
def admin_client(client, site_admin, password, rulings_data):
    client.login(request=HttpRequest(), username=site_admin.username, password=password)
    return client


def change_data(c: Card, **extra) -> dict:
    return {
        "edition": c.edition_id,
        "number": c.number,
        "name": c.name,
        "type": c.type,
        "faction": c.faction,
        "cost": c.cost,
        "attributes_known": "on",
        "rarity": c.rarity,
        "sample": "on",
        "text_es": "Texto nuevo",
        "text_en": "",
        **extra,
    }


def test_an_admin_gives_a_card_its_text_and_picture_and_then_removes_the_picture(admin_client):
    c = card()
    url = reverse("admin:rulings_card_change", args=[c.pk])
    form = admin_client.get(url).content.decode()
    assert 'enctype="multipart/form-data"' in form and 'name="picture_upload"' in form
    upload = SimpleUploadedFile("face.png", picture_bytes(), content_type="image/png")
    response = admin_client.post(url, change_data(c, picture_upload=upload))
    assert response.status_code == 302
    c = card()
    assert c.text_es == "Texto nuevo"
    assert c.thumbnail and (c.thumbnail_width, c.thumbnail_height) == (160, 224)
    assert 'data-testid="card-thumb"' in admin_client.get(url).content.decode()
    response = admin_client.post(url, change_data(c, picture_remove="on"))
    assert response.status_code == 302
    assert not card().thumbnail


def test_an_upload_that_is_no_picture_is_a_form_error_and_changes_nothing(admin_client):
    c = card()
    url = reverse("admin:rulings_card_change", args=[c.pk])
    upload = SimpleUploadedFile("evil.png", b"<?php echo 1; ?>", content_type="image/png")
    response = admin_client.post(url, change_data(c, picture_upload=upload))
    assert response.status_code == 200
    assert "evil.png: not a JPEG, PNG, WebP or GIF picture." in response.content.decode()
    after = card()
    assert after.text_es == c.text_es and not after.thumbnail


def test_the_public_catalogue_draws_each_card_with_its_face(client, rulings_data):
    from rulings.services import card_picture_set

    card_picture_set(card=card(103), data=picture_bytes(), filename="c.png")
    page = client.get(reverse("rulings:cards"), {"edition": "DV", "q": "Probeta"})
    body = page.content.decode()
    assert 'alt="Criatura de Probeta"' in body and 'loading="lazy"' in body
    page = client.get(reverse("rulings:cards"), {"edition": "DV", "q": "Injerto"})
    assert 'class="card-text" data-testid="card-text">A Quimera character.' in page.content.decode()
