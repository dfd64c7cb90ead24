"""The card list a drafter's page loads once where the stream server runs, from which it
draws each next pack the stream sends as data (``pack_news``).

It is the catalogue's booster cards of the draft's editions (every card a pack of this draft
can hold), not the cards of the pod: those would tell a drafter what is in the other
players' packs and in the packs still to be opened, which the draft hides (DAR 4.1.1). Each
card as the pick page shows it, in the reader's language, with the texts of a step that
depend on a number (the step's time), so the page's script translates nothing itself.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max
from django.utils.translation import get_language, gettext, ngettext

from drafts.core.timers import PICK_SECONDS
from drafts.models import Draft
from drafts.services.reading import CardView
from rulings.faces import CardFace
from rulings.models import Card

# The list is kept in the shared cache by draft, language and the catalogue's last change;
# this only bounds how long an unused one stays.
CARD_LIST_SECONDS = 3600


def _cards(codes: list[str]) -> Any:
    return Card.objects.filter(edition__code__in=codes).exclude(rarity="")


def _entry(card: Card) -> dict[str, Any]:
    view = CardView(
        id=0,
        name=card.name,
        ref=f"{card.edition.code} {card.number}",
        faction=card.faction,
        type=card.type,
        rarity=card.rarity,
        card_id=card.pk,
        cost=card.cost,
    )
    return {
        "name": view.name,
        "ref": view.ref,
        "faction": view.faction_label,
        "type": view.type_label,
        "cost": None if view.cost is None else gettext("cost %(cost)s") % {"cost": view.cost},
        "rarity": view.rarity,
        "rarity_label": view.rarity_label,
        # drawn as rulings/_card_face.html draws it (static/js/draft.js, drawFace)
        "face": _face(card.face),
    }


def _face(face: CardFace) -> dict[str, Any]:
    drawn: dict[str, Any] = {"text": face.text}
    if face.has_picture:
        drawn.update(
            thumb=face.thumb_url, w=face.thumb_width, h=face.thumb_height, picture=face.picture_url
        )
    return drawn


def pack_card_list(draft: Draft) -> dict[str, Any]:
    """``cards`` (catalogue card id -> what the pick page shows of it) and ``seconds`` (a
    step's time -> its text), one query while the list is in the cache."""
    codes = sorted({str(c) for c in draft.pack_editions or []})
    if not codes:  # paper boosters: no cards are tracked
        return {"cards": {}, "seconds": {}}
    changed = _cards(codes).aggregate(last=Max("updated_at"), n=Count("pk"))
    stamp = f"{changed['n']}:{changed['last'].timestamp() if changed['last'] else 0}"
    key = f"draft:pack-cards:{'-'.join(codes)}:{get_language()}:{stamp}"
    found = cache.get(key)
    if found is not None:
        return found
    cards = _cards(codes).select_related("edition").order_by("pk")
    built = {
        "cards": {str(card.pk): _entry(card) for card in cards},
        "seconds": {
            str(n): ngettext("%(n)s second for this pick", "%(n)s seconds for this pick", n)
            % {"n": n}
            for n in sorted(set(PICK_SECONDS.values()))
            if n
        },
    }
    cache.set(key, built, CARD_LIST_SECONDS)
    return built
