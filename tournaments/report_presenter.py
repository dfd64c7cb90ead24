"""The players' reports of a match in words, in the reader's language: the answers two
reports give differently (``tournaments.report_compare``) and a report's play-or-draw record,
from a player's side ("you", "your opponent") or the match's (the players' names, for a
judge)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import report_compare

PART_LABELS = {
    "score": gettext_lazy("The score"),
    "winner": gettext_lazy("Game %(n)s: who won it"),
    "random_winner": gettext_lazy("Game %(n)s: who won the coin or die"),
    "first": gettext_lazy("Game %(n)s: who played first"),
    "by_penalty": gettext_lazy("Game %(n)s: lost by penalty"),
    "side_a": gettext_lazy("Game %(n)s: the sides"),
    "game_score": gettext_lazy("Game %(n)s: the final score"),
    "record": gettext_lazy("Game %(n)s: the record"),
}
SIDE_WORDS = {
    "heads": gettext_lazy("Heads"),
    "tails": gettext_lazy("Tails"),
    "north": gettext_lazy("North"),
    "south": gettext_lazy("South"),
}


def compared(report: Any) -> report_compare.Report:
    """A stored report (``ResultReport``) as the comparison reads it."""
    return report_compare.Report(report.score, report.games or [])


def player_names(side: str) -> dict[str, str]:
    """The sides as a player reads them: "you" and "your opponent"."""
    other = "b" if side == "a" else "a"
    return {side: _("You"), other: _("Your opponent")}


def score_text(score: Sequence[int], side: str | None = None) -> str:
    """A score as "2-1" (or "1-1-1" with drawn games): the reader's games first for a player
    (``side``), player A's for a judge."""
    a, b, drawn = score
    first, second = (b, a) if side == "b" else (a, b)
    return f"{first}-{second}-{drawn}" if drawn else f"{first}-{second}"


def _side(value: str, names: Mapping[str, str]) -> str:
    if value == "draw":
        return _("Draw")
    return names.get(value, "") or "—"


def answer_text(part: str, value: Any, names: Mapping[str, str], side: str | None = None) -> str:
    """One answer of a report in words."""
    if part == "score":
        if side is None and "a" in names and "b" in names:  # a judge: "Ana 2-0 Diego"
            return f"{names['a']} {score_text(value)} {names['b']}"
        return score_text(value, side)
    if part in ("winner", "random_winner", "first"):
        return _side(value or "", names)
    if part == "by_penalty":
        return _("Lost by penalty") if value else _("Played")
    if part == "side_a":
        return (
            _("%(name)s: %(side)s") % {"name": names.get("a", ""), "side": SIDE_WORDS[value]}
            if value in SIDE_WORDS
            else "—"
        )
    if part == "game_score":
        if not isinstance(value, Mapping):
            return "—"
        a, b = value.get("a", "?"), value.get("b", "?")
        return f"{b}-{a}" if side == "b" else f"{a}-{b}"
    if part == "record":
        if value is None:
            return _("No record")
        return _("Record %(id)s") % {"id": report_compare.record_fingerprint([value])[:6]}
    return str(value)


@dataclass(frozen=True)
class DifferingAnswer:
    """One answer two reports give differently, in words: ``first`` and ``second`` are each
    report's answer."""

    part: str
    game: int | None
    label: str
    first: str
    second: str


def differing_answers(
    first: report_compare.Report,
    second: report_compare.Report,
    names: Mapping[str, str],
    *,
    side: str | None = None,
) -> list[DifferingAnswer]:
    """The answers the two reports give differently ("Game 1: who won the coin or die"),
    each report's answer in words (``names`` says how the sides read)."""
    return [
        DifferingAnswer(
            part=d.part,
            game=d.game,
            label=str(PART_LABELS[d.part]) % {"n": d.game} if d.game else str(PART_LABELS[d.part]),
            first=answer_text(d.part, d.first, names, side),
            second=answer_text(d.part, d.second, names, side),
        )
        for d in report_compare.differences(first, second)
    ]


def differing_cells(answers: Sequence[DifferingAnswer]) -> dict[int, frozenset[str]]:
    """For each game, the parts two reports give differently (to mark them in each table)."""
    cells: dict[int, set[str]] = {}
    for answer in answers:
        if answer.game is not None:
            cells.setdefault(answer.game, set()).add(answer.part)
    return {game: frozenset(parts) for game, parts in cells.items()}


@dataclass(frozen=True)
class RecordLine:
    """One game of a report's play-or-draw record, in words; ``differs`` names the parts the
    other report gives differently."""

    number: int
    winner: str
    random_winner: str
    first: str
    by_penalty: bool
    differs: frozenset[str]


def record_lines(
    games: Sequence[Mapping[str, Any]],
    names: Mapping[str, str],
    differs: Mapping[int, frozenset[str]] | None = None,
) -> list[RecordLine]:
    """A report's games as a player reads them: who won each, who won the coin or die, who
    played first, and whether a game loss took it."""
    return [
        RecordLine(
            number=number,
            winner=_side(game.get("winner") or "", names),
            random_winner=_side(game.get("random_winner") or "", names)
            if game.get("random_winner")
            else "—",
            first=_side(report_compare.first_player(game), names)
            if report_compare.first_player(game)
            else "—",
            by_penalty=bool(game.get("by_penalty")),
            differs=(differs or {}).get(number, frozenset()),
        )
        for number, game in enumerate(games, start=1)
    ]
