"""Vocabulary shared by the pure tournament cores (pairing, standings, play-or-draw, scores).

The cores never import Django. They speak in plain values: players are named by
a ``PlayerId`` (the registration's primary key in the site, any int or str in
tests), and refused input raises a ``CoreError``.

Every kind of refusal is its own subclass of ``CoreError`` (itself a
``ValueError``), with a stable ``code`` the Django layer translates, the
``params`` that fill the translated message, and an English message that quotes
the input, so a log line or a test failure reads on its own.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeAlias

PlayerId: TypeAlias = int | str


class CoreError(ValueError):
    """Input a core refuses. Subclasses set ``code``; instances carry ``params``."""

    code: ClassVar[str] = "core_error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params: dict[str, Any] = params

    def as_dict(self) -> dict[str, Any]:
        """A JSON-friendly form: ``{"code", "params", "message"}``."""
        return {"code": self.code, "params": dict(self.params), "message": self.message}


def id_sort_key(player: PlayerId) -> tuple[bool, int | str]:
    """A total order on ids of mixed types: ints first (numerically), then strs."""
    return (isinstance(player, str), player)
