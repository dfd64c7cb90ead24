"""``python manage.py metagame_report --game humankind --format monofaccion --from 2026-01-01``:
the metagame's tables as text, over every event (the operator's view)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from metagame import tables
from metagame.filters import parse_date
from metagame.selectors import FORMATS, Filters, metagame_for
from tournaments.models.choices import GameKind


class Command(BaseCommand):
    help = "Print the metagame's tables (shares, win rates, matchups, cards, watch list)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default=GameKind.HUMANKIND, choices=GameKind.values)
        parser.add_argument("--format", default=FORMATS[0], choices=list(FORMATS))
        parser.add_argument("--from", dest="date_from", help="first event date (YYYY-MM-DD)")
        parser.add_argument("--to", dest="date_to", help="last event date (YYYY-MM-DD)")
        parser.add_argument(
            "--public", action="store_true", help="only the figures the public sees"
        )

    def handle(self, *args, **options) -> None:
        dates = {}
        for name in ("date_from", "date_to"):
            raw = options[name]
            dates[name] = parse_date(raw)
            if raw and dates[name] is None:
                raise CommandError(f"{raw!r} is not a date (use YYYY-MM-DD)")
        filters = Filters(
            game=options["game"], format=options["format"], public=options["public"], **dates
        )
        meta = metagame_for(filters)
        self.stdout.write(f"{meta.lists} deck lists, {meta.matches} played matches")
        for table in tables.tables_of(meta).values():
            self.stdout.write("")
            self.stdout.write(f"== {table.title} ==")
            cells = [table.header] + [
                [tables.text_cell(v, fraction=i in table.fractions) for i, v in enumerate(row)]
                for row in table.rows
            ]
            widths = [max(len(str(r[i])) for r in cells) for i in range(len(table.header))]
            for row in cells:
                self.stdout.write(
                    "  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
                )
