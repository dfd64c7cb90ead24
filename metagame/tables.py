"""The metagame as flat tables (a header and rows): what the page's tables, the CSV and
.xlsx downloads, the API and the management command all show, so they cannot differ."""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

from metagame.core.rates import WinRate
from metagame.selectors import CardRow, Metagame
from rulings.core.csv_cells import write_rows

TABLES = ("sanctuaries", "factions", "matchup", "cards", "watch")


@dataclass(frozen=True)
class Table:
    name: str
    title: str
    header: list[str]
    rows: list[list[object]]
    # the columns holding fractions (shown and written as percentages)
    fractions: frozenset[int] = frozenset()


def _rate_cells(win: WinRate) -> list[object]:
    interval = win.interval
    return [
        win.rate,
        interval[0] if interval else None,
        interval[1] if interval else None,
        win.matches,
    ]


def _rate_header() -> list[str]:
    return [_("Match-win rate"), _("95% interval from"), _("95% interval to"), _("Matches")]


def share_table(meta: Metagame, name: str) -> Table:
    rows = meta.sanctuaries if name == "sanctuaries" else meta.factions
    title = _("Sanctuaries") if name == "sanctuaries" else _("Factions")
    header = [_("Sanctuary") if name == "sanctuaries" else _("Faction"), _("Lists"), _("Share")]
    return Table(
        name=name,
        title=title,
        header=header + _rate_header(),
        rows=[[meta.label(r.key), r.lists, r.share, *_rate_cells(r.win)] for r in rows],
        fractions=frozenset({2, 3, 4, 5}),
    )


def matchup_rows(meta: Metagame) -> Table:
    """One row per pairing: the row Sanctuary's rate against the column's; a mirror has its
    matches and no rate."""
    table = meta.matchup
    rows: list[list[object]] = []
    for mine in table.keys:
        for theirs in table.keys:
            if mine == theirs:
                rows.append(
                    [meta.label(mine), meta.label(theirs), None, None, None, table.mirrors[mine]]
                )
                continue
            win = table.cell(mine, theirs)
            if win.matches:
                rows.append([meta.label(mine), meta.label(theirs), *_rate_cells(win)])
    return Table(
        name="matchup",
        title=_("Matchups"),
        header=[_("Sanctuary"), _("Against"), *_rate_header()],
        rows=rows,
        fractions=frozenset({2, 3, 4}),
    )


def _card_cells(row: CardRow | None) -> list[object]:
    if row is None:
        return [None, None, None, None, None, None, None]
    return [row.lists, row.share, row.average_copies, *_rate_cells(row.win)]


def _card_header() -> list[str]:
    return [
        _("Lists playing it"),
        _("Share"),
        _("Average copies"),
        _("Match-win rate against lists without it"),
        _("95% interval from"),
        _("95% interval to"),
        _("Matches"),
    ]


def card_table(meta: Metagame) -> Table:
    return Table(
        name="cards",
        title=_("Cards"),
        header=[_("Card"), *_card_header()],
        rows=[[r.name, *_card_cells(r)] for r in meta.cards],
        fractions=frozenset({2, 4, 5, 6}),
    )


def watch_table(meta: Metagame) -> Table:
    rows: list[list[object]] = []
    for trend in meta.watch:
        for label, row in ((_("Before"), trend.before), (_("Since"), trend.since)):
            rows.append([trend.name, trend.listed_on, label, "", *_card_cells(row)])
        for month in trend.months:
            period = _("Since") if month.since else _("Before")
            rows.append([trend.name, trend.listed_on, period, month.month, *_card_cells(month.row)])
    return Table(
        name="watch",
        title=_("Watch list"),
        header=[_("Card"), _("Listed since"), _("Period"), _("Month"), *_card_header()],
        rows=rows,
        fractions=frozenset({6, 8, 9, 10}),
    )


def tables_of(meta: Metagame) -> dict[str, Table]:
    return {
        "sanctuaries": share_table(meta, "sanctuaries"),
        "factions": share_table(meta, "factions"),
        "matchup": matchup_rows(meta),
        "cards": card_table(meta),
        "watch": watch_table(meta),
    }


def csv_text(table: Table) -> str:
    out = io.StringIO()
    write_rows([table.header, *table.rows], out)
    return out.getvalue()


def xlsx_bytes(table: Table) -> bytes:
    from tournaments.xlsx_cells import PERCENT_FORMAT, write_xlsx

    return write_xlsx(
        table.header,
        table.rows,
        title=table.title,
        tz=timezone.get_default_timezone(),
        number_formats={i: PERCENT_FORMAT for i in table.fractions},
    )


def text_cell(value: object, *, fraction: bool) -> str:
    """A cell as the page and the command print it."""
    if value is None or value == "":
        return "—" if value is None else ""
    if fraction and isinstance(value, float):
        return f"{value * 100:.1f}%"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def json_cell(value: object) -> object:
    if isinstance(value, dt.date):
        return value.isoformat()
    return value
