"""Swiss round 1 of a booster draft, paired across the table within each pod."""

from __future__ import annotations

import pytest

from config.errors import ConflictError
from drafts.models import DraftPhase, Pod
from tests.drafts.helpers import draft_event
from tournaments.services.rounds import round_pair_next

pytestmark = pytest.mark.django_db


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


@pytest.mark.parametrize(("players", "byes"), [(10, 0), (11, 1)])
def test_round_one_of_two_odd_pods_pairs_their_odd_seats(players, byes):
    event, judge, _regs = draft_event(players, auction=False, paper=True, pack_editions=[])
    Pod.objects.filter(draft__event=event).update(phase=DraftPhase.DONE)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    matches = list(round_.matches.all())
    assert sum(m.player_b_id is None for m in matches) == byes
    seated = set(event.registrations.values_list("pk", flat=True))
    paired = [p for m in matches for p in (m.player_a_id, m.player_b_id) if p is not None]
    assert sorted(paired) == sorted(seated)
    across = [m for m in matches if any(f["code"] == "other_pod" for f in m.flags)]
    assert len(across) == (1 if players == 10 else 0)
