"""Why a file is not an archive this version can import: ``ArchiveError`` and its codes.

The services translate an ``ArchiveError`` by its ``code``
(``archives.services.refusals.MESSAGES``). Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from typing import Any


class ArchiveError(ValueError):
    """The file is not an archive this version can import. ``code`` names the reason,
    ``params`` its details (``where``: the place in the file)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        details = ", ".join(f"{k}={v!r}" for k, v in sorted(params.items()))
        super().__init__(f"{code}: {details}" if details else code)
