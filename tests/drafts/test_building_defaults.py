"""The deck a seat ends building with: the deck the builder shows when the drafter touches
nothing (the deck won at the auction), and only legal deck lists count as "in"."""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decklists.models import DeckList
from decklists.selectors import deck_check_for
from drafts.models import CardInstance, CardSource, DeckState, DraftPhase, DraftSeat, Pod
from drafts.services.reading import pod_version
from tests.drafts.helpers import draft_event, move_deadline

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def play_out(event) -> Pod:
    pod = Pod.objects.get(draft__event=event)
    for _i in range(200):
        pod.refresh_from_db()
        if pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE):
            break
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
        pod_version(pod.pk)
    assert pod.phase == DraftPhase.BUILDING
    return pod


def deck_fields(html: str) -> dict[int, int]:
    found = re.findall(r'name="card_(\d+)" id="[^"]+" value="(\d+)"', html)
    return {int(k): int(v) for k, v in found if int(v)}


def end_building(pod: Pod) -> None:
    move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
    pod_version(pod.pk)
    pod.refresh_from_db()
    assert pod.phase == DraftPhase.DONE


def won(seat: DraftSeat) -> dict[int, int]:
    return dict(
        Counter(
            CardInstance.objects.filter(owner=seat, source=CardSource.AUCTION).values_list(
                "card_id", flat=True
            )
        )
    )


def test_a_drafter_who_opens_the_builder_and_touches_nothing_has_the_deck_it_showed():
    # given a drafter whose pod is building, who opens the builder and leaves
    event, _judge, regs = draft_event(1, bots=1, prefix="bd")
    pod = play_out(event)
    seat = DraftSeat.objects.get(registration=regs[0])
    shown = deck_fields(
        client_for(regs[0].player)
        .get(reverse("drafts:draft_deck", args=[event.pk]))
        .content.decode()
    )
    # the builder shows the deck won at the auction
    assert shown == won(seat) and sum(shown.values()) >= 41
    # when the building time is up
    end_building(pod)
    # then the deck shown is the seat's deck list
    deck_list = DeckList.objects.get(event=event, player=regs[0].player)
    assert dict(deck_list.entries.values_list("card_id", "quantity")) == shown
    legal = not deck_check_for(deck_list).check.errors
    seat.refresh_from_db()
    assert seat.deck_state == (DeckState.DECK if legal else DeckState.NO_LEGAL_DECK)


def test_a_drafter_who_never_opens_the_builder_has_the_deck_won():
    event, _judge, regs = draft_event(2, bots=0, prefix="bn")
    pod = play_out(event)
    end_building(pod)
    for reg in regs:
        seat = DraftSeat.objects.get(registration=reg)
        deck_list = DeckList.objects.get(event=event, player=reg.player)
        assert dict(deck_list.entries.values_list("card_id", "quantity")) == won(seat)


def test_a_list_that_fails_the_deck_check_is_not_a_deck_in():
    from config.errors import ConflictError
    from decklists.services.lists import deck_list_submit
    from drafts.services import draft_deck_submit
    from drafts.services.pools import deck_lines, pool_entries, record_seat_pool
    from tests.drafts.test_draft_fairness import legal_deck, to_building
    from tournaments.services.rounds import round_pair_next

    # given four drafters building: three submit legal decks
    event, judge, regs = to_building(4, prefix="il")
    *three, fourth = regs
    for reg in three:
        seat = DraftSeat.objects.get(registration=reg)
        draft_deck_submit(actor=reg.player, event_id=event.pk, quantities=legal_deck(seat))
    # and the fourth sends a 31-card list of its pool through "My deck list"
    seat = DraftSeat.objects.get(registration=fourth)
    full = legal_deck(seat)  # one Sanctuary and 40 copies of another card, in its pool
    short = {card: min(count, 30) for card, count in full.items()}
    record_seat_pool(event, seat, pool_entries(seat))
    _entries, lines, total = deck_lines(seat, short)
    assert total == 31
    deck_list, _parsed = deck_list_submit(
        event=event, player=fourth.player, text="\n".join(lines), actor=fourth.player
    )
    assert deck_check_for(deck_list).check.errors  # saved, but not legal
    # then the console shows it saved, not legal (not submitted)
    page = client_for(judge).get(reverse("drafts:draft_console", args=[event.pk])).content
    found = re.search(rf'data-testid="deck-in-{seat.pk}" data-deck-in="(\w*)"', page.decode())
    assert found and found.group(1) == "not_legal"
    assert "Saved, not legal" in page.decode()
    # and round 1 still waits for the pod's building
    with pytest.raises(ConflictError) as waiting:
        round_pair_next(actor=judge, event_id=event.pk)
    assert waiting.value.code == "deck_building"
    pod = Pod.objects.get(draft__event=event)
    assert pod.phase == DraftPhase.BUILDING
    seat.refresh_from_db()
    assert seat.deck_state == DeckState.BUILDING


def test_a_tap_after_the_deadline_says_it_came_too_late_and_names_the_card_taken():
    from drafts.models import Pick, PickKind

    event, _judge, regs = draft_event(2, auction=False, prefix="tl")
    me = client_for(regs[0].player)
    page = me.get(reverse("drafts:my_draft", args=[event.pk])).content.decode()
    mine = [int(i) for i in re.findall(r'name="card_instance" value="(\d+)"', page)]
    assert mine
    pod = Pod.objects.get(draft__event=event)
    # the step times out before the tap arrives
    move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
    answer = me.post(
        reverse("drafts:draft_pick", args=[event.pk]),
        {"pack_round": 1, "pick_number": 1, "card_instance": mine[0]},
        HTTP_HX_REQUEST="true",
    )
    taken = Pick.objects.get(seat__registration=regs[0], pack_round=1, pick_number=1)
    assert taken.kind == PickKind.TIMEOUT
    body = answer.content.decode()
    assert answer.status_code == 409 and 'class="messages"' in body
    assert "before your tap arrived" in body
    assert taken.card_instance.card.name in body
    # aimed at the part on the page when it arrives, which a poll may have replaced
    assert answer["HX-Retarget"] == "#draft-live"


def test_a_message_on_the_drafters_page_is_in_the_part_the_next_change_replaces():
    event, _judge, regs = draft_event(2, auction=False, prefix="mp")
    me = client_for(regs[0].player)
    # a plain (no script) pick with no card: the whole page with the reason
    answer = me.post(reverse("drafts:draft_pick", args=[event.pk]), {"pack_round": 1})
    body = answer.content.decode()
    assert answer.status_code == 400
    reason = "Choose a card of the pack in front of you."
    assert body.count(reason) == 1
    # inside the polled part, so the next pack's part does not keep it
    assert body.index('id="draft-live"') < body.index(reason)


def test_the_console_offers_no_seat_to_a_bot_once_drafting_is_over():
    from config.errors import ConflictError
    from drafts.services import seat_set_bot
    from tests.drafts.test_draft_fairness import to_building

    event, judge, regs = to_building(2, prefix="sb")
    seat = DraftSeat.objects.get(registration=regs[0])
    page = client_for(judge).get(reverse("drafts:draft_console", args=[event.pk])).content
    assert f'data-testid="to-bot-{seat.pk}"'.encode() not in page
    with pytest.raises(ConflictError) as refused:
        seat_set_bot(actor=judge, pod_id=seat.pod_id, seat_id=seat.pk, bot=True)
    assert refused.value.code == "drafting_over"
    seat.refresh_from_db()
    assert not seat.bot


def test_a_late_player_with_no_seat_is_told_a_judge_must_give_them_a_pool():
    from config.errors import ConflictError
    from decklists.services.lists import deck_list_submit
    from rulings.models import Card
    from tests.tournaments.helpers import add_players

    event, _judge, _regs = draft_event(2, auction=False, prefix="lp")
    late = add_players(event, 1, prefix="lpx")[0]
    card = Card.objects.select_related("edition").order_by("pk").first()
    line = f"41 {card.edition.code} {card.number}"
    with pytest.raises(ConflictError) as refused:
        deck_list_submit(event=event, player=late.player, text=line, actor=late.player)
    assert refused.value.code == "no_draft_pool"
    assert "a judge must first give you a card pool" in refused.value.message
    assert not DeckList.objects.filter(event=event, player=late.player).exists()
