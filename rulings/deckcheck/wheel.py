"""The faction wheel of the Multifacción format.

Quimera, Corporación, Abismales, Acracia (and back to Quimera). A card costs
one more Will per step between its faction and the Sanctuary's: the same
faction +0, a neighbour +1, the opposite faction +2. Cards without a faction
pay nothing extra.
"""

from __future__ import annotations

from rulings.core.cards import FACTION_WHEEL, Faction

_POSITION = {faction: i for i, faction in enumerate(FACTION_WHEEL)}


def wheel_distance(a: Faction, b: Faction) -> int:
    """Steps between two factions on the wheel, the short way round (0, 1 or 2)."""
    steps = abs(_POSITION[a] - _POSITION[b])
    return min(steps, len(FACTION_WHEEL) - steps)


def surcharge(card_faction: Faction | None, sanctuary_faction: Faction) -> int:
    """Extra Will to play a card of ``card_faction`` beside a ``sanctuary_faction`` Sanctuary."""
    if card_faction is None:
        return 0
    return wheel_distance(card_faction, sanctuary_faction)
