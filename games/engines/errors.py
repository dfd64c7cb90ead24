"""The engines' exceptions: one class per kind of error, all ``ValueError``\\ s.

Every error has a stable ``code`` and a ``params`` dict (the English template
is in :mod:`games.engines.messages`), so a caller can show the same reason in
another language. ``str(error)`` is the full English text, located:

- :class:`RecordSyntaxError`: the record is not shaped as its format says
  (wrong type, missing or unknown key); located by a JSON path such as
  ``rounds[1].outfit.tails[0].counter``.
- :class:`IllegalStepError`: the record is well formed but a step breaks the
  rules; located by its :class:`~games.engines.verdict.Place` (round, phase,
  side) and, when it comes from a record, the JSON path of the step.
- :class:`ResultMismatchError`: every step is legal but the record's
  ``result`` is not the replayed score; carries both scores.
- :class:`UnreachableScoreError`: a result reported without a record that no
  legal game can reach.
- :class:`SettingMismatchError`, :class:`MissingRecordError`: a record that
  does not belong to the event it is reported in (another game, squad or
  ruleset), or no record where the event requires one.
- :class:`UnsupportedGameError`: the record names a game or format no engine
  replays.
- :class:`OddsInputError`: an exact-odds request describes an impossible round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from games.engines.messages import render, render_place


class Place(NamedTuple):
    """Where a step happened: round (1-based), phase and acting side (any may be None)."""

    round: int | None
    phase: str | None
    side: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "phase": self.phase, "side": self.side}


class EngineError(ValueError):
    """Base of every engine error: a code, its parameters and an English text."""

    kind = "error"

    def __init__(self, code: str, params: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        # The English text is rendered lazily (legal-move generation raises many errors).
        super().__init__(code)

    @property
    def message(self) -> str:
        """The reason in English, without the location."""
        return render(self.code, self.params)

    def location(self) -> str:
        """Where the error is, in English ('' when it has no place)."""
        return ""

    def __str__(self) -> str:
        where = self.location()
        return f"{where}: {self.message}" if where else self.message

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready description: kind, code, params, message and location."""
        return {
            "kind": self.kind,
            "code": self.code,
            "params": _jsonable(self.params),
            "message": str(self),
        }


class RecordError(EngineError):
    """Base of the errors that reject a submitted record or result."""


class RecordSyntaxError(RecordError):
    """The record does not have the shape its format requires."""

    kind = "syntax"

    def __init__(self, code: str, path: str, params: Mapping[str, Any] | None = None) -> None:
        self.path = path
        merged = {"path": path or "record"}
        merged.update(params or {})
        super().__init__(code, merged)

    def as_dict(self) -> dict[str, Any]:
        data = super().as_dict()
        data["path"] = self.path
        return data


class UnsupportedGameError(RecordSyntaxError):
    """The record names a game (or a format of it) that no engine replays."""

    kind = "unsupported"


class IllegalStepError(RecordError):
    """A step that breaks the rules, with its place (round, phase, side)."""

    kind = "illegal"

    def __init__(
        self,
        code: str,
        params: Mapping[str, Any] | None = None,
        *,
        round: int | None = None,
        phase: str | None = None,
        side: str | None = None,
        path: str | None = None,
    ) -> None:
        self.place = Place(round, phase, side)
        self.path = path
        # Suffix of the offending value below the step (".on", "[1]"), for the replay.
        self.field = ""
        merged: dict[str, Any] = {"side": side, "round": round}
        merged.update(params or {})
        super().__init__(code, merged)

    def location(self) -> str:
        return render_place(self.place.round, self.place.phase, self.place.side)

    def with_path(self, path: str) -> IllegalStepError:
        """Set the JSON path of the offending step (in place) and return self."""
        self.path = path
        return self

    def as_dict(self) -> dict[str, Any]:
        data = super().as_dict()
        data["place"] = self.place.as_dict()
        data["path"] = self.path
        return data


class ResultMismatchError(RecordError):
    """Every step is legal, but the record's result is not the replayed one."""

    kind = "mismatch"

    def __init__(
        self,
        recorded: Mapping[str, int],
        replayed: Mapping[str, int],
        code: str = "result.mismatch",
    ) -> None:
        self.recorded = dict(recorded)
        self.replayed = dict(replayed)
        super().__init__(
            code, {"recorded": format_score(recorded), "replayed": format_score(replayed)}
        )

    place = Place(None, "end", None)

    def location(self) -> str:
        return render_place(None, "end", None)

    def as_dict(self) -> dict[str, Any]:
        data = super().as_dict()
        data["path"] = "result"
        data["place"] = self.place.as_dict()
        data["recorded"] = self.recorded
        data["replayed"] = self.replayed
        return data


class SettingMismatchError(RecordSyntaxError):
    """A well-formed record of another game or with other settings than the event's."""

    kind = "setting"


class MissingRecordError(RecordError):
    """The event requires a game record and none was given."""

    kind = "missing"


class UnreachableScoreError(RecordError):
    """A reported score that no legal game reaches."""

    kind = "unreachable"

    def __init__(self, code: str, score: Mapping[str, int], params: Mapping[str, Any]) -> None:
        self.score = dict(score)
        merged = {"score": format_score(score)}
        merged.update(params)
        super().__init__(code, merged)


class CatalogueError(EngineError):
    """A card catalogue file is not valid (an operator error, not a player's)."""

    kind = "catalogue"


class OddsInputError(EngineError):
    """An exact-odds request that describes an impossible round."""

    kind = "odds"


def format_score(score: Mapping[str, int]) -> str:
    """``{'heads': 3, 'tails': 2}`` as ``heads 3, tails 2``."""
    return ", ".join(f"{side} {value}" for side, value in score.items())


def _jsonable(params: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, (str, int, float, bool)) or value is None:
            out[key] = value
        elif isinstance(value, (list, tuple)):
            out[key] = [v if isinstance(v, (str, int, float, bool)) else str(v) for v in value]
        else:
            out[key] = str(value)
    return out
