"""Replay of an Anachronism record: the verdict, or the first illegal step.

:func:`replay` drives a :class:`~games.engines.anachronism.state.Game` through
a parsed record in the order of play: the placement rolls and squares, then
each assault's initiative re-rolls, forced discards and the two turns. The
first step the game refuses is the verdict's error, located by its place
(assault, phase, side) and the JSON path of the step. :func:`check_record`
does the whole check from JSON data; :func:`replay_frames` gives the state
after every step, for the replay page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engines.anachronism.catalogue import Catalogue, default_catalogue
from games.engines.anachronism.fastcheck import fast_score
from games.engines.anachronism.record import GAME, Record, parse_record
from games.engines.anachronism.state import Game
from games.engines.anachronism.types import (
    ACTIONS,
    DEFAULT_ARENA,
    DISCARD,
    INITIATIVE,
    OTHER,
    PLACEMENT,
)
from games.engines.errors import IllegalStepError, RecordError
from games.engines.replaying import run_to_verdict
from games.engines.steps import END
from games.engines.verdict import Verdict

Observer = Callable[[Game, str, str], None]


def check_record(data: Any, catalogue: Catalogue | None = None) -> Verdict:
    """Parse and replay Anachronism ``data`` (parsed JSON); never raises for a bad record.

    A legal record is recognised by the one-pass :func:`fast_score`; its assault
    reports are replayed only when the verdict's ``rounds`` are first read (from
    ``data`` itself, so do not change ``data`` before reading them). Anything
    else is parsed and replayed step by step to name the first error.
    """
    catalogue = catalogue or default_catalogue()
    score = fast_score(data, catalogue)
    if score is not None:
        settings = {
            "ruleset": data["ruleset"],
            "catalogue": data["catalogue"],
            "arena": data.get("arena", DEFAULT_ARENA),
        }
        return Verdict(
            GAME,
            True,
            result=score,
            rounds_factory=lambda: check_record_stepwise(data, catalogue).rounds,
            settings=settings,
        )
    return check_record_stepwise(data, catalogue)


def check_record_stepwise(data: Any, catalogue: Catalogue | None = None) -> Verdict:
    """Like :func:`check_record`, but always parsing and replaying step by step."""
    catalogue = catalogue or default_catalogue()
    try:
        record = parse_record(data, catalogue)
    except RecordError as err:
        return Verdict(GAME, False, error=err)
    return replay(record, catalogue)


def new_game(record: Record, catalogue: Catalogue) -> Game:
    return Game(catalogue, record.warriors, record.supports, arena=record.arena)


def replay(record: Record, catalogue: Catalogue | None = None) -> Verdict:
    """Replay a parsed record and return its :class:`Verdict` (never raises for a bad step)."""
    game = new_game(record, catalogue or default_catalogue())
    return run_to_verdict(GAME, game, lambda: run(game, record), record.result, record.settings)


def replay_frames(
    record: Record, catalogue: Catalogue | None = None
) -> tuple[list[dict[str, Any]], IllegalStepError | None]:
    """The visible state before the first step and after each step, and the first error.

    Each frame is :meth:`Game.snapshot` plus ``path`` (the step's JSON path),
    ``label`` (its kind: ``start``, ``placement-roll``, ``place``,
    ``initiative-roll``, ``discard`` or ``action``), ``event`` (an action's
    entry in its assault report, else None) and ``effects`` (the report entries
    of reveal abilities that took effect during the step, when an assault began).
    """
    game = new_game(record, catalogue or default_catalogue())
    frames: list[dict[str, Any]] = [
        {**game.snapshot(), "path": None, "label": "start", "event": None, "effects": []}
    ]
    seen = [0]  # steps already shown, per assault report

    def observe(state: Game, label: str, path: str) -> None:
        # Steps this step added, in order: an action's own entry comes first (in its
        # assault's report), then the reveal effects of an assault it began.
        added = []
        for k, report in enumerate(state.reports):
            if k == len(seen):
                seen.append(0)
            if len(report.steps) > seen[k]:
                added.extend(report.as_dict()["steps"][seen[k] :])
                seen[k] = len(report.steps)
        frame = state.snapshot()
        frame["path"] = path
        frame["label"] = label
        event = added[0] if label == "action" and added else None
        frame["event"] = event
        frame["effects"] = [step for step in added if step is not event]
        frames.append(frame)

    try:
        run(game, record, observe)
    except IllegalStepError as err:
        return frames, err
    return frames, None


_AFTER_END = {
    "assault": "anachronism.after_end_assault",
    "turn": "anachronism.after_end_turn",
    "action": "anachronism.after_end_action",
}


def _after_end(game: Game, path: str, what: str) -> IllegalStepError:
    return IllegalStepError(_AFTER_END[what], {}, phase=END).with_path(path)


def run(game: Game, record: Record, observe: Observer | None = None) -> None:
    """Apply every step of ``record`` to ``game``; raises the first IllegalStepError."""
    path = ""
    try:
        path = "placement.rolls"
        for k, (north, south) in enumerate(record.placement_rolls):
            path = f"placement.rolls[{k}]"
            if game.to_act is not None:
                raise IllegalStepError(
                    "anachronism.placement_roll_extra",
                    {"count": k},
                    phase=PLACEMENT,
                ).with_path(path)
            game.apply_placement_roll(north, south)
            if observe:
                observe(game, "placement-roll", path)
        if game.to_act is None:
            raise IllegalStepError(
                "anachronism.placement_roll_missing", {}, phase=PLACEMENT
            ).with_path("placement.rolls")
        first = game.to_act
        for side in (first, OTHER[first]):
            path = f"placement.{side}"
            game.apply_place(side, record.start[side])
            if observe:
                observe(game, "place", path)
        for i, entry in enumerate(record.assaults):
            _assault(game, entry, i, observe)
    except IllegalStepError as err:
        if err.path is None:
            err.path = path + err.field
        raise
    if not game.is_over:
        raise IllegalStepError(
            "anachronism.assaults_too_few",
            {"count": len(record.assaults)},
            round=game.round,
            phase=game.phase,
            side=game.to_act,
        ).with_path("assaults")


def _assault(game: Game, entry: Any, i: int, observe: Observer | None) -> None:
    base = f"assaults[{i}]"
    if game.is_over:
        raise _after_end(game, base, "assault")
    for k, (north, south) in enumerate(entry.initiative_rolls):
        path = f"{base}.initiative_rolls[{k}]"
        if game.phase != INITIATIVE:
            raise IllegalStepError(
                "anachronism.initiative_roll_extra",
                {"count": k},
                round=game.round,
                phase=INITIATIVE,
            ).with_path(path)
        try:
            game.apply_initiative_roll(north, south)
        except IllegalStepError as err:
            raise err.with_path(path + err.field) from None
        if observe:
            observe(game, "initiative-roll", path)
    if game.phase == INITIATIVE:
        raise IllegalStepError(
            "anachronism.initiative_roll_missing", {}, round=game.round, phase=INITIATIVE
        ).with_path(f"{base}.initiative_rolls")
    used = {side: 0 for side in entry.discards}
    while game.phase == DISCARD:
        side = game.to_act
        assert side is not None
        cards = entry.discards[side]
        if used[side] >= len(cards):
            raise IllegalStepError(
                "anachronism.discard_missing",
                {"in_play": ", ".join(card.id for card in game.in_play[side])},
                round=game.round,
                phase=DISCARD,
                side=side,
            ).with_path(f"{base}.discards.{side}")
        path = f"{base}.discards.{side}[{used[side]}]"
        try:
            game.apply_discard(side, cards[used[side]])
        except IllegalStepError as err:
            raise err.with_path(path) from None
        used[side] += 1
        if observe:
            observe(game, "discard", path)
    for side, cards in entry.discards.items():
        if used[side] < len(cards):
            raise IllegalStepError(
                "anachronism.discard_not_needed",
                {"card": cards[used[side]]},
                round=game.round,
                phase=DISCARD,
                side=side,
            ).with_path(f"{base}.discards.{side}[{used[side]}]")
    number = game.round
    for t, turn in enumerate(entry.turns):
        where = f"{base}.turns[{t}]"
        if game.is_over:
            raise _after_end(game, where, "turn")
        if game.round != number:
            raise IllegalStepError(
                "anachronism.turns_too_many",
                {"count": len(entry.turns)},
                round=number,
                phase=ACTIONS,
            ).with_path(where)
        side = turn.side
        if side != game.to_act:
            raise IllegalStepError(
                "anachronism.turn_wrong_side",
                {"expected": game.to_act},
                round=number,
                phase=ACTIONS,
                side=side,
            ).with_path(f"{where}.side")
        index = game.turn_index
        for a, action in enumerate(turn.actions):
            path = f"{where}.actions[{a}]"
            if game.is_over:
                raise _after_end(game, path, "action")
            if game.round != number or game.turn_index != index:
                raise IllegalStepError(
                    "anachronism.actions_too_many",
                    {"count": len(turn.actions), "speed": a},
                    round=number,
                    phase=ACTIONS,
                    side=side,
                ).with_path(path)
            try:
                game.apply(side, action)
            except IllegalStepError as err:
                raise err.with_path(path + err.field) from None
            if observe:
                observe(game, "action", path)
        if not game.is_over and game.round == number and game.turn_index == index:
            raise IllegalStepError(
                "anachronism.actions_too_few",
                {"count": len(turn.actions), "left": game.actions_left},
                round=number,
                phase=ACTIONS,
                side=side,
            ).with_path(f"{where}.actions")
    if not game.is_over and game.round == number:
        raise IllegalStepError(
            "anachronism.turns_too_few",
            {"count": len(entry.turns), "expected": game.to_act},
            round=number,
            phase=ACTIONS,
            side=game.to_act,
        ).with_path(f"{base}.turns")
