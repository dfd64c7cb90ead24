"""Uploaded files (card pictures) are served by the site where SERVE_MEDIA is on (the demo, a
venue laptop), for a year unasked (their names are digests of their content), and not at all
where it is off (a proxy or a storage serves them)."""

from __future__ import annotations

import pytest

from rulings.models import Card
from rulings.services import card_picture_set
from tests.rulings.pictures import picture_bytes

pytestmark = pytest.mark.django_db


@pytest.fixture
def thumb_url(rulings_data) -> str:
    card = Card.objects.get(edition__code="DV", number=102)
    return card_picture_set(card=card, data=picture_bytes(), filename="c.png").face.thumb_url


def test_the_site_serves_a_thumbnail_where_serve_media_is_on(client, settings, thumb_url):
    settings.SERVE_MEDIA = True
    response = client.get(thumb_url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/webp"
    assert "immutable" in response["Cache-Control"]
    assert b"".join(response.streaming_content)[:4] == b"RIFF"
    assert client.get("/media/cards/none.webp").status_code == 404
    assert client.get("/media/../config/settings.py").status_code in (400, 404)
    assert client.post(thumb_url).status_code == 405


def test_nothing_is_served_where_serve_media_is_off(client, settings, thumb_url):
    settings.SERVE_MEDIA = False
    assert client.get(thumb_url).status_code == 404
