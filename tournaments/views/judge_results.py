"""Judges' result entry (with both players' reports side by side), penalties and the audit
log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from config.numbers import BIGGEST_ID, parse_whole_number
from tournaments import selectors
from tournaments.audit_presenter import audit_lines, filtered_audit
from tournaments.core_messages import CHOICE_REASONS
from tournaments.flags import describe_match
from tournaments.forms import PenaltyForm
from tournaments.models import Match
from tournaments.models.choices import MatchStatus, RoundStatus
from tournaments.report_presenter import compared, differing_answers, differing_cells
from tournaments.result_forms import judge_result_form
from tournaments.services.penalties import penalty_issue
from tournaments.services.results import (
    ReportedResult,
    match_set_result,
    refusal_of,
    refuse_own_match,
)
from tournaments.views.common import attempt, event_context, get_event, match_names, require

if TYPE_CHECKING:
    from collections.abc import Iterable

    from config.errors import DomainError
    from tournaments.models import Event, Game
    from tournaments.result_forms import JudgeResultForm


def _side_name(names: dict[str, str], side: str) -> str:
    if side == "draw":
        return str(_("Draw"))
    return names.get(side, "")


def _value(game: Game | dict[str, Any], key: str) -> str | bool | None:
    return game.get(key) if isinstance(game, dict) else getattr(game, key, "")


def game_lines(
    games: Iterable[Game | dict[str, Any]],
    names: dict[str, str],
    differs: dict[int, frozenset[str]] | None = None,
) -> list[dict]:
    """Games (stored ``Game`` rows or reported dicts) in words, with the players' names;
    ``differs`` names, per game, the answers the other player's report gives differently."""
    return [
        {
            "number": number,
            "winner": _side_name(names, _value(game, "winner") or ""),
            "random_winner": names.get(_value(game, "random_winner") or "", ""),
            "chooser": names.get(_value(game, "chooser") or "", ""),
            "reason": CHOICE_REASONS.get(_value(game, "choice_reason") or "", ""),
            "choice": _value(game, "choice") or "",
            "by_penalty": bool(_value(game, "by_penalty")),
            "differs": (differs or {}).get(number, frozenset()),
        }
        for number, game in enumerate(games, start=1)
    ]


def what_the_judge_does(match: Match, refusal: DomainError) -> str:
    """What a judge does instead of confirming a report the rule refuses: enter the result,
    with the games the match's game losses take lost by penalty."""
    taken = sorted({p.game_number for p in selectors.match_game_losses(match) if p.game_number})
    if taken and refusal.code in PENALTY_REFUSALS:
        return ngettext(
            "Enter the result below with game %(games)s lost by penalty.",
            "Enter the result below with games %(games)s lost by penalty.",
            len(taken),
        ) % {"games": ", ".join(map(str, taken))}
    return _("Enter the result below.")


# The refusals of a report that the match's game losses contradict.
PENALTY_REFUSALS = {"ignores_game_loss", "game_loss_not_reported", "by_penalty_without_game_loss"}


def _result_context(
    request: HttpRequest, match: Match, form: JudgeResultForm | None = None
) -> dict:
    event = match.round.event
    names = match_names(match)
    all_reports = list(
        match.reports.select_related("registration__player", "reported_by").order_by(
            "created_at", "pk"
        )
    )
    players = [r for r in all_reports if r.registration_id is not None]
    answers = []
    if len(players) == 2:
        answers = differing_answers(*(compared(r) for r in players), names)
    cells = differing_cells(answers)
    record_differs = selectors.records_differ(match)
    open_to_confirm = match.status != MatchStatus.CONFIRMED or record_differs
    reports = []
    for report in all_reports:
        by_judge = report.registration_id is None
        # A report the rule refuses (a game loss it contradicts) has no confirm button: the
        # page says why, and what the judge does instead.
        refusal = (
            refusal_of(match, ReportedResult(*report.score, games=list(report.games or [])))
            if open_to_confirm and not by_judge
            else None
        )
        reports.append(
            {
                "report": report,
                "by_judge": by_judge,
                "games": game_lines(report.games or [], names, cells),
                "refusal": refusal.message if refusal else "",
                "instead": what_the_judge_does(match, refusal) if refusal else "",
                "confirmable": open_to_confirm and refusal is None,
            }
        )
    player_reports = [r for r in reports if not r["by_judge"]]
    return event_context(
        request,
        event,
        "dashboard",
        match=match,
        names=names,
        waiting_for=selectors.waiting_for(match),
        judge_needed=selectors.judge_needed(match),
        penalties=list(selectors.match_penalties(match)),
        player_reports=player_reports,
        judge_entries=[r for r in reports if r["by_judge"]],
        differences=answers,
        record_differs=record_differs,
        games=game_lines(list(match.games.all()), names),
        flags=describe_match(match, selectors.registration_names(event)) if match.flags else [],
        form=form or judge_result_form(match),
        game2_rule=_(
            "Game 2: the loser of game 1 chooses, even when game 1 was lost to a penalty; "
            "after a drawn game 1, whoever chose in game 1 chooses again."
        ),
    )


@login_required
@require_http_methods(["GET", "POST"])
def result(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("round__event", *selectors.MATCH_RELATED), pk=pk
    )
    if not request.user.has_perm("tournaments.override_result", match):
        return _own_match_refused(request, match)
    if match.is_bye or match.round.status == RoundStatus.DRAFT:
        return render(
            request,
            "tournaments/result_closed.html",
            _result_context(request, match),
            status=409 if request.method == "POST" else 200,
        )
    if request.method == "POST" and "accept" in request.POST:
        return _accept_report(request, match)
    status = 200
    form = None
    if request.method == "POST":
        form = judge_result_form(match, request.POST, request.FILES)
        status = 400
        if form.is_valid():
            outcome = attempt(
                request,
                lambda: match_set_result(
                    actor=request.user,
                    match_id=match.pk,
                    result=form.cleaned_data["result"],
                    reason=form.cleaned_data["reason"],
                ),
                form,
            )
            if outcome.ok:
                messages.success(
                    request,
                    _("Table %(t)s: the result is confirmed.") % {"t": match.table},
                )
                if getattr(outcome.value, "games_replaced", 0):
                    messages.warning(
                        request,
                        _(
                            "Table %(t)s: the players' game-by-game record no longer matches "
                            "this score, so it was removed."
                        )
                        % {"t": match.table},
                    )
                return redirect(
                    "tournaments:dashboard_round", match.round.event_id, match.round.number
                )
            status = outcome.status
    return render(
        request, "tournaments/result.html", _result_context(request, match, form), status=status
    )


def _own_match_refused(request: HttpRequest, match: Match) -> HttpResponse:
    """Anyone who does not run the event gets the plain 403. A judge who does may not enter
    this result only because they play in it: they are told so, and an attempt is audited."""
    require(request, "tournaments.run_event", match.round.event)
    if request.method == "POST":
        attempt(request, lambda: refuse_own_match(request.user, match))
    context = _result_context(request, match) | {"own_match": True}
    return render(request, "tournaments/result_closed.html", context, status=403)


def _accept_report(request: HttpRequest, match: Match) -> HttpResponse:
    """One click: the judge confirms what one of the players reported, games and all."""
    value = parse_whole_number(request.POST.get("accept"), maximum=BIGGEST_ID)
    report = (
        match.reports.filter(pk=value, registration__isnull=False)
        .select_related("registration__player")
        .first()
        if value is not None
        else None
    )
    if report is None:
        messages.error(request, _("Choose one of the players' reports."))
        return render(
            request, "tournaments/result.html", _result_context(request, match), status=400
        )
    result = ReportedResult(*report.score, games=list(report.games or []))
    reason = _("%(name)s's report accepted by a judge") % {"name": report.registration.name}
    outcome = attempt(
        request,
        lambda: match_set_result(
            actor=request.user, match_id=match.pk, result=result, reason=reason
        ),
    )
    if not outcome.ok:
        return render(
            request,
            "tournaments/result.html",
            _result_context(request, match),
            status=outcome.status,
        )
    messages.success(request, _("Table %(t)s: the result is confirmed.") % {"t": match.table})
    return redirect("tournaments:dashboard_round", match.round.event_id, match.round.number)


def _penalty_match(request: HttpRequest, event: Event) -> Match | None:
    """The match the penalty form was opened from (``?match=<id>``, from the match's page):
    one of this event's, else a 404."""
    value = request.GET.get("match", "")
    if not value:
        return None
    number = parse_whole_number(value, minimum=1, maximum=BIGGEST_ID)
    match = selectors.event_match(event, number) if number is not None else None
    if match is None:
        raise Http404
    return match


@login_required
@require_http_methods(["GET", "POST"])
def penalties(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's penalties and the form to issue one. Opened from a match's page
    (``?match=``), the form is for that match: its two players only, and the penalty is
    given in it. ``?q=`` narrows the list of players (by name, player number or table)
    for a browser without scripts; with them, the page narrows it as the judge types."""
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    match = _penalty_match(request, event)
    query = "" if match is not None else request.GET.get("q", "")[:80]
    posting = request.method == "POST"
    # A post is checked against every player (the search only narrows what is shown).
    players = selectors.penalty_players(event, match=match, text="" if posting else query)
    form = PenaltyForm(
        request.POST if posting else None,
        players=players,
        infractions=selectors.event_infractions(event),
    )
    status = 200
    if posting:
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            outcome = attempt(
                request,
                lambda: penalty_issue(
                    actor=request.user,
                    registration_id=data["registration"],
                    infraction=data["infraction"],
                    kind=data["kind"],
                    deviation_reason=data["deviation_reason"],
                    reason=data["reason"],
                    game_number=data["game_number"],
                    match_id=match.pk if match is not None else None,
                ),
                form,
            )
            if outcome.ok:
                penalty = outcome.value
                messages.success(
                    request,
                    _("%(kind)s for %(name)s recorded.")
                    % {"kind": penalty.get_kind_display(), "name": penalty.registration.name},
                )
                if penalty.next_match:
                    messages.warning(
                        request,
                        _(
                            "%(name)s's match is already over: the game loss applies to "
                            "game 1 of their next match."
                        )
                        % {"name": penalty.registration.name},
                    )
                if match is not None:
                    return redirect("tournaments:result", match.pk)
                return redirect("tournaments:penalties", event.pk)
            status = outcome.status
    context = event_context(
        request,
        event,
        "penalties",
        form=form,
        penalty_match=match,
        player_query=query,
        nobody_found=bool(query.strip()) and not players,
        penalties=list(selectors.event_penalties(event)),
    )
    return render(request, "tournaments/penalties.html", context, status=status)


@login_required
@require_GET
def audit(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.view_audit", event)
    entries, form = filtered_audit(selectors.event_audit(event), event=event, params=request.GET)
    page = Paginator(entries, 50).get_page(parse_whole_number(request.GET.get("page")))
    query = request.GET.copy()
    query.pop("page", None)
    context = event_context(
        request,
        event,
        "audit",
        page=page,
        lines=audit_lines(page.object_list, event=event),
        filter_form=form,
        filter_query=query.urlencode(),
    )
    status = 400 if form.is_bound and not form.is_valid() else 200
    return render(request, "tournaments/audit.html", context, status=status)
