from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from django.core.management.base import BaseCommand, CommandError

from config.numbers import BIGGEST_ID, whole_number_argument
from tournaments.exports import export_names, export_rows, write_csv
from tournaments.models import Event
from tournaments.visibility import everything

if TYPE_CHECKING:
    from django.core.management.base import CommandParser


EVENT_ID = whole_number_argument(minimum=1, maximum=BIGGEST_ID)


class Command(BaseCommand):
    help = (
        "Print an event's players, matches, standings, penalties, audit log, or a draft's "
        "picks or pools as CSV (header row first; columns in docs/exports.md)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=EVENT_ID)
        parser.add_argument("--what", choices=export_names(), required=True)
        parser.add_argument(
            "--round",
            type=whole_number_argument(),
            default=None,
            help="standings as of this round (standings only)",
        )

    def handle(self, *args, event_id: int, what: str, round: int | None, **options) -> None:
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"there is no event {event_id}")
        rows = export_rows(event, what, visibility=everything(event), as_of_round=round)
        try:
            write_csv(rows, self.stdout)
            self.stdout.flush()
        except BrokenPipeError:
            # The reader has gone (``export_event ... | head``): stop without a traceback.
            # Point stdout at /dev/null so the interpreter's last flush does not fail again.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
