"""Writes of a card's picture: the upload checked and resized by the core
(``rulings.core.pictures``), both files kept through Django's default storage.

A refused upload raises ``CardPictureInvalid`` and changes nothing. Files are named by the
digest of their content, so two cards with the same picture share its files, and a file
is deleted after the commit only when no card names it any more.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import Q
from django.utils.translation import ngettext

from rulings.core.issues import Issue, issue
from rulings.core.pictures import (
    CardPicture,
    StoredImage,
    make_card_picture,
    picture_file_ref,
)
from rulings.errors import CardPictureInvalid
from rulings.messages import issue_message
from rulings.models import Card

FOLDER = "cards/"
_FIELDS = [
    "picture",
    "picture_width",
    "picture_height",
    "thumbnail",
    "thumbnail_width",
    "thumbnail_height",
    "updated_at",
]


def card_picture_check(*, data: bytes, filename: str) -> CardPicture:
    """The picture and thumbnail an upload makes; ``CardPictureInvalid`` if it is refused."""
    made = make_card_picture(data, filename=filename)
    if isinstance(made, Issue):
        raise CardPictureInvalid(
            issue_message(made), [made], field="picture", code="card_picture_invalid"
        )
    return made


def _keep(image: StoredImage) -> str:
    name = FOLDER + image.name
    if not default_storage.exists(name):
        saved = default_storage.save(name, ContentFile(image.data))
        if saved != name:  # another writer got there first with the same content
            default_storage.delete(saved)
    return name


def _forget(names: set[str]) -> None:
    for name in names:
        if not Card.objects.filter(Q(picture=name) | Q(thumbnail=name)).exists():
            default_storage.delete(name)


def _set(card: Card, picture: CardPicture | None) -> None:
    old = {card.picture.name, card.thumbnail.name} - {""}
    if picture is None:
        card.picture, card.thumbnail = "", ""
        card.picture_width = card.picture_height = None
        card.thumbnail_width = card.thumbnail_height = None
    else:
        card.picture.name = _keep(picture.full)
        card.thumbnail.name = _keep(picture.thumb)
        card.picture_width, card.picture_height = picture.full.width, picture.full.height
        card.thumbnail_width, card.thumbnail_height = picture.thumb.width, picture.thumb.height
    card.save(update_fields=_FIELDS)
    gone = old - {card.picture.name, card.thumbnail.name}
    if gone:
        transaction.on_commit(lambda: _forget(gone))


@transaction.atomic
def card_picture_set(*, card: Card, data: bytes, filename: str) -> Card:
    """Give the card the uploaded picture (checked, resized, with its thumbnail)."""
    picture = card_picture_check(data=data, filename=filename)
    locked = Card.objects.select_for_update().select_related("edition").get(pk=card.pk)
    _set(locked, picture)
    return locked


@transaction.atomic
def card_picture_clear(*, card: Card) -> Card:
    """Take the card's picture away: its pages show its text instead."""
    locked = Card.objects.select_for_update().select_related("edition").get(pk=card.pk)
    _set(locked, None)
    return locked


@transaction.atomic
def card_pictures_import(*, files: Iterable[tuple[str, bytes]]) -> int:
    """Give cards the pictures of files named for them (``DV-102.jpg``): every file is
    checked first, and any bad one (a name that is no card, a refused picture) stores
    nothing; ``CardPictureInvalid`` then lists them all. Returns how many cards changed."""
    problems: list[Issue] = []
    wanted: list[tuple[str, tuple[str, int], CardPicture]] = []
    for filename, data in files:
        ref = picture_file_ref(filename)
        if ref is None:
            problems.append(issue("picture_bad_file_name", file=filename))
            continue
        made = make_card_picture(data, filename=filename)
        if isinstance(made, Issue):
            problems.append(made)
        else:
            wanted.append((filename, ref, made))
    cards = {
        (c.edition.code, c.number): c
        for c in Card.objects.select_for_update()
        .select_related("edition")
        .filter(edition__code__in={ref[0] for _name, ref, _made in wanted})
        .order_by("pk")
    }
    for filename, (edition, number), _made in wanted:
        if (edition, number) not in cards:
            problems.append(
                issue("picture_unknown_card", file=filename, edition=edition, number=number)
            )
    if problems:
        raise CardPictureInvalid(
            ngettext(
                "%(count)s picture is refused; none was stored.",
                "%(count)s pictures are refused; none was stored.",
                len(problems),
            )
            % {"count": len(problems)},
            problems,
            field="pictures",
            code="card_pictures_invalid",
        )
    for _name, ref, made in wanted:
        _set(cards[ref], made)
    return len(wanted)
