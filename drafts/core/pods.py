"""Pods and seating (DAR 4.1.1: 8 players recommended; a larger field is split into tables
of equal size, read as the fewest pods of at most 8 whose sizes differ by at most one)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from drafts.core.errors import BadPodSize

MAX_POD = 8
T = TypeVar("T")


def pod_sizes(players: int, *, max_pod: int = MAX_POD) -> list[int]:
    """Sizes of the fewest pods of at most ``max_pod``, largest first, differing by <= 1.

    >>> pod_sizes(17)
    [6, 6, 5]
    """
    if players < 2:
        raise BadPodSize(f"a draft needs at least 2 players, not {players}", players=players)
    if max_pod < 2:
        raise BadPodSize(f"a pod holds at least 2 players, not {max_pod}", players=max_pod)
    pods = -(-players // max_pod)
    base, extra = divmod(players, pods)
    return [base + 1] * extra + [base] * (pods - extra)


def seat_players(players: Sequence[T], seed: int, *, max_pod: int = MAX_POD) -> list[list[T]]:
    """Random pods and seats from ``seed``: a list of pods, each its players in seat order
    (seat 0 first; seat i + 1 sits to the left of seat i)."""
    order = list(players)
    random.Random(seed).shuffle(order)
    pods: list[list[T]] = []
    start = 0
    for size in pod_sizes(len(order), max_pod=max_pod):
        pods.append(order[start : start + size])
        start += size
    return pods
