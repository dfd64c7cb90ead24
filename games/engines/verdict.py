"""The verdict on a record: the value every game's replay returns.

A :class:`Verdict` is the whole answer about one record, the same for every
game: valid or not, the replayed final score, the reports of the rounds that
were replayed (all of them for a legal record, those before the first illegal
step otherwise) and the error. Round reports are game-specific values with an
``as_dict()`` method; they may be computed lazily, on first access, so that
bulk validation does not pay for them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from games.engines.errors import Place, RecordError

__all__ = ["Place", "RoundReport", "Verdict"]


class RoundReport(Protocol):
    """What a game's per-round report provides."""

    def as_dict(self) -> dict[str, Any]: ...


class Verdict:
    """The verdict on one record (immutable once built).

    - ``valid``: every step legal and the recorded result is the replayed one.
    - ``result``: the replayed final score of a legal record, else ``None``.
    - ``replayed``: the replayed score when only the recorded result was wrong.
    - ``error``: the first error (a :class:`RecordError`), else ``None``.
    - ``rounds``: reports of the rounds fully replayed.
    - ``settings``: the game settings read from the record (squad, ruleset...).
    """

    __slots__ = (
        "_rounds",
        "_rounds_factory",
        "error",
        "game",
        "replayed",
        "result",
        "settings",
        "valid",
    )

    def __init__(
        self,
        game: str | None,
        valid: bool,
        *,
        result: Mapping[str, int] | None = None,
        error: RecordError | None = None,
        rounds: Sequence[RoundReport] | None = None,
        rounds_factory: Callable[[], Sequence[RoundReport]] | None = None,
        replayed: Mapping[str, int] | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.valid = valid
        self.result = result
        self.error = error
        self._rounds = tuple(rounds) if rounds is not None else None
        self._rounds_factory = rounds_factory
        self.replayed = replayed
        self.settings = dict(settings or {})

    @property
    def rounds(self) -> tuple[RoundReport, ...]:
        if self._rounds is None:
            factory = self._rounds_factory
            self._rounds = tuple(factory()) if factory is not None else ()
            self._rounds_factory = None
        return self._rounds

    @property
    def error_text(self) -> str | None:
        """The first illegal step (or other error) as English text."""
        return None if self.error is None else str(self.error)

    def __repr__(self) -> str:
        if self.valid:
            return f"<Verdict {self.game} valid result={dict(self.result or {})}>"
        return f"<Verdict {self.game} invalid: {self.error_text}>"

    def as_dict(self, *, with_rounds: bool = True) -> dict[str, Any]:
        """JSON-ready verdict: ``valid`` and either ``result`` or ``error``, plus details.

        The keys follow the record contract (``valid``, ``result``, ``error``);
        ``check_record --json`` adds ``file`` in front.
        """
        data: dict[str, Any] = {"valid": self.valid, "game": self.game}
        if self.valid:
            data["result"] = dict(self.result or {})
        else:
            data["error"] = self.error_text
            if self.error is not None:
                data["error_detail"] = self.error.as_dict()
            if self.replayed is not None:
                data["replayed_result"] = dict(self.replayed)
        data["settings"] = dict(self.settings)
        if with_rounds:
            data["rounds"] = [report.as_dict() for report in self.rounds]
        return data
