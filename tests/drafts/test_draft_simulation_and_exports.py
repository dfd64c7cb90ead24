"""``simulate_draft`` through the real services, and the picks and pools exports."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.management import call_command

from drafts.models import DraftPhase, Pick, PickKind, Pod
from drafts.services.simulation import simulate_draft
from tests.drafts.helpers import draft_event
from tournaments.exports import export_csv
from tournaments.models import Event
from tournaments.visibility import everything, visibility_for

pytestmark = pytest.mark.django_db


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_simulate_draft_runs_every_pod_to_the_end_with_timeouts_through_the_deadline_path():
    out = io.StringIO()
    call_command("simulate_draft", players=9, seed=5, timeout_rate=0.2, stdout=out)
    event_id = int(out.getvalue().splitlines()[0].split()[1])
    event = Event.objects.get(pk=event_id)
    pods = list(Pod.objects.filter(draft__event=event))
    assert [p.seats.count() for p in pods] == [5, 4]
    assert all(p.phase == DraftPhase.BUILDING for p in pods)
    assert Pick.objects.filter(pod__in=pods).count() == 9 * 48
    assert Pick.objects.filter(pod__in=pods, kind=PickKind.TIMEOUT).exists()

    picks = rows(export_csv(event, "picks", visibility=everything(event)))
    assert len(picks) == 9 * 48
    for column in (
        "pod",
        "seat",
        "pack_round",
        "pick",
        "pack_id",
        "card_instance",
        "card",
        "from_seat",
        "timed_out",
        "seconds_allowed",
    ):
        assert column in picks[0]
    assert {r["pack_round"] for r in picks} == {"1", "2", "3", "4"}
    assert {r["timed_out"] for r in picks} == {"true", "false"}
    first = [r for r in picks if r["pick"] == "1"]
    assert all(r["seat"] == r["from_seat"] and r["seconds_allowed"] == "50" for r in first)
    assert {r["seconds_allowed"] for r in picks if r["pick"] == "12"} == {"0"}
    pools = rows(export_csv(event, "pools", visibility=everything(event)))
    assert {r["source"] for r in pools} == {"auction", "draft"}
    assert len([r for r in pools if r["source"] == "draft"]) == 9 * 48


def test_simulation_is_reproducible_from_its_seed():
    a = simulate_draft(players=3, seed=11, timeout_rate=0.3).event
    b = simulate_draft(players=3, seed=11, timeout_rate=0.3).event
    names = [
        [r["card"] for r in rows(export_csv(e, "picks", visibility=everything(e)))] for e in (a, b)
    ]
    assert names[0] == names[1]


def test_a_player_gets_no_picks_or_pools_while_the_pod_drafts():
    event, judge, regs = draft_event(2, auction=False)
    player = regs[0].player
    assert rows(export_csv(event, "picks", visibility=visibility_for(player, event))) == []
    assert rows(export_csv(event, "pools", visibility=visibility_for(player, event))) == []
    Pod.objects.filter(draft__event=event).update(phase=DraftPhase.BUILDING)
    # Judges see the log at any time.
    assert rows(export_csv(event, "pools", visibility=visibility_for(judge, event))) == []
    assert len(rows(export_csv(event, "picks", visibility=visibility_for(player, event)))) == 0


# Whole drafts through the command (about 20 s each on two cores): an even field of two odd
# pods (10 = 5 + 5) and an odd field (21 = 7 + 7 + 7). Other sizes, 14 = 7 + 7 included,
# are the pure core's (tests/tournaments/draft/test_core_rounds.py).
@pytest.mark.parametrize(("players", "byes"), [(10, 0), (21, 1)])
def test_simulate_draft_pairs_round_one_with_n_mod_2_byes(players, byes):
    from tournaments.models import Match, Round

    out = io.StringIO()
    call_command("simulate_draft", players=players, seed=3, pair_round_1=True, stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("event ") and lines[1].startswith("round ")
    round_ = Round.objects.get(pk=int(lines[1].split()[1]))
    assert round_.status == "published" and round_.number == 1
    matches = Match.objects.filter(round=round_)
    assert matches.filter(player_b__isnull=True).count() == byes
    paired = [p for m in matches for p in (m.player_a_id, m.player_b_id) if p]
    assert len(paired) == len(set(paired)) == players


def test_simulate_draft_gives_one_draft_per_seed_however_busy_the_machine(monkeypatch):
    """A busy machine: ten minutes of real time pass at every look at the clock, so on the real
    clock every pod's deadlines would pass between its steps (and a later pod's while an
    earlier one drafts). The simulation runs on its own clock and does not notice."""
    from datetime import timedelta

    from django.utils import timezone

    real_now = timezone.now
    looks = [0]

    def busy_now():
        looks[0] += 1
        return real_now() + timedelta(minutes=10 * looks[0])

    monkeypatch.setattr(timezone, "now", busy_now)
    digests = []
    for _ in range(2):
        out = io.StringIO()
        call_command("simulate_draft", players=9, seed=5, timeout_rate=0.2, stdout=out)
        lines = out.getvalue().splitlines()
        event = Event.objects.get(pk=int(lines[0].split()[1]))
        pods = list(Pod.objects.filter(draft__event=event))
        assert all(p.phase == DraftPhase.BUILDING for p in pods)
        assert Pick.objects.filter(pod__in=pods).count() == 9 * 48
        digests.append(lines[1:])
    assert looks[0] > 0
    assert digests[0] == digests[1]
    assert digests[0][-1].startswith("draft sha256 ")
