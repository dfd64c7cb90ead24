"""Which way packs pass (DAR 4.1.1: pack 1 left, 2 right, 3 left, 4 right) and which pack
is in front of which seat at each pick. Seats are numbered 0..n-1 round the table; the
seat to a player's left is the next number (wrapping round)."""

from __future__ import annotations

from enum import IntEnum


class Direction(IntEnum):
    LEFT = 1
    RIGHT = -1


def pass_direction(pack_round: int) -> Direction:
    """Odd packs go left, even packs go right."""
    if pack_round < 1:
        raise ValueError(f"pack rounds start at 1, not {pack_round}")
    return Direction.LEFT if pack_round % 2 == 1 else Direction.RIGHT


def receiving_seat(seat: int, pack_round: int, pod_size: int) -> int:
    """The seat a pack goes to when ``seat`` passes it."""
    return (seat + pass_direction(pack_round)) % pod_size


def opener_in_front(seat: int, pack_round: int, pick_number: int, pod_size: int) -> int:
    """The seat that opened the pack in front of ``seat`` at ``pick_number`` (1-based)."""
    return (seat - pass_direction(pack_round) * (pick_number - 1)) % pod_size


def holder_of(opener: int, pack_round: int, pick_number: int, pod_size: int) -> int:
    """The seat in front of which the pack opened by ``opener`` lies at ``pick_number``."""
    return (opener + pass_direction(pack_round) * (pick_number - 1)) % pod_size
