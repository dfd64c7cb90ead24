"""Replay of a Goblin II record: the verdict, or the first illegal step.

:func:`replay` drives a :class:`~games.engines.goblin.state.Game` through a
parsed record in the rules' order (reveals attacker first, the extra reveals,
the attacker's vanguard picks, the turns of the card exchange); the first
step the game refuses is the verdict's error, located by its place and the
JSON path of the step. :func:`check_record` does the whole check from JSON
data.
"""

from __future__ import annotations

from typing import Any

from games.engines.errors import IllegalStepError, RecordError
from games.engines.goblin.catalogue import Catalogue, default_catalogue
from games.engines.goblin.record import GAME, Record, parse_record
from games.engines.goblin.state import (
    BY_AIR,
    BY_CONCESSION,
    CARDS,
    OTHER,
    UNCOVER,
    Game,
)
from games.engines.replaying import run_to_verdict
from games.engines.verdict import Verdict


def check_record(data: Any, catalogue: Catalogue | None = None) -> Verdict:
    """Parse and replay Goblin II ``data``; never raises for a bad record."""
    catalogue = catalogue or default_catalogue()
    try:
        record = parse_record(data, catalogue)
    except RecordError as err:
        return Verdict(GAME, False, error=err)
    return replay(record, catalogue)


def replay(record: Record, catalogue: Catalogue | None = None) -> Verdict:
    """Replay a parsed record and return its :class:`Verdict`."""
    catalogue = catalogue or default_catalogue()
    settings = {
        "catalogue": record.catalogue,
        "mode": record.mode,
        "scoring": record.scoring,
        "initiative": record.initiative,
    }
    game = Game(catalogue, mode=record.mode, scoring=record.scoring, initiative=record.initiative)

    def run() -> None:
        if record.setup is not None:
            try:
                game.set_kept_specials(record.setup)
            except IllegalStepError as err:
                raise err.with_path(f"setup.{err.place.side}.specials") from None
        _run(game, record)

    return run_to_verdict(GAME, game, run, record.result, settings)


def _run(game: Game, record: Record) -> None:
    path = ""
    try:
        for i, entry in enumerate(record.rounds):
            number = i + 1
            if game.is_over:
                raise IllegalStepError(
                    "goblin.rounds_too_many",
                    {"last": len(game.reports), "count": len(record.rounds)},
                    round=number,
                    phase=UNCOVER,
                ).with_path(f"rounds[{i}]")
            path = f"rounds[{i}]"
            _uncover(game, entry.uncover, path)
            path = f"rounds[{i}].vanguard"
            attacker = game.attacker
            game.apply_vanguard(entry.vanguard[attacker], entry.vanguard[OTHER[attacker]])
            _exchange(game, entry.turns, f"rounds[{i}].turns", number)
    except IllegalStepError as err:
        if err.path is None:
            err.path = path + err.field
        raise
    if not game.is_over:
        raise IllegalStepError(
            "goblin.rounds_too_few",
            {
                "count": len(record.rounds),
                "heads_left": game.troop_left["heads"],
                "tails_left": game.troop_left["tails"],
            },
            round=game.round,
            phase=UNCOVER,
            side=game.attacker,
        ).with_path("rounds")


def _uncover(game: Game, uncover: dict[str, tuple[str, ...]], path: str) -> None:
    attacker = game.attacker
    for side in (attacker, OTHER[attacker]):
        cards = uncover[side]
        if not cards:
            raise IllegalStepError(
                "reveal.none", {}, round=game.round, phase=UNCOVER, side=side
            ).with_path(f"{path}.uncover.{side}")
        try:
            game.apply_reveal(side, cards[0])
        except IllegalStepError as err:
            raise err.with_path(f"{path}.uncover.{side}[0]") from None
    for side in (attacker, OTHER[attacker]):
        extras = uncover[side][1:]
        if not extras:
            continue
        if game.phase != UNCOVER or game.extra_side != side:
            mine = len(game.reserve[side])
            raise IllegalStepError(
                "reveal.extra_not_allowed",
                {"mine": mine, "other": OTHER[side], "theirs": len(game.reserve[OTHER[side]])},
                round=game.round,
                phase=UNCOVER,
                side=side,
            ).with_path(f"{path}.uncover.{side}[1]")
        for j, card in enumerate(extras, start=1):
            if game.phase != UNCOVER:  # the extras already reached the enemy's number
                raise IllegalStepError(
                    "reveal.extra_too_many",
                    {
                        "count": len(extras),
                        "allowed": j - 1,
                        "other": OTHER[side],
                        "theirs": len(game.reserve[OTHER[side]]),
                    },
                    round=game.round,
                    phase=UNCOVER,
                    side=side,
                ).with_path(f"{path}.uncover.{side}[{j}]")
            try:
                game.apply_reveal(side, card)
            except IllegalStepError as err:
                raise err.with_path(f"{path}.uncover.{side}[{j}]") from None
    if game.phase == UNCOVER:
        game.apply_end_uncover(game.to_act)  # type: ignore[arg-type]


def _exchange(game: Game, turns: tuple, path: str, number: int) -> None:
    for k, turn in enumerate(turns):
        where = f"{path}[{k}]"
        if len(game.reports) >= number:
            code = {BY_AIR: "turn.after_air", BY_CONCESSION: "turn.after_concede"}.get(
                game.last_end or "", "turn.after_passes"
            )
            raise IllegalStepError(code, {}, round=number, phase=CARDS, side=turn.side).with_path(
                where
            )
        if turn.side != game.to_act:
            raise IllegalStepError(
                "turn.wrong_side",
                {"expected": game.to_act},
                round=number,
                phase=CARDS,
                side=turn.side,
            ).with_path(f"{where}.side")
        if turn.concede:
            game.apply_concede(turn.side)
            continue
        for j, play in enumerate(turn.plays):
            if len(game.reports) >= number:
                raise IllegalStepError(
                    "turn.after_air", {}, round=number, phase=CARDS, side=turn.side
                ).with_path(f"{where}.plays[{j}]")
            try:
                game.apply_play(turn.side, play.card, play.on, play.copy)
            except IllegalStepError as err:
                raise err.with_path(f"{where}.plays[{j}]{err.field}") from None
        if len(game.reports) < number:
            game.apply_end_turn(turn.side)
    if len(game.reports) < number:
        raise IllegalStepError(
            "turn.not_closed", {}, round=number, phase=CARDS, side=game.to_act
        ).with_path(path)
