"""Pages of deck lists: a player's own list, an event's lists, card pools, deck checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config import rate_limit
from config.errors import ConflictError, DomainError, ForbiddenError
from config.numbers import BIGGEST_ID, parse_whole_number
from decklists import selectors
from decklists.card_suggestions import MAX_QUERY_CHARS, MIN_CHARS
from decklists.card_suggestions import card_suggestions as suggest_cards
from decklists.forms import (
    CardPoolForm,
    DeckCheckForm,
    DeckListForm,
    PlayerDeckListForm,
    RandomPickForm,
)
from decklists.models import DeckCheckPick, DeckList
from decklists.services import rulings_notices
from decklists.services.checks import deck_check_record
from decklists.services.lists import card_pool_set, deck_check_pick_random, deck_list_submit
from rulings.errors import IssuesError
from rulings.messages import issue_message
from tournaments.models import Event

if TYPE_CHECKING:
    pass


# --- the rulings document --------------------------------------------------------------------


def _issue_lines(error: DomainError) -> list[str]:
    if isinstance(error, IssuesError):
        return [issue_message(i) for i in error.issues]
    return []


def _saved_message(request: HttpRequest, deck_list: DeckList | None) -> None:
    """Saved and legal is a success; saved with errors is a warning that says so."""
    report = selectors.deck_check_for(deck_list) if deck_list else None
    if report is None or report.check.legal:
        messages.success(request, _("Your deck list was saved."))
        return
    messages.warning(
        request,
        ngettext(
            "Your deck list was saved, but it is not legal: %(count)s error to fix "
            "before the event starts.",
            "Your deck list was saved, but it is not legal: %(count)s errors to fix "
            "before the event starts.",
            len(report.check.errors),
        )
        % {"count": len(report.check.errors)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def my_deck(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    if not request.user.has_perm("decklists.submit_deck_list"):
        raise PermissionDenied
    deck_list = selectors.deck_list_for(event, request.user)
    form = DeckListForm(request.POST or None, initial={"text": deck_list.text if deck_list else ""})
    problems: list[str] = []
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            deck_list_submit(
                event=event, player=request.user, text=form.cleaned_data["text"], actor=request.user
            )
        except DomainError as exc:
            form.add_error("text" if exc.field == "text" else None, exc.message)
            problems = _issue_lines(exc)
            status = 409 if isinstance(exc, ConflictError) else 400
        else:
            _saved_message(request, selectors.deck_list_for(event, request.user))
            return redirect("decklists:my_deck", event_id=event.pk)
    elif request.method == "POST":
        status = 400
    report = selectors.deck_check_for(deck_list) if deck_list else None
    return render(
        request,
        "decklists/my_deck.html",
        {
            "event": event,
            "deck_list": deck_list,
            "form": form,
            "problems": problems,
            "report": report,
            "locked": selectors.event_lists_locked(event),
            "takes_lists": selectors.event_takes_deck_lists(event),
        },
        status=status,
    )


@login_required
@require_GET
def card_suggestions(request: HttpRequest, event_id: int) -> JsonResponse:
    """Card names for the deck-list field as the player types a line (the event's format and
    rulings version: legal cards first, banned ones marked). Each person has
    ``CARD_SEARCHES_PER_MINUTE`` searches a minute, counted in the shared cache; beyond, a
    429 with ``Retry-After`` and the reason in the reader's language."""
    event = get_object_or_404(Event, pk=event_id)
    text = request.GET.get("q", "")[:MAX_QUERY_CHARS]
    if len(text.strip()) < MIN_CHARS or not selectors.event_takes_deck_lists(event):
        return JsonResponse({"results": []})
    limited = rate_limit.search_limited(
        scope="card-search", who=request.user.pk, limit=settings.CARD_SEARCHES_PER_MINUTE
    )
    if limited is not None:
        return limited
    return JsonResponse(
        {
            "results": [
                {"value": s.value, "label": s.label, "banned": s.banned}
                for s in suggest_cards(event, text)
            ]
        }
    )


def _deck_list_or_403(request: HttpRequest, deck_list_id: int) -> DeckList:
    deck_list = get_object_or_404(
        DeckList.objects.select_related("event", "player"), pk=deck_list_id
    )
    if not request.user.has_perm("decklists.view_deck_list", deck_list):
        raise PermissionDenied
    return selectors.deck_list_for(deck_list.event, deck_list.player)


@login_required
def deck_detail(request: HttpRequest, deck_list_id: int) -> HttpResponse:
    deck_list = _deck_list_or_403(request, deck_list_id)
    return render(
        request,
        "decklists/deck_detail.html",
        {
            "deck_list": deck_list,
            "event": deck_list.event,
            "report": selectors.deck_check_for(deck_list),
            "is_staff": request.user.has_perm("decklists.view_event_deck_lists", deck_list.event),
            "checks": selectors.deck_list_checks(deck_list, request.user),
        },
    )


@login_required
def deck_print(request: HttpRequest, deck_list_id: int) -> HttpResponse:
    deck_list = _deck_list_or_403(request, deck_list_id)
    return render(
        request,
        "decklists/deck_print.html",
        {
            "deck_list": deck_list,
            "event": deck_list.event,
            "report": selectors.deck_check_for(deck_list),
            "entries": list(deck_list.entries.all()),
        },
    )


# --- deck lists: judges -----------------------------------------------------------------------
def _event_for_staff(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event, pk=event_id)
    if not request.user.has_perm("decklists.view_event_deck_lists", event):
        raise PermissionDenied
    return event


@login_required
def event_decks(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event_for_staff(request, event_id)
    rows = selectors.deck_checks_for_event(event)
    statuses = selectors.deck_statuses_for_event(event)
    wanted = request.GET.get("status", "")
    if wanted not in selectors.DeckStatus.ALL:
        wanted = ""
    batch = selectors.latest_pick_batch(event)
    picks = (
        DeckCheckPick.objects.filter(deck_list__event=event, batch=batch)
        .select_related("deck_list__player", "picked_by")
        .order_by("pk")
        if batch
        else []
    )
    return render(
        request,
        "decklists/event_decks.html",
        {
            "event": event,
            "rows": rows,
            "players": [p for p in statuses if not wanted or p.status == wanted],
            "status_filter": wanted,
            "status_counts": [
                (status, selectors.deck_status_label(status), count)
                for status, count in selectors.deck_status_counts(statuses).items()
            ],
            "player_total": len(statuses),
            "illegal": sum(1 for _dl, r in rows if not r.check.legal),
            "pick_form": RandomPickForm(),
            "picks": picks,
            "batch": batch,
            "version": rows[0][1].version if rows else None,
            "locked": selectors.event_lists_locked(event),
        },
    )


@login_required
@require_POST
def random_pick(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event_for_staff(request, event_id)
    form = RandomPickForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose between 1 and 50 lists to check."))
        return redirect("decklists:event_decks", event_id=event.pk)
    try:
        chosen = deck_check_pick_random(
            event=event, count=form.cleaned_data["count"], actor=request.user
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Deck check: %(names)s.")
            % {"names": ", ".join(dl.player.public_name for dl in chosen)},
        )
    return redirect("decklists:event_decks", event_id=event.pk)


@login_required
@require_http_methods(["GET", "POST"])
def card_pool(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    if not request.user.has_perm("decklists.set_card_pool", event):
        raise PermissionDenied
    registration = get_object_or_404(
        event.registrations.select_related("player"), player_id=player_id
    )
    player = registration.player
    pool = event.card_pools.filter(player=player).prefetch_related("entries__card__edition").first()
    initial = ""
    if pool:
        initial = "\n".join(
            f"{e.quantity} {e.card.edition.code} {e.card.number}" for e in pool.entries.all()
        )
    form = CardPoolForm(request.POST or None, initial={"text": initial})
    problems: list[str] = []
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            card_pool_set(
                event=event,
                player=player,
                text=form.cleaned_data["text"],
                source=form.cleaned_data["source"],
                actor=request.user,
            )
        except DomainError as exc:
            form.add_error("text", exc.message)
            problems = _issue_lines(exc)
            status = 403 if isinstance(exc, ForbiddenError) else 400
        else:
            messages.success(request, _("The card pool was saved."))
            return redirect("decklists:event_decks", event_id=event.pk)
    return render(
        request,
        "decklists/card_pool.html",
        {"event": event, "player": player, "form": form, "problems": problems, "pool": pool},
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def player_deck(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    """A judge enters, pastes or uploads a registered player's list (a walk-in's)."""
    event = get_object_or_404(Event, pk=event_id)
    if not request.user.has_perm("decklists.enter_deck_list", event):
        raise PermissionDenied
    registration = get_object_or_404(
        event.registrations.select_related("player"), player_id=player_id
    )
    player = registration.player
    deck_list = selectors.deck_list_for(event, player)
    form = PlayerDeckListForm(
        request.POST or None,
        request.FILES or None,
        initial={"text": deck_list.text if deck_list else ""},
    )
    problems: list[str] = []
    extend_seat: dict | None = None  # a drafter whose deck-building time is over
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            deck_list_submit(
                event=event, player=player, text=form.cleaned_data["text"], actor=request.user
            )
        except DomainError as exc:
            form.add_error("text" if exc.field == "text" else None, exc.message)
            problems = _issue_lines(exc)
            if exc.code == "building_over":
                extend_seat = exc.extra
            status = (
                403
                if isinstance(exc, ForbiddenError)
                else 409
                if isinstance(exc, ConflictError)
                else 400
            )
        else:
            messages.success(
                request, _("The deck list of %(name)s was saved.") % {"name": player.public_name}
            )
            return redirect("decklists:event_decks", event_id=event.pk)
    elif request.method == "POST":
        status = 400
    return render(
        request,
        "decklists/player_deck.html",
        {
            "event": event,
            "player": player,
            "deck_list": deck_list,
            "report": selectors.deck_check_for(deck_list) if deck_list else None,
            "form": form,
            "problems": problems,
            "locked": selectors.event_lists_locked(event),
            "takes_lists": selectors.event_takes_deck_lists(event),
            "extend_seat": extend_seat,
        },
        status=status,
    )


# --- recorded deck checks ---------------------------------------------------------------------
def _deck_check_form(
    event: Event, data: dict | None = None, initial: dict | None = None
) -> DeckCheckForm:
    from tournaments.models.choices import RegistrationStatus

    players = [
        (r.pk, r.player.public_name)
        for r in event.registrations.exclude(status=RegistrationStatus.NO_SHOW)
        .select_related("player")
        .order_by("player__display_name", "pk")
    ]
    rounds = [
        (r.pk, _("Round %(number)s") % {"number": r.number})
        for r in event.rounds.order_by("-number")
    ]
    penalties = [
        (p.pk, f"{p.registration.player.public_name} · {p.get_kind_display()} · {p.reason}")
        for p in event.penalties.select_related("registration__player").order_by("-created_at")
    ]
    return DeckCheckForm(data, initial=initial, players=players, rounds=rounds, penalties=penalties)


@login_required
@require_http_methods(["GET", "POST"])
def deck_checks(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's recorded deck checks, by round, and the form to record one."""
    event = get_object_or_404(Event, pk=event_id)
    if not request.user.has_perm("decklists.run_deck_checks", event):
        raise PermissionDenied
    status = 200
    if request.method == "POST":
        form = _deck_check_form(event, request.POST)
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            try:
                check = deck_check_record(
                    actor=request.user,
                    event_id=event.pk,
                    registration_id=data["registration"],
                    outcome=data["outcome"],
                    note=data["note"],
                    round_id=data["round"],
                    penalty_id=data["penalty"],
                    checked_at=data["checked_at"],
                    drawn_at_random=data["drawn_at_random"],
                )
            except ForbiddenError as exc:  # e.g. a judge who plays against this player
                form.add_error(None, exc.message)
                status = 403
            except DomainError as exc:
                field = exc.field if exc.field in form.fields else None
                form.add_error(field, exc.message)
            else:
                messages.success(
                    request,
                    _("Deck check of %(name)s recorded.")
                    % {"name": check.registration.player.public_name},
                )
                return redirect("decklists:deck_checks", event_id=event.pk)
    else:
        initial: dict = {}
        player = parse_whole_number(request.GET.get("player"), maximum=BIGGEST_ID)
        if player is not None:
            initial = {"registration": player, "drawn_at_random": "random" in request.GET}
        form = _deck_check_form(event, initial=initial)
    return render(
        request,
        "decklists/deck_checks.html",
        {"event": event, "form": form, "groups": selectors.deck_checks_by_round(event)},
        status=status,
    )


@login_required
def deck_check_detail(request: HttpRequest, event_id: int, check_id: int) -> HttpResponse:
    """One recorded check with the list as it was checked and what changed since."""
    event = get_object_or_404(Event, pk=event_id)
    if not request.user.has_perm("decklists.run_deck_checks", event):
        raise PermissionDenied
    item = selectors.deck_check_in_event(event, check_id)
    if item is None:
        raise Http404
    return render(request, "decklists/deck_check_detail.html", {"event": event, "item": item})


@login_required
@require_POST
def deck_check_draw(request: HttpRequest, event_id: int) -> HttpResponse:
    """Draw a player at random and open the form with them chosen."""
    event = get_object_or_404(Event, pk=event_id)
    if not request.user.has_perm("decklists.run_deck_checks", event):
        raise PermissionDenied
    try:
        registration = selectors.deck_check_draw(event)
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("decklists:deck_checks", event_id=event.pk)
    messages.info(
        request, _("Drawn at random: %(name)s.") % {"name": registration.player.public_name}
    )
    return redirect(
        reverse("decklists:deck_checks", kwargs={"event_id": event.pk})
        + f"?player={registration.pk}&random=1"
    )


@login_required
@require_POST
def rulings_notice_dismiss(request: HttpRequest, notice_id: int) -> HttpResponse:
    """The player puts away their notice of a list made illegal by a rulings change."""
    if not rulings_notices.rulings_notice_dismiss(notice_id=notice_id, actor=request.user):
        raise Http404
    target = request.POST.get("next", "")
    local = target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}
    )
    return HttpResponseRedirect(target if local else reverse("tournaments:my_events"))
