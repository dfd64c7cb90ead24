"""Two players' reports of one match, compared answer by answer (pure: no Django).

A report is its score (player A's games, player B's, drawn) and, when the player listed
them, its games as stored (``tournaments.services.results.validation.normalised_games``):
per game who won it, who won the coin or die, who chose play or draw and the choice, whether
a game loss took it and, in the games with a rules engine, the sides, the final score and
the record.

The answers compared are the ones a player gives: the score; per game who won it, who won
the coin or die, who played first (the chooser and the choice together: two reports that
name the same first player say the same thing), whether it was lost by penalty, the sides,
the final score and the record. A report with a score alone contradicts no record: games
are compared only when both reports list them.

The rule the result services apply (docs/events.md, "Matching scores"): reports that differ
in the score are a dispute for a judge; reports whose scores agree confirm the result even
when their records differ (``records_differ``), and the record stays to be settled.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "GAME_PARTS",
    "Difference",
    "Report",
    "differences",
    "first_player",
    "record_fingerprint",
    "records_differ",
]

# The answers compared in each game, in the order a page lists them.
GAME_PARTS = ("winner", "random_winner", "first", "by_penalty", "side_a", "game_score", "record")


@dataclass(frozen=True, slots=True)
class Report:
    """One player's report, oriented to the match (player A, player B)."""

    score: tuple[int, int, int]
    games: Sequence[Mapping[str, Any]] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class Difference:
    """One answer two reports give differently: ``part`` is ``"score"`` (``game`` None) or
    one of ``GAME_PARTS`` in game ``game``; ``first`` and ``second`` are each report's answer
    (a side ``"a"``/``"b"``, ``"draw"``, ``""`` when not given, a bool, a score tuple, or
    the raw value of the sides, the final score or the record)."""

    part: str
    game: int | None
    first: Any
    second: Any


def first_player(game: Mapping[str, Any]) -> str:
    """Who played first in a reported game: the chooser, unless they chose to play second
    (no choice declared means first); "" when the report names no chooser."""
    chooser = game.get("chooser") or ""
    if chooser not in ("a", "b"):
        return ""
    if game.get("choice") == "second":
        return "b" if chooser == "a" else "a"
    return chooser


def _answers(game: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "winner": game.get("winner") or "",
        "random_winner": game.get("random_winner") or "",
        "first": first_player(game),
        "by_penalty": bool(game.get("by_penalty", False)),
        "side_a": game.get("side_a") or "",
        "game_score": game.get("score"),
        "record": game.get("record"),
    }


def differences(first: Report, second: Report) -> list[Difference]:
    """Every answer the two reports give differently: the score first, then game by game.
    Games are compared only when both reports list them, as far as both go (a report with
    more games differs in the score already)."""
    found = []
    if tuple(first.score) != tuple(second.score):
        found.append(Difference("score", None, tuple(first.score), tuple(second.score)))
    if not first.games or not second.games:
        return found
    for number, (one, other) in enumerate(zip(first.games, second.games, strict=False), start=1):
        mine, theirs = _answers(one), _answers(other)
        found.extend(
            Difference(part, number, mine[part], theirs[part])
            for part in GAME_PARTS
            if mine[part] != theirs[part]
        )
    return found


def records_differ(first: Report, second: Report) -> bool:
    """Whether the scores agree but the games listed in both reports do not: the result is
    confirmed on the score, and the record is not settled yet."""
    return tuple(first.score) == tuple(second.score) and bool(differences(first, second))


def record_fingerprint(games: Sequence[Mapping[str, Any]]) -> str:
    """A short digest of a report's games, carried by a page that shows them: a player who
    agrees to the record they saw is refused if it changed since."""
    text = json.dumps(list(games), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
