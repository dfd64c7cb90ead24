"""A version's summary is required in Spanish and English at publication, or explicitly
marked as written in one language only, which the pages then say."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from config.errors import DomainError
from rulings import selectors
from rulings.services import (
    document_version_publish,
    document_version_start_draft,
    document_version_update,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(rulings_data, site_admin):
    return document_version_start_draft(document=selectors.document_get(), actor=site_admin)


@pytest.mark.parametrize(
    ("en", "es", "reason"),
    [
        ("", "", "in Spanish and English, or mark it"),
        ("Changes.", "", "missing in Spanish"),
        ("", "Cambios.", "missing in English"),
    ],
)
def test_a_summary_missing_in_a_language_refuses_publication(draft, site_admin, en, es, reason):
    document_version_update(version=draft, summary_en=en, summary_es=es)
    with pytest.raises(DomainError) as refused:
        document_version_publish(version=draft, published_on=timezone.localdate(), actor=site_admin)
    assert refused.value.code == "summary_missing"
    assert reason in refused.value.message
    draft.refresh_from_db()
    assert draft.status == "draft" and draft.published_on is None


def test_the_refusal_reads_in_spanish(draft, site_admin, admin_client):
    response = admin_client.post(
        "/es" + reverse("admin:rulings_version_publish", args=[draft.pk]),
        {"published_on": timezone.localdate().isoformat(), "confirm": "on"},
    )
    assert response.status_code == 400
    assert "Escribe el resumen de los cambios en español y en inglés" in response.content.decode()
    draft.refresh_from_db()
    assert draft.status == "draft"


def test_a_summary_marked_as_one_language_is_published_and_said_so(draft, site_admin, client):
    document_version_update(
        version=draft, summary_en="Only English.", summary_es="", summary_language="en"
    )
    document_version_publish(version=draft, published_on=timezone.localdate(), actor=site_admin)
    page = client.get("/es" + reverse("rulings:version", args=[draft.number])).content.decode()
    assert "Only English." in page
    assert "El resumen de esta versión solo está en inglés." in page
    english = client.get(reverse("rulings:version", args=[draft.number])).content.decode()
    assert "summary is in English only" not in english  # said only to readers of the other
    history = client.get("/es/rulings/history/").content.decode()
    assert "El resumen de esta versión solo está en inglés." in history


def test_marked_as_one_language_the_summary_must_be_in_it(draft, site_admin):
    document_version_update(version=draft, summary_en="", summary_es="Hola.", summary_language="en")
    with pytest.raises(DomainError) as refused:
        document_version_publish(version=draft, published_on=timezone.localdate(), actor=site_admin)
    assert "marked as written in English only" in refused.value.message


def test_an_unknown_summary_language_is_refused(draft):
    with pytest.raises(DomainError) as refused:
        document_version_update(
            version=draft, summary_en="a", summary_es="b", summary_language="fr"
        )
    assert refused.value.field == "summary_language"
    draft.refresh_from_db()
    assert draft.summary_en == ""


def test_the_admin_form_marks_the_summary_as_one_language(draft, admin_client):
    page = admin_client.get(reverse("admin:rulings_documentversion_change", args=[draft.pk]))
    assert 'name="summary_language"' in page.content.decode()
