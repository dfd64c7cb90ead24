"""Shipped rulings data: the catalogue (with its labelled sample cards) and the DAR versions.

``load_rulings_data()`` is idempotent and never overwrites existing rows, so
an admin's corrections survive a second run. The site's ``demo_data``
command calls ``load_demo_data`` (registered in ``RulingsConfig.ready``);
``python manage.py load_rulings_data`` does the same on a production site.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from django.db import transaction

from rulings.core.document import load_document_json

if TYPE_CHECKING:
    from config.demo import DemoContext

DATA = Path(__file__).resolve().parent / "data"


@transaction.atomic
def load_rulings_data(*, sample: bool = True) -> list[str]:
    from rulings.services import catalogue_import, document_load_data

    real = catalogue_import(
        editions_data=(DATA / "editions.csv").read_bytes(),
        cards_data=(DATA / "cards.csv").read_bytes(),
        only_missing=True,
    )
    lines = [
        f"rulings: editions +{real.editions_created}, cards named by the DAR +{real.cards_created}"
    ]
    if sample:
        demo = catalogue_import(
            cards_data=(DATA / "sample_cards.csv").read_bytes(), only_missing=True
        )
        lines.append(f"rulings: sample cards (invented, marked sample) +{demo.cards_created}")
    data = load_document_json((DATA / "humankind-dar.json").read_text(encoding="utf-8"))
    loaded = document_load_data(data=data)
    lines.append(
        "rulings: document versions loaded: "
        + (", ".join(f"{v.number} ({v.published_on})" for v in loaded) or "none new")
    )
    return lines


def draw_sample_pictures() -> int:
    """Pictures for the sample cards with an odd number that have none (the others show
    their text, as a card without a picture does), drawn here: the demo downloads nothing."""
    from rulings.core.cards import CardType
    from rulings.core.sample_pictures import draw_sample_picture
    from rulings.models import Card
    from rulings.services import card_picture_set

    drawn = 0
    for card in Card.objects.filter(sample=True, thumbnail="").select_related("edition"):
        if card.number % 2 == 0:
            continue
        data = draw_sample_picture(
            number=card.number,
            name=card.name,
            faction=card.faction,
            type_label=CardType(card.type).spanish,
            cost=card.cost,
            text=card.text_es,
        )
        card_picture_set(card=card, data=data, filename=f"{card.edition.code}-{card.number}.png")
        drawn += 1
    return drawn


def load_demo_data(ctx: DemoContext | None = None) -> list[str]:
    """The demo loader: catalogue, sample cards (half of them with a picture) and the first
    DAR version."""
    load_rulings_data(sample=True)
    drawn = draw_sample_pictures()
    return [
        "rulings: the 2006-11-17 DAR is at /rulings/; sample cards at /rulings/cards/",
        f"rulings: sample card pictures drawn +{drawn}",
    ]
