"""A booster draft through the services: auction, synchronous picks, timeouts, hidden
picks, judge actions, deck building."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from config.errors import ConflictError, DomainError, ForbiddenError
from drafts.models import CardInstance, CardSource, DraftPhase, DraftSeat, Pick, PickKind, Pod
from drafts.services import (
    apply_draft_deadlines,
    draft_bid,
    draft_deck_submit,
    draft_distribute,
    draft_pick,
    pack_replace,
    pod_extend,
    pod_pause,
    pod_resume,
    pool_entries,
    seat_set_bot,
)
from drafts.services.flow import deck_contents, step_view
from drafts.services.reading import drafter_view
from tests.drafts.helpers import draft_event
from tournaments.models import AuditEntry
from tournaments.visibility import visibility_for

pytestmark = pytest.mark.django_db


def conserved(pod: Pod) -> None:
    """Every instance of the pod is in exactly one place (the DB constraint) and the totals
    add up: packs + table decks + pools = everything created."""
    total = CardInstance.objects.filter(pod=pod).count()
    in_packs = CardInstance.objects.filter(pod=pod, pack__isnull=False).count()
    on_table = CardInstance.objects.filter(pod=pod, table_deck__isnull=False).count()
    owned = CardInstance.objects.filter(pod=pod, owner__isnull=False).count()
    assert in_packs + on_table + owned == total
    assert (
        Pick.objects.filter(pod=pod).count()
        == CardInstance.objects.filter(pod=pod, source=CardSource.DRAFT).count()
    )


def the_human(pod: Pod) -> DraftSeat:
    return pod.seats.get(bot=False)


def finish_auction(pod: Pod, player) -> Pod:
    """Play the human's auction turns: bid 1 when opening, else pass; take the first deck."""
    for _ in range(50):
        pod.refresh_from_db()
        if pod.phase != DraftPhase.AUCTION:
            return pod
        state = pod.auction_state["state"]
        seat = the_human(pod)
        assert state["to_act"] == seat.position
        if state["phase"] == "bidding":
            amount = 1 if state["high_bid"] is None else None
            draft_bid(actor=player, pod_id=pod.pk, auction=state["number"], amount=amount)
        else:
            contents = deck_contents(pod)
            deck = sorted(contents)[0]
            others = sorted(set(contents) - {deck})
            n = min(state["high_bid"], len(contents[deck]))
            moves = {card: others[i % len(others)] for i, card in enumerate(contents[deck][:n])}
            draft_distribute(
                actor=player, pod_id=pod.pk, auction=state["number"], deck=deck, moves=moves
            )
    raise AssertionError("the auction did not end")


def test_one_player_and_seven_bots_draft_a_whole_pod():
    event, _judge, regs = draft_event(1, bots=7, review_seconds=0)
    pod = Pod.objects.get(draft__event=event)
    player = regs[0].player
    assert pod.seats.count() == 8
    conserved(pod)
    pod = finish_auction(pod, player)
    assert pod.phase == DraftPhase.DRAFTING
    assert CardInstance.objects.filter(owner__pod=pod, source=CardSource.AUCTION).count() == 8 * 45
    seat = the_human(pod)
    picks = 0
    while pod.phase == DraftPhase.DRAFTING:
        view = step_view(pod)
        # The bots have already picked: only the human is waited for.
        assert view.picked == {s.pk for s in view.seats if s.bot}
        card = view.cards[seat.pk][0]
        outcome = draft_pick(
            actor=player,
            pod_id=pod.pk,
            pack_round=pod.pack_round,
            pick_number=pod.pick_number,
            card_instance_id=card.pk,
        )
        picks += 1
        pod = outcome.pod
        conserved(pod)
    assert pod.phase == DraftPhase.BUILDING
    # 4 packs of 12: 44 player picks, and the last card of each pack taken at once.
    assert picks == 44
    assert Pick.objects.filter(seat=seat).count() == 48
    assert Pick.objects.filter(seat=seat, kind=PickKind.LAST).count() == 4
    assert Pick.objects.filter(pod=pod).count() == 8 * 48
    assert not CardInstance.objects.filter(pod=pod, pack__isnull=False).exists()
    bot_pick = Pick.objects.filter(pod=pod, kind=PickKind.BOT).first()
    assert bot_pick.reason


def test_a_table_of_players_opens_each_step_as_reading_the_whole_table_would():
    """Given three players and no bots, when each step's last pick passes the packs (the
    next step worked out from the one just closed, not read again), then every step opens
    as a fresh read of the table has it: the picker's next pack in the pick's answer, the
    step's time for packs of that size, and the last card of each pack taken at once."""
    from drafts.core.timers import pick_seconds

    event, _judge, regs = draft_event(3, auction=False, review_seconds=0, prefix="cs")
    pod = Pod.objects.get(draft__event=event)
    by_player = {s.registration.player_id: s for s in pod.seats.select_related("registration")}
    while pod.phase == DraftPhase.DRAFTING:
        step = (pod.pack_round, pod.pick_number)
        whole = step_view(pod)
        for reg in regs:
            seat = by_player[reg.player_id]
            outcome = draft_pick(
                actor=reg.player,
                pod_id=pod.pk,
                pack_round=step[0],
                pick_number=step[1],
                card_instance_id=whole.cards[seat.pk][0].pk,
            )
        pod = outcome.pod
        conserved(pod)
        if pod.phase != DraftPhase.DRAFTING:
            break
        read = step_view(pod)
        sizes = {len(cards) for cards in read.cards.values()}
        assert len(sizes) == 1 and read.picked == set()
        answer = outcome.step.cards[outcome.seat.pk]
        assert [c.pk for c in answer] == [c.pk for c in read.cards[outcome.seat.pk]]
        assert [c.card.name for c in answer] == [c.card.name for c in read.cards[outcome.seat.pk]]
        seconds = (pod.deadline - outcome.pick.picked_at).total_seconds()
        assert seconds == pick_seconds(sizes.pop())
    assert pod.phase == DraftPhase.BUILDING
    for seat in by_player.values():
        assert Pick.objects.filter(seat=seat).count() == 48
        assert Pick.objects.filter(seat=seat, kind=PickKind.LAST).count() == 4
        assert not Pick.objects.filter(seat=seat, kind=PickKind.TIMEOUT).exists()
    allowed = Pick.objects.filter(seat=seat, pack_round=1).order_by("pick_number")
    assert list(allowed.values_list("seconds_allowed", flat=True)) == [
        pick_seconds(n) for n in range(12, 0, -1)
    ]


def test_every_bot_pick_follows_the_rule_from_the_seats_picks_before_it():
    """Given a pod of eight bots, drafted whole the moment the picking starts, when the
    pick log is replayed (each pack's cards at a step are those picked from it at that step
    or later), then every bot pick is the card, with the reason, that the bot rule gives for
    that pack and the seat's earlier picks; and the bots did lean to a faction."""
    from drafts.core.bots import BotCard, bot_pick

    event, _judge, _regs = draft_event(0, bots=8, auction=False, review_seconds=0, prefix="bm")
    pod = Pod.objects.get(draft__event=event)
    assert pod.phase == DraftPhase.BUILDING
    picks = list(
        Pick.objects.filter(pod=pod)
        .select_related("card_instance__card")
        .order_by("pack_round", "pick_number", "seat__position")
    )

    def bot_card(pick: Pick) -> BotCard[int]:
        card = pick.card_instance.card
        return BotCard(pick.card_instance_id, card.rarity, card.faction, card.name)

    earlier: dict[int, list[BotCard[int]]] = {}
    leaned = 0
    for pick in picks:
        history = earlier.setdefault(pick.seat_id, [])
        if pick.kind == PickKind.BOT:
            pack = [
                bot_card(p)
                for p in picks
                if p.pack_id == pick.pack_id and p.pick_number >= pick.pick_number
            ]
            expected = bot_pick(pack, history)
            assert (pick.card_instance_id, pick.reason) == (expected.card, expected.reason)
            leaned += "faction of its strongest picks" in pick.reason
        history.append(bot_card(pick))
    assert Pick.objects.filter(pod=pod, kind=PickKind.BOT).count() == 8 * 44
    assert leaned > 0


def test_a_seat_that_does_not_pick_in_time_gets_a_random_card_through_the_deadline():
    event, _judge, _regs = draft_event(2, bots=0, auction=False)
    pod = Pod.objects.get(draft__event=event)
    assert pod.phase == DraftPhase.DRAFTING and pod.deadline is not None
    seconds = (pod.deadline - timezone.now()).total_seconds()
    assert 45 < seconds <= 50  # 12 cards: 50 s
    first, second = pod.seats.order_by("position")
    card = step_view(pod).cards[first.pk][0]
    draft_pick(
        actor=first.registration.player,
        pod_id=pod.pk,
        pack_round=1,
        pick_number=1,
        card_instance_id=card.pk,
    )
    late = pod.deadline + timedelta(seconds=1)
    assert apply_draft_deadlines(late) == 1
    assert apply_draft_deadlines(late) == 0  # idempotent
    pod.refresh_from_db()
    assert (pod.pack_round, pod.pick_number) == (1, 2)
    timed_out = Pick.objects.get(seat=second, pack_round=1, pick_number=1)
    assert timed_out.kind == PickKind.TIMEOUT
    assert timed_out.picked_at == timed_out.picked_at  # recorded at the deadline
    assert timed_out.seconds_allowed == 50
    # A late request for the step that timed out changes nothing and says why.
    with pytest.raises(ConflictError, match="Time ran out"):
        draft_pick(
            actor=second.registration.player,
            pod_id=pod.pk,
            pack_round=1,
            pick_number=1,
            card_instance_id=card.pk,
        )
    with pytest.raises(ConflictError, match="already picked"):
        draft_pick(
            actor=first.registration.player,
            pod_id=pod.pk,
            pack_round=1,
            pick_number=1,
            card_instance_id=card.pk,
        )
    with pytest.raises(ConflictError, match="has not started"):
        draft_pick(
            actor=first.registration.player,
            pod_id=pod.pk,
            pack_round=2,
            pick_number=1,
            card_instance_id=card.pk,
        )
    conserved(pod)


def test_a_pick_after_its_deadline_loses_to_the_deadline_on_the_read_path(monkeypatch):
    event, _judge, _regs = draft_event(2, auction=False)
    pod = Pod.objects.get(draft__event=event)
    first = pod.seats.get(position=0)
    card = step_view(pod).cards[first.pk][0]
    later = pod.deadline + timedelta(seconds=2)
    monkeypatch.setattr("django.utils.timezone.now", lambda: later)
    with pytest.raises(ConflictError, match="Time ran out"):
        draft_pick(
            actor=first.registration.player,
            pod_id=pod.pk,
            pack_round=1,
            pick_number=1,
            card_instance_id=card.pk,
        )
    assert Pick.objects.get(seat=first, pack_round=1, pick_number=1).kind == PickKind.TIMEOUT


def test_bad_pick_requests_are_refused_and_change_nothing():
    event, judge, _regs = draft_event(2, auction=False)
    pod = Pod.objects.get(draft__event=event)
    first, second = pod.seats.order_by("position")
    view = step_view(pod)
    with pytest.raises(DomainError, match="not in the pack"):
        draft_pick(
            actor=first.registration.player,
            pod_id=pod.pk,
            pack_round=1,
            pick_number=1,
            card_instance_id=view.cards[second.pk][0].pk,
        )
    with pytest.raises(DomainError):
        draft_pick(
            actor=first.registration.player,
            pod_id=pod.pk,
            pack_round="1",
            pick_number=1,
            card_instance_id=1,
        )
    with pytest.raises(ForbiddenError):
        draft_pick(actor=judge, pod_id=pod.pk, pack_round=1, pick_number=1, card_instance_id=1)
    assert not Pick.objects.filter(pod=pod).exists()


def test_the_database_refuses_a_card_in_two_places_and_a_second_pick_per_step():
    event, _judge, _regs = draft_event(2, auction=False)
    pod = Pod.objects.get(draft__event=event)
    instance = CardInstance.objects.filter(pod=pod).first()
    seat = pod.seats.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        CardInstance.objects.filter(pk=instance.pk).update(owner=seat, source="draft")
    with pytest.raises(IntegrityError), transaction.atomic():
        CardInstance.objects.filter(pk=instance.pk).update(pack=None)


def test_hidden_picks_a_player_sees_only_the_pack_in_front_until_drafting_is_complete():
    event, judge, _regs = draft_event(2, auction=False, building_seconds=60)
    pod = Pod.objects.get(draft__event=event)
    first, second = pod.seats.order_by("position")
    player = first.registration.player
    mine = drafter_view(first, visibility_for(player, event))
    assert len(mine.pack) == 12 and mine.pool is None
    theirs = drafter_view(second, visibility_for(player, event))
    assert theirs.pack == [] and theirs.pool is None
    judges = drafter_view(second, visibility_for(judge, event))
    assert len(judges.pack) == 12
    draft_pick(
        actor=player,
        pod_id=pod.pk,
        pack_round=1,
        pick_number=1,
        card_instance_id=mine.pack[0].id,
    )
    after = drafter_view(first, visibility_for(player, event))
    assert after.picked_this_step and after.pack == [] and after.pool is None


def test_judge_actions_pause_extend_bot_and_back_are_audited():
    event, judge, _regs = draft_event(2, auction=False)
    pod = Pod.objects.get(draft__event=event)
    first, second = pod.seats.order_by("position")
    pod = pod_pause(actor=judge, pod_id=pod.pk)
    assert pod.deadline is None and pod.paused_remaining is not None
    with pytest.raises(ConflictError, match="paused"):
        draft_pick(
            actor=first.registration.player,
            pod_id=pod.pk,
            pack_round=1,
            pick_number=1,
            card_instance_id=step_view(pod).cards[first.pk][0].pk,
        )
    pod = pod_resume(actor=judge, pod_id=pod.pk)
    before = pod.deadline
    pod = pod_extend(actor=judge, pod_id=pod.pk, seconds=30)
    assert pod.deadline == before + timedelta(seconds=30)
    with pytest.raises(DomainError):
        pod_extend(actor=judge, pod_id=pod.pk, seconds=0)
    pod = seat_set_bot(actor=judge, pod_id=pod.pk, seat_id=second.pk, bot=True)
    assert Pick.objects.get(seat=second, pack_round=1, pick_number=1).kind == PickKind.BOT
    with pytest.raises(ConflictError, match="bot holds your seat"):
        draft_pick(
            actor=second.registration.player,
            pod_id=pod.pk,
            pack_round=1,
            pick_number=2,
            card_instance_id=1,
        )
    seat_set_bot(actor=judge, pod_id=pod.pk, seat_id=second.pk, bot=False)
    actions = set(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert {
        "draft.pause",
        "draft.resume",
        "draft.extend",
        "draft.seat_to_bot",
        "draft.seat_to_player",
    } <= actions
    with pytest.raises(PermissionDenied):  # a player may not run the pod
        pod_pause(actor=first.registration.player, pod_id=pod.pk)


def test_a_judge_replaces_a_pack_before_picking_starts_on_it_only():
    event, judge, _regs = draft_event(2, auction=False)
    pod = Pod.objects.get(draft__event=event)
    later_pack = pod.packs.filter(pack_round=2).first()
    new = pack_replace(actor=judge, pack_id=later_pack.pk, reason="11 cards")
    assert new.cards.count() == 12 and new.replacement == 1
    later_pack.refresh_from_db()
    assert later_pack.replaced and later_pack.cards.count() == 0
    first, second = pod.seats.order_by("position")
    for seat in (first, second):
        draft_pick(
            actor=seat.registration.player,
            pod_id=pod.pk,
            pack_round=1,
            pick_number=1,
            card_instance_id=step_view(Pod.objects.get(pk=pod.pk)).cards[seat.pk][0].pk,
        )
    used = pod.packs.get(pack_round=1, opener=first, replaced=False)
    with pytest.raises(ConflictError):
        pack_replace(actor=judge, pack_id=used.pk)
    assert AuditEntry.objects.filter(event=event, action="draft.replace_pack").count() == 1


def test_the_auction_refuses_bad_bids_and_moves_the_bid_number_of_cards():
    event, _judge, _regs = draft_event(2, review_seconds=0)
    pod = Pod.objects.get(draft__event=event)
    state = pod.auction_state["state"]
    by_position = {s.position: s for s in pod.seats.all()}
    starter = by_position[state["to_act"]].registration.player
    other = by_position[1 - state["to_act"]].registration.player
    with pytest.raises(ConflictError):
        draft_bid(actor=other, pod_id=pod.pk, auction=1, amount=3)
    with pytest.raises(DomainError, match="from 1 to 54"):
        draft_bid(actor=starter, pod_id=pod.pk, auction=1, amount=0)
    with pytest.raises(DomainError):
        draft_bid(actor=starter, pod_id=pod.pk, auction=1, amount=None)
    with pytest.raises(ConflictError):
        draft_bid(actor=starter, pod_id=pod.pk, auction=2, amount=5)
    draft_bid(actor=starter, pod_id=pod.pk, auction=1, amount=5)
    draft_bid(actor=other, pod_id=pod.pk, auction=1, amount=None)
    pod.refresh_from_db()
    contents = deck_contents(pod)
    deck, target = sorted(contents)
    with pytest.raises(DomainError, match="exactly"):
        draft_distribute(
            actor=starter,
            pod_id=pod.pk,
            auction=1,
            deck=deck,
            moves={contents[deck][0]: target},
        )
    moves = {c: target for c in contents[deck][:5]}
    draft_distribute(actor=starter, pod_id=pod.pk, auction=1, deck=deck, moves=moves)
    pod.refresh_from_db()
    assert pod.phase == DraftPhase.DRAFTING
    starter_seat = pod.seats.get(registration__player=starter)
    assert CardInstance.objects.filter(owner=starter_seat).count() == 40
    assert CardInstance.objects.filter(owner__pod=pod, source="auction").count() == 90
    conserved(pod)


def test_an_auction_distribution_that_times_out_is_random_and_said_so():
    event, _judge, _regs = draft_event(2, review_seconds=0)
    pod = Pod.objects.get(draft__event=event)
    state = pod.auction_state["state"]
    starter_seat = pod.seats.get(position=state["to_act"])
    draft_bid(actor=starter_seat.registration.player, pod_id=pod.pk, auction=1, amount=7)
    pod.refresh_from_db()
    # The other player does not act: after the bid time they pass; then the winner's
    # distribution time runs out too.
    apply_draft_deadlines(pod.deadline + timedelta(seconds=1))
    pod.refresh_from_db()
    assert pod.auction_state["state"]["phase"] == "distributing"
    apply_draft_deadlines(pod.deadline + timedelta(seconds=1))
    pod.refresh_from_db()
    assert pod.phase == DraftPhase.DRAFTING
    log = pod.auction_state["log"]
    assert [e["how"] for e in log if e["action"] == "take"] == ["timeout"]
    assert CardInstance.objects.filter(owner=starter_seat).count() == 38
    conserved(pod)


def test_deck_building_from_the_pool_checked_by_the_sealed_rules():
    event, _judge, _regs = draft_event(1, bots=1, review_seconds=0, auction=False)
    pod = Pod.objects.get(draft__event=event)
    seat = the_human(pod)
    player = seat.registration.player
    with pytest.raises(ConflictError):
        draft_deck_submit(actor=player, event_id=event.pk, quantities={})
    while pod.phase == DraftPhase.DRAFTING:
        card = step_view(pod).cards[seat.pk][0]
        pod = draft_pick(
            actor=player,
            pod_id=pod.pk,
            pack_round=pod.pack_round,
            pick_number=pod.pick_number,
            card_instance_id=card.pk,
        ).pod
    entries = pool_entries(seat)
    assert sum(e.count for e in entries) == 48
    everything = {}
    sanctuary = False
    for e in entries:  # a deck has exactly one Sanctuary
        if e.card.is_sanctuary:
            if not sanctuary:
                everything[e.card.pk] = 1
                sanctuary = True
            continue
        everything[e.card.pk] = e.count
    if sum(everything.values()) < 41:
        pytest.skip("this seed drafted too many Sanctuaries for a 41-card deck")
    too_many = dict(everything)
    first = next(iter(too_many))
    too_many[first] += 1
    with pytest.raises(DomainError, match="Your pool has"):
        draft_deck_submit(actor=player, event_id=event.pk, quantities=too_many)
    small = {}
    for card_id, count in everything.items():
        if sum(small.values()) + count > 40:
            break
        small[card_id] = count
    with pytest.raises(DomainError, match="at least 41"):
        draft_deck_submit(actor=player, event_id=event.pk, quantities=small)
    deck_list, _parsed = draft_deck_submit(actor=player, event_id=event.pk, quantities=everything)
    assert deck_list.card_count == sum(everything.values())
    from decklists.selectors import deck_check_for

    report = deck_check_for(deck_list)
    assert not [e for e in report.check.errors if e.code in {"not_in_pool", "too_few_cards"}]


def test_a_refused_pick_says_why_in_spanish():
    from django.utils import translation

    event, _judge, regs = draft_event(2, auction=False)
    pod = Pod.objects.get(draft__event=event)
    with translation.override("es"), pytest.raises(ConflictError, match="aún no ha empezado"):
        draft_pick(
            actor=regs[0].player, pod_id=pod.pk, pack_round=3, pick_number=1, card_instance_id=1
        )
