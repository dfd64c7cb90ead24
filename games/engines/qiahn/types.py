"""Qíahn Tactics vocabulary: sides, token types and their dice, counters, rulesets, token ids.

Everything here is a constant of the first edition as the project reads it
(``docs/readings.md``): twelve tokens a side, two of each of six types; one sword
and one shield a side; water and wind for heads, earth and fire for tails.
Sides, types, counters and outcomes are plain strings (the record's own
words), so reports and errors quote them as written.
"""

from __future__ import annotations

import re
from typing import Final

HEADS: Final = "heads"
TAILS: Final = "tails"
SIDES: Final = (HEADS, TAILS)
OTHER_SIDE: Final = {HEADS: TAILS, TAILS: HEADS}
SIDE_PREFIX: Final = {HEADS: "H", TAILS: "T"}
PREFIX_SIDE: Final = {"H": HEADS, "T": TAILS}

# Token types and the die each one rolls (faces 1..n).
DIE_SIDES: Final = {
    "wizard": 20,
    "paladin": 12,
    "knight": 10,
    "beast": 8,
    "archer": 6,
    "footman": 4,
}
TOKEN_TYPES: Final = tuple(DIE_SIDES)
COPIES_PER_TYPE: Final = 2
TOKENS_PER_SIDE: Final = COPIES_PER_TYPE * len(TOKEN_TYPES)

SWORD: Final = "sword"
SHIELD: Final = "shield"
WATER: Final = "water"
WIND: Final = "wind"
EARTH: Final = "earth"
FIRE: Final = "fire"
GEAR: Final = frozenset({SWORD, SHIELD})
MAGIC: Final = frozenset({WATER, WIND, EARTH, FIRE})
COUNTERS: Final = (SWORD, SHIELD, WATER, WIND, EARTH, FIRE)
COUNTERS_OF: Final = {
    HEADS: (SWORD, SHIELD, WATER, WIND),
    TAILS: (SWORD, SHIELD, EARTH, FIRE),
}
GEAR_BONUS: Final = 3

RULEBOOK: Final = "rulebook-1"
FAMILY: Final = "family-1"
RULESETS: Final = (RULEBOOK, FAMILY)
SQUADS: Final = (3, 6)
MAX_VANGUARD: Final = 3

# Outcomes of a round, from the attacker's point of view.
ATTACKER_WINS: Final = "attacker"
DRAW: Final = "draw"
DEFENDER_WINS: Final = "defender"

# How the round ended and what earth did.
BY_COMBAT: Final = "combat"
BY_WIND: Final = "wind"
EARTH_DRAW: Final = "defeat-to-draw"
EARTH_CARRIER_SURVIVES: Final = "carrier-survives"

_TOKEN_ID_RE = re.compile(r"[HT][1-9][0-9]*")


def token_id(side: str, k: int) -> str:
    """The id of the token ``side`` uncovered in round ``k``: ``H2``, ``T1``..."""
    return f"{SIDE_PREFIX[side]}{k}"


# Fast lookup of the ids of any squad: id -> (side, k).
TOKEN_IDS: Final = {token_id(side, k): (side, k) for side in SIDES for k in range(1, 7)}


def parse_token_id(text: str) -> tuple[str, int] | None:
    """``'H12'`` -> ``('heads', 12)``; ``None`` if the text is not a token id."""
    found = TOKEN_IDS.get(text)
    if found is not None:
        return found
    if type(text) is str and _TOKEN_ID_RE.fullmatch(text):
        return PREFIX_SIDE[text[0]], int(text[1:])
    return None
