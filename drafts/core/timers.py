"""The pick timer of DAR 4.1.2: seconds allowed by the cards left in the pack."""

from __future__ import annotations

PICK_SECONDS: dict[int, int] = {
    12: 50,
    11: 45,
    10: 40,
    9: 35,
    8: 30,
    7: 25,
    6: 20,
    5: 15,
    4: 10,
    3: 5,
    2: 5,
    1: 0,
}


def pick_seconds(cards_in_pack: int) -> int:
    """Seconds to pick from a pack of this many cards; a last card is taken at once (0).
    Larger packs than the table knows get the 12-card time."""
    if cards_in_pack < 1:
        raise ValueError(f"a pack to pick from has at least one card, not {cards_in_pack}")
    return PICK_SECONDS.get(cards_in_pack, PICK_SECONDS[12])
