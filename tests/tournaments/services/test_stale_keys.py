"""Idempotency keys of result reports: a late retry of a report the player has since
corrected (its key is no longer their latest) changes nothing and says so, with the report
that stands; the latest key replayed is a harmless repeat; a new key applies."""

from __future__ import annotations

import pytest

from config.errors import ConflictError
from tests.tournaments.helpers import make_round
from tournaments.models import ResultReport
from tournaments.models.choices import MatchStatus
from tournaments.services.results import ReportedResult, match_confirm_report, match_report

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(event, regs):
    return make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)


def report(reg, match, a, b, key):
    return match_report(
        actor=reg.player, match_id=match.pk, result=ReportedResult(a, b), idempotency_key=key
    )


def stored(reg, match) -> tuple[int, int, int]:
    return ResultReport.objects.get(match=match, registration=reg).score


def stale(reg, match, a, b, key) -> ConflictError:
    with pytest.raises(ConflictError) as refused:
        report(reg, match, a, b, key)
    assert refused.value.code == "idempotency_key_stale"
    assert refused.value.field == "idempotency_key"
    return refused.value


def test_a_late_retry_of_the_first_report_does_not_undo_the_correction(match, regs):
    report(regs[0], match, 2, 0, "k1")
    report(regs[0], match, 0, 2, "k2")
    refusal = stale(regs[0], match, 2, 0, "k1")
    assert stored(regs[0], match) == (0, 2, 0)
    # The answer carries the report that stands, so the client can show it.
    assert refusal.extra["report"] == {
        "games_won_a": 0,
        "games_won_b": 2,
        "games_drawn": 0,
        "games": [],
        "idempotency_key": "k2",
    }
    assert "0-2" in refusal.message and "nothing changed" in refusal.message
    # The latest key again: a repeat, answered with the current state.
    again = report(regs[0], match, 0, 2, "k2")
    assert again.status == MatchStatus.AWAITING
    assert stored(regs[0], match) == (0, 2, 0)
    # A new key still corrects.
    report(regs[0], match, 1, 2, "k3")
    assert stored(regs[0], match) == (1, 2, 0)
    stale(regs[0], match, 0, 2, "k2")
    stale(regs[0], match, 2, 0, "k1")
    assert stored(regs[0], match) == (1, 2, 0)


def test_the_message_reads_the_score_from_the_reporters_side(match, regs):
    report(regs[1], match, 0, 2, "b1")  # player B says B won 2-0
    report(regs[1], match, 2, 1, "b2")  # then that A won 2-1
    refusal = stale(regs[1], match, 0, 2, "b1")
    assert "1-2" in refusal.message  # B's own games first, as B's page shows it
    assert refusal.extra["report"]["games_won_a"] == 2


def test_a_stale_retry_after_confirmation_changes_nothing(match, regs):
    report(regs[0], match, 2, 0, "k1")
    report(regs[0], match, 0, 2, "k2")
    report(regs[1], match, 0, 2, "o1")
    stale(regs[0], match, 2, 0, "k1")
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert (match.games_won_a, match.games_won_b, match.games_drawn) == (0, 2, 0)
    assert report(regs[0], match, 0, 2, "k2").status == MatchStatus.CONFIRMED


def test_a_correction_without_a_key_makes_the_earlier_key_stale(match, regs):
    """The one-tap confirmation sends no key: the report it replaces is still superseded."""
    report(regs[0], match, 2, 0, "k1")
    report(regs[1], match, 0, 2, "o1")  # disputed
    match_confirm_report(actor=regs[0].player, match_id=match.pk, seen_score=(0, 2, 0))
    stale(regs[0], match, 2, 0, "k1")
    assert stored(regs[0], match) == (0, 2, 0)


def test_the_same_report_under_a_new_key_makes_that_key_the_latest(match, regs):
    report(regs[0], match, 2, 0, "k1")
    report(regs[0], match, 2, 0, "k2")  # the same report from a page loaded again
    report(regs[0], match, 0, 2, "k3")
    stale(regs[0], match, 2, 0, "k2")
    stale(regs[0], match, 2, 0, "k1")
    assert stored(regs[0], match) == (0, 2, 0)


def test_keys_are_each_players_own(match, regs):
    report(regs[0], match, 2, 0, "k1")
    report(regs[0], match, 2, 1, "k2")
    # The opponent happens to send a key the other player used: theirs is a new key.
    assert report(regs[1], match, 2, 1, "k1").status == MatchStatus.CONFIRMED
