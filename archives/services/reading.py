"""Reading an archive file: refused over the size or record limits, then checked by the core.

A file larger than ``ARCHIVE_MAX_BYTES`` is refused before it is read whole or parsed; one
with more than ``ARCHIVE_MAX_RECORDS`` records before any of them is checked.
"""

from __future__ import annotations

import json
import os
import stat
from typing import BinaryIO

from django.conf import settings

from archives.core.checks import Archive, check_archive
from archives.core.errors import ArchiveError
from archives.core.limits import check_size, read_bounded
from archives.services.refusals import refused


def read_archive(data: bytes | str | BinaryIO) -> bytes:
    """The archive's bytes, refused (``ArchiveRefusedError``) when larger than
    ``ARCHIVE_MAX_BYTES`` before it is read whole: a file's size (an uploaded file's
    ``size``, a regular file's length) is checked first, and anything else is read in
    chunks up to the limit."""
    limit = settings.ARCHIVE_MAX_BYTES
    try:
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogatepass")
        if isinstance(data, bytes):
            check_size(len(data), limit)
            return data
        size = getattr(data, "size", None)
        if size is None and hasattr(data, "fileno"):
            try:
                info = os.fstat(data.fileno())
            except (OSError, ValueError):
                info = None
            if info is not None and stat.S_ISREG(info.st_mode):
                size = info.st_size
        if isinstance(size, int):
            check_size(size, limit)
        return read_bounded(data, limit)
    except ArchiveError as error:
        raise refused(error) from None


def parse_archive(data: bytes | str | BinaryIO) -> Archive:
    """The checked archive, or ``ArchiveRefusedError`` with the first problem found (the
    size and record limits first, then the core's checks)."""
    raw = read_archive(data)
    try:
        parsed = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise refused(ArchiveError("not_json", detail=str(error)[:120])) from None
    del raw  # the parsed archive is enough from here on
    try:
        return check_archive(parsed, max_items=settings.ARCHIVE_MAX_RECORDS)
    except ArchiveError as error:
        raise refused(error) from None
