"""Exports of an event (players, matches with every game, standings, penalties, the audit
log, a draft's picks and pools), for pages, the API and the ``export_event`` command.
Players appear under the same name in every export.

Each export is one function yielding rows (a header of stable English column names, then
plain values: numbers, text, aware times; a code or a yes/no is a ``coded_cells`` value
that carries its words). The CSV (``csv_cells``) is the machine format, codes and all; the
spreadsheet (``xlsx_cells``) writes the same rows for people: the header and every code in
the reader's language, times in the event's time zone. Both are documented in
``docs/exports.md``.

What a reader gets is decided by their ``EventVisibility`` (``tournaments.visibility``),
the same rule the pages and the JSON API follow: unpublished pairings, drop reasons and
disqualifications only where it allows them. The command exports everything."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TextIO

from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from rulings.core.csv_cells import write_rows
from tournaments import selectors
from tournaments.coded_cells import Coded, YesNo, for_people
from tournaments.core_messages import CHOICE_REASONS
from tournaments.flags import LABELS as FLAG_LABELS
from tournaments.infractions import get_infraction
from tournaments.models import Event, Match
from tournaments.models.choices import (
    MatchStatus,
    PenaltyKind,
    RegistrationStatus,
    ResultSource,
    RoundKind,
    RoundStatus,
)
from tournaments.services.standings import event_standings, shown_round
from tournaments.standings import get_tiebreak, tiebreak_names
from tournaments.visibility import EventVisibility
from tournaments.xlsx_cells import PERCENT_FORMAT, write_xlsx

if TYPE_CHECKING:
    from django.db.models import TextChoices

    from tournaments.models import Registration, Round

# The event's own exports; apps built on events add theirs (``register_export``), listed
# before the audit log.
OWN_EXPORTS = ("players", "matches", "standings", "penalties")
RowsBuilder = Callable[..., Iterator[list[object]]]
_REGISTERED: dict[str, RowsBuilder] = {}


def register_export(what: str, rows: RowsBuilder) -> None:
    """An app's CSV export of an event (``rows(event, visibility=...)``); its ``ready`` calls
    this."""
    _REGISTERED[what] = rows


def export_names() -> tuple[str, ...]:
    return (*OWN_EXPORTS, *_REGISTERED, "audit")


# The exports also offered as a spreadsheet.
XLSX_EXPORTS = ("players", "matches", "standings", "penalties", "audit")
GAME_FIELDS = ("chooser", "choice_reason", "choice", "winner", "by_penalty", "random_winner")


def _name(registration: Registration | None) -> str:
    return registration.player.public_name if registration is not None else ""


def yes_no(flag: object) -> YesNo:
    """A yes/no column: 1 or 0 in the CSV, "Yes" or "No" in the reader's language."""
    return YesNo(flag, yes=_("Yes"), no=_("No"))


def _coded(code: str, choices: type[TextChoices]) -> Coded | str:
    """A code of ``choices`` with its label ("" stays empty; an unknown code reads as
    itself)."""
    if not code:
        return ""
    return Coded(code, dict(choices.choices).get(code, code))


def players_rows(event: Event, *, visibility: EventVisibility) -> Iterator[list[object]]:
    yield [
        "player_number",
        "player",
        "status",
        "checked_in",
        "late_entry",
        "first_round",
        "fixed_table",
        "dropped_after_round",
        "drop_reason",
        "disqualified",
    ]
    for reg in selectors.event_players(event):
        private = visibility.private_of(reg.pk)
        yield [
            reg.player.player_number,
            _name(reg),
            _coded(reg.status, RegistrationStatus),
            yes_no(reg.checked_in_at is not None),
            yes_no(reg.late_entry),
            reg.first_round,
            reg.fixed_table or "",
            reg.dropped_after_round if reg.dropped_after_round is not None else "",
            reg.drop_reason if private else "",
            yes_no(reg.disqualified and private),
        ]


def _side_name(match: Match, side: str) -> str:
    if side == "a":
        return _name(match.player_a)
    if side == "b":
        return _name(match.player_b)
    if side == "draw":
        return Coded("draw", _("Draw"))
    return side


OVERRIDES = dict(Match._meta.get_field("override").choices)
CHOICES = {"first": _("Play first"), "second": _("Play second")}


def _round_kind(round_: Round, event: Event, titles: dict[int, str]) -> Coded | str:
    """Swiss, or a top-cut round by its stage as the pages name it (Semifinal, Final);
    ``titles`` keeps each top-cut round's title once worked out."""
    if round_.kind != RoundKind.TOP_CUT:
        return _coded(round_.kind, RoundKind)
    if round_.number not in titles:
        round_.event = event
        titles[round_.number] = round_.title
    return Coded(round_.kind, titles[round_.number])


def _flags(match: Match) -> Coded:
    codes = [flag.get("code", "") for flag in match.flags or []]
    words = "; ".join(str(FLAG_LABELS.get(code, code)) for code in codes)
    return Coded(";".join(codes), words)


def matches_rows(event: Event, *, visibility: EventVisibility) -> Iterator[list[object]]:
    matches = selectors.event_matches(event)
    if not visibility.draft_rounds:
        matches = matches.exclude(round__status=RoundStatus.DRAFT)
    matches = list(matches)
    most_games = max([event.games_per_match, *(len(m.games.all()) for m in matches)])
    header = [
        "round",
        "kind",
        "table",
        "player_a",
        "player_b",
        "games_won_a",
        "games_won_b",
        "games_drawn",
        "winner",
        "status",
        "result_source",
        "override",
        "flags",
    ]
    for n in range(1, most_games + 1):
        header += [f"game{n}_{f}" for f in GAME_FIELDS]
    yield header
    titles: dict[int, str] = {}
    for m in matches:
        winner = (
            _side_name(m, m.winner)
            if m.winner
            else (_side_name(m, "draw") if m.status == "confirmed" else "")
        )
        row: list[object] = [
            m.round.number,
            _round_kind(m.round, event, titles),
            m.table,
            _name(m.player_a),
            _name(m.player_b),
            _blank(m.games_won_a),
            _blank(m.games_won_b),
            _blank(m.games_drawn),
            winner,
            _coded(m.status, MatchStatus),
            _coded(m.result_source, ResultSource),
            Coded(m.override, OVERRIDES.get(m.override, m.override)) if m.override else "",
            _flags(m),
        ]
        games = {g.number: g for g in m.games.all()}
        for n in range(1, most_games + 1):
            g = games.get(n)
            if g is None:
                row += [""] * len(GAME_FIELDS)
            else:
                reason = CHOICE_REASONS.get(g.choice_reason)
                row += [
                    _side_name(m, g.chooser) if g.chooser else "",
                    Coded(g.choice_reason, capfirst(reason)) if reason else g.choice_reason,
                    Coded(g.choice, CHOICES[g.choice]) if g.choice in CHOICES else g.choice,
                    _side_name(m, g.winner),
                    yes_no(g.by_penalty),
                    _side_name(m, g.random_winner) if g.random_winner else "",
                ]
        yield row


def _blank(value: object) -> object:
    return "" if value is None else value


def standings_rows(event: Event, *, as_of_round: int | None = None) -> Iterator[list[object]]:
    rows = event_standings(event, as_of_round=as_of_round)
    extra = (
        [name for name, _v in rows[0].values if name not in {"match_points", "omw", "gw", "ogw"}]
        if rows
        else []
    )
    yield [
        "rank",
        "player",
        "player_number",
        "match_points",
        "wins",
        "losses",
        "draws",
        "omw",
        "gw",
        "ogw",
        *extra,
        "dropped",
        "swiss_rank",
    ]
    for row in rows:
        values = dict(row.values)
        yield [
            row.rank,
            _name(row.registration),
            row.registration.player.player_number,
            row.match_points,
            row.wins,
            row.losses,
            row.draws,
            row.omw,
            row.gw,
            row.ogw,
            *(_plain(values[name]) for name in extra),
            yes_no(row.dropped),
            row.swiss_rank,
        ]


def _plain(value: object) -> object:
    from decimal import Decimal
    from fractions import Fraction

    if isinstance(value, Fraction):
        # A number in both formats (written "0.4167" in the CSV, as before).
        return Decimal(f"{float(value):.4f}")
    return value


def penalties_rows(event: Event, *, visibility: EventVisibility) -> Iterator[list[object]]:
    """The penalties the reader may see (``EventVisibility.penalty``), the oldest first.
    ``round`` is the round it was given in (empty before round 1); ``table`` that of the
    match it applies to (empty when none, or not yet paired for a next-match game loss)."""
    yield [
        "time",
        "player",
        "player_number",
        "round",
        "table",
        "infraction",
        "penalty",
        "game_number",
        "next_match",
        "judge",
        "reason",
        "deviation_reason",
    ]
    for p in selectors.visible_penalties(event, visibility=visibility):
        infraction = get_infraction(p.infraction)
        yield [
            p.created_at,
            _name(p.registration),
            p.registration.player.player_number,
            p.round.number if p.round is not None else "",
            p.match.table if p.match is not None else "",
            Coded(p.infraction, infraction.label) if infraction else p.infraction,
            _coded(p.kind, PenaltyKind),
            _blank(p.game_number),
            yes_no(p.next_match),
            p.issued_by.public_name,
            p.reason,
            p.deviation_reason,
        ]


def export_filename(
    event: Event, what: str, extension: str, *, as_of_round: int | None = None
) -> str:
    """``event-<id>-<what>.<extension>``; the standings name the round they are after
    (``event-<id>-standings-round-<n>.csv``; none before any round is complete)."""
    suffix = ""
    if what == "standings":
        after = shown_round(event, as_of_round=as_of_round).after
        suffix = f"-round-{after}" if after else ""
    return f"event-{event.pk}-{what}{suffix}.{extension}"


def write_csv(rows: Iterable[list[object]], out: TextIO) -> None:
    write_rows(rows, out)


def export_csv(
    event: Event, what: str, *, visibility: EventVisibility, as_of_round: int | None = None
) -> str:
    buffer = io.StringIO()
    write_csv(export_rows(event, what, visibility=visibility, as_of_round=as_of_round), buffer)
    return buffer.getvalue()


def export_rows(
    event: Event, what: str, *, visibility: EventVisibility, as_of_round: int | None = None
) -> Iterator[list[object]]:
    if what == "players":
        return players_rows(event, visibility=visibility)
    if what == "matches":
        return matches_rows(event, visibility=visibility)
    if what == "standings":
        return standings_rows(event, as_of_round=as_of_round)
    if what == "penalties":
        return penalties_rows(event, visibility=visibility)
    if what in _REGISTERED:
        return _REGISTERED[what](event, visibility=visibility)
    if what == "audit":
        from tournaments.audit_presenter import audit_rows

        return iter(audit_rows(event, visibility=visibility))
    raise ValueError(f"unknown export {what!r}; choose one of {', '.join(export_names())}")


# --- Spreadsheets ---------------------------------------------------------------------------
SHEET_TITLES = {
    "players": _("Players"),
    "matches": _("Matches"),
    "standings": _("Standings"),
    "penalties": _("Penalties"),
    "audit": _("Audit log"),
}
# The header of each column in the reader's language, by its CSV name.
COLUMN_LABELS = {
    "player_number": _("Player number"),
    "player": _("Player"),
    "status": _("Status"),
    "checked_in": _("Checked in"),
    "late_entry": _("Late entry"),
    "first_round": _("First round"),
    "fixed_table": _("Fixed table"),
    "dropped_after_round": _("Dropped after round"),
    "drop_reason": _("Drop reason"),
    "disqualified": _("Disqualified"),
    "round": _("Round"),
    "kind": _("Kind"),
    "table": _("Table"),
    "player_a": _("Player A"),
    "player_b": _("Player B"),
    "games_won_a": _("Games won by A"),
    "games_won_b": _("Games won by B"),
    "games_drawn": _("Games drawn"),
    "winner": _("Winner"),
    "result_source": _("Result source"),
    "override": _("Decided by a penalty"),
    "flags": _("Pairing notes"),
    "rank": _("Rank"),
    "match_points": _("Match points"),
    "wins": _("Wins"),
    "losses": _("Losses"),
    "draws": _("Draws"),
    "omw": "OMW%",
    "gw": "GW%",
    "ogw": "OGW%",
    "mw": "MW%",
    "owp": "OWP%",
    "oowp": "OOWP%",
    "dropped": _("Dropped"),
    "swiss_rank": _("Swiss rank"),
    "time": _("When"),
    "infraction": _("Infraction"),
    "penalty": _("Penalty"),
    "game_number": _("Game"),
    "next_match": _("Applies to the next match"),
    "judge": _("Judge"),
    "reason": _("Reason"),
    "deviation_reason": _("Reason for a different penalty"),
    "when": _("When"),
    "who": _("Who"),
    "action": _("Action"),
    "what happened": _("What happened"),
}
GAME_FIELD_LABELS = {
    "chooser": _("Game %(number)s: chooser"),
    "choice_reason": _("Game %(number)s: why they choose"),
    "choice": _("Game %(number)s: play first or second"),
    "winner": _("Game %(number)s: winner"),
    "by_penalty": _("Game %(number)s: by a penalty"),
    "random_winner": _("Game %(number)s: random winner"),
}
_GAME_COLUMN = re.compile(r"game(\d+)_(\w+)")


def column_label(name: str) -> str:
    """A column's header in the reader's language (its CSV name when it has none)."""
    if name in COLUMN_LABELS:
        return str(COLUMN_LABELS[name])
    game = _GAME_COLUMN.fullmatch(name)
    if game and game[2] in GAME_FIELD_LABELS:
        return str(GAME_FIELD_LABELS[game[2]]) % {"number": game[1]}
    return name


def spreadsheet_rows(
    event: Event, what: str, *, visibility: EventVisibility, as_of_round: int | None = None
) -> Iterator[list[object]]:
    """The export's rows for people, in the current language: the header's labels, then the
    CSV's rows with every code and yes/no in words (numbers and times stay typed)."""
    names, rows = _spreadsheet(event, what, visibility=visibility, as_of_round=as_of_round)
    yield [column_label(name) for name in names]
    yield from rows


def _percentage(name: str) -> bool:
    """A tiebreak kept as a fraction (OMW%, GW%, OGW%: 0.6667 in the CSV), which a
    spreadsheet shows as a percentage (66.67%, as the pages do)."""
    return name in tiebreak_names() and get_tiebreak(name).percentage


def _spreadsheet(
    event: Event, what: str, *, visibility: EventVisibility, as_of_round: int | None
) -> tuple[list[str], Iterator[list[object]]]:
    """The export's CSV column names, and its rows for people."""
    if what not in XLSX_EXPORTS:
        raise ValueError(f"no spreadsheet of {what!r}; choose one of {', '.join(XLSX_EXPORTS)}")
    rows = export_rows(event, what, visibility=visibility, as_of_round=as_of_round)
    names = next(rows)
    return names, ([for_people(value) for value in row] for row in rows)


def export_xlsx(
    event: Event, what: str, *, visibility: EventVisibility, as_of_round: int | None = None
) -> bytes:
    """The export as a spreadsheet (``spreadsheet_rows``), times in the event's time zone
    (the site's ``TIME_ZONE``, as on its pages), the "%" columns as percentages."""
    names, rows = _spreadsheet(event, what, visibility=visibility, as_of_round=as_of_round)
    return write_xlsx(
        [column_label(name) for name in names],
        rows,
        title=str(SHEET_TITLES[what]),
        tz=timezone.get_current_timezone(),
        number_formats={i: PERCENT_FORMAT for i, name in enumerate(names) if _percentage(name)},
    )
