"""A card as the pages draw it: its name, its rules text in the reader's language and, where
it has one, its picture (a thumbnail, the full picture on demand).

Every page that shows a card (the pick page, the builder, deck lists and deck checks) draws
it with ``rulings/_card_face.html`` from a ``CardFace``; the catalogue's text and picture are
public, so this decides nothing about who may see which card: the pages keep their own rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulings.models import Card


@dataclass(frozen=True)
class CardFace:
    name: str
    text: str = ""
    thumb_url: str = ""
    thumb_width: int | None = None
    thumb_height: int | None = None
    picture_url: str = ""

    @property
    def has_picture(self) -> bool:
        return bool(self.thumb_url)


def card_face(card: Card) -> CardFace:
    """The card's face in the active language (its row's fields only: no query)."""
    if not card.thumbnail or not card.picture:
        return CardFace(name=card.name, text=card.text)
    return CardFace(
        name=card.name,
        text=card.text,
        thumb_url=card.thumbnail.url,
        thumb_width=card.thumbnail_width,
        thumb_height=card.thumbnail_height,
        picture_url=card.picture.url,
    )
