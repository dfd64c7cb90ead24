"""The filters of a metagame read from a query string (page, downloads, API) or a command.
A bad optional filter is ignored (the house rule), never a 500."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from config.numbers import parse_whole_number
from metagame.selectors import FORMATS, Filters
from tournaments.models.choices import GameKind


def parse_date(value: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value) if value else None
    except ValueError:
        return None


def filters_from(params: Mapping[str, str], events: Sequence[str], *, public: bool) -> Filters:
    """``params``: ``game``, ``format``, ``from``, ``to``; ``events``: the ``event`` values."""
    game = params.get("game") or GameKind.HUMANKIND
    if game not in GameKind.values:
        game = GameKind.HUMANKIND
    fmt = params.get("format") or FORMATS[0]
    if fmt not in FORMATS:
        fmt = FORMATS[0]
    ids = tuple(
        sorted({n for n in (parse_whole_number(v, minimum=1) for v in events) if n is not None})
    )
    return Filters(
        game=game,
        format=fmt,
        date_from=parse_date(params.get("from")),
        date_to=parse_date(params.get("to")),
        event_ids=ids,
        public=public,
    )
