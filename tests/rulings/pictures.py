"""Pictures for tests, made with Pillow."""

from __future__ import annotations

import io

from PIL import Image


def picture_bytes(size: tuple[int, int] = (600, 840), fmt: str = "PNG", mode: str = "RGB") -> bytes:
    image = Image.new(mode, size, "navy" if mode == "RGB" else 0)
    out = io.BytesIO()
    image.save(out, fmt)
    return out.getvalue()


def give_odd_cards_a_picture() -> None:
    """The booster cards with an odd number share one picture (stored once)."""
    from rulings.models import Card
    from rulings.services import card_picture_set

    first = Card.objects.filter(number__gt=100).order_by("pk").first()
    first = card_picture_set(card=first, data=picture_bytes(), filename="face.png")
    odd = [pk for pk, n in Card.objects.values_list("pk", "number") if n > 100 and n % 2]
    Card.objects.filter(pk__in=odd).update(
        picture=first.picture.name,
        picture_width=first.picture_width,
        picture_height=first.picture_height,
        thumbnail=first.thumbnail.name,
        thumbnail_width=first.thumbnail_width,
        thumbnail_height=first.thumbnail_height,
    )
