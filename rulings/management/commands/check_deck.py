"""Check a deck list file offline, as the site would: ``check_deck FILE --format FORMAT``.

Exit status: 0 legal, 1 illegal, 2 unreadable (no such file, not UTF-8 text,
lines that cannot be read, or bad options).
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from config.numbers import whole_number_argument
from rulings import selectors
from rulings.core.cards import parse_card_ref
from rulings.deckcheck import (
    DEFAULT_MINIMUM,
    FORMATS,
    MAX_LIST_CHARS,
    MAX_POOL_LINE_QUANTITY,
    UnknownFormat,
    check_deck,
    get_format,
    line_quantity_limit,
    parse_deck_list,
)
from rulings.messages import issue_message, issue_payload

if TYPE_CHECKING:
    from django.core.management.base import CommandParser

    from rulings.deckcheck import CardIndex, DeckCheck, ParsedDeckList
    from rulings.models import DocumentVersion

LEGAL, ILLEGAL, UNREADABLE = 0, 1, 2


class Command(BaseCommand):
    help = (
        "Check a deck list file against a format and the rulings version in force on a date. "
        "Prints errors, warnings and Multifacción surcharges; exit 0 legal, 1 illegal, "
        "2 unreadable."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", metavar="FILE", help="deck list: one line per card, e.g. '3 DV 6'"
        )
        parser.add_argument(
            "--format", required=True, metavar="FORMAT", help=", ".join(sorted(FORMATS))
        )
        parser.add_argument("--date", metavar="YYYY-MM-DD", help="event date (default: today)")
        parser.add_argument(
            "--sanctuary", metavar="CARD", help="the Sanctuary, if the list leaves it out"
        )
        parser.add_argument(
            "--minimum",
            type=whole_number_argument(),
            default=DEFAULT_MINIMUM,
            help="minimum deck size (default 41)",
        )
        parser.add_argument("--pool", metavar="FILE", help="sealed/draft: the player's card pool")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def _fail(self, message: str) -> None:
        raise CommandError(message, returncode=UNREADABLE)

    def _read(self, path: str) -> str:
        file = Path(path)
        try:
            data = file.read_bytes() if path != "-" else sys.stdin.buffer.read()
        except OSError as exc:
            self._fail(f"{path}: {exc.strerror}")
        if len(data) > MAX_LIST_CHARS * 4:
            self._fail(f"{path}: the file is too large")
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            self._fail(f"{path}: not UTF-8 text")

    def _parse(self, path: str, index: CardIndex, max_quantity: int) -> ParsedDeckList:
        parsed = parse_deck_list(self._read(path), index, max_quantity=max_quantity)
        if not parsed.ok:
            for problem in parsed.errors:
                self.stderr.write(f"{path}: {issue_message(problem)}")
            self._fail(f"{path}: {len(parsed.errors)} line(s) cannot be read")
        return parsed

    def handle(self, *args, **options) -> None:
        try:
            fmt = get_format(options["format"])
        except UnknownFormat:
            self._fail(f"unknown format {options['format']!r}; choose one of: {', '.join(FORMATS)}")
        try:
            on_date = (
                dt.date.fromisoformat(options["date"]) if options["date"] else timezone.localdate()
            )
        except ValueError:
            self._fail(f"--date {options['date']!r} is not a date (use YYYY-MM-DD)")
        if options["minimum"] < 1:
            self._fail("--minimum must be at least 1")

        index = selectors.card_index()
        sanctuary = None
        if options["sanctuary"]:
            text = options["sanctuary"]
            ref = parse_card_ref(text)
            found = [index.get(ref.edition, ref.number)] if ref else index.named(text)
            found = [c for c in found if c is not None]
            if len(found) != 1:
                self._fail(f"--sanctuary {text!r} names no single card")
            sanctuary = found[0]

        parsed = self._parse(options["file"], index, line_quantity_limit(fmt.copy_limit))
        pool = None
        if options["pool"]:
            pool_list = self._parse(options["pool"], index, MAX_POOL_LINE_QUANTITY)
            pool = {e.card.key: e.quantity for e in pool_list.entries()}

        document = selectors.document_find()
        version = selectors.version_in_force(document, on_date) if document else None
        lists = selectors.card_lists_for(version, on_date=on_date)
        result = check_deck(
            parsed.entries(),
            format=fmt,
            lists=lists,
            minimum=options["minimum"],
            sanctuary=sanctuary,
            pool=pool,
        )
        if options["json"]:
            data = result.as_dict()
            data["errors"] = [issue_payload(i) for i in result.errors]
            data["warnings"] = [issue_payload(i) for i in result.warnings]
            data["checked_on"] = on_date.isoformat()
            data["rulings_version"] = version.number if version else None
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            self._print(result, version, on_date, options["file"])
        if not result.legal:
            sys.exit(ILLEGAL)

    def _print(
        self, result: DeckCheck, version: DocumentVersion | None, on_date: dt.date, path: str
    ) -> None:
        out = self.stdout
        verdict = "LEGAL" if result.legal else "NOT LEGAL"
        out.write(f"{path}: {verdict} for {result.format.name}")
        out.write(f"  cards: {result.card_count} (at least {result.minimum})")
        out.write(f"  sanctuary: {result.sanctuary.label if result.sanctuary else '-'}")
        if version:
            out.write(
                f"  rulings: version {version.number} of {version.published_on}, "
                f"in force on {on_date}"
            )
        else:
            out.write(f"  rulings: no version in force on {on_date}")
        for problem in result.errors:
            out.write(f"error: {issue_message(problem)}")
        for problem in result.warnings:
            out.write(f"warning: {issue_message(problem)}")
        for s in result.surcharges:
            cost = "" if s.total_cost is None else f" (costs {s.total_cost})"
            line = f"{s.quantity} x {s.card.label}, {s.faction.label}: +{s.extra} Will{cost}"
            out.write(f"surcharge: {line}")
