"""The change list between two versions names cards ("added Mutación Súbita (DV 112/280) to
the watch list of Monofacción"), not their codes, in English and Spanish."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from rulings import selectors
from rulings.models import Card
from rulings.services import (
    document_entry_save,
    document_version_publish,
    document_version_start_draft,
)

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
        version=draft, published_on=timezone.localdate() + dt.timedelta(days=1), actor=site_admin
    )
    return draft


def test_the_change_list_names_cards(client, version_2):
    page = client.get(reverse("rulings:diff"), {"from": 1, "to": 2}).content.decode()
    assert "added Mutación Súbita (DV 112/280) to the watch list of Monofacción" in page
    assert "banned Garphades (DV 6/280) in every format" in page
    assert "took Sartre (DV 60/280) off the watch list" in page
    assert "<strong>DV 112</strong>" not in page


def test_the_change_list_in_spanish(client, version_2):
    page = client.get("/es" + reverse("rulings:diff"), {"from": 1, "to": 2}).content.decode()
    assert "añade Mutación Súbita (DV 112/280) a la lista de observación de Monofacción" in page
    assert "prohíbe Garphades (DV 6/280) en todos los formatos" in page
