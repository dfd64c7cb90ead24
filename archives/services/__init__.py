"""Event archives: export an event to one JSON document, import one (see ``docs/archives.md``).

The format, its checks and the three-way comparison are the pure package
``archives.core``; this package turns rows into records (``records``,
``exporting``; a draft's pods in ``drafts``) and records back into rows (``importing``,
``writing``, ``referenced``, ``drafts``),
through the ORM, in one transaction. A file is read within its limits in ``reading``, the
staff roles an import may give are decided in ``staff``, and why a file is refused is in
``refusals``.
"""

from archives.services.exporting import archive_json, event_archive_export
from archives.services.importing import ImportResult, event_archive_import
from archives.services.refusals import ArchiveConflictError, ArchiveRefusedError

__all__ = [
    "ArchiveConflictError",
    "ArchiveRefusedError",
    "ImportResult",
    "archive_json",
    "event_archive_export",
    "event_archive_import",
]
