"""The one reading of a whole number someone typed: a query or form parameter, a line of a
pasted list, a command-line argument.

Python's ``int`` is lenient where a request must not be: it reads the digits of any script
(``int("٣") == 3``, ``int("３") == 3``), while ``str.isdigit`` also says yes to characters
``int`` refuses (``"²"``), so ``int(v) if v.isdigit() else None`` ends in a server error; and
it refuses more than 4,300 digits with an error of its own. A number no column can hold
makes the database refuse the query that stores it.

``parse_whole_number`` reads ASCII digits only (a minus sign first when negative numbers are
allowed), at most ``MAX_DIGITS`` of them, within bounds; anything else is ``None``, and the
caller decides what that means: an optional filter ignored, a form error, a page not found.
``whole_number_argument`` is the same reading for commands, ``WholeNumberField``
(``config/number_field.py``) for forms. This module imports no Django: the pure cores read
the numbers of pasted and uploaded text with it too.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

# A 64-bit id has 19 digits; more is no number anybody means (leading zeros included).
MAX_DIGITS = 20
# PostgreSQL's ``integer``, the narrowest column a number typed on a page is kept in.
MAX_INTEGER = 2**31 - 1
# A 64-bit primary key (``BigAutoField``), the largest id a page or command can name.
BIGGEST_ID = 2**63 - 1


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is digits 0-9 and nothing else, however many (``str.isdigit`` alone
    says yes to ``²``, ``٣`` and ``３`` too)."""
    return text.isascii() and text.isdigit()


def parse_whole_number(
    text: str | None,
    *,
    minimum: int | None = 0,
    maximum: int | None = MAX_INTEGER,
    max_digits: int = MAX_DIGITS,
) -> int | None:
    """The number ``text`` spells in ASCII digits, surrounding spaces ignored, or ``None``.

    ``None`` also for a digit of another script (``²``, ``٣``, ``３``), a sign (a minus is
    read only when ``minimum`` is negative or ``None``), a decimal point, more than
    ``max_digits`` digits, or a number outside ``minimum`` to ``maximum`` (``None``: no
    bound).
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    negative = text.startswith("-") and (minimum is None or minimum < 0)
    digits = text[1:] if negative else text
    if not ascii_digits(digits) or len(digits) > max_digits:
        return None
    number = -int(digits) if negative else int(digits)
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        return None
    return number


def whole_number_argument(
    *, minimum: int | None = 0, maximum: int | None = MAX_INTEGER
) -> Callable[[str], int]:
    """An ``argparse`` type: the argument read by ``parse_whole_number``, or the command's
    usage and an error naming the bounds."""

    def read(text: str) -> int:
        number = parse_whole_number(text, minimum=minimum, maximum=maximum)
        if number is None:
            low = "" if minimum is None else f" from {minimum}"
            high = "" if maximum is None else f" to {maximum}"
            raise argparse.ArgumentTypeError(
                f"{text[:30]!r} is not a whole number{low}{high} in the digits 0-9"
            )
        return number

    read.__name__ = "whole number"
    return read
