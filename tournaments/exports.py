"""CSV exports of an event (players, matches with every game, standings), for pages and the
``export_event`` command. Players appear under the same name in every export.

What a reader gets is decided by their ``EventVisibility`` (``tournaments.visibility``),
the same rule the pages and the JSON API follow: unpublished pairings, drop reasons and
disqualifications only where it allows them. The command exports everything."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, TextIO

from tournaments import selectors
from tournaments.csv_cells import write_rows
from tournaments.draft_exports import picks_rows, pools_rows
from tournaments.models import Event, Match
from tournaments.models.choices import RoundStatus
from tournaments.services.standings import event_standings
from tournaments.visibility import EventVisibility

if TYPE_CHECKING:
    from tournaments.models import Registration

EXPORTS = ("players", "matches", "standings", "picks", "pools", "audit")
GAME_FIELDS = ("chooser", "choice_reason", "choice", "winner", "by_penalty", "random_winner")


def _name(registration: Registration | None) -> str:
    return registration.player.public_name if registration is not None else ""


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
            reg.status,
            int(reg.checked_in_at is not None),
            int(reg.late_entry),
            reg.first_round,
            reg.fixed_table or "",
            reg.dropped_after_round if reg.dropped_after_round is not None else "",
            reg.drop_reason if private else "",
            int(reg.disqualified and private),
        ]


def _side_name(match: Match, side: str) -> str:
    if side == "a":
        return _name(match.player_a)
    if side == "b":
        return _name(match.player_b)
    return side


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
    for m in matches:
        winner = (
            _side_name(m, m.winner) if m.winner else ("draw" if m.status == "confirmed" else "")
        )
        row: list[object] = [
            m.round.number,
            m.round.kind,
            m.table,
            _name(m.player_a),
            _name(m.player_b),
            _blank(m.games_won_a),
            _blank(m.games_won_b),
            _blank(m.games_drawn),
            winner,
            m.status,
            m.result_source,
            m.override,
            ";".join(flag.get("code", "") for flag in m.flags or []),
        ]
        games = {g.number: g for g in m.games.all()}
        for n in range(1, most_games + 1):
            g = games.get(n)
            if g is None:
                row += [""] * len(GAME_FIELDS)
            else:
                row += [
                    _side_name(m, g.chooser) if g.chooser else "",
                    g.choice_reason,
                    g.choice,
                    _side_name(m, g.winner),
                    int(g.by_penalty),
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
            int(row.dropped),
            row.swiss_rank,
        ]


def _plain(value: object) -> object:
    from fractions import Fraction

    if isinstance(value, Fraction):
        return f"{float(value):.4f}"
    return value


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
    if what == "picks":
        return picks_rows(event, visibility=visibility)
    if what == "pools":
        return pools_rows(event, visibility=visibility)
    if what == "audit":
        from tournaments.audit_presenter import audit_rows

        return iter(audit_rows(event, visibility=visibility))
    raise ValueError(f"unknown export {what!r}; choose one of {', '.join(EXPORTS)}")
