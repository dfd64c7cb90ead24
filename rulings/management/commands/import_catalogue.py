from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from django.core.management.base import BaseCommand, CommandError

from rulings.core.csvimport import MAX_CSV_BYTES
from rulings.errors import CatalogueImportInvalid
from rulings.services import catalogue_import

if TYPE_CHECKING:
    from django.core.management.base import CommandParser


def _read(path: str) -> bytes:
    file = Path(path)
    try:
        if file.stat().st_size > MAX_CSV_BYTES:
            raise CommandError(f"{path}: larger than {MAX_CSV_BYTES} bytes", returncode=2)
        return file.read_bytes()
    except OSError as exc:
        raise CommandError(f"{path}: {exc.strerror}", returncode=2) from exc


class Command(BaseCommand):
    help = (
        "Import editions and/or cards from CSV. A file with any bad row imports nothing; "
        "every bad row is printed with its line and reason (exit 1)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--editions", metavar="FILE", help="code,name,set_size,release_date")
        parser.add_argument(
            "--cards",
            metavar="FILE",
            help="edition,number,name,type,faction,cost,rarity,sample[,text_es,text_en]",
        )
        parser.add_argument(
            "--only-missing",
            action="store_true",
            help="add new rows only; leave existing editions and cards unchanged",
        )

    def handle(self, *args, **options) -> None:
        if not options["editions"] and not options["cards"]:
            raise CommandError("give --editions FILE, --cards FILE or both", returncode=2)
        editions = _read(options["editions"]) if options["editions"] else None
        cards = _read(options["cards"]) if options["cards"] else None
        try:
            report = catalogue_import(
                editions_data=editions, cards_data=cards, only_missing=options["only_missing"]
            )
        except CatalogueImportInvalid as exc:
            name = options["editions"] if exc.field == "editions" else options["cards"]
            for message in exc.messages:
                self.stderr.write(f"{name}: {message}")
            raise CommandError(exc.message, returncode=1) from exc
        self.stdout.write(self.style.SUCCESS(report.summary()))
