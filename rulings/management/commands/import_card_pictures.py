from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from django.core.management.base import BaseCommand, CommandError

from rulings.core.pictures import MAX_PICTURE_BYTES
from rulings.errors import CardPictureInvalid
from rulings.services.card_pictures import card_pictures_import

if TYPE_CHECKING:
    from collections.abc import Iterator

    from django.core.management.base import CommandParser

SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".gif"}


class Command(BaseCommand):
    help = (
        "Give cards the pictures of a folder, each file named for its card (DV-102.jpg). "
        "Any bad file stores nothing; every bad file is printed with its reason (exit 1)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folder", help="a folder of JPEG, PNG, WebP or GIF files")

    def handle(self, *args, **options) -> None:
        folder = Path(options["folder"])
        if not folder.is_dir():
            raise CommandError(f"{folder}: not a folder", returncode=2)

        def files() -> Iterator[tuple[str, bytes]]:
            for path in sorted(folder.iterdir()):
                if path.suffix.lower() not in SUFFIXES or not path.is_file():
                    continue
                if path.stat().st_size > MAX_PICTURE_BYTES:
                    # read no more than the limit: the core refuses it by its size
                    with path.open("rb") as file:
                        yield path.name, file.read(MAX_PICTURE_BYTES + 1)
                else:
                    yield path.name, path.read_bytes()

        try:
            count = card_pictures_import(files=files())
        except CardPictureInvalid as exc:
            for message in exc.messages:
                self.stderr.write(message)
            raise CommandError(exc.message, returncode=1) from exc
        self.stdout.write(self.style.SUCCESS(f"{count} card pictures stored."))
