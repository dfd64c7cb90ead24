"""Penalties and what they do to results and registrations."""

from __future__ import annotations

import pytest

from config.errors import ConflictError, DomainError
from tests.tournaments.helpers import make_round
from tournaments.models import AuditEntry
from tournaments.models.choices import MatchStatus, PenaltyKind, RegistrationStatus
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


def test_a_match_loss_needs_a_match_in_progress(event, regs, judge):
    with pytest.raises(ConflictError, match="no match in progress"):
        penalty_issue(actor=judge, registration_id=regs[7].pk, kind="match_loss", reason="x")


def test_a_game_loss_without_a_match_in_progress_waits_for_the_next_match(event, regs, judge):
    penalty = penalty_issue(
        actor=judge, registration_id=regs[7].pk, kind="game_loss", reason="Late"
    )
    assert penalty.match is None and penalty.next_match and penalty.game_number == 1


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


# --- Rounds, infractions, the next game, the next match -----------------------------------


def test_every_penalty_records_its_round(match, regs, judge):
    warning = penalty_issue(
        actor=judge, registration_id=regs[2].pk, infraction="slow_play", reason="Slow"
    )
    assert warning.match is None and warning.round == match.round
    loss = penalty_issue(
        actor=judge,
        registration_id=regs[0].pk,
        infraction="marked_cards",
        kind="game_loss",
        deviation_reason="Marked in a pattern",
        reason="Sleeves",
    )
    assert loss.round == match.round and loss.match == match


def test_an_infraction_gives_its_default_penalty_unless_a_judge_says_why(match, regs, judge):
    penalty = penalty_issue(
        actor=judge, registration_id=regs[0].pk, infraction="drawing_extra_cards", reason="x"
    )
    assert penalty.kind == PenaltyKind.GAME_LOSS and penalty.deviation_reason == ""
    with pytest.raises(DomainError, match="usual penalty for “Slow play” is a warning") as info:
        penalty_issue(
            actor=judge,
            registration_id=regs[2].pk,
            infraction="slow_play",
            kind="game_loss",
            reason="Third time",
        )
    assert info.value.field == "deviation_reason"
    raised = penalty_issue(
        actor=judge,
        registration_id=regs[2].pk,
        infraction="slow_play",
        kind="game_loss",
        deviation_reason="Warned twice already",
        reason="Third time",
    )
    assert raised.kind == PenaltyKind.GAME_LOSS
    assert raised.deviation_reason == "Warned twice already"
    entry = AuditEntry.objects.filter(action="penalty.game_loss").first()  # the newest
    assert entry.after["infraction"] == "slow_play"
    assert entry.after["deviation_reason"] == "Warned twice already"
    with pytest.raises(DomainError, match="Unknown infraction"):
        penalty_issue(actor=judge, registration_id=regs[2].pk, infraction="nope", reason="x")
    with pytest.raises(DomainError, match="Choose the infraction"):
        penalty_issue(actor=judge, registration_id=regs[2].pk, reason="x")


def test_a_game_loss_takes_the_next_game_to_be_played(match, regs, judge):
    second = penalty_issue(
        actor=judge, registration_id=regs[0].pk, kind="game_loss", reason="x", game_number=2
    )
    assert second.game_number == 2
    # The next game is the one after game 2, not "game losses so far + 1" (= 2 again).
    third = penalty_issue(actor=judge, registration_id=regs[1].pk, kind="game_loss", reason="y")
    assert third.game_number == 3
    with pytest.raises(ConflictError, match="Game 2 of this match is already lost"):
        penalty_issue(
            actor=judge, registration_id=regs[1].pk, kind="game_loss", reason="z", game_number=2
        )


def test_a_game_loss_after_the_match_is_confirmed_applies_to_the_next_match(event, regs, judge):
    from tournaments.services.results import match_set_result
    from tournaments.services.rounds import round_pair_next, round_publish

    round1 = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round1.pk)
    first = round1.matches.order_by("table").first()
    match_set_result(actor=judge, match_id=first.pk, result=ReportedResult(2, 0))
    penalty = penalty_issue(
        actor=judge,
        registration_id=first.player_b_id,
        infraction="deck_problem",
        reason="Found after the match",
    )
    assert penalty.next_match and penalty.match is None and penalty.game_number == 1
    assert penalty.round == round1
    first.refresh_from_db()
    assert (first.games_won_a, first.games_won_b) == (2, 0)  # the confirmed result stands
    for match in round1.matches.exclude(status=MatchStatus.CONFIRMED):
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1))
    round2 = round_pair_next(actor=judge, event_id=event.pk)
    penalty.refresh_from_db()
    nxt = round2.matches.get(seats__registration_id=first.player_b_id)
    assert penalty.match == nxt and penalty.game_number == 1
    round_publish(actor=judge, round_id=round2.pk)
    side = nxt.side_of(first.player_b_id)
    penalised_won_all = ReportedResult(2, 0) if side == "a" else ReportedResult(0, 2)
    with pytest.raises(DomainError, match="game loss"):
        match_set_result(actor=judge, match_id=nxt.pk, result=penalised_won_all)
