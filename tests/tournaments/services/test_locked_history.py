"""History is locked: what was played cannot be rewritten by a settings change, and a
finished event is read-only until an audited reopen (page and API)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from config.errors import ConflictError, DomainError
from tournaments.models import AuditEntry
from tournaments.models.choices import EventStatus, MatchStatus
from tournaments.services.events import event_reopen, event_update
from tournaments.services.penalties import penalty_issue
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.services.rounds import round_pair_next, round_publish
from tournaments.services.topcut import event_finish, topcut_advance, topcut_start

pytestmark = pytest.mark.django_db
TWO_NIL = ReportedResult(2, 0)


def play_out(round_, judge, score=TWO_NIL):
    round_publish(actor=judge, round_id=round_.pk)
    for match in round_.matches.exclude(status=MatchStatus.CONFIRMED):
        match_set_result(actor=judge, match_id=match.pk, result=score)


def test_round_1_pins_and_locks_the_swiss_rounds(event, organiser, judge, regs):
    assert event.swiss_rounds is None
    round_pair_next(actor=judge, event_id=event.pk)
    event.refresh_from_db()
    assert event.swiss_rounds == 3  # recommended for 8 players, now pinned
    with pytest.raises(ConflictError, match="swiss_rounds"):
        event_update(actor=organiser, event_id=event.pk, swiss_rounds=5)
    # The cut size may still change during the Swiss rounds; the same value is no change.
    event_update(actor=organiser, event_id=event.pk, top_cut=4, swiss_rounds=3)


def test_the_cut_size_locks_when_the_top_cut_starts(event, organiser, judge, regs):
    event_update(actor=organiser, event_id=event.pk, swiss_rounds=1, top_cut=4)
    play_out(round_pair_next(actor=judge, event_id=event.pk), judge)
    topcut_start(actor=judge, event_id=event.pk)
    with pytest.raises(ConflictError, match="top cut has started: top_cut"):
        event_update(actor=organiser, event_id=event.pk, top_cut=8)
    event_update(actor=organiser, event_id=event.pk, venue="Hall B")  # not what was played


@pytest.fixture
def finished(event, organiser, judge, regs):
    event_update(actor=organiser, event_id=event.pk, swiss_rounds=1)
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    play_out(round1, judge)
    event_finish(actor=judge, event_id=event.pk)
    event.refresh_from_db()
    return round1


def test_a_finished_event_is_read_only(event, organiser, judge, regs, finished):
    match = finished.matches.first()
    with pytest.raises(ConflictError, match="finished"):
        event_update(actor=organiser, event_id=event.pk, venue="Elsewhere")
    with pytest.raises(ConflictError, match="finished"):
        event_update(actor=organiser, event_id=event.pk, swiss_rounds=5)
    with pytest.raises(ConflictError, match="finished"):
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(0, 2))
    with pytest.raises(ConflictError, match="finished"):
        penalty_issue(actor=judge, registration_id=match.player_a_id, kind="warning", reason="Late")
    match.refresh_from_db()
    assert (match.games_won_a, match.games_won_b) == (2, 0)


def test_an_audited_reopen_lets_a_judge_correct_it(event, judge, regs, finished):
    with pytest.raises(DomainError, match="why"):
        event_reopen(actor=judge, event_id=event.pk, reason=" ")
    event_reopen(actor=judge, event_id=event.pk, reason="Table 1 was entered backwards")
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    entry = AuditEntry.objects.get(action="event.reopen")
    assert entry.reason == "Table 1 was entered backwards" and entry.actor == judge
    match = finished.matches.first()
    match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(0, 2), reason="Fix")
    with pytest.raises(ConflictError, match="Only a finished event"):
        event_reopen(actor=judge, event_id=event.pk, reason="Twice")
    assert event_finish(actor=judge, event_id=event.pk).status == EventStatus.FINISHED


def test_reopening_a_top_cut_event_returns_to_its_bracket(event, organiser, judge, regs):
    event_update(actor=organiser, event_id=event.pk, swiss_rounds=1, top_cut=4)
    play_out(round_pair_next(actor=judge, event_id=event.pk), judge)
    play_out(topcut_start(actor=judge, event_id=event.pk), judge)
    final = topcut_advance(actor=judge, event_id=event.pk)
    play_out(final, judge)
    topcut_advance(actor=judge, event_id=event.pk)
    event_reopen(actor=judge, event_id=event.pk, reason="Final entered backwards")
    event.refresh_from_db()
    assert event.status == EventStatus.TOP_CUT
    match_set_result(
        actor=judge, match_id=final.matches.get().pk, result=ReportedResult(0, 2), reason="Fix"
    )
    assert topcut_advance(actor=judge, event_id=event.pk) is None
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED


def test_reopen_page_and_api(event, organiser, judge, regs, finished):
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert 'data-testid="finished-read-only"' in page and 'data-testid="reopen"' in page
    refused = client.post(f"/events/{event.pk}/reopen/", {"reopen-reason": ""})
    assert refused.status_code == 400
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    done = client.post(f"/events/{event.pk}/reopen/", {"reopen-reason": "Typo at table 2"})
    assert done.status_code == 302
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    event_finish(actor=judge, event_id=event.pk)
    api = APIClient()
    api.force_authenticate(organiser)
    assert api.patch(f"/api/events/{event.pk}/", {"venue": "x"}, format="json").status_code == 409
    api.force_authenticate(judge)
    assert api.post(f"/api/events/{event.pk}/reopen/", {}, format="json").status_code == 400
    answer = api.post(f"/api/events/{event.pk}/reopen/", {"reason": "Again"}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == EventStatus.RUNNING
    assert AuditEntry.objects.filter(action="event.reopen").count() == 2


def test_a_finished_event_page_claims_only_the_rounds_played(event, organiser, judge, regs):
    event_update(actor=organiser, event_id=event.pk, swiss_rounds=3)
    play_out(round_pair_next(actor=judge, event_id=event.pk), judge)
    event_finish(actor=judge, event_id=event.pk)  # ended early, after round 1
    page = Client().get(f"/events/{event.pk}/").content.decode()
    swiss = page.split("Swiss rounds</dt><dd>")[1].split("<")[0].strip()
    assert swiss == "1"
