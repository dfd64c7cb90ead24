"""``export_event_archive EVENT_ID``: the event's archive (one JSON document) on stdout."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from archives.services import archive_json, event_archive_export
from config.errors import DomainError
from config.numbers import BIGGEST_ID, whole_number_argument

if TYPE_CHECKING:
    from django.core.management.base import CommandParser


EVENT_ID = whole_number_argument(minimum=1, maximum=BIGGEST_ID)


class Command(BaseCommand):
    help = (
        "Write an event's archive (event, people, registrations, deck lists, rounds, "
        "matches, reports, penalties, audit log, rulings and cards) as JSON to stdout or "
        "--output FILE. See docs/archives.md."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=EVENT_ID)
        parser.add_argument("--output", "-o", help="write to this file instead of stdout")
        parser.add_argument(
            "--language",
            choices=["en", "es"],
            help="language of the messages (default: the site's)",
        )

    def handle(self, *args: Any, event_id: int, output: str | None, **options: Any) -> None:
        language = options.get("language")
        with translation.override(language) if language else contextlib.nullcontext():
            try:
                archive = event_archive_export(event_id=event_id)
            except DomainError as error:
                raise CommandError(error.message) from None
        text = archive_json(archive)
        if output:
            Path(output).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
