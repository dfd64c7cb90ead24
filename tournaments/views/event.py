"""Public pages of an event: the event itself, its players, pairings by table and by name,
and the standings as of any round."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments import selectors
from tournaments.models import Event, Round
from tournaments.models.choices import (
    EventStatus,
    RegistrationStatus,
    RoundKind,
    RoundStatus,
)
from tournaments.services.rounds import swiss_rounds_planned
from tournaments.services.standings import compute_event_standings, standings_table
from tournaments.standings import get_tiebreak
from tournaments.views.common import event_context, get_event, round_clock
from tournaments.views.live_pages import live_page, mark_mine, shared_part
from tournaments.visibility import visibility_for

TIEBREAK_LABELS = {
    "omw": "OMW%",
    "gw": "GW%",
    "ogw": "OGW%",
    "mw": "MW%",
    "owp": "OWP%",
    "oowp": "OOWP%",
    "pokemon_win": "W%",
}


def _int_param(request: HttpRequest, name: str) -> int | None:
    value = request.GET.get(name, "")
    return int(value) if value.isdigit() else None


def chosen_round(request: HttpRequest, event: Event) -> tuple[Round | None, list[Round]]:
    """The round asked for with ``?round=N`` among those the viewer may see (default: the
    latest). An unknown or hidden round is a 404."""
    visibility = visibility_for(request.user, event)
    rounds = selectors.visible_rounds(event, include_drafts=visibility.draft_rounds)
    number = _int_param(request, "round")
    if number is None:
        return (rounds[-1] if rounds else None), rounds
    for round_ in rounds:
        if round_.number == number:
            return round_, rounds
    raise Http404


def points_before(event: Event, round_: Round) -> dict[int, int]:
    """Each player's match points before ``round_`` (Swiss results only)."""
    standings = compute_event_standings(event, as_of_round=round_.number - 1)
    return {s.player: s.match_points for s in standings}


def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    counts = selectors.registration_counts(event)
    current = selectors.current_round(event, published_only=True)
    context = event_context(request, event, "event")
    my_reg = context["my_registration"]
    top_cut_rounds = []
    if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        for round_ in event.rounds.filter(kind=RoundKind.TOP_CUT).exclude(status=RoundStatus.DRAFT):
            top_cut_rounds.append((round_, list(selectors.round_matches(round_))))
    champion = None
    if event.status == EventStatus.FINISHED and top_cut_rounds:
        final = top_cut_rounds[-1][1][0]
        champion = final.player_a if final.winner == "a" else final.player_b
    closed_by = selectors.registration_closed_by(event)
    registration_open = event.status == EventStatus.REGISTRATION and closed_by is None
    context.update(
        champion=champion,
        counts=counts,
        places_left=(
            max(event.player_cap - counts["active"], 0) if event.player_cap is not None else None
        ),
        # Once the Swiss part is over, the rounds actually played (an event may end early).
        rounds_planned=(
            event.rounds.filter(kind=RoundKind.SWISS).count()
            if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED)
            else swiss_rounds_planned(event)
        ),
        current=current,
        clock=round_clock(current) if current and current.status == RoundStatus.PUBLISHED else None,
        top_cut_rounds=top_cut_rounds,
        registration_open=registration_open,
        registration_closed_by=closed_by,
        can_register=(
            registration_open
            and (my_reg is None or not my_reg.is_active)
            and request.user.has_perm("tournaments.register")
        ),
    )
    return render(request, "tournaments/event_detail.html", context)


def players(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    regs = [r for r in selectors.event_players(event) if r.status != RegistrationStatus.NO_SHOW]
    return render(
        request,
        "tournaments/players.html",
        event_context(request, event, "players", registrations=regs),
    )


def _pairings_context(request: HttpRequest, event: Event, tab: str) -> dict:
    round_, rounds = chosen_round(request, event)
    context = event_context(request, event, tab, round=round_, rounds=rounds)
    if round_ is not None:
        context["clock"] = round_clock(round_) if round_.status == RoundStatus.PUBLISHED else None
    return context


def _my_registration_ids(context: dict) -> list[int]:
    mine = context["my_registration"]
    return [mine.pk] if mine is not None else []


@live_page
def pairings_by_table(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    context = _pairings_context(request, event, "pairings")
    round_ = context["round"]
    if round_ is not None:
        part = shared_part(
            event=event,
            visibility=context["visibility"],
            name="pairings-by-table",
            template="tournaments/_pairings_table.html",
            build=lambda: {
                "matches": list(selectors.round_matches(round_)),
                "points": points_before(event, round_),
            },
            key=(round_.number,),
        )
        mine = _my_registration_ids(context)
        context["part"] = mark_mine(mark_mine(part, "data-a", mine), "data-b", mine)
    return render(request, "tournaments/pairings_by_table.html", context)


@live_page
def pairings_by_name(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    context = _pairings_context(request, event, "pairings")
    round_ = context["round"]
    if round_ is not None:
        part = shared_part(
            event=event,
            visibility=context["visibility"],
            name="pairings-by-name",
            template="tournaments/_pairings_names.html",
            build=lambda: {"rows": by_name_rows(round_), "points": points_before(event, round_)},
            key=(round_.number,),
        )
        context["part"] = mark_mine(part, "data-reg", _my_registration_ids(context))
    return render(request, "tournaments/pairings_by_name.html", context)


def by_name_rows(round_: Round) -> list[dict]:
    rows = []
    for reg, match in selectors.round_matches_by_name(round_):
        opponent = match.player_b if reg.pk == match.player_a_id else match.player_a
        rows.append({"registration": reg, "match": match, "opponent": opponent})
    return rows


def standings_context(request: HttpRequest, event: Event) -> dict:
    swiss = [
        r
        for r in selectors.visible_rounds(event, include_drafts=False)
        if r.kind == RoundKind.SWISS
    ]
    as_of = _int_param(request, "round")
    if as_of is not None and as_of not in {r.number for r in swiss}:
        raise Http404
    # After the last completed round (or the one asked for, if earlier): a round being
    # played counts once it ends.
    standings = standings_table(event, as_of_round=as_of)
    rows = standings.rows
    columns = []
    if rows:
        columns = [
            (name, TIEBREAK_LABELS.get(name, name), get_tiebreak(name).percentage)
            for name, _value in rows[0].values
            if name != "match_points"
        ]
    table = [
        {
            "row": row,
            "values": [
                (dict(row.values)[name], percentage) for name, _label, percentage in columns
            ],
        }
        for row in rows
    ]
    return {
        "swiss_rounds": swiss,
        # The rounds whose standings may be asked for: the completed ones.
        "completed_rounds": [r for r in swiss if r.number <= standings.latest_round],
        "final_placings": standings.final,
        "as_of": as_of,
        "after_round": standings.after_round,
        "playing_round": standings.playing_round,
        "columns": columns,
        "table": table,
    }


@live_page
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    context = event_context(request, event, "standings")
    visibility = context["visibility"]
    mine = context["my_registration"]
    # A disqualified player sees the word on their own row, which nobody else does: their
    # page is rendered for them alone.
    private = mine is not None and mine.disqualified and visibility.private_of(mine.pk)
    part = shared_part(
        event=event,
        visibility=visibility,
        name="standings",
        template="tournaments/_standings_part.html",
        build=lambda: standings_context(request, event),
        key=(_int_param(request, "round"),),
        private=bool(private) and not visibility.runs_event,
    )
    context["part"] = mark_mine(part, "data-reg", _my_registration_ids(context))
    return render(request, "tournaments/standings.html", context)
