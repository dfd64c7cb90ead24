"""Path converters.

Django's ``int`` takes any run of digits, and an id past the database's 64-bit
integers makes the query fail with a server error (SQLite raises, and the report
path's precompiled statements bypass the ORM's range check). ``id`` stops at the
largest 64-bit id, so such a path is simply not found.
"""

from __future__ import annotations

BIGGEST_ID = 2**63 - 1


class DatabaseIdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > BIGGEST_ID:
            raise ValueError(value)  # the path does not match: 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)
