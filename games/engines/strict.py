"""Strict reading of JSON values: the error builders every record parser shares.

Parsers test shapes inline on the fast path (``type(v) is dict``, key-set
comparisons) and call these helpers only to build the located
:class:`RecordSyntaxError` once something is wrong, so a legal record pays
nothing for the detailed messages.

Paths are written ``rounds[1].outfit.tails[0].counter``: keys joined by dots,
list indexes (0-based) in brackets; the whole record is ``record``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, NoReturn

from games.engines.errors import RecordSyntaxError, UnsupportedGameError


class OversizedNumber:
    """An integer literal too long to be a value in any record, kept unconverted.

    Python refuses to convert integer strings of more than 4,300 digits (and the
    conversion is quadratic below that), so the reader keeps the digit count only and
    the parser's type check rejects it at its JSON path like any other wrong value."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {self.digits} digits>"


# Longer integer literals are never read as numbers (no record holds one).
MAX_INTEGER_DIGITS = 30


def read_integer(literal: str) -> int | OversizedNumber:
    """``parse_int`` for ``json.loads``: ints as usual, overlong literals as a marker."""
    digits = len(literal.lstrip("-"))
    if digits > MAX_INTEGER_DIGITS:
        return OversizedNumber(digits)
    return int(literal)


_JSON_TYPES = {
    dict: "object",
    list: "array",
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
    type(None): "null",
    OversizedNumber: "oversized_number",
}


def json_type(value: Any) -> str:
    """The JSON type of a parsed value: ``object``, ``array``, ``string``, ``integer``..."""
    return _JSON_TYPES.get(type(value), type(value).__name__)


def shown_value(value: Any) -> str:
    """A short quotation of a scalar value (``' ("3")'``), or '' for containers and null."""
    if isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
        return ""
    text = f'"{value}"' if isinstance(value, str) else repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f" ({text})"


def key_path(base: str, key: str) -> str:
    return f"{base}.{key}" if base else key


def index_path(base: str, index: int) -> str:
    return f"{base}[{index}]"


def type_error(path: str, expected: str, value: Any) -> RecordSyntaxError:
    """``expected`` is a key of :data:`~games.engines.messages.JSON_TYPE_LABELS`."""
    return RecordSyntaxError(
        "syntax.type",
        path,
        {"expected": expected, "got": json_type(value), "shown": shown_value(value)},
    )


def raise_object_error(
    value: Any, path: str, required: Iterable[str], allowed: Collection[str]
) -> NoReturn:
    """Raise the first problem of a value that should be an object with these keys."""
    if type(value) is not dict:
        raise type_error(path, "object", value)
    for key in value:
        if key not in allowed:
            raise RecordSyntaxError("syntax.unknown_key", path, {"key": key})
    for key in required:
        if key not in value:
            raise RecordSyntaxError(
                "syntax.missing", key_path(path, key), {"key": key, "parent": path or "record"}
            )
    raise AssertionError("raise_object_error called on a well-formed object")  # pragma: no cover


def raise_choice_error(value: Any, path: str, allowed: Iterable[Any]) -> NoReturn:
    """Raise for a value that is not one of ``allowed`` (a type error if not even a string)."""
    allowed = list(allowed)
    if allowed and isinstance(allowed[0], str) and type(value) is not str:
        raise type_error(path, "string", value)
    if allowed and type(allowed[0]) is int and type(value) is not int:
        raise type_error(path, "integer", value)
    raise RecordSyntaxError(
        "syntax.choice",
        path,
        {"value": value, "allowed": ", ".join(str(a) for a in allowed)},
    )


def check_object(value: Any, path: str, required: tuple[str, ...], allowed: frozenset[str]) -> dict:
    """Return ``value`` if it is an object with every required and only allowed keys."""
    if type(value) is not dict or not value.keys() <= allowed or not value.keys() >= set(required):
        raise_object_error(value, path, required, allowed)
    return value


def check_list(value: Any, path: str) -> list:
    if type(value) is not list:
        raise type_error(path, "array", value)
    return value


def check_int(value: Any, path: str) -> int:
    if type(value) is not int:
        raise type_error(path, "integer", value)
    return value


def check_choice(value: Any, path: str, allowed: Collection[Any]) -> Any:
    if type(value) not in (str, int) or value not in allowed:
        raise_choice_error(value, path, allowed)
    return value


def check_header(data: dict, *, game: str, fmt: int) -> None:
    """The ``format`` and ``game`` keys every record starts with: a wrong type is a syntax
    error, another format or game is unsupported (each with its path)."""
    value = data["format"]
    if type(value) is not int:
        raise type_error("format", "integer", value)
    if value != fmt:
        raise UnsupportedGameError(
            "game.format", "format", {"value": value, "game": game, "allowed": str(fmt)}
        )
    value = data["game"]
    if type(value) is not str:
        raise type_error("game", "string", value)
    if value != game:
        raise UnsupportedGameError("game.unsupported", "game", {"value": value, "allowed": game})
