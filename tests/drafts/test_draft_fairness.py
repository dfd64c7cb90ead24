"""A booster draft run fairly as an event: the DAR's fixed 41-card minimum, any number of
copies, deck building timed, round 1 waiting for deck building, no late player left out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config.errors import DomainError
from drafts.models import CardInstance, CardSource, DraftPhase, DraftSeat, Pod
from drafts.services import apply_draft_deadlines, draft_deck_submit
from rulings.models import Card
from tests.drafts.helpers import draft_event, move_deadline
from tests.tournaments.helpers import make_event, make_organiser
from tournaments.models.choices import EventFormat
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


def expire(pod: Pod) -> None:
    move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
    apply_draft_deadlines()
    pod.refresh_from_db()


def to_building(players: int = 2, **options) -> tuple:
    options.setdefault("auction", False)
    options.setdefault("review_seconds", 0)
    event, judge, regs = draft_event(players, **options)
    for pod in Pod.objects.filter(draft__event=event):
        while pod.phase == DraftPhase.DRAFTING:  # every step times out
            expire(pod)
        assert pod.phase == DraftPhase.BUILDING
    return event, judge, regs


def legal_deck(seat: DraftSeat, *, extra_copies: int = 0) -> dict[int, int]:
    """A 41-card deck for the seat: one Sanctuary and 40 copies of one other card, put in
    its pool (any number of copies is legal in a draft deck)."""
    sanctuary = Card.objects.filter(type="santuario").order_by("pk").first()
    other = Card.objects.exclude(type="santuario").order_by("pk").first()
    copies = 40 + extra_copies
    CardInstance.objects.bulk_create(
        [
            CardInstance(pod=seat.pod, card=other, owner=seat, source=CardSource.AUCTION)
            for _ in range(copies)
        ]
        + [CardInstance(pod=seat.pod, card=sanctuary, owner=seat, source=CardSource.AUCTION)]
    )
    return {sanctuary.pk: 1, other.pk: copies}


# --- 8. any number of copies -------------------------------------------------------------
def test_a_draft_deck_takes_a_hundred_copies_of_one_title():
    event, _judge, regs = to_building(2, prefix="cp")
    seat = DraftSeat.objects.get(registration=regs[0])
    deck = legal_deck(seat, extra_copies=60)  # 100 copies of one card
    deck_list, _parsed = draft_deck_submit(actor=regs[0].player, event_id=event.pk, quantities=deck)
    assert deck_list.card_count == 101
    assert max(e.quantity for e in deck_list.entries.all()) == 100


def test_the_parser_bound_stays_for_constructed_and_hostile_counts():
    from rulings.deckcheck import MAX_POOL_LINE_QUANTITY, parse_deck_list
    from rulings.demo import load_rulings_data
    from rulings.selectors import card_index

    load_rulings_data(sample=True)
    index = card_index()
    card = Card.objects.exclude(type="santuario").select_related("edition").first()
    line = f"100 {card.edition.code} {card.number}"
    assert not parse_deck_list(line, index).ok  # constructed: 99 at most on a line
    assert parse_deck_list(line, index, max_quantity=MAX_POOL_LINE_QUANTITY).ok
    huge = f"{10**40} {card.edition.code} {card.number}"
    parsed = parse_deck_list(huge, index, max_quantity=MAX_POOL_LINE_QUANTITY)
    assert [e.code for e in parsed.errors] == ["bad_quantity"]


# --- 4. the 41-card minimum is the DAR's -------------------------------------------------
@pytest.mark.parametrize("size", [20, 60])
def test_a_draft_event_refuses_another_minimum_in_the_service(size):
    organiser = make_organiser("min_orga")
    with pytest.raises(DomainError) as refused:
        make_event(organiser, format=EventFormat.BOOSTER_DRAFT, min_deck_size=size)
    assert refused.value.field == "min_deck_size"
    event = make_event(organiser, format=EventFormat.BOOSTER_DRAFT)
    assert event.min_deck_size == 41
    with pytest.raises(DomainError):
        event_update(actor=organiser, event_id=event.pk, min_deck_size=size)
    # switching a constructed event of 60 cards to a draft brings it back to 41
    other = make_event(organiser, name="Constructed", min_deck_size=60)
    event_update(actor=organiser, event_id=other.pk, format=EventFormat.BOOSTER_DRAFT)
    other.refresh_from_db()
    assert other.min_deck_size == 41


@pytest.mark.parametrize("size", [20, 60])
def test_the_api_refuses_another_minimum_for_a_draft_naming_the_field(size):
    organiser = make_organiser("min_api")
    api = APIClient()
    api.force_authenticate(organiser)
    created = api.post(
        "/api/events/",
        {"name": "Draft", "date": "2026-12-12", "format": "booster-draft", "min_deck_size": size},
        format="json",
    )
    assert created.status_code == 400 and "min_deck_size" in created.json()
    event = make_event(organiser, format=EventFormat.BOOSTER_DRAFT)
    patched = api.patch(f"/api/events/{event.pk}/", {"min_deck_size": size}, format="json")
    assert patched.status_code == 400 and "min_deck_size" in patched.json()
    event.refresh_from_db()
    assert event.min_deck_size == 41


def test_a_draft_events_settings_page_does_not_offer_the_minimum():
    organiser = make_organiser("min_page")
    event = make_event(organiser, format=EventFormat.BOOSTER_DRAFT)
    client = Client()
    client.force_login(organiser)
    body = client.get(reverse("tournaments:event_edit", args=[event.pk])).content.decode()
    assert 'name="format"' in body and 'name="min_deck_size"' not in body


# --- 7. a late player is never left out of round 1 ---------------------------------------
def test_check_in_after_the_draft_started_is_refused_saying_what_a_judge_can_do():
    from config.errors import ConflictError
    from tests.tournaments.helpers import add_players
    from tournaments.services.registration import registration_check_in

    event, judge, _regs = draft_event(4, auction=False, paper=True, pack_editions=[], prefix="lt")
    late = add_players(event, 1, checked_in=False, prefix="late")[0]
    with pytest.raises(ConflictError, match="bot's seat") as refused:
        registration_check_in(actor=judge, registration_id=late.pk)
    assert refused.value.code == "draft_started_no_seat"
    late.refresh_from_db()
    assert late.status == "registered"


def test_a_judge_seats_a_late_player_in_a_bots_seat_before_picking():
    from config.errors import ConflictError
    from drafts.services import seat_assign_player
    from tests.tournaments.helpers import add_players
    from tournaments.models import AuditEntry

    event, judge, _regs = draft_event(
        3, bots=1, auction=False, paper=True, pack_editions=[], prefix="sb"
    )
    late = add_players(event, 1, checked_in=False, prefix="lsb")[0]
    pod = Pod.objects.get(draft__event=event)
    bot_seat = pod.seats.get(registration__isnull=True)
    seat = seat_assign_player(
        actor=judge, pod_id=pod.pk, seat_id=bot_seat.pk, registration_id=late.pk, reason="late"
    )
    assert seat.registration_id == late.pk and not seat.bot
    late.refresh_from_db()
    assert late.status == "checked_in"
    assert AuditEntry.objects.filter(event=event, action="draft.seat_player").exists()
    # once the picking has started, nobody new takes a seat
    other = add_players(event, 1, checked_in=False, prefix="lsc")[0]
    from drafts.services import pod_begin_picking, seat_set_bot

    pod_begin_picking(actor=judge, pod_id=pod.pk)
    seat_set_bot(actor=judge, pod_id=pod.pk, seat_id=seat.pk, bot=True)
    with pytest.raises(ConflictError, match="picking has started"):
        seat_assign_player(actor=judge, pod_id=pod.pk, seat_id=seat.pk, registration_id=other.pk)


def test_a_player_entered_without_a_seat_is_paired_in_round_one():
    from decklists.services.lists import deck_list_submit
    from drafts.services import draft_enter_without_seat
    from tests.tournaments.helpers import add_players
    from tournaments.services.rounds import round_pair_next

    event, judge, _regs = draft_event(4, auction=False, paper=True, pack_editions=[], prefix="ws")
    late = add_players(event, 1, checked_in=False, prefix="lws")[0]
    card = Card.objects.exclude(type="santuario").select_related("edition").first()
    deck_list_submit(
        event=event,
        player=late.player,
        text=f"41 {card.edition.code} {card.number}",
        actor=late.player,
    )
    draft_enter_without_seat(actor=judge, registration_id=late.pk, reason="came late")
    Pod.objects.filter(draft__event=event).update(phase=DraftPhase.DONE, deadline=None)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    paired = [p for m in round_.matches.all() for p in (m.player_a_id, m.player_b_id) if p]
    assert late.pk in paired and len(paired) == 5
    assert round_.matches.filter(player_b__isnull=True).count() == 1


def test_round_one_refuses_to_leave_an_active_player_out():
    from config.errors import ConflictError
    from drafts.services.pairing import ensure_everyone_paired
    from tests.tournaments.helpers import add_players
    from tournaments.models import Registration
    from tournaments.pairing import Pairing

    event, _judge, regs = draft_event(4, auction=False, paper=True, pack_editions=[], prefix="ap")
    extra = add_players(event, 1, prefix="apx")[0]
    active = set(Registration.objects.filter(event=event).values_list("pk", flat=True))
    pairs = [Pairing(1, regs[0].pk, regs[1].pk), Pairing(2, regs[2].pk, regs[3].pk)]
    with pytest.raises(ConflictError, match=extra.name):
        ensure_everyone_paired(event, active, pairs)


# --- 3. round 1 waits for deck building --------------------------------------------------
def test_round_one_waits_for_deck_building_unless_a_judge_ends_it():
    from config.errors import ConflictError
    from drafts.services import pod_end_building
    from tournaments.models import AuditEntry
    from tournaments.services.rounds import round_pair_next

    event, judge, _regs = to_building(2, prefix="wb")
    pod = Pod.objects.get(draft__event=event)
    with pytest.raises(ConflictError, match="Deck building is still under way"):
        round_pair_next(actor=judge, event_id=event.pk)
    pod.refresh_from_db()
    assert pod.phase == DraftPhase.BUILDING
    with pytest.raises(DomainError):
        pod_end_building(actor=judge, pod_id=pod.pk, reason=" ")
    pod_end_building(actor=judge, pod_id=pod.pk, reason="the room closes")
    pod.refresh_from_db()
    assert pod.phase == DraftPhase.DONE
    assert AuditEntry.objects.get(event=event, action="draft.end_building").reason
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    assert round_.matches.count() == 1


def test_round_one_pairs_at_once_when_every_deck_is_in():
    from tournaments.services.rounds import round_pair_next

    event, judge, regs = to_building(2, prefix="ad")
    for reg in regs:
        seat = DraftSeat.objects.get(registration=reg)
        draft_deck_submit(actor=reg.player, event_id=event.pk, quantities=legal_deck(seat))
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    assert round_.matches.count() == 1
    assert set(
        DraftSeat.objects.filter(pod__draft__event=event).values_list("deck_state", flat=True)
    ) == {"deck"}


# --- 2. deck building is timed -----------------------------------------------------------
def test_at_the_deadline_the_saved_deck_counts_and_a_late_submission_is_refused():
    from django.utils import translation

    from config.errors import ConflictError
    from decklists.models import DeckList
    from drafts.services import draft_deck_save

    event, _judge, regs = to_building(2, prefix="tb")
    saver, idle = regs
    seat = DraftSeat.objects.get(registration=saver)
    deck = legal_deck(seat)
    draft_deck_save(actor=saver.player, event_id=event.pk, quantities=deck)
    assert not DeckList.objects.filter(event=event).exists()  # saved, not submitted
    pod = Pod.objects.get(draft__event=event)
    expire(pod)
    assert pod.phase == DraftPhase.DONE
    states = dict(DraftSeat.objects.filter(pod=pod).values_list("registration_id", "deck_state"))
    assert states == {saver.pk: "deck", idle.pk: "no_legal_deck"}
    assert DeckList.objects.get(event=event, player=saver.player).card_count == 41
    idle_seat = DraftSeat.objects.get(registration=idle)
    with translation.override("es"), pytest.raises(ConflictError) as late:
        draft_deck_submit(actor=idle.player, event_id=event.pk, quantities=legal_deck(idle_seat))
    assert late.value.code == "building_over"
    assert "construcción" in late.value.message.lower()
    assert not DeckList.objects.filter(event=event, player=idle.player).exists()


def test_a_judge_gives_one_seat_more_time_and_round_one_flags_no_legal_deck():
    from drafts.services import seat_extend_building
    from tournaments.models import AuditEntry
    from tournaments.services.rounds import round_pair_next

    event, judge, regs = to_building(4, prefix="xs")
    pod = Pod.objects.get(draft__event=event)
    slow, *others = regs
    seat = DraftSeat.objects.get(registration=slow)
    expire(pod)  # everyone's time is up; nobody saved a deck
    assert pod.phase == DraftPhase.DONE
    seat_extend_building(actor=judge, pod_id=pod.pk, seat_id=seat.pk, seconds=60, reason="ill")
    pod.refresh_from_db()
    seat.refresh_from_db()
    assert pod.phase == DraftPhase.BUILDING and seat.deck_state == ""
    assert AuditEntry.objects.filter(event=event, action="draft.extend_seat_building").exists()
    draft_deck_submit(actor=slow.player, event_id=event.pk, quantities=legal_deck(seat))
    round_ = round_pair_next(actor=judge, event_id=event.pk)  # every open seat has a deck
    flagged = {
        f["params"]["player"]
        for m in round_.matches.all()
        for f in m.flags
        if f["code"] == "no_legal_deck"
    }
    assert flagged == {r.pk for r in others}


def test_the_ordinary_deck_list_page_is_refused_after_building_too():
    from config.errors import ConflictError
    from decklists.services.lists import deck_list_submit

    event, _judge, regs = to_building(2, prefix="ol")
    expire(Pod.objects.get(draft__event=event))
    card = Card.objects.exclude(type="santuario").select_related("edition").first()
    with pytest.raises(ConflictError):
        deck_list_submit(
            event=event,
            player=regs[0].player,
            text=f"41 {card.edition.code} {card.number}",
            actor=regs[0].player,
        )
