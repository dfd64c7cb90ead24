"""A drop during a round: the dropper's unplayed match is conceded to the opponent (who is
told, page and mail, and has nothing to report); a match already reported, or with a game
loss, is left for a judge, who finds it under "Needs a judge" with the walk-ins' matches."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import translation

from accounts.services import notification_preferences_set
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.audit_presenter import audit_lines
from tournaments.home import next_matches
from tournaments.models import AuditEntry, Match, Penalty
from tournaments.models.choices import (
    MatchStatus,
    PenaltyKind,
    RegistrationStatus,
    ResultSource,
    RoundStatus,
)
from tournaments.selectors import drop_effect, judge_needed
from tournaments.services.registration import registration_add, registration_drop
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _mail_after_commit(settings):
    settings.SITE_URL = "https://events.example.org"
    settings.CELERY_BROKER_URL = ""  # the embedded default: mails leave after the commit


@pytest.fixture
def table(db):
    """Round 1 of a best-of-three event, published: Ana (A) against Bea (B) at table 1."""
    event = make_event(make_organiser("mrd_orga"), name="Drop Open")
    judge = add_judge(event, "mrd_judge")
    regs = add_players(event, 4, prefix="mrd")
    for reg, name in zip(regs, ("Ana Alba", "Bea Brio", "Cris Cano", "Dani Diez"), strict=True):
        reg.player.display_name = name
        reg.player.save()
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    match = Match.objects.get(round=round_, table=1)
    return event, judge, regs, match


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run an action as a committed transaction; what it mailed."""

    def run(action, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            result = action(**kwargs)
        return result, list(mail.outbox)

    return run


def test_a_drop_before_anyone_reported_concedes_the_match_to_the_opponent(table, committed):
    event, _judge, regs, match = table
    _reg, sent = committed(registration_drop, actor=regs[0].player, registration_id=regs[0].pk)
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert (match.games_won_a, match.games_won_b, match.games_drawn) == (0, 2, 0)
    assert match.winner == "b" and match.result_source == ResultSource.DROP
    # The opponent, and only they, hear that they won and have nothing to report.
    [message] = sent
    assert message.to == [regs[1].player.email]
    assert "Ana Alba dropped from Drop Open during round 1" in message.body
    assert "you win it 2-0. There is nothing to report." in message.body
    assert f"/events/{event.pk}/me/" in message.body
    # The audit log tells it beside the drop.
    entry = AuditEntry.objects.get(action="result.concede")
    assert entry.actor == regs[0].player
    [line] = audit_lines([entry], event=event)
    assert line.sentence == (
        "Ana Alba dropped during round 1, table 1 (Ana Alba vs Bea Brio) and conceded the "
        "match: 2-0 for Bea Brio."
    )
    assert line.kind == "results"
    with translation.override("es"):
        [line] = audit_lines([entry], event=event)
    assert "Ana Alba se retiró durante la ronda 1, mesa 1" in line.sentence
    # Nothing is left for a judge, and the other table is untouched.
    assert judge_needed(match) is None
    assert Match.objects.get(round=match.round, table=2).status == MatchStatus.PENDING


def test_a_judge_drop_concedes_too_and_the_player_b_side_gives_a_2_0_to_player_a(table, committed):
    _event, judge, regs, match = table
    committed(registration_drop, actor=judge, registration_id=regs[1].pk, reason="Left ill")
    match.refresh_from_db()
    assert (match.games_won_a, match.games_won_b, match.winner) == (2, 0, "a")
    assert AuditEntry.objects.get(action="result.concede").actor == judge


def test_a_best_of_one_match_is_conceded_1_0(db, committed):
    event = make_event(make_organiser("bo1_orga"), games_per_match=1)
    regs = add_players(event, 2, prefix="bo1")
    round_ = make_round(event, [(regs[0], regs[1])])
    committed(registration_drop, actor=regs[1].player, registration_id=regs[1].pk)
    match = round_.matches.get()
    assert (match.status, match.games_won_a, match.games_won_b) == (MatchStatus.CONFIRMED, 1, 0)


def test_the_opponent_reads_the_mail_in_their_language_and_may_turn_it_off(table, committed):
    _event, _judge, regs, _match = table
    notification_preferences_set(user=regs[1].player, changes={"language": "es"})
    notification_preferences_set(user=regs[2].player, changes={"opponent_dropped": False})
    _reg, sent = committed(registration_drop, actor=regs[0].player, registration_id=regs[0].pk)
    [message] = sent
    assert "Ana Alba se retiró de Drop Open durante la ronda 1" in message.body
    assert "ganas 2-0. No tienes que comunicar nada." in message.body
    mail.outbox.clear()
    _reg, sent = committed(registration_drop, actor=regs[3].player, registration_id=regs[3].pk)
    assert sent == []  # Cris turned this mail off


def test_a_match_the_dropper_reported_is_left_for_a_judge(table, committed):
    _event, _judge, regs, match = table
    match_report(
        actor=regs[0].player, match_id=match.pk, result=ReportedResult(games_won_a=0, games_won_b=2)
    )
    _reg, sent = committed(registration_drop, actor=regs[0].player, registration_id=regs[0].pk)
    match.refresh_from_db()
    assert match.status == MatchStatus.AWAITING and match.result_source == ""
    assert not AuditEntry.objects.filter(action="result.concede").exists()
    [message] = sent
    assert message.to == [regs[1].player.email]
    assert "A judge will enter the result of your match (table 1)" in message.body
    needed = judge_needed(
        Match.objects.select_related("player_a__player", "player_b__player").get(pk=match.pk)
    )
    assert needed is not None and [r.pk for r in needed.dropped] == [regs[0].pk]
    # The opponent may still confirm the dropper's report: matching reports confirm it.
    match_report(
        actor=regs[1].player, match_id=match.pk, result=ReportedResult(games_won_a=0, games_won_b=2)
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.result_source == ResultSource.PLAYERS


def test_a_match_the_opponent_reported_is_left_for_a_judge(table, committed):
    _event, _judge, regs, match = table
    match_report(
        actor=regs[1].player, match_id=match.pk, result=ReportedResult(games_won_a=0, games_won_b=2)
    )
    committed(registration_drop, actor=regs[0].player, registration_id=regs[0].pk)
    match.refresh_from_db()
    assert match.status == MatchStatus.AWAITING


def test_a_match_with_a_game_loss_is_left_for_a_judge(table, committed):
    event, judge, regs, match = table
    Penalty.objects.create(
        event=event,
        registration=regs[1],
        match=match,
        round=match.round,
        kind=PenaltyKind.GAME_LOSS,
        game_number=1,
        reason="Tardiness",
        issued_by=judge,
    )
    committed(registration_drop, actor=regs[0].player, registration_id=regs[0].pk)
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING


def test_a_drop_between_rounds_or_in_unpublished_pairings_concedes_nothing(table, committed):
    event, _judge, regs, match = table
    for m in match.round.matches.select_related("player_a__player", "player_b__player"):
        match_report(actor=m.player_a.player, match_id=m.pk, result=ReportedResult(2, 1))
        match_report(actor=m.player_b.player, match_id=m.pk, result=ReportedResult(2, 1))
    # Round 2 paired but not published: its pairings do not count.
    draft = make_round(event, [(regs[0], regs[2]), (regs[1], regs[3])], status=RoundStatus.DRAFT)
    _reg, sent = committed(registration_drop, actor=regs[0].player, registration_id=regs[0].pk)
    assert sent == []
    assert not AuditEntry.objects.filter(action="result.concede").exists()
    assert set(draft.matches.values_list("status", flat=True)) == {MatchStatus.PENDING}


def test_what_the_drop_page_says_before_the_drop(table):
    _event, _judge, regs, match = table
    effect = drop_effect(regs[0])
    assert effect.match == match and effect.opponent == regs[1]
    assert effect.conceded and effect.score == "2-0"
    match_report(
        actor=regs[2].player,
        match_id=match.round.matches.get(table=2).pk,
        result=ReportedResult(2, 0),
    )
    assert drop_effect(regs[3]).conceded is False


def test_the_dropped_player_has_no_next_match_on_the_home_page(table, committed):
    _event, _judge, regs, match = table
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(0, 2))
    assert [m.match for m in next_matches(regs[0].player)] == [match]
    committed(registration_drop, actor=regs[0].player, registration_id=regs[0].pk)
    assert next_matches(regs[0].player) == []
    # The opponent still has it: it is not settled yet.
    assert [m.match for m in next_matches(regs[1].player)] == [match]


def test_a_walk_in_match_needs_a_judge(table):
    event, judge, regs, _match = table
    walk_in = registration_add(actor=judge, event_id=event.pk, display_name="Walter Walk")
    assert walk_in.status == RegistrationStatus.CHECKED_IN
    other = make_round(event, [(regs[0], walk_in)], number=2)
    match = other.matches.select_related("player_a__player", "player_b__player").get()
    needed = judge_needed(match)
    assert needed is not None and needed.walk_ins == (walk_in,) and needed.dropped == ()
    # Two players with accounts: nothing for a judge.
    match_with_accounts = Match.objects.select_related("player_a__player", "player_b__player").get(
        round__number=1, table=2
    )
    assert judge_needed(match_with_accounts) is None
