"""The big screen's settings raced on real connections: two judges setting the screen of an
event that has no screen row yet (both create it), and a judge's screen change racing a
pairing being published (both lock the event). Each call is applied, never a deadlock, a
duplicate row or a 500, and the audit log has one entry per change applied."""

from __future__ import annotations

import pytest

from screen.models import EventScreen
from screen.services import screen_set
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tests.tournaments.services.test_concurrency import race
from tests.tournaments.services.test_lock_order_races import applied_or_refused
from tournaments.models import AuditEntry, Round
from tournaments.models.choices import RoundStatus
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]

TRIALS = range(4)


@pytest.mark.parametrize("trial", TRIALS)
def test_two_judges_set_a_new_screen_at_the_same_instant(trial):
    organiser = make_organiser(f"scr_orga{trial}")
    event = make_event(organiser, name=f"Screen race {trial}")
    judges = [add_judge(event, f"scr_j{trial}_{i}") for i in range(2)]
    outcomes = race(
        lambda: screen_set(
            actor=judges[0], event_id=event.pk, mode="standings", paging_paused=False
        ),
        lambda: screen_set(
            actor=judges[1], event_id=event.pk, mode="playing", paging_paused=True, announcement="x"
        ),
    )
    applied_or_refused(outcomes)
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    screen = EventScreen.objects.get(event=event)
    assert (screen.mode, screen.paging_paused) in (("standings", False), ("playing", True))
    entries = list(AuditEntry.objects.filter(event=event, action="screen.set").order_by("pk"))
    assert len(entries) == 2
    # the later entry's "before" is the earlier one's "after": the changes were serialised
    assert entries[1].before == entries[0].after
    assert entries[1].after["mode"] == screen.mode


@pytest.mark.parametrize("trial", TRIALS)
def test_a_screen_change_racing_the_publication_of_the_pairings(trial):
    organiser = make_organiser(f"scp_orga{trial}")
    event = make_event(organiser, name=f"Screen publish race {trial}")
    judge = add_judge(event, f"scp_judge{trial}")
    add_players(event, 4, prefix=f"scp{trial}")
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    outcomes = race(
        lambda: round_publish(actor=judge, round_id=round_.pk),
        lambda: screen_set(actor=judge, event_id=event.pk, mode="pairings", paging_paused=False),
    )
    applied_or_refused(outcomes)
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.PUBLISHED
    assert EventScreen.objects.get(event=event).mode == "pairings"
