"""Every CSV the site writes goes through here, so no cell is read as a formula (pure).

Spreadsheets run a cell that starts with ``=``, ``+``, ``-`` or ``@`` (and some
with a tab or carriage return first) as a formula: a display name such as
``=HYPERLINK(...)`` in an export would run on the organiser's machine. OWASP's
rule: prefix such a cell with a single quote, which spreadsheets show as text.
Numbers stay numbers (a negative score difference is not a formula).

Times are written in one form, ISO 8601 with their offset (``2024-05-04T09:30:00+00:00``),
so a tool reading any export parses them the same way.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from datetime import datetime
from typing import TextIO

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def spreadsheet_safe(value: object) -> object:
    """The value as a cell no spreadsheet runs; non-strings and plain numbers unchanged,
    a time in ISO 8601."""
    if isinstance(value, datetime):
        return value.isoformat()
    if (
        isinstance(value, str)
        and value.startswith(FORMULA_STARTS)
        and not _PLAIN_NUMBER.fullmatch(value)
    ):
        return "'" + value
    return value


def starts_like_a_formula(text: str) -> bool:
    """For importers that refuse such text rather than store it."""
    return text.startswith(FORMULA_STARTS)


def write_rows(rows: Iterable[Iterable[object]], out: TextIO) -> None:
    """Write rows as CSV (``\\n`` line ends), every cell made spreadsheet-safe."""
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) for cell in row])
