"""A player's pages: register, my match (table, opponent, time left, the report form), my
history, and dropping from the event."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import selectors
from tournaments.flags import describe_match
from tournaments.forms import ConfirmResultForm, DropForm
from tournaments.models import Match, Registration
from tournaments.models.choices import EventStatus, MatchStatus, ResultSource, RoundStatus
from tournaments.report_compare import record_fingerprint
from tournaments.report_presenter import (
    RecordLine,
    compared,
    differing_answers,
    differing_cells,
    player_names,
    record_lines,
)
from tournaments.result_forms import player_result_form
from tournaments.services.registration import registration_drop, registration_register
from tournaments.services.results import (
    ReportedResult,
    match_confirm_report,
    match_report,
    refusal_of,
)
from tournaments.views.common import attempt, event_context, get_event, round_clock

if TYPE_CHECKING:
    from tournaments.models import Event
    from tournaments.result_forms import ResultForm


@dataclass(frozen=True)
class Seen:
    """A match seen by one of its players: the opponent and the score from their side."""

    match: Match
    side: str
    opponent: Registration | None
    mine: int | None
    theirs: int | None
    draws: int | None
    # Whose report the match waits for, when one player has reported: "me" or "opponent";
    # "judge" when the opponent cannot report (see ``judge_enters``).
    waiting: str = ""
    # Why a judge enters this unconfirmed result: the opponent "dropped", or is a "walk_in"
    # with no account to report from.
    judge_enters: str = ""
    # A drop conceded the match: by the "opponent" (I win it) or by "me".
    conceded_by: str = ""

    @property
    def outcome(self) -> str:
        if self.match.status != MatchStatus.CONFIRMED:
            return ""
        if self.opponent is None:
            return "bye"
        if self.match.winner == self.side:
            return "win"
        if self.match.winner == "":
            return "draw"
        return "loss"

    @property
    def score(self) -> str:
        if self.mine is None:
            return ""
        text = f"{self.mine}-{self.theirs}"
        return f"{text}-{self.draws}" if self.draws else text


def seen_by(match: Match, registration_id: int, *, reported: bool = False) -> Seen:
    """``reported``: whether this player has sent a report of the match."""
    side = match.side_of(registration_id) or "a"
    a_side = side == "a"
    opponent = match.player_b if a_side else match.player_a
    needed = selectors.judge_needed(match)
    judge_enters = ""
    if needed is not None and opponent in needed.dropped:
        judge_enters = "dropped"
    elif needed is not None and opponent in needed.walk_ins:
        judge_enters = "walk_in"
    waiting = ""
    if match.status == MatchStatus.AWAITING:
        waiting = "opponent" if reported else "me"
        if waiting == "opponent" and judge_enters:
            waiting = "judge"
    conceded_by = ""
    if match.status == MatchStatus.CONFIRMED and match.result_source == ResultSource.DROP:
        conceded_by = "opponent" if match.winner == side else "me"
    return Seen(
        match=match,
        side=side,
        opponent=opponent,
        mine=match.games_won_a if a_side else match.games_won_b,
        theirs=match.games_won_b if a_side else match.games_won_a,
        draws=match.games_drawn,
        waiting=waiting,
        judge_enters=judge_enters,
        conceded_by=conceded_by,
    )


@dataclass(frozen=True)
class SeenReport:
    """A player's report as one of the match's players reads it: the score from the reader's
    side, and the games (the play-or-draw record) with "you" and "your opponent"."""

    mine: int
    theirs: int
    draws: int
    by_me: bool
    lines: tuple[RecordLine, ...] = ()
    # The fingerprint of its games, which a one-tap confirmation carries.
    record: str = ""
    score_as_stored: tuple[int, int, int] = (0, 0, 0)
    games: tuple = ()

    @property
    def score(self) -> str:
        text = f"{self.mine}-{self.theirs}"
        return f"{text}-{self.draws}" if self.draws else text

    @property
    def outcome(self) -> str:
        """The reported result for the reader: "win", "loss" or "draw"."""
        if self.mine == self.theirs:
            return "draw"
        return "win" if self.mine > self.theirs else "loss"


def reports_seen_by(match: Match, registration_id: int, side: str) -> list[SeenReport]:
    """The players' reports of the match from the reader's side, their own first; the
    answers the two give differently are marked in each record."""
    players = selectors.players_reports_of(match)
    cells = {}
    if len(players) == 2:
        cells = differing_cells(
            differing_answers(*(compared(r) for r in players), player_names(side))
        )
    seen = []
    for report in players:
        mine, theirs = (
            (report.games_won_a, report.games_won_b)
            if side == "a"
            else (report.games_won_b, report.games_won_a)
        )
        games = report.games or []
        seen.append(
            SeenReport(
                mine,
                theirs,
                report.games_drawn,
                report.registration_id == registration_id,
                lines=tuple(record_lines(games, player_names(side), cells)),
                record=record_fingerprint(games),
                score_as_stored=report.score,
                games=tuple(games),
            )
        )
    seen.sort(key=lambda r: not r.by_me)
    return seen


@dataclass(frozen=True)
class ConfirmOffer:
    """The one-tap agreement with the opponent's report the page offers: ``kind`` says what
    it does ("confirm" the result, "agree" with it in a dispute, "record": take the
    opponent's record of a result confirmed on the score); ``refusal`` why the rule would
    refuse it, in which case no button is offered."""

    kind: str
    report: SeenReport
    refusal: str = ""


def _confirm_offer(
    match: Match, current: Seen, reports: list[SeenReport], record_differs: bool
) -> ConfirmOffer | None:
    theirs = next((r for r in reports if not r.by_me), None)
    if theirs is None or match.round.status != RoundStatus.PUBLISHED:
        return None
    if record_differs:
        kind = "record"
    elif current.waiting == "me":
        kind = "confirm"
    elif match.status == MatchStatus.DISPUTED:
        kind = "agree"
    else:
        return None
    refusal = refusal_of(
        match,
        ReportedResult(*theirs.score_as_stored, games=list(theirs.games)),
        players_report=True,
    )
    return ConfirmOffer(kind, theirs, refusal.message if refusal else "")


def can_report(match: Match | None) -> bool:
    return (
        match is not None
        and not match.is_bye
        and match.round.status == RoundStatus.PUBLISHED
        and match.status != MatchStatus.CONFIRMED
    )


def _my_match_context(request: HttpRequest, event: Event, form: ResultForm | None = None) -> dict:
    context = event_context(request, event, "me")
    registration = context["my_registration"]
    if registration is None:
        return context
    round_ = selectors.current_round(event, published_only=True)
    match = selectors.player_match(round_, registration) if round_ else None
    current = None
    if match is not None:
        match.round = round_
        current = seen_by(
            match,
            registration.pk,
            reported=any(r.registration_id == registration.pk for r in match.reports.all()),
        )
        if form is None and can_report(match):
            form = player_result_form(match, current.side)
        reports = reports_seen_by(match, registration.pk, current.side)
        record_differs = selectors.records_differ(match)
        players = selectors.players_reports_of(match)
        mine_first = sorted(players, key=lambda r: r.registration_id != registration.pk)
        context.update(
            carried=_carried_game_losses(match, registration.pk),
            reports=reports,
            record_differs=record_differs,
            differences=differing_answers(
                *(compared(r) for r in mine_first), player_names(current.side), side=current.side
            )
            if len(players) == 2
            else [],
            offer=_confirm_offer(match, current, reports, record_differs),
            flags=describe_match(match, selectors.registration_names(event)) if match.flags else [],
            clock=round_clock(round_, match.extension_seconds)
            if round_.status == RoundStatus.PUBLISHED
            else None,
        )
    reported = selectors.reported_match_ids(registration)
    history = [
        seen_by(m, registration.pk, reported=m.pk in reported)
        for m in selectors.player_matches(registration)
    ]
    context.update(
        round=round_,
        current=current,
        form=form,
        history=history,
        penalties=list(selectors.registration_penalties(registration)),
        game2_rule=_(
            "Game 2: the loser of game 1 chooses, even when game 1 was lost to a penalty; "
            "after a drawn game 1, whoever chose in game 1 chooses again."
        ),
    )
    return context


def _lower_first(text: str) -> str:
    """An infraction's name inside a sentence ("a game loss for tardiness")."""
    return text[:1].lower() + text[1:]


def _carried_game_losses(match: Match, registration_id: int) -> list[str]:
    """The game losses carried into this match from an earlier one, as its players read them
    at the top of the page (each player sees their own and their opponent's)."""
    lines = []
    for penalty in selectors.match_game_losses(match):
        if not penalty.next_match:
            continue
        values = {
            "n": penalty.game_number or 1,
            "why": _lower_first(penalty.infraction_label or penalty.reason),
        }
        if penalty.registration_id == registration_id:
            lines.append(
                _("You start this match 0-1: game %(n)s is a game loss for %(why)s.") % values
            )
        else:
            lines.append(
                _("Your opponent starts 0-1: game %(n)s is a game loss for %(why)s.") % values
            )
    return lines


@login_required
def my_match(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    return render(request, "tournaments/my_match.html", _my_match_context(request, event))


@login_required
@require_http_methods(["GET", "POST"])
def report(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("round__event", *selectors.MATCH_RELATED), pk=pk
    )
    event = match.round.event
    side = _side_of(request, match)
    if side is None:  # a judge who does not play in it (a scanned slip too): result entry
        return redirect("tournaments:result", match.pk)
    if request.method == "GET":
        return redirect("tournaments:my_match", event.pk)
    form = player_result_form(match, side, request.POST, request.FILES)
    # A page left open from an earlier round: its refusal is a message above today's match.
    current = selectors.current_round(event, published_only=True)
    stale = current is None or current.pk != match.round_id
    status = 400
    if form.is_valid():
        outcome = attempt(
            request,
            lambda: match_report(
                actor=request.user,
                match_id=match.pk,
                result=form.cleaned_data["result"],
                idempotency_key=form.cleaned_data.get("key", ""),
            ),
            None if stale else form,
        )
        if outcome.ok:
            # A dispute is not a success: it waits for a judge.
            _say_report_outcome(request, outcome.value)
            return redirect("tournaments:my_match", event.pk)
        status = outcome.status
        if outcome.error is not None and outcome.error.code == "idempotency_key_stale":
            # The page sent again from before the player's correction: say so above the
            # report that stands, with a fresh form, not the old score as if it were news.
            messages.error(request, outcome.error.message)
            stale = True
    elif stale:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    context = _my_match_context(request, event, form=None if stale else form)
    return render(request, "tournaments/my_match.html", context, status=status)


def _side_of(request: HttpRequest, match: Match) -> str | None:
    """The requester's side of ``match`` ("a" or "b"); None for a judge who does not play in
    it. Anyone else is refused."""
    registration = selectors.registration_of(match.round.event, request.user)
    side = match.side_of(registration.pk) if registration else None
    if side is None and not request.user.has_perm("tournaments.override_result", match):
        raise PermissionDenied
    return side


@login_required
@require_POST
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """One tap: the player agrees with the report their opponent sent (the score their page
    showed travels with the tap). A second tap changes nothing and says so."""
    match = get_object_or_404(
        Match.objects.select_related("round__event", *selectors.MATCH_RELATED), pk=pk
    )
    event = match.round.event
    side = _side_of(request, match)
    if side is None:
        return redirect("tournaments:result", match.pk)
    form = ConfirmResultForm(request.POST)
    if not form.is_valid():
        messages.error(
            request,
            _("This confirmation lacks the score it confirms: reload the page and tap again."),
        )
        return render(
            request, "tournaments/my_match.html", _my_match_context(request, event), status=400
        )
    confirmed_before = match.status == MatchStatus.CONFIRMED
    outcome = attempt(
        request,
        lambda: match_confirm_report(
            actor=request.user,
            match_id=match.pk,
            seen_score=form.seen_score(side),
            seen_record=form.seen_record(),
        ),
    )
    if not outcome.ok:
        context = _my_match_context(request, event)
        return render(request, "tournaments/my_match.html", context, status=outcome.status)
    confirmation = outcome.value
    if not confirmation.changed:
        messages.info(request, _("You had already confirmed this result: nothing changed."))
    elif confirmed_before:
        messages.success(
            request, _("Your record now agrees with your opponent's: it is kept with the result.")
        )
    else:
        _say_report_outcome(request, confirmation.match)
    return redirect("tournaments:my_match", event.pk)


def _say_report_outcome(request: HttpRequest, match: Match) -> None:
    """What a report did, as a message: a dispute, or records that differ, is a warning (it
    waits for someone), not a success."""
    if match.status == MatchStatus.CONFIRMED and selectors.records_differ(match):
        messages.warning(
            request,
            _(
                "You agree on the score: the result is confirmed. Your records of the games "
                "differ: agree on one below, or a judge will settle it."
            ),
        )
    elif match.status == MatchStatus.CONFIRMED:
        messages.success(request, _("Both reports agree: the result is confirmed."))
    elif match.status == MatchStatus.DISPUTED:
        messages.warning(
            request, _("Your report and your opponent's differ: a judge will settle the result.")
        )
    else:
        messages.success(
            request,
            _("Your report is in. The result is confirmed when your opponent reports the same."),
        )


@login_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    outcome = attempt(request, lambda: registration_register(actor=request.user, event_id=event.pk))
    if outcome.ok:
        messages.success(request, _("You are registered for %(event)s.") % {"event": event.name})
        return redirect("tournaments:event_detail", event.pk)
    from tournaments.views.event import event_detail

    response = event_detail(request, event.pk)
    response.status_code = outcome.status
    return response


@login_required
@require_http_methods(["GET", "POST"])
def drop(request: HttpRequest, pk: int) -> HttpResponse:
    """Drop a player: the player themself (no reason needed), or a judge with a reason."""
    registration = get_object_or_404(Registration.objects.select_related("event", "player"), pk=pk)
    event = registration.event
    if not request.user.has_perm("tournaments.drop_registration", registration):
        raise PermissionDenied
    by_staff = request.user.has_perm("tournaments.run_event", event)
    form = DropForm(request.POST if request.method == "POST" else None, reason_required=by_staff)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            outcome = attempt(
                request,
                lambda: registration_drop(
                    actor=request.user,
                    registration_id=registration.pk,
                    reason=form.cleaned_data["reason"],
                ),
                form,
            )
            if outcome.ok:
                if event.status == EventStatus.REGISTRATION:
                    text = _("%(name)s has left the event.")
                else:
                    text = _("%(name)s has dropped and will not be paired again.")
                messages.success(request, text % {"name": registration.name})
                if by_staff:
                    return redirect("tournaments:judge_players", event.pk)
                return redirect("tournaments:event_detail", event.pk)
            status = outcome.status
    context = event_context(
        request,
        event,
        "judge_players" if by_staff else "me",
        registration=registration,
        form=form,
        by_staff=by_staff,
        effect=selectors.drop_effect(registration),
    )
    return render(request, "tournaments/drop.html", context, status=status)
