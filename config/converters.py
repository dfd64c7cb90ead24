"""Path converters.

Django's ``int`` takes any run of digits, and an id past the database's 64-bit
integers makes the query fail with a server error (SQLite raises, and the report
path's precompiled statements bypass the ORM's range check). ``id`` stops at the
largest 64-bit id, so such a path is simply not found.
"""

from __future__ import annotations

from config.numbers import BIGGEST_ID, parse_whole_number

__all__ = ["BIGGEST_ID", "DatabaseIdConverter"]


class DatabaseIdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = parse_whole_number(value, maximum=BIGGEST_ID)
        if number is None:
            raise ValueError(value)  # the path does not match: 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)
