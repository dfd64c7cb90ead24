"""``import_event_archive FILE``: create an event from its archive, or bring back to it
what changed elsewhere (see docs/archives.md). Exit status 0 imported or already up to
date, 1 refused (nothing written)."""

from __future__ import annotations

import contextlib
import io
import sys
from typing import TYPE_CHECKING, Any, BinaryIO

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from archives.services import ArchiveRefusedError, event_archive_import

if TYPE_CHECKING:
    from django.core.management.base import CommandParser


class Command(BaseCommand):
    help = (
        "Import an event archive written by export_event_archive (FILE, or - for stdin): "
        "creates the event, or applies what changed in the archive since it was exported. "
        "Refuses damaged or oversized files and events changed here since then, writing "
        "nothing. Staff roles for accounts that already exist here are only given to those "
        "named in --grant-staff."
    )
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="the archive; - for stdin")
        parser.add_argument(
            "--grant-staff",
            default="",
            metavar="USERNAMES",
            help="comma-separated usernames of accounts that already exist here and may take "
            "the staff role the archive gives them (others are reported, not granted)",
        )
        parser.add_argument(
            "--language",
            choices=["en", "es"],
            help="language of the messages (default: the site's)",
        )

    def handle(self, *args: Any, file: str, grant_staff: str, **options: Any) -> None:
        language = options.get("language")
        granted = [name.strip() for name in grant_staff.split(",") if name.strip()]
        with translation.override(language) if language else contextlib.nullcontext():
            with self._open(file, options.get("stdin") or sys.stdin) as stream:
                try:
                    result = event_archive_import(data=stream, grant_staff=granted)
                except ArchiveRefusedError as error:
                    raise CommandError(error.message) from None
            event = result.event
            if result.up_to_date:
                message = _("Event %(id)s (%(name)s) is already up to date: nothing changed.")
            elif result.created_event:
                message = _(
                    "Created event %(id)s (%(name)s): %(created)s records, %(people)s new people "
                    "(without usable passwords)."
                )
            else:
                message = _(
                    "Updated event %(id)s (%(name)s): %(created)s records added, %(updated)s "
                    "changed, %(deleted)s removed."
                )
            self.stdout.write(
                message
                % {
                    "id": event.pk,
                    "name": event.name,
                    "created": len(result.plan.creates),
                    "updated": len(result.plan.updates),
                    "deleted": len(result.plan.deletes),
                    "people": len(result.people_created),
                }
            )
            if result.staff_granted:
                self.stdout.write(
                    _("Staff roles given or changed: %(names)s.")
                    % {"names": ", ".join(result.staff_granted)}
                )
            if result.staff_withheld:
                self.stdout.write(
                    _(
                        "Staff roles not given (these accounts already existed here; name "
                        "them in --grant-staff to give them): %(names)s."
                    )
                    % {"names": ", ".join(result.staff_withheld)}
                )

    def _open(self, name: str, stdin: Any) -> contextlib.AbstractContextManager[BinaryIO]:
        """The archive as a binary stream (the service reads it up to its size limit)."""
        try:
            if name == "-":
                if hasattr(stdin, "buffer"):
                    return contextlib.nullcontext(stdin.buffer)
                return io.BytesIO(stdin.read().encode())
            return open(name, "rb")  # closed by the caller's with
        except OSError as error:
            raise CommandError(
                _("Cannot read %(file)s: %(reason)s.") % {"file": name, "reason": error.strerror}
            ) from None
