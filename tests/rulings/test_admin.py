"""Admin: catalogue CSV import (all or nothing) and export; published versions stay frozen."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from rulings import selectors
from rulings.core.csvimport import MAX_CSV_BYTES
from rulings.models import Card, DocumentVersion
from rulings.services import document_version_start_draft

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, site_admin, password, rulings_data):
    client.login(request=HttpRequest(), username=site_admin.username, password=password)
    return client


def upload(name: str, text: str | bytes) -> SimpleUploadedFile:
    data = text.encode() if isinstance(text, str) else text
    return SimpleUploadedFile(name, data, content_type="text/csv")


def test_import_with_bad_rows_lists_them_and_imports_nothing(admin_client):
    before = Card.objects.count()
    cards = (
        "edition,number,name,type,faction,cost,rarity,sample\n"
        "DV,201,Buena,Personaje,,1,,\nDV,999,Mala,Personaje,,1,,\n"
    )
    response = admin_client.post(
        reverse("admin:rulings_card_import"), {"cards": upload("c.csv", cards)}
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert "Line 3: number 999 is beyond the size of edition DV (280 cards)." in body
    assert Card.objects.count() == before


def test_import_then_export(admin_client):
    cards = "edition,number,name,type,faction,cost,rarity,sample\nDV,201,Buena,Personaje,,1,,\n"
    response = admin_client.post(
        reverse("admin:rulings_card_import"), {"cards": upload("c.csv", cards)}
    )
    assert response.status_code == 302
    assert Card.objects.filter(name="Buena").exists()
    exported = admin_client.get(reverse("admin:rulings_card_export"))
    assert exported["Content-Type"].startswith("text/csv")
    assert b"DV,201,Buena,Personaje" in exported.content
    assert admin_client.get(reverse("admin:rulings_edition_export")).content.startswith(
        b"code,name"
    )


def test_oversized_upload_is_refused(admin_client):
    big = upload("big.csv", b"x" * (MAX_CSV_BYTES + 1))
    response = admin_client.post(reverse("admin:rulings_card_import"), {"cards": big})
    assert response.status_code == 400
    assert "too large" in response.content.decode()


def test_players_cannot_reach_the_import(client, player, password, rulings_data):
    client.login(request=HttpRequest(), username=player.username, password=password)
    response = client.get(reverse("admin:rulings_card_import"))
    assert response.status_code == 302  # sent to the admin login


def test_published_version_has_no_editable_entries(admin_client):
    v1 = selectors.version_get(selectors.document_get(), 1)
    page = admin_client.get(reverse("admin:rulings_documentversion_change", args=[v1.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "published and frozen" in body and 'name="entries-0-text_en"' not in body
    assert 'data-testid="publish"' not in body


def test_start_draft_preview_diff_and_publish_in_the_past(admin_client, site_admin):
    response = admin_client.post(reverse("admin:rulings_version_start_draft"))
    draft = DocumentVersion.objects.get(status="draft")
    assert response["Location"].endswith(f"/{draft.pk}/change/")
    again = admin_client.post(reverse("admin:rulings_version_start_draft"))
    assert again["Location"].endswith(f"/{draft.pk}/change/")
    assert (
        admin_client.get(reverse("admin:rulings_version_preview", args=[draft.pk])).status_code
        == 200
    )
    diff = admin_client.get(reverse("admin:rulings_version_diff", args=[draft.pk]))
    assert "No entries changed" in diff.content.decode()
    past = (timezone.localdate() - dt.timedelta(days=3)).isoformat()
    response = admin_client.post(
        reverse("admin:rulings_version_publish", args=[draft.pk]),
        {"published_on": past, "confirm": "on"},
    )
    assert response.status_code == 400
    draft.refresh_from_db()
    assert draft.status == "draft"
    unconfirmed = admin_client.post(
        reverse("admin:rulings_version_publish", args=[draft.pk]),
        {"published_on": timezone.localdate().isoformat()},
    )
    assert unconfirmed.status_code == 400
    draft.refresh_from_db()
    assert draft.status == "draft"


def test_discard_a_draft(admin_client, site_admin):
    draft = document_version_start_draft(document=selectors.document_get(), actor=site_admin)
    admin_client.post(reverse("admin:rulings_version_discard", args=[draft.pk]))
    assert not DocumentVersion.objects.filter(pk=draft.pk).exists()


def test_a_nul_byte_in_an_import_is_a_bad_row_not_a_crash(admin_client):
    before = Card.objects.count()
    cards = "edition,number,name,type,faction,cost,rarity,sample\nDV,201,Bu\x00ena,Personaje,,1,,\n"
    response = admin_client.post(
        reverse("admin:rulings_card_import"), {"cards": upload("c.csv", cards)}
    )
    assert response.status_code == 400
    assert "Line 2: a cell contains a control character (U+0000)." in response.content.decode()
    assert Card.objects.count() == before
