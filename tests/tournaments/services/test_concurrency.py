"""Races settled by the database: several real connections (one per thread) hit the same
rows at once. On PostgreSQL the row locks decide; on SQLite the write lock taken at BEGIN."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import close_old_connections, connection, transaction

from config.errors import ConflictError, DomainError
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Match, Penalty, Registration, ResultReport
from tournaments.models.choices import MatchStatus, PenaltyKind
from tournaments.services.locking import lock_match
from tournaments.services.registration import registration_register
from tournaments.services.results import ReportedResult, match_report, match_set_result
from tournaments.services.standings import results_version

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


def race(*calls: Callable[[], object]) -> list[object]:
    """Run the calls at the same instant, each in its own thread and database connection;
    return what each returned or raised."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[object] = [None] * len(calls)

    def run(i: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[i] = call()
        except Exception as exc:  # the outcome is asserted by the test
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    close_old_connections()
    return outcomes


@pytest.fixture
def setting():
    organiser = make_organiser("race_orga")
    event = make_event(organiser)
    judge = add_judge(event, "race_judge")
    regs = add_players(event, 4)
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    return event, judge, regs, round_.matches.get(table=1)


def test_both_players_report_at_the_same_instant(setting):
    event, _judge, regs, match = setting
    version = results_version(event.pk)
    outcomes = race(
        lambda: match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1)),
        lambda: match_report(actor=regs[1].player, match_id=match.pk, result=ReportedResult(2, 1)),
    )
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert ResultReport.objects.filter(match=match).count() == 2
    assert results_version(event.pk) == version + 1


def test_a_double_clicked_submit_stores_one_report(setting):
    _event, _judge, regs, match = setting

    def submit() -> Match:
        return match_report(
            actor=regs[0].player,
            match_id=match.pk,
            result=ReportedResult(2, 0),
            idempotency_key="click",
        )

    outcomes = race(submit, submit, submit)
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    assert ResultReport.objects.filter(match=match).count() == 1
    assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING


def test_a_judge_override_racing_a_player_report_ends_consistent(setting):
    event, judge, regs, match = setting
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1))
    outcomes = race(
        lambda: match_report(actor=regs[1].player, match_id=match.pk, result=ReportedResult(1, 2)),
        lambda: match_set_result(
            actor=judge, match_id=match.pk, result=ReportedResult(2, 0), reason="seen by the judge"
        ),
    )
    judge_outcome, player_outcome = outcomes[1], outcomes[0]
    assert not isinstance(judge_outcome, Exception), judge_outcome
    match.refresh_from_db()
    # The judge's result stands whichever came first; a player report after it is refused.
    assert match.status == MatchStatus.CONFIRMED
    assert (match.games_won_a, match.games_won_b, match.games_drawn) == (2, 0, 0)
    assert player_outcome is None or isinstance(player_outcome, (Match, ConflictError))
    assert event.audit_entries.filter(action="result.set").count() == 1


def test_two_players_racing_for_the_last_place(setting):
    _event, _judge, _regs, _match = setting
    fresh = make_event(make_organiser("cap_orga"), name="Capped", player_cap=3)
    add_players(fresh, 2, prefix="cap")
    late = [UserFactory(username=f"late{i}") for i in range(3)]
    outcomes = race(
        *[(lambda u=u: registration_register(actor=u, event_id=fresh.pk)) for u in late]
    )
    assert sum(isinstance(o, Registration) for o in outcomes) == 1
    assert sum(isinstance(o, ConflictError) for o in outcomes) == 2
    assert Registration.objects.filter(event=fresh).count() == 3


def test_a_report_waiting_on_a_judge_sees_the_game_loss_the_judge_gave(setting):
    """The report waits for the match lock while the judge's transaction adds a game loss;
    once it has the lock it must read the penalty, not the state from before it waited."""
    event, judge, regs, match = setting
    locked, release = threading.Event(), threading.Event()

    def judge_gives_game_loss() -> None:
        try:
            with transaction.atomic():
                lock_match(match.pk)
                Penalty.objects.create(
                    event=event,
                    match=match,
                    registration=regs[0],
                    kind=PenaltyKind.GAME_LOSS,
                    game_number=1,
                    reason="deck problem",
                    issued_by=judge,
                )
                locked.set()
                release.wait(timeout=10)
        finally:
            connection.close()

    def player_reports_two_nil() -> object:
        locked.wait(timeout=10)
        # Lets the report reach the lock (and wait) before the judge commits.
        threading.Timer(0.5, release.set).start()
        return match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 0))

    outcomes = race(judge_gives_game_loss, player_reports_two_nil)
    assert isinstance(outcomes[1], DomainError), outcomes
    assert not ResultReport.objects.filter(match=match).exists()
