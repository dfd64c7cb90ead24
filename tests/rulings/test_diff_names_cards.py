"""The change list between two versions reads as sentences naming cards ("Mutación Súbita
(DV 112/280) added to the watch list in Monofacción"), not their codes, in English and
Spanish; the history and the feed say the same sentences."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from rulings import selectors
from rulings.models import Card
from rulings.services import (
    document_entry_save,
    document_version_publish,
    document_version_start_draft,
)
from tests.rulings_fixtures import with_summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def version_2(rulings_data, site_admin):
    draft = document_version_start_draft(document=selectors.document_get(), actor=site_admin)
    mutacion = Card.objects.get(edition__code="DV", number=112)
    garphades = Card.objects.get(edition__code="DV", number=6)
    document_entry_save(version=draft, section="watch_list", card=mutacion, formats=["monofaccion"])
    document_entry_save(version=draft, section="banned_list", card=garphades)
    watched = draft.entries.get(section="watch_list", card__name="Sartre")
    watched.delete()
    document_version_publish(
        version=with_summary(draft),
        published_on=timezone.localdate() + dt.timedelta(days=1),
        actor=site_admin,
    )
    return draft


def test_the_change_list_names_cards(client, version_2):
    page = client.get(reverse("rulings:diff"), {"from": 1, "to": 2}).content.decode()
    assert "Mutación Súbita (DV 112/280) added to the watch list in Monofacción" in page
    assert "Garphades (DV 6/280) banned in every format" in page
    assert "Sartre (DV 60/280) no longer on the watch list" in page
    assert "<strong>DV 112</strong>" not in page
    assert ">added<" not in page  # no badge repeating the sentence's verb


def test_the_change_list_in_spanish(client, version_2):
    page = client.get("/es" + reverse("rulings:diff"), {"from": 1, "to": 2}).content.decode()
    assert "Mutación Súbita (DV 112/280) entra en la lista de observación de Monofacción" in page
    assert "Garphades (DV 6/280) queda prohibida en todos los formatos" in page
    assert "Sartre (DV 60/280) sale de la lista de observación" in page


def test_the_history_and_the_feed_say_the_same_sentences(client, version_2):
    history = client.get(reverse("rulings:history")).content.decode()
    assert "Garphades (DV 6/280) banned in every format" in history
    assert "Sartre (DV 60/280) no longer on the watch list" in history
    feed = client.get(reverse("rulings:feed")).content.decode()
    assert "Garphades (DV 6/280) banned in every format" in feed
    historia = client.get("/es" + reverse("rulings:history")).content.decode()
    assert "Garphades (DV 6/280) queda prohibida en todos los formatos" in historia
    assert "Cambios." in historia  # the Spanish summary


def test_a_ban_limited_to_formats_and_a_lifted_ban_read_as_sentences(rulings_data, site_admin):
    from rulings.diff_sentences import diff_sentences
    from rulings.services import document_entry_delete

    draft = document_version_start_draft(document=selectors.document_get(), actor=site_admin)
    suero = Card.objects.get(edition__code="DV", number=110)
    document_entry_save(version=draft, section="banned_list", card=suero, formats=["monofaccion"])
    document_entry_delete(
        entry=draft.entries.get(section="banned_list", card__name="Puentes Colgantes")
    )
    result = selectors.version_diff(selectors.latest_published(draft.document), draft)
    sentences = diff_sentences(result)
    assert "Suero Verde (DV 110/280) banned in Monofacción" in sentences
    assert any(
        s.startswith("Puentes Colgantes") and s.endswith("no longer banned") for s in sentences
    )
    with translation.override("es"):
        frases = diff_sentences(result)
    assert "Suero Verde (DV 110/280) queda prohibida en Monofacción" in frases
    assert any(s.endswith("deja de estar prohibida") for s in frases)
