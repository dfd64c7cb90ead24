"""Swiss round 1 of a booster draft, paired across the table within each pod."""

from __future__ import annotations

import pytest

from config.errors import ConflictError
from tests.tournaments.draft.helpers import draft_event
from tournaments.models import Pod
from tournaments.models.draft import DraftPhase
from tournaments.services.drafts.pairing import across_the_table
from tournaments.services.rounds import round_pair_next

pytestmark = pytest.mark.django_db


def test_across_the_table():
    assert across_the_table([1, 2, 3, 4, 5, 6, 7, 8]) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert across_the_table([1, 2, 3, 4, 5]) == [(1, 3), (2, 4), (5, None)]


def test_round_one_waits_for_the_draft_then_pairs_within_pods():
    event, judge, _regs = draft_event(12, auction=False, paper=True, pack_editions=[])
    with pytest.raises(ConflictError, match="Finish the draft"):
        round_pair_next(actor=judge, event_id=event.pk)
    Pod.objects.filter(draft__event=event).update(phase=DraftPhase.DONE)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    pods = {
        reg: pod
        for pod in Pod.objects.filter(draft__event=event)
        for reg in pod.seats.values_list("registration_id", flat=True)
    }
    matches = list(round_.matches.all())
    assert len(matches) == 6
    for match in matches:
        assert pods[match.player_a_id] == pods[match.player_b_id]
        pod = pods[match.player_a_id]
        a = pod.seats.get(registration_id=match.player_a_id).position
        b = pod.seats.get(registration_id=match.player_b_id).position
        assert b - a == pod.seats.count() // 2
