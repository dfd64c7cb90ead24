"""Reporting results: both players, confirmation, disputes, idempotency, judge overrides."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from config.errors import ConflictError, DomainError
from tests.factories import UserFactory
from tests.tournaments.helpers import make_round
from tournaments.models import AuditEntry, Game, Penalty, ResultReport
from tournaments.models.choices import MatchStatus, PenaltyKind, RoundStatus
from tournaments.services.locking import lock_match
from tournaments.services.results import (
    ReportedResult,
    match_report,
    match_set_result,
    players_reports,
)
from tournaments.services.standings import results_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def round1(event, regs):
    return make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])


@pytest.fixture
def match(round1):
    return round1.matches.get(table=1)


def report(reg, match, a, b, d=0, **kw):
    return match_report(
        actor=reg.player,
        match_id=match.pk,
        result=ReportedResult(a, b, d, games=kw.pop("games", [])),
        **kw,
    )


def test_first_report_waits_for_the_opponent(match, regs):
    assert report(regs[0], match, 2, 1).status == MatchStatus.AWAITING


def test_matching_reports_confirm(match, regs, event):
    version = results_version(event.pk)
    report(regs[0], match, 2, 1)
    match = report(regs[1], match, 2, 1)
    assert match.status == MatchStatus.CONFIRMED
    assert (match.games_won_a, match.games_won_b, match.games_drawn) == (2, 1, 0)
    assert match.winner == "a"
    assert results_version(event.pk) == version + 1


def test_conflicting_reports_are_disputed_then_a_judge_settles(match, regs, judge):
    report(regs[0], match, 2, 1)
    assert report(regs[1], match, 1, 2).status == MatchStatus.DISPUTED
    settled = match_set_result(
        actor=judge,
        match_id=match.pk,
        result=ReportedResult(2, 1),
        reason="Players agreed after a judge call",
    )
    assert settled.status == MatchStatus.CONFIRMED
    entry = AuditEntry.objects.get(action="result.set")
    assert entry.actor == judge
    assert entry.before["status"] == MatchStatus.DISPUTED
    assert entry.after["games_won_a"] == 2
    assert entry.reason == "Players agreed after a judge call"


def test_a_player_may_correct_a_report_before_the_opponent_reports(match, regs):
    report(regs[0], match, 2, 1)
    report(regs[0], match, 2, 0)
    assert report(regs[1], match, 2, 0).status == MatchStatus.CONFIRMED


def test_the_same_report_twice_changes_nothing(match, regs):
    report(regs[0], match, 2, 1, idempotency_key="k1")
    report(regs[0], match, 2, 1, idempotency_key="k1")
    assert match.reports.count() == 1
    report(regs[1], match, 2, 1)
    report(regs[1], match, 2, 1)  # a double-clicked submit after confirmation
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert match.reports.count() == 2


def test_a_different_report_after_confirmation_is_refused(match, regs):
    report(regs[0], match, 2, 1)
    report(regs[1], match, 2, 1)
    with pytest.raises(ConflictError, match="already confirmed"):
        report(regs[1], match, 2, 0)


@pytest.mark.parametrize("score", [(3, 0, 0), (2, 2, 0), (-1, 0, 0)])
def test_impossible_scores_are_refused_and_change_nothing(match, regs, score):
    with pytest.raises(DomainError):
        report(regs[0], match, *score)
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING
    assert match.reports.count() == 0


def test_three_nil_message_is_clear(match, regs):
    with pytest.raises(DomainError) as info:
        report(regs[0], match, 3, 0)
    assert "impossible in best of 3" in info.value.message


def test_only_the_two_players_report(match, regs):
    with pytest.raises(PermissionDenied):
        report(regs[2], match, 2, 0)
    with pytest.raises(PermissionDenied):
        match_report(
            actor=UserFactory(username="stranger"), match_id=match.pk, result=ReportedResult(2, 0)
        )


def test_judges_enter_results_rather_than_report(match, judge):
    with pytest.raises(ConflictError, match="judges enter results"):
        match_report(actor=judge, match_id=match.pk, result=ReportedResult(2, 0))


def test_a_player_cannot_override(match, regs):
    with pytest.raises(PermissionDenied):
        match_set_result(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 0))


def test_report_for_a_finished_round_is_refused(round1, match, regs):
    round1.status = RoundStatus.FINISHED
    round1.save()
    with pytest.raises(ConflictError, match="Round 1 is over"):
        report(regs[0], match, 2, 0)


def test_report_before_publication_is_refused(event, regs):
    draft = make_round(event, [(regs[0], regs[1])], status=RoundStatus.DRAFT)
    with pytest.raises(ConflictError, match="not published"):
        report(regs[0], draft.matches.get(), 2, 0)


def test_judge_override_works_on_a_finished_round(round1, match, judge):
    round1.status = RoundStatus.FINISHED
    round1.save()
    match = match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(0, 2))
    assert match.winner == "b"


def test_bye_has_nothing_to_report(event, regs):
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], None)])
    bye = round_.matches.get(player_b__isnull=True)
    with pytest.raises(ConflictError, match="bye"):
        report(regs[2], bye, 2, 0)


GAMES_OK = [
    {"winner": "b", "chooser": "a", "choice": "first"},
    {"winner": "a", "chooser": "a", "choice": "second"},  # a lost game 1, so a chooses
    {"winner": "a", "chooser": "b"},  # won the die roll; no choice = plays first
]


def test_games_with_the_play_or_draw_record_are_kept(match, regs):
    report(regs[0], match, 2, 1, games=GAMES_OK)
    report(regs[1], match, 2, 1, games=GAMES_OK)
    games = list(Game.objects.filter(match=match).order_by("number"))
    assert [(g.chooser, g.choice_reason, g.choice, g.winner) for g in games] == [
        ("a", "won_random_method", "first", "b"),
        ("a", "lost_game_1", "second", "a"),
        ("b", "won_random_method", "first", "a"),
    ]


def test_the_wrong_chooser_in_game_2_is_refused_with_the_rule(match, regs):
    wrong = [dict(GAMES_OK[0]), {"winner": "a", "chooser": "b"}, dict(GAMES_OK[2])]
    with pytest.raises(DomainError) as info:
        report(regs[0], match, 2, 1, games=wrong)
    assert info.value.code == "wrong_chooser"
    assert "the loser of game 1 chooses" in info.value.message
    assert match.reports.count() == 0


def test_after_a_drawn_game_1_the_same_player_chooses_again(match, regs):
    games = [
        {"winner": "draw", "chooser": "b"},
        {"winner": "a", "chooser": "a"},
        {"winner": "a", "chooser": "a"},
    ]
    with pytest.raises(DomainError, match="chooses again"):
        report(regs[0], match, 2, 0, 1, games=games)
    games[1]["chooser"] = "b"
    assert report(regs[0], match, 2, 0, 1, games=games).status == MatchStatus.AWAITING


def test_games_must_add_up_to_the_score(match, regs):
    with pytest.raises(DomainError, match="add up"):
        report(regs[0], match, 2, 0, games=GAMES_OK)


def test_a_player_report_with_games_and_one_without_agree(match, regs):
    report(regs[0], match, 2, 1, games=GAMES_OK)
    assert report(regs[1], match, 2, 1).status == MatchStatus.CONFIRMED
    assert Game.objects.filter(match=match).count() == 3


def test_the_reports_read_after_the_lock_bring_the_game_loss_flag(match, regs, judge):
    match_ = lock_match(match.pk, with_users=False)
    assert players_reports(match_) == []
    assert match_.has_game_loss is False
    report(regs[0], match, 2, 1)
    Penalty.objects.create(
        event=match.round.event,
        match=match,
        registration=regs[1],
        kind=PenaltyKind.GAME_LOSS,
        reason="late",
        issued_by=judge,
    )
    ResultReport.objects.create(
        match=match, registration=None, reported_by=judge, games_won_a=2, games_won_b=0
    )
    match_ = lock_match(match.pk, with_users=False)
    assert [r.registration_id for r in players_reports(match_)] == [regs[0].pk]
    assert match_.has_game_loss is True


def test_the_reports_read_is_planned_on_every_call(match):
    """A plan PostgreSQL cached while the reports table was small would scan the whole
    table once it has grown; this read is never turned into a prepared statement."""
    from django.db import connection

    for _ in range(8):
        players_reports(lock_match(match.pk, with_users=False))
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any('"tournaments_match" m' in s for s in prepared), prepared
    assert not any("tournaments_resultreport" in s for s in prepared), prepared
