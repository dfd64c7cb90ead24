"""Every spreadsheet (.xlsx) the site writes goes through here (pure: openpyxl, no Django).

The same rows as the CSV, for people rather than tools: a header row in the reader's
language, numbers as numbers, times as real date cells in the event's time zone (Excel
has no time zones, so a time is written as the wall-clock time there), and text that
looks like a formula (``=``, ``+``, ``-``, ``@``) stored as text, never as a formula.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime, tzinfo
from decimal import Decimal
from fractions import Fraction

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font

from rulings.core.csv_cells import starts_like_a_formula

CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DATETIME_FORMAT = "yyyy-mm-dd hh:mm:ss"
# A fraction (0.6667) shown as the pages show it: 66.67%.
PERCENT_FORMAT = "0.00%"
# Characters Excel refuses in a sheet title.
_TITLE_BAD = re.compile(r"[\[\]:*?/\\]")


def xlsx_value(value: object, *, tz: tzinfo) -> object:
    """The value as openpyxl should store it: an aware time as the wall-clock time in
    ``tz`` (to the second), an empty string as an empty cell, text without the control
    characters the format cannot hold."""
    if isinstance(value, datetime):
        # To the second: a spreadsheet keeps milliseconds at most and shows seconds.
        local = value.astimezone(tz).replace(tzinfo=None) if value.tzinfo else value
        return local.replace(microsecond=0)
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, bool):
        return int(value)
    if value is None or value == "":
        return None
    if isinstance(value, (int, float, Decimal, date)):
        return value
    return ILLEGAL_CHARACTERS_RE.sub("", str(value))


def write_xlsx(
    header: Sequence[str],
    rows: Iterable[Iterable[object]],
    *,
    title: str,
    tz: tzinfo,
    number_formats: Mapping[int, str] | None = None,
) -> bytes:
    """One sheet: ``header`` (bold, frozen) then ``rows``; returns the file's bytes.
    ``number_formats``: the number format of a column's numbers, by the column's index
    (``PERCENT_FORMAT`` for fractions under a "%" header)."""
    number_formats = number_formats or {}
    book = Workbook()
    sheet = book.active
    sheet.title = _TITLE_BAD.sub(" ", title)[:31] or "Sheet"
    sheet.append([str(label) for label in header])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    for row in rows:
        sheet.append([xlsx_value(value, tz=tz) for value in row])
        for index, cell in enumerate(sheet[sheet.max_row]):
            if isinstance(cell.value, datetime):
                cell.number_format = DATETIME_FORMAT
            elif index in number_formats and isinstance(cell.value, (int, float, Decimal)):
                cell.number_format = number_formats[index]
            elif isinstance(cell.value, str) and starts_like_a_formula(cell.value):
                # openpyxl takes a string starting with "=" for a formula: store it as text,
                # marked so a spreadsheet keeps it text when the cell is edited.
                cell.data_type = "s"
                cell.quotePrefix = True
    for column, label in zip(sheet.columns, header, strict=False):
        width = max([len(str(label)), *(len(str(c.value or "")) for c in column[1:200])])
        sheet.column_dimensions[column[0].column_letter].width = min(max(width + 2, 8), 60)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
