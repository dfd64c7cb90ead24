"""``import_event_archive FILE``: create an event from its archive, or bring back to it
what changed elsewhere (see docs/archives.md). Exit status 0 imported or already up to
date, 1 refused (nothing written)."""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING, Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.services.archive import ArchiveRefusedError, event_archive_import

if TYPE_CHECKING:
    from django.core.management.base import CommandParser


class Command(BaseCommand):
    help = (
        "Import an event archive written by export_event_archive (FILE, or - for stdin): "
        "creates the event, or applies what changed in the archive since it was exported. "
        "Refuses damaged files and events changed here since then, writing nothing."
    )
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="the archive; - for stdin")
        parser.add_argument(
            "--language",
            choices=["en", "es"],
            help="language of the messages (default: the site's)",
        )

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        language = options.get("language")
        with translation.override(language) if language else contextlib.nullcontext():
            data = self._read(file, options.get("stdin") or sys.stdin)
            try:
                result = event_archive_import(data=data)
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

    def _read(self, name: str, stdin: Any) -> bytes:
        try:
            if name == "-":
                return stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode()
            with open(name, "rb") as handle:
                return handle.read()
        except OSError as error:
            raise CommandError(
                _("Cannot read %(file)s: %(reason)s.") % {"file": name, "reason": error.strerror}
            ) from None
