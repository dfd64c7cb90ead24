"""Checking a value of a field kind (``schema``'s kinds) and an object of fields.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from archives.core.errors import ArchiveError
from archives.core.schema import BOOL, CARDS, DATE, DATETIME, INT, JSON, PODS, SECONDS, TIME


def is_kind(value: Any, kind: str) -> bool:
    if kind.endswith("?"):
        return value is None or is_kind(value, kind[:-1])
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == BOOL:
        return isinstance(value, bool)
    if kind == SECONDS:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0
    if kind == DATE:
        return isinstance(value, str) and _parses(dt.date.fromisoformat, value)
    if kind == DATETIME:
        return isinstance(value, str) and _parses(_aware_datetime, value)
    if kind == TIME:
        return isinstance(value, str) and _parses(dt.time.fromisoformat, value)
    if kind == JSON:
        return True
    if kind in (CARDS, PODS):
        return isinstance(value, list)
    return isinstance(value, str)  # str, user, rulings and references


def _aware_datetime(value: str) -> dt.datetime:
    parsed = dt.datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        raise ValueError(value)
    return parsed


def _parses(parse: Callable[[str], Any], value: str) -> bool:
    try:
        parse(value)
    except ValueError:
        return False
    return True


def check_object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ArchiveError("wrong_type", where=where, expected="object")
    return value


def check_fields(value: Any, spec: Mapping[str, str], where: str) -> dict[str, Any]:
    """The object with exactly the fields of ``spec``, each of its kind."""
    obj = check_object(value, where)
    for name, kind in spec.items():
        if name not in obj:
            raise ArchiveError("missing_field", where=f"{where}.{name}")
        if not is_kind(obj[name], kind):
            raise ArchiveError("wrong_type", where=f"{where}.{name}", expected=kind.rstrip("?"))
    return obj
