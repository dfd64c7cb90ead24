"""A drafter's pages: one page that follows the pod (the deck auction, the review, the pick
page, then the pool and the pick log), and the deck-building page.

The part of the page that changes (``_draft_live.html``) asks the server every second
(every few seconds while the drafter holds a pack; where the stream server runs, when its
stream, ``draft_stream``, says the pod has moved) whether the pod has moved on:
``GET .../draft/pods/<pod>/live/?v=<version>`` answers
``204 No Content`` (htmx swaps nothing) in one small query while the pod's version is the
one the page shows, and the new fragment otherwise. The version is bumped by every change
a drafter sees (a pick, a pass, a bid, a judge's action), and reading it applies an expired
deadline first, so a step that times out shows the next pack within a second even with no
worker running. Everything a reader sees goes through ``tournaments.visibility``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import retarget

from config import clock
from config.errors import ConflictError, DomainError
from config.numbers import BIGGEST_ID, parse_whole_number
from decklists.models import DeckList
from drafts.forms import BidForm, DeckForm, PickForm, PlaceForm
from drafts.models import DraftPhase, DraftSeat, Pick
from drafts.services import (
    draft_bid,
    draft_deck_save,
    draft_deck_submit,
    draft_pick,
    pool_entries,
)
from drafts.services.building import builder_start
from drafts.services.pack_cards import pack_card_list
from drafts.services.placing import draft_place
from drafts.services.players import PickOutcome
from drafts.services.reading import (
    building_status,
    drafter_view,
    drafting_complete,
    own_auction_deck,
    pod_version,
    seat_of_player,
)
from drafts.views.auction_context import auction_context
from drafts.views.builder_layout import builder_zones
from tournaments.models import Event
from tournaments.views.common import attempt, event_context, get_event
from tournaments.visibility import visibility_for

# How often a drafter's page asks whether its pod moved. Waiting for the next pack (or an
# auction turn) it asks every second, so the pack shows within a second. Holding a pack
# not yet picked, nothing but a judge (pause, extension, a bot in the seat) or the step's
# deadline can move the pod: it asks every few seconds, and once more the moment its
# countdown runs out. At a table most drafters hold a pack most of the time, so this
# spares the server about a third of the polls (docs/drafts.md).
POLL_SECONDS = 1
HOLDING_PACK_POLL_SECONDS = 3
# Where the stream server runs, the page hears of each change on its stream
# (``draft_stream``) and polls only as a safety net, for news lost on the way.
STREAM_SAFETY_POLL_SECONDS = 20
# The phases before and during the picking: a page in one of them may be sent packs as data.
PACKS_AHEAD = (DraftPhase.AUCTION, DraftPhase.REVIEW, DraftPhase.DRAFTING)


def poll_seconds(view: Any) -> int:
    """The poll interval of a drafter's page showing ``view``."""
    if settings.DRAFT_STREAM:
        return STREAM_SAFETY_POLL_SECONDS
    holding = view.pack and not view.picked_this_step and not view.pod.is_paused
    return HOLDING_PACK_POLL_SECONDS if holding else POLL_SECONDS


def draft_clock(pod: Any, remaining: float | None) -> dict[str, Any] | None:
    """What ``_clock.html`` needs for a pod's current wait."""
    if pod.is_paused:
        return {"paused": True, "remaining_seconds": int(remaining or 0)}
    if pod.deadline is None:
        return None
    return {"paused": False, "deadline": pod.deadline, "server_now": clock.now()}


def draft_context(
    request: HttpRequest,
    event: Event,
    *,
    seat: DraftSeat | None = None,
    fragment: bool = False,
    after: PickOutcome | None = None,
    chosen_card: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """The drafter's page; ``fragment`` for the polled part alone (no header or tabs, so
    none of their reads), with the reader's ``seat`` when the caller has read it, the pod
    as a pick has just left it (``after``) and the card the auction's winner has chosen to
    place (``chosen_card``)."""
    if fragment:
        context = {"event": event, "visibility": visibility_for(request.user, event), **extra}
    else:
        context = event_context(request, event, "draft", **extra)
    seat = seat or seat_of_player(event, request.user)
    context["seat"] = seat
    if seat is None:
        return context
    visibility = context["visibility"]
    if after is not None:
        view = drafter_view(after.seat, visibility, pod=after.pod, step=after.step)
    else:
        view = drafter_view(seat, visibility, pod=seat.pod)  # the seat was read just now
    pod = view.pod
    complete = drafting_complete(pod)
    context.update(
        view=view,
        pod=pod,
        paper=pod.draft.paper,
        clock=draft_clock(pod, view.remaining),
        live_url=reverse("drafts:draft_live", args=[event.pk, pod.pk]),
        poll_seconds=poll_seconds(view),
        complete=complete,
    )
    if settings.DRAFT_STREAM and not fragment:  # the page holds the stream, not its part
        context["stream_url"] = reverse("draft_pod_stream", args=[pod.pk])
        if pod.phase in PACKS_AHEAD and not pod.draft.paper:
            # the cards the stream's packs are drawn from (static/js/draft.js), once
            context["pack_cards"] = pack_card_list(pod.draft)
            context["drafting_label"] = DraftPhase.DRAFTING.label
    if pod.phase == DraftPhase.AUCTION and not pod.draft.paper:
        context.update(auction_context(view.seat, pod, chosen_card))
    if (
        pod.phase in (DraftPhase.REVIEW, DraftPhase.BUILDING, DraftPhase.DONE)
        and not pod.draft.paper
        and visibility.auction_deck(seat.registration_id)
    ):
        context["my_deck"] = own_auction_deck(view.seat)
    if complete and visibility.draft_cards(view.seat.registration_id, drafting_complete=True):
        context["my_picks"] = list(
            Pick.objects.filter(seat=view.seat)
            .select_related("card_instance__card__edition")
            .order_by("pack_round", "pick_number")
        )
    return context


def _page(request: HttpRequest, event: Event, status: int = 200) -> HttpResponse:
    context = draft_context(request, event)
    if context.get("seat") is not None:
        # The messages (e.g. "You took the deck") go in the part the page polls, so the
        # next change of the pod (the review, pack 1 pick 1) replaces them.
        context.update(show_messages=True, messages_in_part=True)
    return render(request, "drafts/draft.html", context, status=status)


@login_required
@require_GET
def my_draft(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, get_event(pk))


@never_cache
@require_GET
def draft_live(request: HttpRequest, pk: int, pod: int) -> HttpResponse:
    """The poll: 204 while the pod is at the version the page shows, else the fragment."""
    version = pod_version(pod)
    if version is None:
        raise Http404
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    if not request.user.is_authenticated:
        return HttpResponse(status=403)
    seat = seat_of_player(pk, request.user)  # with its pod, draft and event
    if seat is None or seat.pod_id != pod:  # the address names the reader's own pod only
        raise Http404
    context = draft_context(request, seat.pod.draft.event, seat=seat, fragment=True)
    return render(request, "drafts/_draft_live.html", context)


def _seat_or_404(request: HttpRequest, event: Event) -> DraftSeat:
    seat = seat_of_player(event, request.user)
    if seat is None:
        raise Http404
    return seat


def _refused_form(request: HttpRequest, form: Any) -> None:
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)


@login_required
@require_POST
def pick(request: HttpRequest, pk: int) -> HttpResponse:
    seat = seat_of_player(pk, request.user)  # with its pod, draft and event: one query
    if seat is None:
        raise Http404
    event = seat.pod.draft.event
    form = PickForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a card of the pack in front of you."))
        return _pick_answer(request, event, status=400)
    data = form.cleaned_data
    outcome = attempt(
        request,
        lambda: draft_pick(
            actor=request.user,
            pod_id=seat.pod_id,
            pack_round=data["pack_round"],
            pick_number=data["pick_number"],
            card_instance_id=data["card_instance"],
        ),
    )
    if not outcome.ok:
        return _pick_answer(request, event, status=outcome.status)
    if request.htmx:
        return _pick_answer(request, event, after=outcome.value)
    return redirect("drafts:my_draft", event.pk)


def _pick_answer(
    request: HttpRequest,
    event: Event,
    status: int = 200,
    after: PickOutcome | None = None,
    chosen_card: int | None = None,
) -> HttpResponse:
    """A pick sent by the page's script gets the drafter's part of the page back (the next
    pack, or the wait for it, or why nothing changed), not a whole page; a plain form post
    gets the whole page."""
    if not request.htmx:  # the whole page, with the event's live number read first
        return _page(request, get_event(event.pk), status=status)
    seat = after.seat if after is not None else seat_of_player(event, request.user)
    if seat is None:
        raise Http404
    context = draft_context(
        request,
        event,
        seat=seat,
        fragment=True,
        after=after,
        chosen_card=chosen_card,
        show_messages=True,
    )
    # Aimed at the part on the page when the answer arrives: a poll (the countdown ran out)
    # may have replaced the part the tap was sent from, and htmx would then drop a refusal
    # with only a console log; retargeted, the page's script shows it (``draft.js``).
    return retarget(
        render(request, "drafts/_draft_live.html", context, status=status), "#draft-live"
    )


@login_required
@require_POST
def bid(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    seat = _seat_or_404(request, event)
    form = BidForm(request.POST)
    if not form.is_valid():
        _refused_form(request, form)
        return _page(request, event, status=400)
    data = form.cleaned_data
    amount = data["amount"] if data["action"] == "bid" else None
    outcome = attempt(
        request,
        lambda: draft_bid(
            actor=request.user, pod_id=seat.pod_id, auction=data["auction"], amount=amount
        ),
    )
    if not outcome.ok:
        return _page(request, event, status=outcome.status)
    if amount is not None:
        messages.success(request, bid_words_for(amount))
    return redirect("drafts:my_draft", event.pk)


def bid_words_for(amount: int) -> str:
    return ngettext("You bid %(n)s point", "You bid %(n)s points", amount) % {"n": amount}


@login_required
@require_POST
def place(request: HttpRequest, pk: int) -> HttpResponse:
    """One tap of the auction's winner placing the removed cards (saved at once, so what
    the page shows placed is placed); the page's script gets the drafter's part of the
    page back, a plain form post the whole page."""
    seat = seat_of_player(pk, request.user)
    if seat is None:
        raise Http404
    event = seat.pod.draft.event
    form = PlaceForm(request.POST)
    chosen = parse_whole_number(request.POST.get("card"), maximum=BIGGEST_ID)
    if not form.is_valid():
        _refused_form(request, form)
        return _pick_answer(request, event, status=400, chosen_card=chosen)
    arguments = form.service_arguments()
    outcome = attempt(
        request, lambda: draft_place(actor=request.user, pod_id=seat.pod_id, **arguments)
    )
    if not outcome.ok:
        return _pick_answer(request, event, status=outcome.status, chosen_card=chosen)
    if arguments["action"] == "done":
        messages.success(request, _("You took the deck; the cards you removed are on the table."))
    if request.htmx:
        return _pick_answer(request, event, chosen_card=chosen)
    return redirect("drafts:my_draft", event.pk)


@login_required
@require_http_methods(["GET", "POST"])
def build_deck(request: HttpRequest, pk: int) -> HttpResponse:
    """Deck building: the pool by faction and type, how many of each card, at least the
    event's minimum; the deck goes through the site's deck-list submission."""
    event = get_event(pk)
    context = event_context(request, event, "draft")
    seat = seat_of_player(event, request.user)
    context["seat"] = seat
    status = 200
    if seat is not None:
        complete = drafting_complete(seat.pod)
        visible = context["visibility"].draft_cards(
            seat.registration_id, drafting_complete=complete
        )
        entries = pool_entries(seat) if complete and visible else []
        deck_list = DeckList.objects.filter(event=event, player=request.user).first()
        form = DeckForm(request.POST or None, entries=entries, saved=builder_start(seat, deck_list))
        if request.method == "POST" and complete:
            if form.is_valid():
                outcome = attempt(
                    request,
                    lambda: draft_deck_submit(
                        actor=request.user, event_id=event.pk, quantities=form.quantities()
                    ),
                    form,
                )
                if outcome.ok:
                    deck_list, _parsed = outcome.value
                    messages.success(
                        request,
                        _("Your deck of %(n)s cards is in.") % {"n": deck_list.card_count},
                    )
                    return redirect("drafts:draft_deck", event.pk)
                status = outcome.status
            else:
                status = 400
        elif request.method == "POST":
            messages.error(request, _("Build your deck when drafting is complete."))
            status = 409
        building = building_status(seat)
        context.update(
            complete=complete,
            building=building,
            building_clock=(
                {"paused": False, "deadline": building["until"], "server_now": clock.now()}
                if building["until"]
                else None
            ),
            form=form,
            **builder_zones(form.rows),
            deck_list=deck_list,
            pool_size=sum(e.count for e in entries),
        )
    return render(request, "drafts/draft_deck.html", context, status=status)


@login_required
@require_POST
def save_deck(request: HttpRequest, pk: int) -> HttpResponse:
    """The builder's autosave: the deck as it stands (any size). 204 when saved; otherwise
    the reason as plain text (the page shows it)."""
    event = get_event(pk)
    seat = _seat_or_404(request, event)
    form = DeckForm(request.POST, entries=pool_entries(seat))
    if not form.is_valid():
        return HttpResponse(_("Each number must be within your pool."), status=400)
    try:
        draft_deck_save(actor=request.user, event_id=event.pk, quantities=form.quantities())
    except DomainError as exc:
        status = 409 if isinstance(exc, ConflictError) else 400
        return HttpResponse(exc.message, status=status, content_type="text/plain")
    return HttpResponse(status=204)
