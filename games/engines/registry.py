"""Which engine replays a record: dispatch on the record's ``game`` key.

:func:`check_record` takes parsed JSON data of any supported game and returns
its :class:`Verdict`; :func:`check_record_text` also reads the JSON text
strictly (a repeated key or a NaN is an error, not silently accepted).
:data:`ENGINES` maps each ``game`` key to its engine; adding a game means
adding an entry here. :func:`check_match_record` checks a reported result
against an event's settings, with or without a record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.engines.anachronism import replay as anachronism_replay
from games.engines.anachronism.record import GAME as ANACHRONISM
from games.engines.errors import (
    MissingRecordError,
    RecordSyntaxError,
    ResultMismatchError,
    SettingMismatchError,
    UnreachableScoreError,
    UnsupportedGameError,
)
from games.engines.goblin import replay as goblin_replay
from games.engines.goblin.record import GAME as GOBLIN
from games.engines.qiahn import replay as qiahn_replay
from games.engines.qiahn.reachable import check_reachable
from games.engines.qiahn.record import GAME as QIAHN
from games.engines.strict import read_integer, type_error
from games.engines.verdict import Verdict


@dataclass(frozen=True)
class Engine:
    """A game the site validates records of."""

    game: str
    name: str
    formats: tuple[int, ...]
    check: Callable[[Any], Verdict]
    sides: tuple[str, str] = ("heads", "tails")  # the keys of its results, first side first


ENGINES: dict[str, Engine] = {
    QIAHN: Engine(QIAHN, "Qíahn Tactics (first edition)", (1,), qiahn_replay.check_record),
    GOBLIN: Engine(GOBLIN, "Qíahn Tactics Goblin II", (1,), goblin_replay.check_record),
    ANACHRONISM: Engine(
        ANACHRONISM,
        "Anachronism",
        (1,),
        anachronism_replay.check_record,
        sides=("north", "south"),
    ),
}


def supported_games() -> list[str]:
    return list(ENGINES)


def engine_for(data: Any) -> Engine:
    """The engine for a record's ``game`` key; raises UnsupportedGameError/RecordSyntaxError."""
    if type(data) is not dict:
        raise type_error("", "object", data)
    if "game" not in data:
        raise RecordSyntaxError("syntax.missing", "game", {"key": "game", "parent": "record"})
    game = data["game"]
    if type(game) is not str:
        raise type_error("game", "string", game)
    engine = ENGINES.get(game)
    if engine is None:
        raise UnsupportedGameError(
            "game.unsupported", "game", {"value": game, "allowed": ", ".join(ENGINES)}
        )
    return engine


def check_record(data: Any) -> Verdict:
    """Replay a record of any supported game (parsed JSON); never raises for a bad record."""
    try:
        engine = engine_for(data)
    except RecordSyntaxError as err:
        game = data.get("game") if type(data) is dict else None
        return Verdict(game if type(game) is str else None, False, error=err)
    return engine.check(data)


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordSyntaxError("syntax.duplicate_key", "", {"key": key})
        out[key] = value
    return out


def _reject_constant(name: str) -> Any:
    raise RecordSyntaxError("record.not_json", "", {"detail": f"{name} is not a JSON number"})


def loads_record(text: str | bytes) -> Any:
    """Parse record JSON strictly; raises RecordSyntaxError (``record.not_json``...)."""
    try:
        return json.loads(
            text,
            object_pairs_hook=_reject_duplicates,
            parse_constant=_reject_constant,
            parse_int=read_integer,
        )
    except json.JSONDecodeError as err:
        raise RecordSyntaxError(
            "record.not_json",
            "",
            {"detail": f"{err.msg} at line {err.lineno}, column {err.colno}"},
        ) from None
    except RecursionError:
        raise RecordSyntaxError("record.too_deep", "") from None


def check_record_text(text: str | bytes) -> Verdict:
    """Read record JSON text strictly and replay it; never raises for a bad record."""
    try:
        data = loads_record(text)
    except RecordSyntaxError as err:
        return Verdict(None, False, error=err)
    return check_record(data)


def check_match_record(
    game: str,
    record: Any | None,
    reported_score: Mapping[str, int] | None = None,
    *,
    squad: int | None = None,
    ruleset: str | None = None,
    mode: str | None = None,
    scoring: str | None = None,
    require_record: bool = False,
) -> Verdict:
    """Check a reported game result, with or without its record, against an event's settings.

    - With a record: it must be a record of ``game`` (and, for Qíahn Tactics, of
      the event's ``squad`` and ``ruleset`` when given; for Goblin II, of its
      ``mode`` and ``scoring`` when given), replay legally, and
      its replayed score must equal ``reported_score`` when one is given.
    - Without a record: refused if ``require_record``; otherwise a Qíahn
      Tactics ``reported_score`` must be reachable for ``squad`` and
      ``ruleset`` (other games have no result-only check).

    Never raises for a bad record or score; the verdict says why.
    """
    settings = {"squad": squad, "ruleset": ruleset}
    if record is None:
        if require_record:
            return Verdict(game, False, error=MissingRecordError("event.record_required"))
        if reported_score is None:
            return Verdict(game, True, settings=settings)
        if game == QIAHN and squad is not None and ruleset is not None:
            try:
                check_reachable(squad, ruleset, reported_score)
            except UnreachableScoreError as err:
                return Verdict(game, False, error=err, settings=settings)
        return Verdict(game, True, result=dict(reported_score), settings=settings)
    if type(record) is dict and record.get("game") != game and type(record.get("game")) is str:
        return Verdict(
            record.get("game"),
            False,
            error=SettingMismatchError(
                "event.wrong_game", "game", {"expected": game, "value": record.get("game")}
            ),
        )
    if game == QIAHN and type(record) is dict:
        for key, expected in (("squad", squad), ("ruleset", ruleset)):
            if expected is not None and key in record and record[key] != expected:
                return Verdict(
                    game,
                    False,
                    error=SettingMismatchError(
                        "event.wrong_setting",
                        key,
                        {"key": key, "expected": expected, "value": record[key]},
                    ),
                )
    if game == GOBLIN and type(record) is dict:
        for key, expected in (("mode", mode), ("scoring", scoring)):
            value = record.get(key)
            if expected is not None and type(value) is str and value != expected:
                return Verdict(
                    game,
                    False,
                    error=SettingMismatchError(
                        f"event.wrong_{key}", key, {"expected": expected, "value": value}
                    ),
                )
    verdict = check_record(record)
    if not verdict.valid or reported_score is None:
        return verdict
    if dict(verdict.result or {}) != dict(reported_score):
        return Verdict(
            verdict.game,
            False,
            error=ResultMismatchError(
                reported_score, verdict.result or {}, code="result.reported_mismatch"
            ),
            rounds=verdict.rounds,
            replayed=verdict.result,
            settings=verdict.settings,
        )
    return verdict
