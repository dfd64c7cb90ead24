from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from django.core.management.base import BaseCommand

from rulings import selectors

if TYPE_CHECKING:
    from django.core.management.base import CommandParser


class Command(BaseCommand):
    help = "Export the catalogue as CSV (the same columns import_catalogue reads)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--editions", metavar="FILE", help="write editions here")
        parser.add_argument("--cards", metavar="FILE", help="write cards here (default: stdout)")

    def handle(self, *args, **options) -> None:
        if options["editions"]:
            Path(options["editions"]).write_text(selectors.editions_csv(), encoding="utf-8")
        cards = selectors.cards_csv()
        if options["cards"]:
            Path(options["cards"]).write_text(cards, encoding="utf-8")
        elif not options["editions"]:
            self.stdout.write(cards, ending="")
