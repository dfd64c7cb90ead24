"""Match results: reports by both players, confirmation, disputes and judge overrides.

The match row is locked for every change, so two players reporting at the
same instant, a judge override racing a player's report, or a double-clicked
submit all end in one consistent result. Reports are idempotent: sending the
same report again changes nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from config.errors import ConflictError, DomainError
from config.joined_rows import JoinedRows, quoted
from config.prepared import current_db
from config.row_writes import RowInsert, RowUpdate
from tournaments import match_scores, playdraw
from tournaments.core import CoreError
from tournaments.core_messages import core_error
from tournaments.live import announce_change
from tournaments.models import (
    Event,
    Game,
    Match,
    Penalty,
    ResultReport,
    SupersededReportKey,
)
from tournaments.models.choices import (
    GameKind,
    MatchStatus,
    PenaltyKind,
    RecordPolicy,
    ResultSource,
    RoundKind,
    RoundStatus,
)
from tournaments.notifications import notify_result_disputed
from tournaments.services.audit import audit_record
from tournaments.services.events import refuse_if_finished
from tournaments.services.locking import lock_match
from tournaments.services.own_match import judge_action, refuse_if_party
from tournaments.services.permissions import ensure_allowed
from tournaments.services.records import check_game_records
from tournaments.services.standings import bump_statement


@dataclass(frozen=True)
class ReportedResult:
    """A result as reported, oriented to the match (player A, player B)."""

    games_won_a: int
    games_won_b: int
    games_drawn: int = 0
    games: list[dict[str, Any]] = field(default_factory=list)

    @property
    def score(self) -> tuple[int, int, int]:
        return (self.games_won_a, self.games_won_b, self.games_drawn)


def result_snapshot(match: Match) -> dict[str, Any]:
    """What the audit log keeps of a match's result."""
    return {
        "status": match.status,
        "games_won_a": match.games_won_a,
        "games_won_b": match.games_won_b,
        "games_drawn": match.games_drawn,
        "source": match.result_source,
        "override": match.override,
    }


def _game_loss_penalties(match: Match) -> list[Penalty]:
    """Read once per service call (the match row is locked, so they cannot change meanwhile)."""
    cached = match.__dict__.get("_game_losses")
    if cached is None and getattr(match, "has_game_loss", True) is False:
        cached = []
    if cached is None:
        cached = list(
            Penalty.objects.filter(match=match, kind=PenaltyKind.GAME_LOSS).order_by(
                "game_number", "pk"
            )
        )
        match.__dict__["_game_losses"] = cached
    return cached


def _check_score(
    event: Event, match: Match, result: ReportedResult, *, penalties_apply: bool = True
) -> None:
    score = match_scores.MatchScore(*result.score)
    try:
        match_scores.check_score(score, best_of=event.games_per_match)
    except CoreError as exc:
        raise core_error(exc, field="score") from exc
    if match.round.kind == RoundKind.TOP_CUT and score.outcome == match_scores.MatchOutcome.DRAW:
        raise DomainError(
            _("A top-cut match cannot end in a draw: report who goes through."), field="score"
        )
    if not penalties_apply:
        return
    ignored = ignored_game_losses(match, result)
    if ignored:
        raise DomainError(ignored, field="score", code="ignores_game_loss")


def ignored_game_losses(match: Match, result: ReportedResult) -> str:
    """Why a score cannot be right given the game losses in the match (every game loss is a
    game the opponent won), naming who lost which game; "" when the score allows them."""
    penalties = _game_loss_penalties(match)
    lost: dict[str, list[Penalty]] = {"a": [], "b": []}
    for penalty in penalties:
        lost[match.side_of(penalty.registration_id)].append(penalty)
    opponent_won = {"a": result.games_won_b, "b": result.games_won_a}
    if all(opponent_won[side] >= len(lost[side]) for side in ("a", "b")):
        return ""  # the usual case: no name is read (the report path loads no users)
    names = {"a": match.player_a.name, "b": match.player_b.name if match.player_b_id else ""}
    problems = [
        ngettext(
            "%(name)s lost game %(games)s to a game loss: %(opponent)s won it",
            "%(name)s lost games %(games)s to game losses: %(opponent)s won them",
            len(lost[side]),
        )
        % {
            "name": names[side],
            "games": ", ".join(str(p.game_number) for p in lost[side] if p.game_number) or "?",
            "opponent": names["b" if side == "a" else "a"],
            "n": len(lost[side]),
        }
        for side in ("a", "b")
        if opponent_won[side] < len(lost[side])
    ]
    return _("This score ignores a game loss: %(problems)s.") % {"problems": "; ".join(problems)}


def _check_games(
    event: Event, match: Match, result: ReportedResult, *, required: bool = False
) -> tuple[playdraw.PlayDraw | None, ...]:
    """Validate the per-game detail (the play-or-draw record), when it is given, or when
    ``required`` (a player's report in a Humankind event that requires it). The play-or-draw
    rule is Humankind's (the DAR); other games list winners only.

    Games 1, 3 and later name who won the coin or die (``random_winner``) apart from who
    chose (``chooser``), and the rule checks the chooser is that player. Without the
    requirement, a game that names only a chooser is read as the old form did (the chooser
    won the coin or die), and games that name neither are checked for their winners only."""
    humankind = event.game == GameKind.HUMANKIND
    if not result.games:
        if required and humankind:
            raise DomainError(
                _(
                    "This event requires the game-by-game record: for each game, who won it; "
                    "in games 1 and 3, who won the coin or die; and who chose to play or draw."
                ),
                field="games",
                code="play_draw_required",
            )
        return ()
    if not humankind:
        return _check_plain_games(event, result)
    required = required and humankind
    reports = []
    random_winners: dict[int, str] = {}
    for number, game in enumerate(result.games, start=1):
        chooser = game.get("chooser") or None
        random_winner = game.get("random_winner") or None
        by_penalty = bool(game.get("by_penalty", False))
        if random_winner is not None:
            if number == 2:
                raise DomainError(
                    _("Game 2 has no coin or die: the loser of game 1 chooses."), field="games"
                )
            random_winners[number] = random_winner
        elif number != 2 and required and not (by_penalty and chooser is None):
            raise DomainError(
                _("Game %(n)s: say who won the coin or die.") % {"n": number}, field="games"
            )
        elif chooser is not None and number != 2:
            random_winners[number] = chooser  # not recorded apart: the chooser won it
        reports.append(
            playdraw.GameReport(
                winner=game.get("winner", ""),
                chooser=chooser,
                choice=game.get("choice") or None,
                by_penalty=by_penalty,
            )
        )
    sides = {"a": match.player_a.name}
    if match.player_b_id:
        sides["b"] = match.player_b.name
    try:
        decisions = playdraw.check_games(
            reports, random_winners=random_winners, best_of=event.games_per_match
        )
    except playdraw.MissingRandomWinnerError as exc:
        if required:
            raise core_error(exc, field="games", sides=sides) from exc
        # The choices were not recorded: only the winners can be checked.
        _check_plain_games(event, result)
        decisions = (None,) * len(reports)
    except CoreError as exc:
        raise core_error(exc, field="games", sides=sides) from exc
    if playdraw.score_of(reports) != match_scores.MatchScore(*result.score):
        raise DomainError(
            _("The games listed add up to %(games)s, not to the score %(score)s.")
            % {"games": str(playdraw.score_of(reports)), "score": "-".join(map(str, result.score))},
            field="games",
        )
    for penalty in _game_loss_penalties(match):
        number = penalty.game_number or 0
        side = match.side_of(penalty.registration_id)
        if 1 <= number <= len(reports):
            expected_winner = "b" if side == "a" else "a"
            if reports[number - 1].winner != expected_winner or not reports[number - 1].by_penalty:
                raise DomainError(
                    _("Game %(n)s was lost by penalty; report it so.") % {"n": number},
                    field="games",
                )
    return decisions


def _check_plain_games(event: Event, result: ReportedResult) -> tuple[None, ...]:
    """Winners only: each is a, b or draw, none after the match was won, adding up."""
    need = match_scores.wins_needed(event.games_per_match)
    wins = {"a": 0, "b": 0, "draw": 0}
    for number, game in enumerate(result.games, start=1):
        winner = game.get("winner")
        if winner not in wins:
            raise DomainError(
                _("Game %(n)s: say who won, or that it was a draw.") % {"n": number}, field="games"
            )
        if max(wins["a"], wins["b"]) >= need:
            raise DomainError(
                _("Game %(n)s was listed, but the match was already over.") % {"n": number},
                field="games",
            )
        wins[winner] += 1
    if (wins["a"], wins["b"], wins["draw"]) != result.score:
        raise DomainError(
            _("The games listed add up to %(games)s, not to the score %(score)s.")
            % {
                "games": "-".join(str(wins[k]) for k in ("a", "b", "draw")),
                "score": "-".join(map(str, result.score)),
            },
            field="games",
        )
    return (None,) * len(result.games)


def validate_result(
    match: Match, result: ReportedResult, *, override: str = "", players_report: bool = False
) -> tuple:
    """Refuse an impossible score or games list; return each game's play-or-draw decision.
    A result decided by a penalty (``override``) is only checked for a possible score. A
    player's report (``players_report``) must list the games when the event requires the
    play-or-draw record; a judge may enter a score alone."""
    event = match.round.event
    _check_score(event, match, result, penalties_apply=not override)
    decisions = _check_games(
        event, match, result, required=players_report and event.play_draw_required
    )
    check_game_records(event, result.games, decided=bool(override))
    return decisions


def _random_winner_of(game: dict[str, Any], decision: playdraw.PlayDraw | None) -> str:
    """Who won the coin or die of a game: as reported, or, when the rule checked the
    choice of a game decided by the coin or die, the player who (so) chose."""
    if game.get("random_winner"):
        return game["random_winner"]
    if decision is not None and decision.reason == playdraw.ChooserReason.WON_RANDOM_METHOD:
        return decision.chooser.value
    return ""


def normalised_games(result: ReportedResult, decisions: tuple) -> list[dict[str, Any]]:
    """The games as the rule reads them: the chooser filled in and no choice meaning "first",
    so two reports that say the same thing in different words compare equal."""
    games = []
    for game, decision in zip(result.games, decisions, strict=True):
        row: dict[str, Any] = {
            "winner": game.get("winner", ""),
            "random_winner": _random_winner_of(game, decision),
            "chooser": decision.chooser.value if decision else (game.get("chooser") or ""),
            "choice": decision.choice.value if decision else (game.get("choice") or ""),
            "by_penalty": bool(game.get("by_penalty", False)),
        }
        # Qíahn games also carry the side player A commanded, the score and the record.
        for key in ("side_a", "score", "record"):
            if game.get(key) is not None:
                row[key] = game[key]
        games.append(row)
    return games


def _save_games(match: Match, result: ReportedResult, decisions: tuple, *, replace: bool) -> None:
    if replace:
        Game.objects.filter(match=match).delete()
    if not result.games:
        return
    games = []
    for number, (game, decision) in enumerate(zip(result.games, decisions, strict=True), start=1):
        games.append(
            Game(
                match=match,
                number=number,
                random_winner=_random_winner_of(game, decision),
                chooser=decision.chooser.value if decision else (game.get("chooser") or ""),
                choice_reason=decision.reason.value if decision else "",
                choice=decision.choice.value if decision else "",
                winner=game["winner"],
                by_penalty=bool(game.get("by_penalty", False)),
                side_a=game.get("side_a", ""),
                score=game.get("score"),
                record=game.get("record")
                if match.round.event.record_policy != RecordPolicy.IGNORE
                else None,
            )
        )
    Game.objects.bulk_create(games)


OVERRIDE_WINNER = {"match_loss_a": "b", "match_loss_b": "a", "double_loss": ""}


def _confirm(
    match: Match,
    result: ReportedResult,
    decisions: tuple,
    source: str,
    override: str = "",
    *,
    replace: bool = True,
    with_report: Callable[..., object] | None = None,
) -> None:
    """Store the result; ``replace=False`` when the match never had a result (no old games).
    ``with_report`` writes the confirming player's report together with the confirmation
    and the standings version bump (one statement where the database can)."""
    match.games_won_a, match.games_won_b, match.games_drawn = result.score
    match.status = MatchStatus.CONFIRMED
    match.result_source = source
    match.confirmed_at = timezone.now()
    match.override = override
    if override:
        match.winner = OVERRIDE_WINNER[override]
    else:
        outcome = match_scores.MatchScore(*result.score).outcome
        match.winner = "" if outcome == match_scores.MatchOutcome.DRAW else outcome.value
    confirm, bump = _writes().confirm, bump_statement(match.round.event_id)
    if with_report is None:
        confirm(match, bump)
    else:
        with_report(confirm.statement(match), bump)
    _save_games(match, result, decisions, replace=replace)


class _Writes:
    """The statements of the report path, compiled once (see ``config.row_writes``)."""

    def __init__(self) -> None:
        report_fields = ["games_won_a", "games_won_b", "games_drawn", "games", "idempotency_key"]
        report_fields += ["reported_by", "updated_at"]
        self.insert_report = RowInsert(ResultReport)
        self.update_report = RowUpdate(ResultReport, report_fields)
        self.match_status = RowUpdate(Match, ["status"])
        self.confirm = RowUpdate(
            Match,
            [
                "games_won_a",
                "games_won_b",
                "games_drawn",
                "status",
                "result_source",
                "confirmed_at",
                "winner",
                "override",
            ],
        )


@functools.cache
def _writes() -> _Writes:
    return _Writes()


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
    """Two players agree on the score, and on each game when both listed the games."""
    if first.score != second.score:
        return False
    return not (first.games and second.games and first.games != second.games)


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
    writes = _writes()
    if existing is None:
        report = ResultReport(match=match, registration=side_registration, **fields)
    else:
        _supersede_key(existing)
        report = existing
        for key, value in fields.items():
            setattr(report, key, value)
    write_report = writes.insert_report if existing is None else writes.update_report
    other = next((r for pk, r in reports.items() if pk != side_registration.pk), None)
    if other is not None and _agree(report, other):
        if report.games or not other.games:
            agreed, agreed_decisions = result, decisions
        else:
            agreed = ReportedResult(*other.score, games=other.games)
            agreed_decisions = validate_result(match, agreed, players_report=True)
        _confirm(
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
    *, actor: User, match_id: int, seen_score: tuple[int, int, int]
) -> Confirmation:
    """A player agrees with their opponent's report in one tap: their own report becomes the
    opponent's (score and games), sent through ``match_report``, which confirms the match.

    ``seen_score`` is the opponent's report as the player's page showed it (player A's games,
    player B's, drawn): if the opponent has changed it since, the confirmation is refused
    and nothing changes, so nobody agrees to a score they have not seen."""
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
    if tuple(seen_score) != other.score:
        raise ConflictError(
            _(
                "Your opponent has changed their report since your page showed it: "
                "check the new one and confirm again."
            ),
            code="report_changed",
        )
    confirmed = match_report(
        actor=actor,
        match_id=match.pk,
        result=ReportedResult(*other.score, games=list(other.games or [])),
    )
    return Confirmation(match=confirmed, changed=True)


@judge_action("result.set")
def refuse_own_match(actor: User, match: Match) -> None:
    """The result page's refusal of a judge who plays in the match, audited like the
    service's (``tournaments.services.own_match``)."""
    refuse_if_party(actor, event=match.round.event, match=match)


@judge_action("result.set")
@transaction.atomic
def match_set_result(
    *,
    actor: User,
    match_id: int,
    result: ReportedResult,
    reason: str = "",
    source: str = ResultSource.JUDGE,
    override: str = "",
) -> Match:
    """A judge enters or overrides a result, at any time; audited with before and after.
    Never the judge's own match (``tournaments.services.own_match``)."""
    match = lock_match(match_id)
    ensure_allowed(actor, "tournaments.run_event", match.round.event)
    refuse_if_party(actor, event=match.round.event, match=match)
    refuse_if_finished(match.round.event)
    if match.is_bye:
        raise ConflictError(_("A bye has no result to change."))
    if match.round.status == RoundStatus.DRAFT:
        raise ConflictError(_("The pairings of this round are not published yet."))
    decisions = validate_result(match, result, override=override)
    _refuse_changing_a_decided_bracket(match, result)
    before = result_snapshot(match)
    ResultReport.objects.create(
        match=match,
        registration=None,
        reported_by=actor,
        games_won_a=result.games_won_a,
        games_won_b=result.games_won_b,
        games_drawn=result.games_drawn,
        games=result.games,
    )
    if override and override not in OVERRIDE_WINNER:
        raise DomainError(
            _("Unknown match outcome %(value)r.") % {"value": override}, field="override"
        )
    # A score alone keeps the players' game-by-game record when it agrees with it; a
    # different score replaces that record, and the audit entry counts the games dropped.
    stored = list(Game.objects.filter(match=match).values_list("winner", flat=True))
    keep = not result.games and _score_of_winners(stored) == result.score
    _confirm(match, result, decisions, source, override, replace=not keep)
    after = result_snapshot(match)
    match.games_replaced = 0 if keep or result.games else len(stored)
    if match.games_replaced:
        after["games_replaced"] = match.games_replaced
    audit_record(
        event=match.round.event,
        actor=actor,
        action="result.set",
        target=f"round {match.round.number} table {match.table}",
        before=before,
        after=after,
        reason=reason,
    )
    return match


def _score_of_winners(winners: list[str]) -> tuple[int, int, int] | None:
    """The score stored games add up to (games won by A, by B, drawn); None without games."""
    if not winners:
        return None
    return (winners.count("a"), winners.count("b"), winners.count("draw"))


def _refuse_changing_a_decided_bracket(match: Match, result: ReportedResult) -> None:
    if match.round.kind != RoundKind.TOP_CUT or match.status != MatchStatus.CONFIRMED:
        return
    outcome = match_scores.MatchScore(*result.score).outcome.value
    later = match.round.event.rounds.filter(number__gt=match.round.number).exists()
    if later and outcome != match.winner:
        raise ConflictError(
            _(
                "The next bracket round is already paired; this change would "
                "send a different player through."
            )
        )
