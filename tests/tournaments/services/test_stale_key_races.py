"""A late retry of a player's first report meeting their correction, on real connections:
whichever takes the match's lock first, the correction stands and the retry changes
nothing."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from config.errors import ConflictError
from tests.tournaments.helpers import add_players, make_event, make_organiser, make_round
from tests.tournaments.services.test_concurrency import race
from tournaments.models import Match, ResultReport, SupersededReportKey
from tournaments.models.choices import MatchStatus
from tournaments.services.results import ReportedResult, match_report

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.fixture
def reported():
    """Table 1; player A has reported 2-0 with key k1."""
    event = make_event(make_organiser("stale_orga"))
    regs = add_players(event, 2, prefix="stale")
    match = make_round(event, [(regs[0], regs[1])]).matches.get(table=1)
    match_report(
        actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 0), idempotency_key="k1"
    )
    return regs[0], match


def send(reg, match: Match, a: int, b: int, key: str) -> Match:
    return match_report(
        actor=reg.player, match_id=match.pk, result=ReportedResult(a, b), idempotency_key=key
    )


def assert_the_correction_stands(reg, match: Match) -> None:
    report = ResultReport.objects.get(match=match, registration=reg)
    assert (report.score, report.idempotency_key) == ((0, 2, 0), "k2")
    assert list(SupersededReportKey.objects.values_list("key", flat=True)) == ["k1"]
    assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING


def test_the_retry_and_the_correction_at_the_same_instant(reported):
    reg, match = reported
    retry, correction = race(
        lambda: send(reg, match, 2, 0, "k1"), lambda: send(reg, match, 0, 2, "k2")
    )
    assert isinstance(correction, Match), correction
    # First, the retry was a repeat; after the correction, it is refused.
    assert isinstance(retry, Match) or (
        isinstance(retry, ConflictError) and retry.code == "idempotency_key_stale"
    ), retry
    assert_the_correction_stands(reg, match)


def test_a_retry_waiting_on_the_correction_sees_it_and_changes_nothing(reported):
    """The retry waits for the match's lock while the correction's transaction holds it;
    once it has the lock it must read the superseded key the correction left, not the state
    from before it waited."""
    reg, match = reported
    corrected, release = threading.Event(), threading.Event()

    def correction() -> Match:
        try:
            with transaction.atomic():
                done = send(reg, match, 0, 2, "k2")
                corrected.set()
                release.wait(timeout=10)
            return done
        finally:
            connection.close()

    def retry() -> Match:
        corrected.wait(timeout=10)
        # Lets the retry reach the lock (and wait) before the correction commits.
        threading.Timer(0.5, release.set).start()
        return send(reg, match, 2, 0, "k1")

    outcomes = race(correction, retry)
    assert isinstance(outcomes[0], Match), outcomes
    assert isinstance(outcomes[1], ConflictError), outcomes
    assert outcomes[1].code == "idempotency_key_stale"
    assert outcomes[1].extra["report"]["games_won_b"] == 2
    assert_the_correction_stands(reg, match)
