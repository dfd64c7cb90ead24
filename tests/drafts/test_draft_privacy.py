"""Who reads a booster draft's pools and pick log (a drafter their own, judges all, everyone
else once the event is finished unless the event keeps them private), the pool check of
every deck-list route of a draft event, the auction log's numbering and destinations, and
the DAR's draft infractions."""

from __future__ import annotations

import csv
import importlib
import io
from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from decklists.models import CardPool, DeckList
from drafts.models import CardInstance, DraftPhase, DraftSeat, Pod
from drafts.services.reading import pod_version
from rulings.models import Card
from tests.drafts.helpers import draft_event, move_deadline
from tournaments.models import Event
from tournaments.models.choices import EventStatus

pytestmark = pytest.mark.django_db


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def web(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def play_out(event: Event) -> None:
    """Every pod of the event drafts to the end by its deadlines (everyone times out)."""
    for pod in Pod.objects.filter(draft__event=event):
        for _i in range(300):
            pod.refresh_from_db()
            if pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE):
                break
            move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
            pod_version(pod.pk)
        assert pod.phase == DraftPhase.BUILDING


def drafted_event(prefix: str, *, running: bool = True, **options):
    """Two players and two bots, drafted to the end; the Swiss rounds are running (else
    the event still takes deck lists)."""
    event, judge, regs = draft_event(2, bots=2, auction=False, prefix=prefix, **options)
    play_out(event)
    if running:
        Event.objects.filter(pk=event.pk).update(status=EventStatus.RUNNING)
    return Event.objects.get(pk=event.pk), judge, regs


def csv_of(client, event: Event, what: str, *, via_api: bool = False) -> list[dict[str, str]]:
    url = (
        f"/api/events/{event.pk}/export/{what}.csv"
        if via_api
        else reverse("tournaments:export", args=[event.pk, what])
    )
    response = client.get(url)
    assert response.status_code == 200
    return rows(response.content.decode())


# --- item 5: pools and pick logs --------------------------------------------------------------
@pytest.mark.parametrize("via_api", [False, True])
def test_event_in_swiss_rounds_pools_and_picks_are_the_drafters_own_and_the_judges(via_api):
    # given an event whose pod has finished drafting and whose Swiss rounds run
    event, judge, regs = drafted_event(f"pv{int(via_api)}")
    me = regs[0]
    client = api if via_api else web
    for what in ("pools", "picks"):
        # then an anonymous reader and a stranger get the header only
        assert csv_of(client(), event, what, via_api=via_api) == []
        # a drafter gets their own seat's rows, and only those
        mine = csv_of(client(me.player), event, what, via_api=via_api)
        assert mine and {r["player"] for r in mine} == {me.player.public_name}
        # a judge gets every seat
        everything = csv_of(client(judge), event, what, via_api=via_api)
        assert len({r["seat"] for r in everything}) == 4
    # when the event is finished everyone reads them
    Event.objects.filter(pk=event.pk).update(status=EventStatus.FINISHED)
    assert len({r["seat"] for r in csv_of(client(), event, "pools", via_api=via_api)}) == 4
    assert len({r["seat"] for r in csv_of(client(), event, "picks", via_api=via_api)}) == 4


def test_event_kept_private_shows_pools_to_nobody_else_even_when_finished():
    event, judge, regs = drafted_event("pk")
    Event.objects.filter(pk=event.pk).update(status=EventStatus.FINISHED, draft_cards_private=True)
    assert csv_of(web(), event, "pools") == []
    assert csv_of(web(regs[1].player), event, "picks") != []
    assert {r["player"] for r in csv_of(web(regs[1].player), event, "picks")} == {
        regs[1].player.public_name
    }
    assert len({r["seat"] for r in csv_of(web(judge), event, "pools")}) == 4


def test_the_keep_private_option_is_an_event_setting_of_the_form_and_the_api():
    event, _judge, _regs = draft_event(1, bots=1, auction=False, start=False, prefix="po")
    organiser = event.created_by
    edit = web(organiser).get(reverse("tournaments:event_edit", args=[event.pk]))
    assert 'name="draft_cards_private"' in edit.content.decode()
    answer = api(organiser).patch(
        f"/api/events/{event.pk}/", {"draft_cards_private": True}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["draft_cards_private"] is True
    assert Event.objects.get(pk=event.pk).draft_cards_private is True


def test_a_drafters_page_shows_their_picks_and_the_big_screen_no_card():
    event, _judge, regs = drafted_event("pp")
    page = web(regs[0].player).get(reverse("drafts:my_draft", args=[event.pk]))
    assert 'data-testid="pick-log"' in page.content.decode()
    screen = web().get(reverse("screen:screen", args=[event.pk])).content.decode()
    names = {c.card.name for c in CardInstance.objects.filter(pod__draft__event=event)}
    assert not [name for name in names if name in screen]


# --- item 6: every deck-list route of a draft event checks the pool ------------------------
def pool_counts(player, event) -> dict[tuple[str, int], int]:
    """The seat's cards as drafted (the card instances it owns), by card, with at most one
    Sanctuary (a deck has exactly one)."""
    counts: dict[tuple[str, int], int] = {}
    sanctuary = False
    for instance in CardInstance.objects.filter(
        owner__registration__player=player, pod__draft__event=event
    ).select_related("card__edition"):
        card = instance.card
        if card.is_sanctuary:
            if sanctuary:
                continue
            sanctuary = True
        key = (card.edition.code, card.number)
        counts[key] = counts.get(key, 0) + 1
    return counts


def first_card(player, event) -> Card:
    """The first card of the pool that is not a Sanctuary (the one the tests overdraw)."""
    for code, number in sorted(pool_counts(player, event)):
        card = Card.objects.get(edition__code=code, number=number)
        if not card.is_sanctuary:
            return card
    raise AssertionError("a pool of Sanctuaries only")


def pool_text(player, event, extra: int = 0) -> str:
    counts = pool_counts(player, event)
    if extra:
        card = first_card(player, event)
        counts[(card.edition.code, card.number)] += extra
    return "\n".join(f"{n} {code} {number}" for (code, number), n in sorted(counts.items()))


def test_drafting_complete_records_every_seats_pool_without_the_builder():
    event, _judge, regs = drafted_event("pr", running=False)
    for reg in regs:
        pool = CardPool.objects.get(event=event, player=reg.player)
        assert pool.source == "draft"
        owned = CardInstance.objects.filter(owner__registration=reg).count()
        assert sum(pool.entries.values_list("quantity", flat=True)) == owned == 48


@pytest.mark.parametrize("via_api", [False, True])
def test_a_list_not_from_the_pool_is_refused_on_every_route(via_api):
    event, _judge, regs = drafted_event(f"pc{int(via_api)}", running=False)
    player = regs[0].player
    text = pool_text(player, event, extra=44)
    if via_api:
        answer = api(player).post(
            f"/api/rulings/events/{event.pk}/deck-list/submit/", {"text": text}, format="json"
        )
        body = answer.content.decode()
    else:
        answer = web(player).post(reverse("decklists:my_deck", args=[event.pk]), {"text": text})
        body = answer.content.decode()
    assert answer.status_code == 400, body[:500]
    name = first_card(player, event).name
    assert name in body and "pool" in body
    assert not DeckList.objects.filter(event=event, player=player).exists()
    # the pool itself is accepted
    ok = web(player).post(
        reverse("decklists:my_deck", args=[event.pk]), {"text": pool_text(player, event)}
    )
    assert ok.status_code == 302
    assert DeckList.objects.get(event=event, player=player).card_count == sum(
        pool_counts(player, event).values()
    )


def test_a_list_in_a_draft_event_before_the_pool_is_recorded_is_refused():
    event, _judge, regs = draft_event(1, bots=1, auction=False, prefix="pn")
    answer = web(regs[0].player).post(
        reverse("decklists:my_deck", args=[event.pk]), {"text": "45 DV 6"}
    )
    assert answer.status_code == 409
    # The pool is recorded when drafting ends: until then the list is refused for that.
    assert "Build your deck when drafting is complete." in answer.content.decode()
    assert not DeckList.objects.filter(event=event).exists()


def test_the_data_migration_records_pools_of_finished_pods():
    event, _judge, regs = drafted_event("pm", running=False)
    CardPool.objects.filter(event=event).delete()
    migration = importlib.import_module("tournaments.migrations.0021_record_draft_pools")
    # Run with the models as they were at that migration (they have moved app since).
    state = MigrationLoader(connection).project_state(("tournaments", "0021_record_draft_pools"))
    migration.record_finished_pools(state.apps, None)
    for reg in regs:
        pool = CardPool.objects.get(event=event, player=reg.player)
        assert sum(pool.entries.values_list("quantity", flat=True)) == 48


# --- the auction: one numbering of seats (from 1), each moved card's destination --------------
def test_auction_api_numbers_seats_from_1_everywhere_and_logs_where_each_card_went():
    # given one player and three bots at the auction; the bots acted until the player's turn
    event, judge, regs = draft_event(1, bots=3, prefix="an")
    seat = DraftSeat.objects.get(registration=regs[0])
    me = seat.position + 1
    player = api(regs[0].player)
    state = player.get(f"/api/events/{event.pk}/draft/my-seat/").json()["auction"]
    assert state["to_act"] == me
    if state["high_bidder"] is not None:  # a bot opened before the player
        bids = [e for e in state["log"] if e["action"] == "bid"]
        assert state["high_bidder"] == bids[-1]["seat"] != me  # later bots may have passed
    # when the player wins and places the cards on two decks
    amount = (state["high_bid"] or 0) + 3
    bid = player.post(
        f"/api/events/{event.pk}/draft/bid/",
        {"auction": state["number"], "amount": amount},
        format="json",
    )
    assert bid.status_code == 200, bid.content
    state = bid.json()["auction"]
    assert state["to_act"] == me and state["high_bidder"] == me
    mine = [e for e in state["log"] if e["action"] == "bid" and e["amount"] == amount]
    assert [e["seat"] for e in mine] == [me]
    assert all(1 <= e["seat"] <= 4 for e in state["log"])
    taken, first, second = [d["id"] for d in state["decks"][:3]]
    cards = list(
        CardInstance.objects.filter(table_deck_id=taken).order_by("pk").values_list("pk", flat=True)
    )[:amount]
    moves = {str(c): (first if i < 2 else second) for i, c in enumerate(cards)}
    done = player.post(
        f"/api/events/{event.pk}/draft/distribute/",
        {"auction": state["number"], "deck": taken, "moves": moves},
        format="json",
    )
    assert done.status_code == 200, done.content
    auction = done.json()["auction"]
    # then the log names the seat from 1 and where each card went
    take = next(e for e in auction["log"] if e["action"] == "take" and e["seat"] == me)
    assert take["cards"] == amount
    assert {m["deck"]: m["cards"] for m in take["moves"]} == {first: 2, second: amount - 2}
    # decks already taken are not listed as on the table
    assert taken not in {d["id"] for d in auction["decks"]}
    assert all(d["cards"] > 0 for d in auction["decks"])
    # a judge rebuilds who received what: the console names each moved card and its deck
    console = web(judge).get(reverse("drafts:draft_console", args=[event.pk]))
    html = console.content.decode()
    moved = CardInstance.objects.select_related("card").get(pk=cards[0])
    assert 'data-testid="auction-log-1"' in html and moved.card.name in html


# --- the DAR's draft rules among the infractions ------------------------------------------------
def test_the_dars_draft_rules_are_infractions_citing_4_1_1_in_both_languages():
    from django.utils import translation

    from tournaments.infractions import get_infraction
    from tournaments.models.choices import PenaltyKind

    codes = ("draft_notes", "draft_showing_cards", "draft_signals", "draft_reviewing_picks")
    for code in codes:
        infraction = get_infraction(code)
        assert infraction is not None, code
        assert infraction.dar == "4.1.1"
        assert infraction.default == PenaltyKind.WARNING
        with translation.override("es"):
            spanish = str(infraction.label)
        assert spanish != str(infraction.label), code
