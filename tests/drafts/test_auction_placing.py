"""The auction winner places the removed cards by taps, each saved on the server: the pure
placement, and the endpoint's answers (a tap saved; bad input a translated 400 that changes
nothing; a tap after the winner's time or for an auction that moved on a 409); when time
runs out, the cards placed stay where they were put."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from drafts.core import auction as auction_core
from drafts.core.errors import AllPlaced, BadDistribution, NoCopyLeft, NotPlaced
from drafts.core.placing import Placement
from drafts.models import CardInstance, DraftSeat, Pod, TableDeck
from drafts.services.flow import auction_of
from tests.drafts.helpers import draft_event, move_deadline

# --- the pure placement --------------------------------------------------------------------


def test_a_tap_places_a_copy_not_yet_placed_and_refuses_what_the_table_does_not_allow():
    held = Placement(auction=1, deck=10)
    held = held.place([1, 2], 20, [20, 30], needed=3)
    held = held.place([1, 2], 30, [20, 30], needed=3)
    assert held.moves == {1: 20, 2: 30}
    with pytest.raises(NoCopyLeft):
        held.place([1, 2], 20, [20, 30], needed=3)
    with pytest.raises(BadDistribution):
        held.place([5], 10, [20, 30], needed=3)  # the deck taken is no target
    held = held.place([5], 20, [20, 30], needed=3)
    with pytest.raises(AllPlaced):
        held.place([6], 20, [20, 30], needed=3)
    held = held.take_back(2)
    assert held.moves == {1: 20, 5: 20} and held.left(3) == 1
    with pytest.raises(NotPlaced):
        held.take_back(2)
    assert Placement.from_dict(held.to_dict()) == held


@given(
    cards=st.integers(min_value=1, max_value=45),
    needed=st.integers(min_value=0, max_value=54),
    targets=st.integers(min_value=1, max_value=7),
    placed=st.integers(min_value=0, max_value=45),
    seed=st.integers(),
)
def test_spreading_the_rest_places_exactly_what_is_left_evenly_and_keeps_the_taps(
    cards, needed, targets, placed, seed
):
    taken = list(range(cards))
    decks = [100 + t for t in range(targets)]
    needed = min(needed, cards)
    held = Placement(auction=1, deck=1)
    for card in taken[: min(placed, needed)]:
        held = held.place([card], decks[0], decks, needed)
    spread = held.spread(taken, decks, needed, seed, keep={0, 1})
    assert len(spread.moves) == needed and spread.left(needed) == 0
    assert all(spread.moves[c] == t for c, t in held.moves.items())  # taps stay
    added = [spread.received(d) - held.received(d) for d in decks]
    assert max(added) - min(added) <= max(1, held.received(decks[0]))
    counts = [spread.received(d) for d in decks]
    if not held.moves:
        assert max(counts) - min(counts) <= 1  # evenly
    completed = held.completed(taken, decks, needed, seed)
    assert len(completed) == needed and set(completed.values()) <= set(decks)
    assert all(completed[c] == t for c, t in held.moves.items())


def test_spreading_chooses_the_cards_to_keep_last():
    held = Placement(auction=1, deck=1).spread([1, 2, 3], [7, 8], 2, seed=3, keep={1})
    assert set(held.moves) == {2, 3}


# --- the endpoint ---------------------------------------------------------------------------


def _won(prefix: str, bid: int = 3):
    """One player and three bots: the player outbids the opener and wins the auction."""
    event, _judge, regs = draft_event(1, bots=3, prefix=prefix)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(regs[0].player)
    seat = DraftSeat.objects.get(registration=regs[0])
    pod = Pod.objects.get(pk=seat.pod_id)
    state = auction_of(pod)
    amount = (state.high_bid or 0) + bid
    client.post(
        reverse("drafts:draft_bid", args=[event.pk]),
        {"auction": state.number, "amount": amount, "action": "bid"},
    )
    pod.refresh_from_db()
    assert auction_of(pod).phase == auction_core.DISTRIBUTING
    return event, client, seat, pod, amount


def _post(client, event, **data):
    return client.post(reverse("drafts:draft_place", args=[event.pk]), data)


def _first_card(pod, deck):
    return CardInstance.objects.filter(table_deck_id=deck).order_by("pk").first().card_id


@pytest.mark.django_db
def test_each_tap_is_saved_on_the_server_and_the_page_shows_it():
    event, client, _seat, pod, amount = _won("pl1")
    state = auction_of(pod)
    deck, target = state.on_table[0], state.on_table[1]
    assert _post(client, event, auction=state.number, deck=deck).status_code == 302
    card = _first_card(pod, deck)
    answer = client.post(
        reverse("drafts:draft_place", args=[event.pk]),
        {"auction": state.number, "card": card, "target": target},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200 and answer["HX-Retarget"] == "#draft-live"
    assert f'data-to-place="{amount - 1}"' in answer.content.decode()
    pod.refresh_from_db()
    held = pod.auction_state["placing"]
    assert held["deck"] == deck and [t for _c, t in held["moves"]] == [target]
    # taken back: the card is in the deck again, on the server
    instance = held["moves"][0][0]
    assert _post(client, event, auction=state.number, back=instance).status_code == 302
    pod.refresh_from_db()
    assert pod.auction_state["placing"]["moves"] == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({}, "Tap a card, then the deck it goes to."),
        ({"target": "T"}, "Tap a card, then the deck it goes to."),
        ({"card": "C"}, "Tap a card, then the deck it goes to."),
        ({"card": "x", "target": "T"}, "whole number"),
        ({"card": 999999, "target": "T"}, "That card is not in the deck you took."),
        ({"card": "C", "target": "D"}, "Choose a deck still on the table."),
        ({"deck": 999999}, "Choose a deck still on the table."),
        ({"done": "1"}, "more cards first."),
        ({"back": 999999}, "That card is not placed"),
    ],
)
def test_bad_taps_are_refused_with_the_reason_and_change_nothing(data, reason):
    event, client, _seat, pod, _amount = _won("pl2")
    state = auction_of(pod)
    deck, target = state.on_table[0], state.on_table[1]
    _post(client, event, auction=state.number, deck=deck)
    names = {"T": target, "D": deck, "C": _first_card(pod, deck)}
    data = {k: names.get(v, v) if isinstance(v, str) else v for k, v in data.items()}
    pod.refresh_from_db()
    before = (pod.auction_state, pod.version)
    answer = _post(client, event, auction=state.number, **data)
    assert answer.status_code == 400
    assert reason in answer.content.decode()
    pod.refresh_from_db()
    assert (pod.auction_state, pod.version) == before


@pytest.mark.django_db
def test_a_tap_before_taking_a_deck_or_in_spanish_says_why():
    event, client, seat, pod, _amount = _won("pl3")
    state = auction_of(pod)
    answer = _post(client, event, auction=state.number, card=1, target=state.on_table[1])
    assert answer.status_code == 400 and "Take a deck first." in answer.content.decode()
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es")
    spanish.force_login(seat.registration.player)
    answer = spanish.post(
        "/es" + reverse("drafts:draft_place", args=[event.pk]),
        {"auction": state.number, "target": state.on_table[1]},
    )
    assert answer.status_code == 400
    assert "Toca una carta y luego el mazo al que va." in answer.content.decode()


@pytest.mark.django_db
def test_a_tap_for_an_auction_that_moved_on_or_after_the_time_is_a_conflict():
    event, client, seat, pod, amount = _won("pl4")
    state = auction_of(pod)
    deck, target = state.on_table[0], state.on_table[1]
    _post(client, event, auction=state.number, deck=deck)
    card = _first_card(pod, deck)
    stale = _post(client, event, auction=state.number + 1, card=card, target=target)
    assert stale.status_code == 409
    assert _post(client, event, auction=state.number, card=card, target=target).status_code == 302
    pod.refresh_from_db()
    placed = pod.auction_state["placing"]["moves"][0][0]
    # the winner's time runs out: the card placed stays where it was put, the rest at random
    move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
    late = _post(client, event, auction=state.number, spread="1")
    assert late.status_code == 409
    pod.refresh_from_db()
    take = next(e for e in pod.auction_state["log"] if e["action"] == "take")
    assert take["deck"] == deck and take["how"] == "timeout" and take["cards"] == amount
    assert any(placed in ids for t, ids in take["moved"] if t == target)
    # the card is in the target deck (or with whoever took that deck since)
    instance = CardInstance.objects.get(pk=placed)
    target_deck = TableDeck.objects.get(pk=target)
    assert (instance.table_deck_id, instance.owner_id) in {
        (target, None),
        (None, target_deck.owner_id),
    }
    seat.refresh_from_db()
    assert seat.auction_deck.pk == deck


@pytest.mark.django_db
def test_the_winners_page_lists_cards_and_decks_as_buttons_not_a_grid():
    event, client, _seat, pod, _amount = _won("pl5")
    state = auction_of(pod)
    _post(client, event, auction=state.number, deck=state.on_table[0])
    html = client.get(reverse("drafts:my_draft", args=[event.pk])).content.decode()
    assert "table.distribution" not in html and 'type="number"' not in html
    assert len(re.findall(r'name="target" value="\d+"', html)) == len(state.on_table) - 1
    assert 'data-testid="spread"' in html and 'data-testid="left-to-place"' in html
