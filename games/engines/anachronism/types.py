"""Anachronism vocabulary: sides, phases, the game's limits, how it ends, and arena squares.

Line numbers cite the Spanish rules text (``anachronism.es.txt``).
"""

from __future__ import annotations

NORTH = "north"
SOUTH = "south"
SIDES = (NORTH, SOUTH)
OTHER = {NORTH: SOUTH, SOUTH: NORTH}

PLACEMENT = "placement"
INITIATIVE = "initiative"
DISCARD = "discard"
ACTIONS = "actions"
ASSAULTS = 5
REVEAL_ASSAULTS = 4
SUPPORTS_PER_SIDE = 4
MAX_HANDS = 2
ARENA_SIZES = (3, 4, 5, 6, 7, 8, 9)
DEFAULT_ARENA = 5

# How a game ended.
BY_KNOCKOUT = "knockout"
BY_LIFE = "life"
BY_EXPERIENCE = "experience"
BY_DRAW = "draw"


def square_name(x: int, y: int) -> str:
    """Arena square (0-based x, y) as ``a1`` (file letter, rank from 1)."""
    return f"{chr(97 + x)}{y + 1}"


def parse_square(name: str, size: int) -> tuple[int, int] | None:
    """``c3`` as (2, 2), or None if it is not a square of a ``size`` arena."""
    if type(name) is not str or not 2 <= len(name) <= 3:
        return None
    x = ord(name[0]) - 97
    digits = name[1:]
    if not digits.isdigit() or digits[0] == "0" or not digits.isascii():
        return None
    y = int(digits) - 1
    if 0 <= x < size and 0 <= y < size:
        return x, y
    return None
