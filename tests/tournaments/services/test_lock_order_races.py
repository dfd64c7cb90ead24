"""Every pair of actions that can meet on the same rows, raced on real connections: each
call is applied or refused with a reason (a domain error), never a deadlock or a 500, and
the state afterwards is consistent. On PostgreSQL the row locks decide (and a wrong lock
order shows as a deadlock); on SQLite the write lock taken at BEGIN serialises them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from config.errors import ConflictError, DomainError
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tests.tournaments.services.test_concurrency import race
from tournaments.models import Match, Penalty, Round
from tournaments.models.choices import (
    MatchStatus,
    PenaltyKind,
    RegistrationStatus,
    ResultSource,
    RoundStatus,
)
from tournaments.services.clock import match_extend_time, round_adjust_clock, round_start_clock
from tournaments.services.penalties import penalty_issue
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_report
from tournaments.services.rounds import round_pair_next, round_publish, round_repair
from tournaments.services.standings import compute_event_standings, event_standings

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]

TRIALS = range(6)  # each a fresh event: a wrong lock order deadlocks in most of them


def applied_or_refused(outcomes: list[object]) -> None:
    """Nothing but the project's refusals may be raised (a deadlock is an OperationalError)."""
    unexpected = [
        o for o in outcomes if isinstance(o, Exception) and not isinstance(o, DomainError)
    ]
    assert unexpected == [], unexpected


def table_one(trial: int, prefix: str):
    organiser = make_organiser(f"{prefix}_orga{trial}")
    event = make_event(organiser, name=f"Race {prefix} {trial}")
    judge = add_judge(event, f"{prefix}_judge{trial}")
    regs = add_players(event, 4, prefix=f"{prefix}{trial}")
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    return event, judge, regs, round_, round_.matches.get(table=1)


def both_reports(match: Match, regs) -> list[Callable[[], object]]:
    return [
        lambda: match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1)),
        lambda: match_report(actor=regs[1].player, match_id=match.pk, result=ReportedResult(2, 1)),
    ]


@pytest.mark.parametrize("trial", TRIALS)
@pytest.mark.parametrize("kind", [PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS])
def test_a_penalty_racing_both_players_reports(kind, trial):
    event, judge, regs, _round, match = table_one(trial, f"pen{kind[:1]}")
    outcomes = race(
        lambda: penalty_issue(
            actor=judge,
            registration_id=regs[1].pk,
            kind=kind,
            reason="marked cards",
            match_id=match.pk,
        ),
        *both_reports(match, regs),
    )
    applied_or_refused(outcomes)
    match.refresh_from_db()
    penalties = Penalty.objects.filter(match=match).count()
    if kind == PenaltyKind.MATCH_LOSS:
        # The match loss stands whichever came first: player B lost.
        assert penalties == 1
        assert match.status == MatchStatus.CONFIRMED
        assert (match.games_won_a, match.games_won_b) == (2, 0)
    elif penalties == 1:
        # The game loss came first: player A won a game; the 2-1 reports still agree.
        assert match.status in (MatchStatus.CONFIRMED, MatchStatus.AWAITING)
    else:
        # Both reports came first: the match was confirmed, and the game loss waits for
        # player B's next match instead.
        assert match.status == MatchStatus.CONFIRMED
        assert Penalty.objects.get(registration=regs[1]).next_match
        penalties = 1
    assert event.audit_entries.filter(action=f"penalty.{kind}").count() == penalties


@pytest.mark.parametrize("trial", TRIALS)
def test_publishing_a_round_racing_a_repair_of_it(trial):
    organiser = make_organiser(f"pub_orga{trial}")
    event = make_event(organiser, name=f"Race publish {trial}")
    add_players(event, 9, prefix=f"pub{trial}")
    draft = round_pair_next(actor=organiser, event_id=event.pk)
    outcomes = race(
        lambda: round_publish(actor=organiser, round_id=draft.pk),
        lambda: round_repair(actor=organiser, round_id=draft.pk, reason="again"),
    )
    applied_or_refused(outcomes)
    [only] = Round.objects.filter(event=event)
    published, repaired = outcomes
    if isinstance(repaired, DomainError):
        assert only.pk == draft.pk and only.status == RoundStatus.PUBLISHED
    else:
        # The repair came first: the draft it replaced cannot be published any more.
        assert isinstance(published, DomainError)
        assert only.pk == repaired.pk and only.status == RoundStatus.DRAFT
    assert only.matches.count() == 5
    # The bye's 2-0 is counted exactly once in the round's results (readers see it only once
    # the round ends, so this reads the core's standings after round 1 itself).
    byes = sum(row.record.byes for row in compute_event_standings(event, as_of_round=1))
    assert byes == (1 if only.status == RoundStatus.PUBLISHED else 0)


@pytest.mark.parametrize("trial", TRIALS)
def test_the_clock_racing_reports(trial):
    event, judge, regs, round_, match = table_one(trial, "clk")
    round_start_clock(actor=judge, round_id=round_.pk)
    outcomes = race(
        lambda: round_adjust_clock(actor=judge, round_id=round_.pk, seconds=300),
        lambda: match_extend_time(actor=judge, match_id=match.pk, seconds=120, reason="call"),
        *both_reports(match, regs),
    )
    applied_or_refused(outcomes)
    adjusted, extended, *reports = outcomes
    assert not any(isinstance(o, Exception) for o in (adjusted, *reports)), outcomes
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    # An extension is only for a match still playing: refused once both reports confirmed it.
    if isinstance(extended, DomainError):
        assert "still playing" in extended.message
        assert match.extension_seconds == 0
    else:
        assert match.extension_seconds == 120
    clock_entries = 3 if match.extension_seconds else 2
    assert event.audit_entries.filter(action__startswith="clock.").count() == clock_entries


@pytest.mark.parametrize("trial", TRIALS)
def test_a_drop_racing_reports(trial):
    """The drop locks the dropper's open match (event, match, registration). First, it
    concedes the unreported match and both reports are refused; after a report, it leaves
    the match open and the reports confirm it; never a deadlock."""
    event, judge, regs, round_, match = table_one(trial, "drp")
    other = round_.matches.get(table=2)
    for reg in (regs[2], regs[3]):  # table 2 is in, so round 1 ends with table 1
        match_report(actor=reg.player, match_id=other.pk, result=ReportedResult(2, 0))
    outcomes = race(
        lambda: registration_drop(actor=judge, registration_id=regs[0].pk, reason="left"),
        *both_reports(match, regs),
    )
    applied_or_refused(outcomes)
    regs[0].refresh_from_db()
    match.refresh_from_db()
    assert regs[0].status == RegistrationStatus.DROPPED
    assert match.status == MatchStatus.CONFIRMED
    rows = {row.registration.pk: row for row in event_standings(event)}
    assert rows[regs[0].pk].dropped
    if match.result_source == ResultSource.DROP:
        # The drop came first: player B won by concession; both reports came too late.
        assert (match.games_won_a, match.games_won_b) == (0, 2)
        assert all(isinstance(o, ConflictError) for o in outcomes[1:]), outcomes
        assert rows[regs[0].pk].wins == 0 and rows[regs[1].pk].wins == 1
    else:
        # A report came first: the match stayed open and the two reports confirmed it.
        assert match.result_source == ResultSource.PLAYERS
        assert not any(isinstance(o, Exception) for o in outcomes), outcomes
        assert rows[regs[0].pk].wins == 1
