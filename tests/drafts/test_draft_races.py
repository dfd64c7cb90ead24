"""A pick racing its own step deadline, on real concurrent connections: exactly one wins
(the player's card or the random timeout card), the other changes nothing, never a 500 or
a deadlock; the cards add up afterwards. On SQLite the write lock serialises them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.errors import DomainError
from drafts.models import CardInstance, Pick, PickKind, Pod
from drafts.services import apply_draft_deadlines, draft_pick, seat_set_bot
from drafts.services.flow import step_view
from tests.drafts.helpers import draft_event, move_deadline
from tests.tournaments.services.test_concurrency import race

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.mark.parametrize("trial", range(4))
def test_a_pick_racing_its_deadline_exactly_one_wins(trial):
    event, _judge, _regs = draft_event(2, auction=False, prefix=f"r{trial}")
    pod = Pod.objects.get(draft__event=event)
    first = pod.seats.get(position=0)
    card = step_view(pod).cards[first.pk][0]
    # The deadline falls right now: the sweep and the pick meet on the pod row.
    move_deadline(pod.pk, timezone.now() + timedelta(milliseconds=5))
    outcomes = race(
        lambda: draft_pick(
            actor=first.registration.player,
            pod_id=pod.pk,
            pack_round=1,
            pick_number=1,
            card_instance_id=card.pk,
        ),
        lambda: apply_draft_deadlines(timezone.now() + timedelta(seconds=1)),
    )
    unexpected = [
        o for o in outcomes if isinstance(o, Exception) and not isinstance(o, DomainError)
    ]
    assert unexpected == []
    picks = list(Pick.objects.filter(seat=first, pack_round=1, pick_number=1))
    assert len(picks) == 1
    if isinstance(outcomes[0], DomainError):
        assert picks[0].kind == PickKind.TIMEOUT
    else:
        assert picks[0].kind == PickKind.PLAYER and picks[0].card_instance_id == card.pk
    total = CardInstance.objects.filter(pod=pod).count()
    assert total == 2 * 48
    assert (
        Pick.objects.filter(pod=pod).count()
        == CardInstance.objects.filter(pod=pod, owner__isnull=False).count()
    )


@pytest.mark.parametrize("trial", range(3))
def test_a_pick_racing_a_judge_handing_the_seat_to_a_bot(trial):
    event, judge, _regs = draft_event(2, auction=False, prefix=f"b{trial}")
    pod = Pod.objects.get(draft__event=event)
    first = pod.seats.get(position=0)
    card = step_view(pod).cards[first.pk][0]
    outcomes = race(
        lambda: draft_pick(
            actor=first.registration.player,
            pod_id=pod.pk,
            pack_round=1,
            pick_number=1,
            card_instance_id=card.pk,
        ),
        lambda: seat_set_bot(actor=judge, pod_id=pod.pk, seat_id=first.pk, bot=True),
    )
    unexpected = [
        o for o in outcomes if isinstance(o, Exception) and not isinstance(o, DomainError)
    ]
    assert unexpected == []
    assert Pick.objects.filter(seat=first, pack_round=1, pick_number=1).count() == 1
