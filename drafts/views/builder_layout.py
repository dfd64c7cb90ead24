"""How the deck builder lays out the pool: the faction of the drafter's Sanctuary first,
then the others, each by type; every card once, in the deck (at least one copy in it) or
in the pool (none in it). The page's script moves a card from one to the other when its
count crosses zero, keeping the same order (``data-order``)."""

from __future__ import annotations

from typing import Any

from django.forms import BoundField
from django.utils.translation import gettext as _

from config.numbers import parse_whole_number
from drafts.services.pools import PoolEntry


def shown_count(field: BoundField) -> int:
    return parse_whole_number(str(field.value() or 0), maximum=10_000) or 0


def own_faction(rows: list[tuple[PoolEntry, BoundField]]) -> str | None:
    """The faction of the Sanctuary in the deck shown (else of one in the pool)."""
    sanctuaries = [(shown_count(f) > 0, e.card.faction) for e, f in rows if e.card.is_sanctuary]
    for _in_deck, faction in sorted(sanctuaries, key=lambda s: not s[0]):
        if faction:
            return faction
    return None


def builder_zones(rows: list[tuple[PoolEntry, BoundField]]) -> dict[str, Any]:
    """``deck`` and ``pool``: lists of groups (``title``, ``order``, ``rows``), each row
    (entry, field, order) in the zone its count puts it in."""
    faction = own_faction(rows)
    ordered = sorted(
        rows,
        key=lambda r: (
            r[0].card.faction != faction,
            r[0].card.faction,
            r[0].card.type,
            r[0].card.name,
            r[0].card.pk,
        ),
    )
    zones: dict[str, list[dict[str, Any]]] = {"deck": [], "pool": []}
    title = None
    for index, (entry, field) in enumerate(ordered):
        card = entry.card
        here = " · ".join(
            part for part in (card.get_faction_display(), card.get_type_display()) if part
        ) or _("No faction")
        if here != title:
            title = here
            for groups in zones.values():
                groups.append({"title": here, "order": 2 * index, "rows": []})
        zone = "deck" if shown_count(field) > 0 else "pool"
        zones[zone][-1]["rows"].append((entry, field, 2 * index + 1))
    return {"zones": zones, "own_faction": faction}
