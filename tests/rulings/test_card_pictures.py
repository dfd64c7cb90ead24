"""A card's picture: an upload is checked before a pixel is decoded (format, file size,
pixel count), made into a WebP picture and thumbnail kept through the default storage, and a
refused upload changes nothing."""

from __future__ import annotations

import io

import pytest
from django.core.files.storage import default_storage
from PIL import Image

from rulings.core.issues import Issue
from rulings.core.pictures import (
    MAX_PICTURE_BYTES,
    MAX_PIXELS,
    THUMB_WIDTH,
    CardPicture,
    make_card_picture,
)
from rulings.errors import CardPictureInvalid
from rulings.messages import issue_message
from rulings.models import Card
from rulings.services import card_picture_clear, card_picture_set
from tests.rulings.pictures import picture_bytes


# --- the core ------------------------------------------------------------------------------
def test_a_good_picture_is_kept_as_webp_with_a_thumbnail_160_wide():
    made = make_card_picture(picture_bytes((600, 840)), filename="a.png")
    assert isinstance(made, CardPicture)
    thumb = Image.open(io.BytesIO(made.thumb.data))
    full = Image.open(io.BytesIO(made.full.data))
    assert (thumb.format, thumb.size) == ("WEBP", (THUMB_WIDTH, 224))
    assert (made.thumb.width, made.thumb.height) == (THUMB_WIDTH, 224)
    assert (full.format, full.size) == ("WEBP", (600, 840))
    assert made.full.name.endswith(".webp") and made.thumb.name.endswith("-thumb.webp")


def test_a_big_picture_is_resized_into_the_box_and_a_jpeg_reads_too():
    made = make_card_picture(picture_bytes((3000, 4200), "JPEG"), filename="big.jpg")
    assert isinstance(made, CardPicture)
    assert (made.full.width, made.full.height) == (750, 1050)


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "picture_not_an_image"),
        (b"not a picture at all", "picture_not_an_image"),
        # a format the core does not let Pillow open, though Pillow knows it
        (picture_bytes((50, 50), "TIFF"), "picture_not_an_image"),
        (picture_bytes((50, 50), "BMP"), "picture_not_an_image"),
        (picture_bytes((300, 300))[:200], "picture_broken"),
    ],
)
def test_what_is_not_a_sound_picture_is_refused(data, code):
    made = make_card_picture(data, filename="x")
    assert isinstance(made, Issue) and made.code == code


def test_a_decompression_bomb_is_refused_from_its_header():
    # a small file (a few KB) that would decode to 64 million pixels
    bomb = picture_bytes((8000, 8000), "PNG", mode="1")
    assert len(bomb) < 100_000
    made = make_card_picture(bomb, filename="bomb.png")
    assert isinstance(made, Issue) and made.code == "picture_too_many_pixels"
    assert made.params["limit"] == MAX_PIXELS
    assert "8000 × 8000" in issue_message(made)


def test_a_file_too_large_is_refused_unread():
    made = make_card_picture(b"\x89PNG" + b"0" * MAX_PICTURE_BYTES, filename="huge.png")
    assert isinstance(made, Issue) and made.code == "picture_too_large"


def test_the_refusal_is_translated():
    from django.utils import translation

    made = make_card_picture(b"nope", filename="x.png")
    with translation.override("es"):
        assert issue_message(made) != made.message


# --- the service ---------------------------------------------------------------------------
@pytest.fixture
def card(rulings_data):
    return Card.objects.select_related("edition").get(edition__code="DV", number=102)


def test_a_picture_is_stored_with_its_thumbnail_and_drawn_on_the_card_face(card):
    card = card_picture_set(card=card, data=picture_bytes(), filename="c.png")
    card.refresh_from_db()
    assert default_storage.exists(card.picture.name)
    assert default_storage.exists(card.thumbnail.name)
    assert (card.thumbnail_width, card.thumbnail_height) == (160, 224)
    face = card.face
    assert face.thumb_url.startswith("/media/cards/") and face.thumb_url.endswith("-thumb.webp")
    assert face.picture_url == card.picture.url


def test_a_refused_upload_changes_nothing(card):
    card_picture_set(card=card, data=picture_bytes(), filename="c.png")
    card.refresh_from_db()
    before = (card.picture.name, card.thumbnail.name, card.updated_at)
    with pytest.raises(CardPictureInvalid) as refused:
        card_picture_set(card=card, data=b"GIF89a broken", filename="bad.gif")
    assert refused.value.field == "picture"
    card.refresh_from_db()
    assert (card.picture.name, card.thumbnail.name, card.updated_at) == before


def test_a_replaced_picture_is_deleted_after_the_commit_unless_another_card_has_it(
    card, django_capture_on_commit_callbacks
):
    other = Card.objects.get(edition__code="DV", number=103)
    with django_capture_on_commit_callbacks(execute=True):
        card_picture_set(card=card, data=picture_bytes(), filename="c.png")
        card_picture_set(card=other, data=picture_bytes(), filename="same.png")
    card.refresh_from_db()
    shared = card.thumbnail.name
    with django_capture_on_commit_callbacks(execute=True):
        card_picture_set(card=card, data=picture_bytes((500, 700)), filename="new.png")
    assert default_storage.exists(shared)  # the other card still shows it
    with django_capture_on_commit_callbacks(execute=True):
        card_picture_clear(card=other)
    assert not default_storage.exists(shared)
    other.refresh_from_db()
    assert not other.thumbnail and other.face.thumb_url == ""


# --- a folder of pictures ------------------------------------------------------------------
def test_a_folder_of_pictures_named_for_their_cards_is_stored(rulings_data, tmp_path):
    from django.core.management import call_command

    (tmp_path / "DV-102.png").write_bytes(picture_bytes())
    (tmp_path / "su_0103.jpg").write_bytes(picture_bytes(fmt="JPEG"))
    (tmp_path / "notes.txt").write_text("not a picture file")
    call_command("import_card_pictures", str(tmp_path))
    assert Card.objects.get(edition__code="DV", number=102).thumbnail
    assert Card.objects.get(edition__code="SU", number=103).thumbnail


def test_a_folder_with_one_bad_file_stores_nothing_and_names_every_bad_file(rulings_data, tmp_path):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    (tmp_path / "DV-102.png").write_bytes(picture_bytes())
    (tmp_path / "DV-279.png").write_bytes(picture_bytes())  # no such card
    (tmp_path / "portrait.png").write_bytes(picture_bytes())  # names no card
    (tmp_path / "DV-103.png").write_bytes(b"not a picture")
    err = io.StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("import_card_pictures", str(tmp_path), stderr=err)
    assert failed.value.returncode == 1
    lines = err.getvalue().splitlines()
    assert "DV-279.png: edition DV has no card number 279." in lines
    assert (
        "portrait.png: name a picture for its card, edition and number (e.g. DV-102.jpg)." in lines
    )
    assert "DV-103.png: not a JPEG, PNG, WebP or GIF picture." in lines
    assert not Card.objects.exclude(thumbnail="").exists()
