"""Penalties and what they do to results and registrations."""

from __future__ import annotations

import pytest

from config.errors import ConflictError, DomainError
from tests.tournaments.helpers import make_round
from tournaments.models import AuditEntry
from tournaments.models.choices import MatchStatus, RegistrationStatus
from tournaments.services.penalties import penalty_issue
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(event, regs):
    return make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)


def test_a_game_loss_must_show_in_the_reported_score(match, regs, judge):
    penalty = penalty_issue(
        actor=judge, registration_id=regs[0].pk, kind="game_loss", reason="Marked cards"
    )
    assert penalty.match_id == match.pk and penalty.game_number == 1
    with pytest.raises(DomainError, match="game loss"):
        match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 0))
    ok = match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1))
    assert ok.status == MatchStatus.AWAITING


def test_a_game_loss_in_game_1_lets_the_penalised_player_choose_in_game_2(match, regs, judge):
    penalty_issue(actor=judge, registration_id=regs[0].pk, kind="game_loss", reason="Late")
    games = [
        {"winner": "b", "by_penalty": True},
        {"winner": "a", "chooser": "a"},
        {"winner": "a", "chooser": "b"},
    ]
    match = match_report(
        actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1, games=games)
    )
    assert match.status == MatchStatus.AWAITING
    games[1]["chooser"] = "b"
    with pytest.raises(DomainError, match="loser of game 1 chooses"):
        match_report(
            actor=regs[1].player, match_id=match.pk, result=ReportedResult(2, 1, games=games)
        )


def test_a_game_lost_by_penalty_must_be_listed_so(match, regs, judge):
    penalty_issue(actor=judge, registration_id=regs[0].pk, kind="game_loss", reason="Late")
    games = [
        {"winner": "b", "chooser": "a"},
        {"winner": "a", "chooser": "a"},
        {"winner": "a", "chooser": "b"},
    ]
    with pytest.raises(DomainError, match="lost by penalty"):
        match_report(
            actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1, games=games)
        )


def test_a_match_loss_confirms_the_match_for_the_opponent(match, regs, judge):
    penalty_issue(
        actor=judge, registration_id=regs[1].pk, kind="match_loss", reason="Unsporting conduct"
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert match.winner == "a" and match.override == "match_loss_b"
    assert (match.games_won_a, match.games_won_b) == (2, 0)


def test_disqualification_drops_the_player_with_the_reason(match, regs, judge):
    penalty_issue(
        actor=judge, registration_id=regs[1].pk, kind="disqualification", reason="Cheating"
    )
    regs[1].refresh_from_db()
    match.refresh_from_db()
    assert regs[1].status == RegistrationStatus.DROPPED and regs[1].disqualified
    assert regs[1].drop_reason == "Cheating"
    assert match.winner == "a"
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"penalty.disqualification", "registration.disqualify", "result.set"} <= actions


def test_penalties_need_a_reason_and_a_known_kind(match, regs, judge):
    with pytest.raises(DomainError):
        penalty_issue(actor=judge, registration_id=regs[0].pk, kind="game_loss", reason=" ")
    with pytest.raises(DomainError):
        penalty_issue(actor=judge, registration_id=regs[0].pk, kind="exile", reason="x")


def test_a_game_loss_needs_a_match_in_progress(event, regs, judge):
    with pytest.raises(ConflictError, match="no match in progress"):
        penalty_issue(actor=judge, registration_id=regs[7].pk, kind="game_loss", reason="x")


def test_a_warning_is_recorded_without_changing_results(match, regs, judge):
    penalty_issue(actor=judge, registration_id=regs[0].pk, kind="warning", reason="Slow play")
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING


@pytest.mark.parametrize("game_number", [2, 40_000])
def test_only_a_game_loss_keeps_a_game_number(match, regs, judge, game_number):
    warning = penalty_issue(
        actor=judge,
        registration_id=regs[0].pk,
        kind="warning",
        reason="Slow play",
        game_number=game_number,
    )
    warning.refresh_from_db()
    assert warning.game_number is None
    with pytest.raises(DomainError, match="one of the match's games"):
        penalty_issue(
            actor=judge, registration_id=regs[0].pk, kind="game_loss", reason="x", game_number=4
        )
