from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.management.base import BaseCommand

from rulings.demo import load_rulings_data

if TYPE_CHECKING:
    from django.core.management.base import CommandParser


class Command(BaseCommand):
    help = (
        "Load the shipped editions, the cards the DAR names, the labelled sample catalogue and "
        "the 2006-11-17 DAR version. Idempotent; never changes rows that already exist."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--no-sample", action="store_true", help="leave out the invented sample cards"
        )

    def handle(self, *args, **options) -> None:
        for line in load_rulings_data(sample=not options["no_sample"]):
            self.stdout.write(line)
