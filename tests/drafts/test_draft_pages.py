"""The draft pages: the pick page shows only the pack in front of the reader and polls a
fragment that answers 204 while nothing moved; the auction page; deck building from the
pool; the judge console and its actions; refusals are messages with the right status and
change nothing."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decklists.models import DeckList
from drafts.core import auction as auction_core
from drafts.models import CardInstance, DraftPhase, DraftSeat, Pack, Pick, Pod
from drafts.services.flow import auction_of
from drafts.services.reading import pod_version
from rulings.models import Card
from tests.drafts.helpers import draft_event, move_deadline
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def pack_ids(html: str) -> list[int]:
    return [int(v) for v in re.findall(r'name="card_instance" value="(\d+)"', html)]


def test_event_drafting_pick_page_shows_only_the_pack_in_front_and_picks_by_step():
    # given a pod of two players drafting without an auction
    event, _judge, regs = draft_event(2, auction=False, prefix="pg")
    me, other = regs[0].player, regs[1].player
    page = client_for(me)
    url = reverse("drafts:my_draft", args=[event.pk])
    # when the player opens the pick page
    response = page.get(url)
    html = response.content.decode()
    # then they see twelve cards of their pack, the step and its clock, and nothing else
    seat = DraftSeat.objects.get(registration=regs[0])
    pod = seat.pod
    assert response.status_code == 200
    assert "Pack 1, pick 1" in html and 'data-testid="pack"' in html
    mine = pack_ids(html)
    in_front = set(
        CardInstance.objects.filter(pack__pod=pod, pack__pack_round=1).values_list("pk", flat=True)
    )
    assert len(mine) == 12 and set(mine) <= in_front
    other_seat = DraftSeat.objects.get(registration=regs[1])
    other_pack = set(
        CardInstance.objects.filter(pack__opener=other_seat, pack__pack_round=1).values_list(
            "pk", flat=True
        )
    )
    assert not set(mine) & other_pack
    assert 'data-testid="pick-log"' not in html
    assert f'hx-get="/events/{event.pk}/draft/pods/{pod.pk}/live/?v={pod.version}"' in html
    assert 'data-deadline="' in html
    # when they pick a card of that step
    done = page.post(
        reverse("drafts:draft_pick", args=[event.pk]),
        {"pack_round": 1, "pick_number": 1, "card_instance": mine[0]},
    )
    # then the pick is recorded and the page says they wait for the other player
    assert done.status_code == 302
    assert Pick.objects.get(seat=seat).card_instance_id == mine[0]
    waiting = page.get(url).content.decode()
    assert "Your pick is in." in waiting and "The next pack is on its way." in waiting
    assert pack_ids(waiting) == []
    # and the same request again changes nothing and says why
    again = page.post(
        reverse("drafts:draft_pick", args=[event.pk]),
        {"pack_round": 1, "pick_number": 1, "card_instance": mine[1]},
    )
    assert again.status_code == 409
    assert "already picked" in again.content.decode()
    assert Pick.objects.filter(seat=seat).count() == 1
    # and nonsense is a 400 that changes nothing
    bad = page.post(reverse("drafts:draft_pick", args=[event.pk]), {"pack_round": "x"})
    assert bad.status_code == 400 and Pick.objects.count() == 1
    # and the other player's card from my pack is refused
    theirs = pack_ids(client_for(other).get(url).content.decode())
    refused = page.post(
        reverse("drafts:draft_pick", args=[event.pk]),
        {"pack_round": 1, "pick_number": 2, "card_instance": theirs[0]},
    )
    assert refused.status_code == 409 and Pick.objects.count() == 1


def test_the_poll_answers_204_until_the_pod_moves_then_the_new_pack():
    event, _judge, regs = draft_event(2, auction=False, prefix="pl")
    me, other = (client_for(r.player) for r in regs)
    seat = DraftSeat.objects.get(registration=regs[0])
    pod = Pod.objects.get(pk=seat.pod_id)
    live = reverse("drafts:draft_live", args=[event.pk, pod.pk])
    # nothing moved: 204, no body, even for an anonymous poll (it tells only the version)
    same = Client().get(live, {"v": pod.version})
    assert same.status_code == 204 and same.content == b""
    assert "no-store" in same["Cache-Control"]
    # both players pick: the pod moves to pick 2
    for client, _reg in ((me, regs[0]), (other, regs[1])):
        ids = pack_ids(client.get(reverse("drafts:my_draft", args=[event.pk])).content.decode())
        client.post(
            reverse("drafts:draft_pick", args=[event.pk]),
            {"pack_round": 1, "pick_number": 1, "card_instance": ids[0]},
        )
    fresh = me.get(live, {"v": pod.version})
    html = fresh.content.decode()
    assert fresh.status_code == 200 and "Pack 1, pick 2" in html
    assert len(pack_ids(html)) == 11
    # an anonymous reader of a moved pod gets no fragment
    assert Client().get(live, {"v": pod.version}).status_code == 403


def poll_trigger(html: str) -> str:
    return re.search(r'id="draft-live"[^>]*hx-trigger="([^"]+)"', html).group(1)


def test_the_page_polls_slowly_while_the_drafter_holds_a_pack_and_every_second_after():
    event, judge, regs = draft_event(2, auction=False, prefix="pi")
    me = client_for(regs[0].player)
    page = reverse("drafts:my_draft", args=[event.pk])
    # holding a pack: only a judge or the deadline can move the pod; the countdown's end
    # asks at once
    html = me.get(page).content.decode()
    assert poll_trigger(html) == "every 3s, op:expired delay:300ms, op:changed"
    # picked, waiting for the other drafter: every second, so the next pack shows at once
    me.post(
        reverse("drafts:draft_pick", args=[event.pk]),
        {"pack_round": 1, "pick_number": 1, "card_instance": pack_ids(html)[0]},
    )
    html = me.get(page).content.decode()
    assert 'data-testid="waiting"' in html
    assert poll_trigger(html).startswith("every 1s,")
    # a paused pod waits for the judge's resume: every second too
    other = client_for(regs[1].player)
    pod = Pod.objects.get(draft__event=event)
    client_for(judge).post(reverse("drafts:pod_action", args=[pod.pk, "pause"]))
    html = other.get(page).content.decode()
    assert 'data-testid="paused"' in html and pack_ids(html)
    assert poll_trigger(html).startswith("every 1s,")


def test_a_pick_from_the_page_script_answers_with_the_drafters_part_not_a_redirect():
    event, _judge, regs = draft_event(2, auction=False, prefix="hx")
    me, other = (client_for(r.player) for r in regs)
    page = reverse("drafts:my_draft", args=[event.pk])
    pick_url = reverse("drafts:draft_pick", args=[event.pk])
    html = me.get(page).content.decode()
    assert f'hx-post="{pick_url}"' in html
    mine = pack_ids(html)
    # the first pick: the drafter's part, waiting for the other drafter (no redirect)
    answer = me.post(
        pick_url,
        {"pack_round": 1, "pick_number": 1, "card_instance": mine[0]},
        HTTP_HX_REQUEST="true",
    )
    body = answer.content.decode()
    assert answer.status_code == 200 and 'id="draft-live"' in body
    assert 'data-testid="waiting"' in body and "<html" not in body
    # the step's time is the pack's as it opened (12 cards: 50 s), not the 11 cards left
    assert "50 seconds for this pick" in body
    assert Pick.objects.filter(seat__registration=regs[0], card_instance_id=mine[0]).exists()
    # the same tap again: 409, the reason in the part, nothing changed
    again = me.post(
        pick_url,
        {"pack_round": 1, "pick_number": 1, "card_instance": mine[1]},
        HTTP_HX_REQUEST="true",
    )
    body = again.content.decode()
    assert again.status_code == 409 and "already picked" in body and 'class="messages"' in body
    assert Pick.objects.filter(seat__registration=regs[0]).count() == 1
    # the other drafter's pick closes the step: the answer is the next pack already
    theirs = pack_ids(other.get(page).content.decode())
    answer = other.post(
        pick_url,
        {"pack_round": 1, "pick_number": 1, "card_instance": theirs[0]},
        HTTP_HX_REQUEST="true",
    )
    body = answer.content.decode()
    assert answer.status_code == 200 and "Pack 1, pick 2" in body
    assert len(pack_ids(body)) == 11 and "45 seconds for this pick" in body
    # the reason is shown once: the next whole page has no message left
    assert "already picked" not in me.get(page).content.decode()


def test_only_the_pick_answers_the_page_script_with_a_part_a_bid_still_redirects():
    event, _judge, regs = draft_event(1, bots=3, prefix="hb")
    player = client_for(regs[0].player)
    pod = Pod.objects.get(draft__event=event)
    state = auction_of(pod)
    answer = player.post(
        reverse("drafts:draft_bid", args=[event.pk]),
        {"auction": state.number, "amount": (state.high_bid or 0) + 3, "action": "bid"},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 302
    assert answer["Location"] == reverse("drafts:my_draft", args=[event.pk])


def test_a_step_past_its_deadline_is_applied_by_the_poll():
    event, _judge, _regs = draft_event(2, auction=False, prefix="dl")
    pod = Pod.objects.get(draft__event=event)
    before = pod.version
    move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
    assert pod_version(pod.pk) > before
    pod.refresh_from_db()
    assert (pod.pack_round, pod.pick_number) == (1, 2)
    assert Pick.objects.filter(kind="timeout").count() == 2


def test_the_auction_page_bids_and_the_winner_places_the_cards():
    # given one player and three bots at the auction
    event, _judge, regs = draft_event(1, bots=3, prefix="au")
    player = client_for(regs[0].player)
    url = reverse("drafts:my_draft", args=[event.pk])
    seat = DraftSeat.objects.get(registration=regs[0])
    pod = Pod.objects.get(pk=seat.pod_id)
    state = auction_of(pod)
    # bots acted until it is the player's turn
    assert state.to_act == seat.position and state.phase == auction_core.BIDDING
    html = player.get(url).content.decode()
    assert 'data-testid="bid-form"' in html and "You" in html
    # a bid below the floor is refused with the reason and changes nothing
    low = state.high_bid or 0
    if low:
        refused = player.post(
            reverse("drafts:draft_bid", args=[event.pk]),
            {"auction": state.number, "amount": low, "action": "bid"},
        )
        assert refused.status_code == 400 and "Bid a whole number" in refused.content.decode()
    # a stale auction number is refused
    stale = player.post(
        reverse("drafts:draft_bid", args=[event.pk]),
        {"auction": state.number + 5, "amount": 5, "action": "bid"},
    )
    assert stale.status_code == 409
    # the player bids 3 more than the high bid; the bots pass, so the player wins
    amount = low + 3
    ok = player.post(
        reverse("drafts:draft_bid", args=[event.pk]),
        {"auction": state.number, "amount": amount, "action": "bid"},
    )
    assert ok.status_code == 302
    pod.refresh_from_db()
    state = auction_of(pod)
    assert state.phase == auction_core.DISTRIBUTING and state.to_act == seat.position
    page = player.get(url).content.decode()
    assert 'data-testid="take-deck"' in page
    assert f"You bid {amount} points" in page  # the bid said in words
    deck = state.on_table[0]
    place = reverse("drafts:draft_place", args=[event.pk])
    assert player.post(place, {"auction": state.number, "deck": deck}).status_code == 302
    chosen = player.get(url).content.decode()
    assert 'data-testid="distribution"' in chosen
    assert f'data-to-place="{amount}"' in chosen
    # taking the deck before every card is placed is refused and nothing moves
    wrong = player.post(place, {"auction": state.number, "done": "1"})
    assert wrong.status_code == 400
    pod.refresh_from_db()
    assert auction_of(pod).phase == auction_core.DISTRIBUTING
    # a card, then the deck it goes to; then the rest spread evenly
    card = int(re.findall(r'name="card" value="(\d+)"', chosen)[0])
    target = int(re.findall(r'name="target" value="(\d+)"', chosen)[0])
    one = player.post(place, {"auction": state.number, "card": card, "target": target})
    assert one.status_code == 302
    assert f'data-to-place="{amount - 1}"' in player.get(url).content.decode()
    assert player.post(place, {"auction": state.number, "spread": "1"}).status_code == 302
    done = player.post(place, {"auction": state.number, "done": "1"})
    assert done.status_code == 302
    seat.refresh_from_db()
    assert seat.auction_deck.pk == deck
    assert CardInstance.objects.filter(owner=seat, source="auction").count() == 45 - amount


def test_deck_building_from_the_pool_refuses_a_short_deck_and_takes_41():
    event, _judge, regs = draft_event(1, bots=1, prefix="bd")
    player = regs[0].player
    client = client_for(player)
    url = reverse("drafts:draft_deck", args=[event.pk])
    # before the end of drafting the page says so and a post changes nothing
    assert "Build your deck when drafting is complete." in client.get(url).content.decode()
    assert client.post(url, {}).status_code == 409
    # the draft is played out by deadlines (the player times out everywhere)
    pod = Pod.objects.get(draft__event=event)
    for _i in range(200):
        pod.refresh_from_db()
        if pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE):
            break
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
        pod_version(pod.pk)
    assert pod.phase == DraftPhase.BUILDING
    html = client.get(url).content.decode()
    assert 'data-testid="deck-form"' in html
    draft_page = client.get(reverse("drafts:my_draft", args=[event.pk])).content.decode()
    assert 'data-testid="pick-log"' in draft_page and "Time ran out" in draft_page
    fields = dict(re.findall(r'name="(card_\d+)" id="[^"]+" value="(\d+)"', html))
    assert fields
    short = client.post(url, {k: 0 for k in fields})
    assert short.status_code == 400 and "at least 41" in short.content.decode()
    assert not DeckList.objects.filter(event=event).exists()
    too_many = {k: 999 for k in fields}
    assert client.post(url, too_many).status_code == 400
    # the auction deck as won (45 cards, and any a bot moved onto it when it won another:
    # a second Sanctuary among them is left out, a deck has exactly one)
    sanctuaries = [
        key
        for key in fields
        if Card.objects.get(pk=int(key.removeprefix("card_"))).is_sanctuary and int(fields[key])
    ]
    for extra in sanctuaries[1:]:
        fields[extra] = "0"
    if sanctuaries:
        fields[sanctuaries[0]] = "1"
    done = client.post(url, fields)
    assert done.status_code == 302, done.content.decode()[:2000]
    assert DeckList.objects.get(event=event, player=player).card_count >= 41


def test_the_judge_console_runs_the_pods():
    event, judge, regs = draft_event(2, bots=2, auction=False, start=False, prefix="jc")
    desk = client_for(judge)
    url = reverse("drafts:draft_console", args=[event.pk])
    assert client_for(regs[0].player).get(url).status_code == 403
    page = desk.get(url).content.decode()
    assert 'data-testid="start-draft"' in page
    assert desk.post(reverse("drafts:draft_start", args=[event.pk])).status_code == 302
    pod = Pod.objects.get(draft__event=event)
    page = desk.get(url).content.decode()
    assert "Pack 1, pick 1" in page and regs[0].name in page
    assert reverse("tournaments:export", args=[event.pk, "picks"]) in page
    # pause, a refused extend, an extend, resume
    assert desk.post(reverse("drafts:pod_action", args=[pod.pk, "pause"])).status_code == 302
    pod.refresh_from_db()
    assert pod.is_paused
    bad = desk.post(reverse("drafts:pod_action", args=[pod.pk, "extend"]), {"seconds": 0})
    assert bad.status_code == 400
    desk.post(reverse("drafts:pod_action", args=[pod.pk, "extend"]), {"seconds": 30})
    pod.refresh_from_db()
    assert pod.paused_remaining.total_seconds() > 60
    desk.post(reverse("drafts:pod_action", args=[pod.pk, "resume"]))
    pod.refresh_from_db()
    assert not pod.is_paused
    # a player's seat to a bot: its pick is made at once; and back
    seat = DraftSeat.objects.get(registration=regs[0])
    desk.post(reverse("drafts:pod_action", args=[pod.pk, "bot"]), {"seat": seat.pk, "bot": "1"})
    assert Pick.objects.filter(seat=seat, kind="bot").exists()
    desk.post(reverse("drafts:pod_action", args=[pod.pk, "bot"]), {"seat": seat.pk, "bot": "0"})
    seat.refresh_from_db()
    assert not seat.bot
    # replace a pack of a later round; a pack already picked from is refused
    later = Pack.objects.filter(pod=pod, pack_round=2).first()
    desk.post(reverse("drafts:pack_replace", args=[later.pk]), {"reason": "11 cards"})
    later.refresh_from_db()
    assert later.replaced
    started = Pack.objects.filter(pod=pod, pack_round=1, picks__isnull=False).first()
    refused = desk.post(reverse("drafts:pack_replace", args=[started.pk]))
    assert refused.status_code == 409
    actions = set(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert {"draft.pause", "draft.extend", "draft.seat_to_bot", "draft.replace_pack"} <= actions
    # the console's poll: 204 while nothing moved
    live = reverse("drafts:draft_console_live", args=[event.pk])
    version = desk.get(url).content.decode().split('data-version="')[1].split('"')[0]
    assert desk.get(live, {"v": version}).status_code == 204
    assert desk.get(live, {"v": "0.0"}).status_code == 200


def test_paper_mode_console_shows_seating_order_and_timer():
    event, judge, regs = draft_event(3, paper=True, pack_editions=[], prefix="pp")
    desk = client_for(judge)
    page = desk.get(reverse("drafts:draft_console", args=[event.pk])).content.decode()
    assert 'data-testid="paper-starter"' in page and 'data-testid="begin-1"' in page
    pod = Pod.objects.get(draft__event=event)
    desk.post(reverse("drafts:pod_action", args=[pod.pk, "begin"]))
    page = desk.get(reverse("drafts:draft_console", args=[event.pk])).content.decode()
    assert "Pack 1, pick 1" in page and "Pass left" in page and "50 seconds" in page
    player_page = client_for(regs[0].player).get(reverse("drafts:my_draft", args=[event.pk]))
    assert "Paper boosters" in player_page.content.decode()


def test_draft_options_form_refuses_three_editions_and_saves_four():
    event, _judge, _regs = draft_event(2, start=False, prefix="op")
    client = client_for(event.created_by)
    url = reverse("drafts:draft_options", args=[event.pk])
    base = {
        "auction": "on",
        "bots": 1,
        "pod_rounds": 1,
        "bid_seconds": 30,
        "distribute_seconds": 60,
        "review_seconds": 0,
        "building_seconds": 300,
    }
    refused = client.post(url, {**base, "pack_1": "DV", "pack_2": "DV", "pack_3": "SU"})
    assert refused.status_code == 400
    ok = client.post(url, {**base, "pack_1": "SU", "pack_2": "SU", "pack_3": "DV", "pack_4": "DV"})
    assert ok.status_code == 302
    event.draft.refresh_from_db()
    assert event.draft.pack_editions == ["SU", "SU", "DV", "DV"] and event.draft.bots == 1
