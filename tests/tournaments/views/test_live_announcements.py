"""Every change an open event page shows moves the event's live number once committed
(the issue's list: pairings published, a result reported, disputed or confirmed, the clock,
a per-match extension, drops, penalties, the top cut and the event's end), so open pages
learn of it within their poll and reloads stop being answered 304."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tournaments.live import live_version
from tournaments.models import Match
from tournaments.services.clock import (
    match_extend_time,
    round_adjust_clock,
    round_pause_clock,
    round_resume_clock,
    round_start_clock,
)
from tournaments.services.penalties import penalty_issue
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_report, match_set_result
from tournaments.services.rounds import round_pair_next, round_publish
from tournaments.services.topcut import event_finish, topcut_start

pytestmark = pytest.mark.django_db


def moves(event, capture, action: Callable[[], object]) -> bool:
    before = live_version(event.pk)
    with capture(execute=True):
        action()
    return live_version(event.pk) != before


def a_match(round_) -> Match:
    return (
        round_.matches.exclude(player_b=None)
        .select_related("player_a__player", "player_b__player")
        .order_by("table")
        .first()
    )


def test_publishing_pairings(event, judge, regs, django_capture_on_commit_callbacks):
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    assert moves(
        event,
        django_capture_on_commit_callbacks,
        lambda: round_publish(actor=judge, round_id=round_.pk),
    )


def test_reporting_disputing_and_confirming(event, round1, django_capture_on_commit_callbacks):
    match = a_match(round1)
    a, b = match.player_a.player, match.player_b.player
    assert moves(
        event,
        django_capture_on_commit_callbacks,
        lambda: match_report(actor=a, match_id=match.pk, result=ReportedResult(2, 0)),
    )
    assert moves(  # the opponent disagrees: a dispute
        event,
        django_capture_on_commit_callbacks,
        lambda: match_report(actor=b, match_id=match.pk, result=ReportedResult(0, 2)),
    )
    assert moves(  # and agrees after all: confirmed
        event,
        django_capture_on_commit_callbacks,
        lambda: match_report(actor=b, match_id=match.pk, result=ReportedResult(2, 0)),
    )


def test_every_clock_change(event, round1, judge, django_capture_on_commit_callbacks):
    match = a_match(round1)
    for action in (
        lambda: round_start_clock(actor=judge, round_id=round1.pk),
        lambda: round_pause_clock(actor=judge, round_id=round1.pk),
        lambda: round_resume_clock(actor=judge, round_id=round1.pk),
        lambda: round_adjust_clock(actor=judge, round_id=round1.pk, seconds=120),
        lambda: match_extend_time(actor=judge, match_id=match.pk, seconds=180, reason="Ruling"),
    ):
        assert moves(event, django_capture_on_commit_callbacks, action)


def test_a_drop_and_a_penalty(event, round1, judge, regs, django_capture_on_commit_callbacks):
    assert moves(
        event,
        django_capture_on_commit_callbacks,
        lambda: registration_drop(actor=judge, registration_id=regs[0].pk, reason="Ill"),
    )
    assert moves(
        event,
        django_capture_on_commit_callbacks,
        lambda: penalty_issue(
            actor=judge, registration_id=regs[1].pk, infraction="slow_play", reason="Slow"
        ),
    )


def play_out(event, judge, round_) -> None:
    for match in round_.matches.exclude(player_b=None):
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1))


def test_the_top_cut_starting(event, round1, judge, django_capture_on_commit_callbacks):
    round_ = round1
    for _ in range(event.swiss_rounds - 1):
        play_out(event, judge, round_)
        round_ = round_pair_next(actor=judge, event_id=event.pk)
        round_publish(actor=judge, round_id=round_.pk)
    play_out(event, judge, round_)
    assert moves(
        event,
        django_capture_on_commit_callbacks,
        lambda: topcut_start(actor=judge, event_id=event.pk),
    )


def test_the_event_finishing(event, round1, judge, django_capture_on_commit_callbacks):
    event.top_cut = 0
    event.save(update_fields=["top_cut"])
    play_out(event, judge, round1)
    assert moves(
        event,
        django_capture_on_commit_callbacks,
        lambda: event_finish(actor=judge, event_id=event.pk),
    )
