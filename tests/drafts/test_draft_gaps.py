"""The issue's list walked against the code: a player who drops mid-draft leaves the seat
to a bot (their cards stay where they are); the DAR's 2 minutes to review the decks after
the auction; deck building's 2 minutes, which a judge extends; paper mode on the judges'
console (seating, the first bidder, the step timer, pass left / right, no cards)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from drafts.models import CardInstance, DraftPhase, DraftSeat, Pack, Pick, PickKind, Pod
from drafts.services import (
    apply_draft_deadlines,
    draft_pick,
    pod_extend,
    seat_set_bot,
)
from drafts.services.flow import step_view
from tests.drafts.helpers import draft_event, move_deadline
from tests.drafts.test_draft_services import conserved
from tournaments.models import AuditEntry, Registration
from tournaments.models.choices import RegistrationStatus
from tournaments.services.registration import registration_drop

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def expire(pod: Pod) -> None:
    move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
    apply_draft_deadlines()
    pod.refresh_from_db()


def test_a_player_who_drops_mid_draft_leaves_the_seat_to_a_bot():
    event, _judge, regs = draft_event(3, auction=False, review_seconds=0, prefix="dr")
    pod = Pod.objects.get(draft__event=event)
    seats = {s.registration_id: s for s in DraftSeat.objects.filter(pod=pod)}
    stayer, leaver, third = regs
    # the first player picks; then the second drops in the middle of the step
    card = step_view(pod).cards[seats[stayer.pk].pk][0]
    draft_pick(
        actor=stayer.player, pod_id=pod.pk, pack_round=1, pick_number=1, card_instance_id=card.pk
    )
    registration_drop(actor=leaver.player, registration_id=leaver.pk)
    # the player is dropped (not deleted: the seat, its packs and picks stay) and a bot
    # picked for them at once
    leaver.refresh_from_db()
    assert leaver.status == RegistrationStatus.DROPPED
    seat = DraftSeat.objects.get(pk=seats[leaver.pk].pk)
    assert seat.bot and seat.registration_id == leaver.pk
    assert Pick.objects.get(seat=seat, pack_round=1, pick_number=1).kind == PickKind.BOT
    assert Pack.objects.filter(opener=seat).count() == 4
    assert AuditEntry.objects.filter(event=event, action="draft.seat_to_bot").exists()
    # the step waits only for the third player; their pick passes the packs
    pod.refresh_from_db()
    assert (pod.pack_round, pod.pick_number) == (1, 1)
    card = step_view(pod).cards[seats[third.pk].pk][0]
    pod = draft_pick(
        actor=third.player, pod_id=pod.pk, pack_round=1, pick_number=1, card_instance_id=card.pk
    ).pod
    assert (pod.pack_round, pod.pick_number) == (1, 2)
    # from now on the bot picks for that seat with every step
    card = step_view(pod).cards[seats[stayer.pk].pk][0]
    draft_pick(
        actor=stayer.player, pod_id=pod.pk, pack_round=1, pick_number=2, card_instance_id=card.pk
    )
    assert Pick.objects.get(seat=seat, pack_round=1, pick_number=2).kind == PickKind.BOT
    conserved(pod)


def test_a_drop_before_the_draft_starts_still_just_leaves_the_event():
    _event, _judge, regs = draft_event(3, start=False, auction=False, prefix="db")
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    assert not Registration.objects.filter(pk=regs[0].pk).exists()


def test_after_the_auction_two_minutes_to_review_then_the_picking():
    event, judge, regs = draft_event(2, prefix="rv")  # auction on, DAR's review time
    pod = Pod.objects.get(draft__event=event)
    assert pod.phase == DraftPhase.AUCTION
    for seat in DraftSeat.objects.filter(pod=pod):  # both players leave it to the bots
        seat_set_bot(actor=judge, pod_id=pod.pk, seat_id=seat.pk, bot=True)
    pod.refresh_from_db()
    assert pod.phase == DraftPhase.REVIEW
    left = (pod.deadline - timezone.now()).total_seconds()
    assert 110 < left <= 120
    # the players see the deck they won while the review lasts
    page = client_for(regs[0].player).get(reverse("drafts:my_draft", args=[event.pk]))
    html = page.content.decode()
    assert 'data-testid="review"' in html and 'data-testid="my-auction-deck"' in html
    assert not Pick.objects.filter(pod=pod).exists()
    # the review over, the picking starts (two bots: it runs to the end at once)
    expire(pod)
    assert pod.phase == DraftPhase.BUILDING
    assert Pick.objects.filter(pod=pod).count() == 2 * 48


def test_deck_building_has_two_minutes_a_judge_extends():
    event, judge, _regs = draft_event(2, auction=False, review_seconds=0, prefix="bd")
    pod = Pod.objects.get(draft__event=event)
    while pod.phase == DraftPhase.DRAFTING:  # every step times out
        expire(pod)
    assert pod.phase == DraftPhase.BUILDING
    left = (pod.deadline - timezone.now()).total_seconds()
    assert 110 < left <= 120
    before = pod.deadline
    pod_extend(actor=judge, pod_id=pod.pk, seconds=60, reason="slow printer")
    pod.refresh_from_db()
    assert pod.deadline == before + timedelta(seconds=60)
    entry = AuditEntry.objects.get(event=event, action="draft.extend")
    assert entry.after["phase"] == DraftPhase.BUILDING and entry.reason == "slow printer"
    # the extended deadline, not the first one, ends deck building
    move_deadline(pod.pk, before + timedelta(seconds=30))
    pod.refresh_from_db()
    assert apply_draft_deadlines(now=before + timedelta(seconds=1)) == 0
    expire(pod)
    assert pod.phase == DraftPhase.DONE


def test_paper_mode_is_a_judges_screen_tracking_no_cards():
    event, judge, _regs = draft_event(5, paper=True, pack_editions=[], prefix="pm")
    desk = client_for(judge)
    console = reverse("drafts:draft_console", args=[event.pk])
    pod = Pod.objects.get(draft__event=event)
    page = desk.get(console).content.decode()
    # seating round the table (every seat, in order) and the auction's first player
    seats = list(DraftSeat.objects.filter(pod=pod).order_by("position"))
    where = [page.index(f'data-testid="seat-{pod.number}-{s.position + 1}"') for s in seats]
    assert where == sorted(where) and len(where) == 5
    assert 'data-testid="paper-starter"' in page
    desk.post(reverse("drafts:pod_action", args=[pod.pk, "begin"]))
    page = desk.get(console).content.decode()
    assert "Pack 1, pick 1" in page and "Pass left" in page and "50 seconds" in page
    # the step timer runs out: the next step (the judge calls the pass)
    pod.refresh_from_db()
    expire(pod)
    assert (pod.pack_round, pod.pick_number) == (1, 2)
    page = desk.get(console).content.decode()
    assert "Pack 1, pick 2" in page and "45 seconds" in page
    # pack 2 passes right
    while pod.pack_round == 1:
        expire(pod)
    page = desk.get(console).content.decode()
    assert "Pack 2, pick 1" in page and "Pass right" in page
    # and no card is tracked
    assert not Pack.objects.filter(pod=pod).exists()
    assert not CardInstance.objects.filter(pod=pod).exists()
    assert not Pick.objects.filter(pod=pod).exists()
