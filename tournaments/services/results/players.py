"""Players report their own match: matching reports confirm it, different ones dispute it.

Also the one-tap confirmation of the opponent's report, and the idempotency keys that make
a repeated or late report change nothing. The match row is locked for every change
(``lock_match``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ConflictError, DomainError
from config.joined_rows import JoinedRows, quoted
from config.prepared import current_db
from tournaments import report_compare
from tournaments.happenings import Happening, happened
from tournaments.live import announce_change
from tournaments.models import Match, Penalty, ResultReport, SupersededReportKey
from tournaments.models.choices import MatchStatus, PenaltyKind, ResultSource, RoundStatus
from tournaments.notifications import notify_result_disputed
from tournaments.services.locking import lock_match
from tournaments.services.permissions import ensure_allowed
from tournaments.services.results.storing import confirm_result, report_writes, store_record
from tournaments.services.results.validation import (
    ReportedResult,
    normalised_games,
    validate_result,
)


def _refuse_unless_open(match: Match) -> None:
    if match.is_bye:
        raise ConflictError(_("A bye has no result to report."))
    if match.round.status == RoundStatus.DRAFT:
        raise ConflictError(_("The pairings of this round are not published yet."))
    if match.round.status == RoundStatus.FINISHED:
        raise ConflictError(
            _("Round %(n)s is over: ask a judge to enter this result.") % {"n": match.round.number}
        )


@functools.cache
def _reports_rows() -> tuple[JoinedRows, str]:
    rows = JoinedRows((ResultReport, "rr"))
    game_loss = (
        f"EXISTS (SELECT 1 FROM {quoted(Penalty)} p "
        f"WHERE p.match_id = %s AND p.kind = '{PenaltyKind.GAME_LOSS.value}')"
    )
    # One row even when there is no report yet, to carry the game-loss flag.
    sql = (
        f"SELECT {rows.select_list}, {game_loss} FROM (SELECT 1 AS one) one "
        f"LEFT JOIN {quoted(ResultReport)} rr "
        "ON rr.match_id = %s AND rr.registration_id IS NOT NULL"
    )
    return rows, sql


def players_reports(match: Match) -> list[ResultReport]:
    """The players' own reports of the match (not judges' entries). Also learns whether a
    judge gave a game loss in it, so a report without one (nearly all) skips that query.
    One precompiled statement, run after the match is locked (see ``lock_match``).

    Not a prepared statement: the reports table grows fastest while reports pour in, and
    a plan PostgreSQL cached while it was small scans all of it, slower with every report.
    Planned on each call it costs about 0.1 ms and always takes the index."""
    rows, sql = _reports_rows()
    with current_db().cursor() as cursor:
        cursor.execute(sql, [match.pk, match.pk])
        found = cursor.fetchall()
    match.has_game_loss = bool(found[0][rows.width])
    reports = (rows.build(row)[0] for row in found)
    return [report for report in reports if report is not None]


def _same(report: ResultReport, result: ReportedResult) -> bool:
    return report.score == result.score and (report.games or []) == (result.games or [])


def _agree(first: ResultReport, second: ResultReport) -> bool:
    """Two players agree on the score, and on each answer of each game when both listed the
    games (``tournaments.report_compare``)."""
    return not report_compare.differences(
        report_compare.Report(first.score, first.games or []),
        report_compare.Report(second.score, second.games or []),
    )


def _supersede_key(report: ResultReport) -> None:
    """Remember the key of the report about to be replaced (under the match's lock)."""
    if report.idempotency_key:
        SupersededReportKey.objects.bulk_create(
            [SupersededReportKey(report_id=report.pk, key=report.idempotency_key)],
            ignore_conflicts=True,
        )


def _stale_key(current: ResultReport, *, mine_first: bool) -> ConflictError:
    """The refusal of a late retry of a report the player has replaced since, with the
    report that stands (in the reporter's own order in the message, as their page reads)."""
    a, b, drawn = current.score
    mine, theirs = (a, b) if mine_first else (b, a)
    score = f"{mine}-{theirs}-{drawn}" if drawn else f"{mine}-{theirs}"
    return ConflictError(
        _(
            "This is an earlier report you have replaced since: nothing changed. "
            "Your current report is %(score)s."
        )
        % {"score": score},
        field="idempotency_key",
        code="idempotency_key_stale",
        extra={
            "report": {
                "games_won_a": a,
                "games_won_b": b,
                "games_drawn": drawn,
                "games": current.games or [],
                "idempotency_key": current.idempotency_key,
            }
        },
    )


@transaction.atomic
def match_report(
    *, actor: User, match_id: int, result: ReportedResult, idempotency_key: str = ""
) -> Match:
    """A player reports their own match. Matching reports from both players confirm it;
    different ones mark it disputed for a judge."""
    match = lock_match(match_id, with_users=False)
    ensure_allowed(actor, "tournaments.report_result", match)
    side_registration = next(
        (r for r in (match.player_a, match.player_b) if r is not None and r.player_id == actor.pk),
        None,
    )
    if side_registration is None:
        raise ConflictError(_("Only the two players of a match report it; judges enter results."))
    reports = {r.registration_id: r for r in players_reports(match)}
    existing = reports.get(side_registration.pk)
    try:
        decisions = validate_result(match, result, players_report=True)
    except DomainError:
        decisions = None  # refused below, after the state checks that explain more
    if decisions:
        result = ReportedResult(*result.score, games=normalised_games(result, decisions))
    key = idempotency_key[:64]
    if (
        existing is not None
        and key
        and key != existing.idempotency_key
        and SupersededReportKey.objects.filter(report_id=existing.pk, key=key).exists()
    ):
        raise _stale_key(existing, mine_first=side_registration.pk == match.player_a_id)
    if existing is not None and key and existing.idempotency_key == key:
        if not _same(existing, result):
            # A retry must repeat its request; a changed report needs a new key. Keeping the
            # first silently would tell the player their correction was stored.
            raise ConflictError(
                _(
                    "This idempotency key was already used for your report of "
                    "%(score)s; send a new key to change it."
                )
                % {"score": "-".join(map(str, existing.score))},
                field="idempotency_key",
                code="idempotency_key_reused",
            )
        return match  # the same request again, e.g. a retry after a lost answer
    if existing is not None and _same(existing, result):
        if key and key != existing.idempotency_key:
            # The same report from a page loaded again: its key becomes the latest, so a
            # late retry of the one before is refused like any superseded key.
            _supersede_key(existing)
            existing.idempotency_key = key
            ResultReport.objects.filter(pk=existing.pk).update(idempotency_key=key)
        return match  # the same report again, e.g. a double-clicked submit
    _refuse_unless_open(match)
    if match.status == MatchStatus.CONFIRMED:
        raise ConflictError(_("This match is already confirmed; ask a judge to change it."))
    if decisions is None:
        decisions = validate_result(match, result, players_report=True)
    fields = {
        "games_won_a": result.games_won_a,
        "games_won_b": result.games_won_b,
        "games_drawn": result.games_drawn,
        "games": result.games,
        "idempotency_key": key,
        "reported_by": actor,
    }
    writes = report_writes()
    if existing is None:
        report = ResultReport(match=match, registration=side_registration, **fields)
    else:
        _supersede_key(existing)
        report = existing
        for key, value in fields.items():
            setattr(report, key, value)
    write_report = writes.insert_report if existing is None else writes.update_report
    other = next((r for pk, r in reports.items() if pk != side_registration.pk), None)
    if other is not None and report.score == other.score:
        if _agree(report, other):
            if report.games or not other.games:
                agreed, agreed_decisions = result, decisions
            else:
                agreed = ReportedResult(*other.score, games=other.games)
                agreed_decisions = validate_result(match, agreed, players_report=True)
        else:
            # The scores agree, the records do not: the score is the result (each report was
            # checked with its games above), and no record is stored until the players agree
            # on one (``match_confirm_report``) or a judge settles it.
            agreed, agreed_decisions = ReportedResult(*report.score), ()
        confirm_result(
            match,
            agreed,
            agreed_decisions,
            ResultSource.PLAYERS,
            replace=False,
            with_report=functools.partial(write_report, report),
        )
    else:
        # The report and the match's new status in one statement where the database can.
        match.status = MatchStatus.AWAITING if other is None else MatchStatus.DISPUTED
        write_report(report, writes.match_status.statement(match))
        if other is not None:
            notify_result_disputed(match_id=match.pk)
            happened(match.round.event, Happening.MATCH_DISPUTED, match=match)
    announce_change(match.round.event_id)
    return match


@dataclass(frozen=True)
class Confirmation:
    """What a one-tap confirmation did: ``changed`` is False when the player had already
    sent the same report (a second tap), and nothing was written."""

    match: Match
    changed: bool


@transaction.atomic
def match_confirm_report(
    *,
    actor: User,
    match_id: int,
    seen_score: tuple[int, int, int],
    seen_record: str | None = None,
) -> Confirmation:
    """A player agrees with their opponent's report in one tap: their own report becomes the
    opponent's (score and games), sent through ``match_report``, which confirms the match.
    When the match is already confirmed on the score both reported and only their records
    differ, the tap settles the record: the player's report takes the opponent's games, and
    the match stores them.

    ``seen_score`` is the opponent's report as the player's page showed it (player A's games,
    player B's, drawn), and ``seen_record`` (when given) the fingerprint of the games it
    showed (``report_compare.record_fingerprint``): if the opponent has changed either since,
    the confirmation is refused and nothing changes, so nobody agrees to a score or a record
    they have not seen."""
    match = lock_match(match_id, with_users=False)
    ensure_allowed(actor, "tournaments.report_result", match)
    mine = next(
        (r for r in (match.player_a, match.player_b) if r is not None and r.player_id == actor.pk),
        None,
    )
    if mine is None:
        raise ConflictError(_("Only the two players of a match report it; judges enter results."))
    reports = {r.registration_id: r for r in players_reports(match)}
    own = reports.get(mine.pk)
    other = next((r for pk, r in reports.items() if pk != mine.pk), None)
    if other is None:
        raise ConflictError(
            _("Your opponent has not reported this match yet: there is nothing to confirm."),
            code="nothing_to_confirm",
        )
    if own is not None and _agree(own, other):
        return Confirmation(match=match, changed=False)
    if tuple(seen_score) != other.score or (
        seen_record is not None
        and seen_record != report_compare.record_fingerprint(other.games or [])
    ):
        raise ConflictError(
            _(
                "Your opponent has changed their report since your page showed it: "
                "check the new one and confirm again."
            ),
            code="report_changed",
        )
    if own is not None and own.score == other.score and match.status == MatchStatus.CONFIRMED:
        _adopt_record(actor, match, own, other)
        return Confirmation(match=match, changed=True)
    confirmed = match_report(
        actor=actor,
        match_id=match.pk,
        result=ReportedResult(*other.score, games=list(other.games or [])),
    )
    return Confirmation(match=confirmed, changed=True)


def _adopt_record(actor: User, match: Match, own: ResultReport, other: ResultReport) -> None:
    """The player takes their opponent's record of a match confirmed on the score both
    reported (the match row is locked): their report's games become the opponent's, and the
    match stores them. Not once a judge has set the result, nor after the round."""
    _refuse_unless_open(match)
    stored = (match.games_won_a, match.games_won_b, match.games_drawn)
    if match.result_source != ResultSource.PLAYERS or stored != other.score:
        raise ConflictError(_("This match is already confirmed; ask a judge to change it."))
    result = ReportedResult(*other.score, games=list(other.games or []))
    decisions = validate_result(match, result, players_report=True)
    _supersede_key(own)
    ResultReport.objects.filter(pk=own.pk).update(
        games=result.games, idempotency_key="", reported_by=actor, updated_at=timezone.now()
    )
    store_record(match, result, decisions)
    announce_change(match.round.event_id)
