"""Live pages: the event's live number moves after a change commits (never for a rolled-back
one), the poll answers from the cache without a query, and event pages carry the number
they were rendered at."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse

from tournaments.live import announce_change, live_version
from tournaments.services.clock import round_start_clock
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db


def poll(client, event, version=None):
    url = reverse("tournaments:event_live", args=[event.pk])
    return client.get(url if version is None else f"{url}?v={version}")


def test_a_change_moves_the_number_only_once_committed(event, django_capture_on_commit_callbacks):
    before = live_version(event.pk)
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        announce_change(event.pk)
        assert live_version(event.pk) == before  # not before the commit
    assert len(callbacks) == 1
    assert live_version(event.pk) != before


def test_a_rolled_back_change_wakes_nobody(event, django_capture_on_commit_callbacks):
    before = live_version(event.pk)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        announce_change(event.pk)
        raise RuntimeError
    assert callbacks == []
    assert live_version(event.pk) == before


def test_a_lost_key_restarts_from_the_clock_not_from_zero(
    event, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        announce_change(event.pk)
    cache.delete(f"live:event:{event.pk}")
    assert live_version(event.pk) == 0
    with django_capture_on_commit_callbacks(execute=True):
        announce_change(event.pk)
    assert live_version(event.pk) > 10**12  # microseconds since 1970: never a number seen before


def test_the_poll_answers_204_while_nothing_changed_and_costs_no_query(
    event, as_user, django_assert_num_queries, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        announce_change(event.pk)
    version = live_version(event.pk)
    client = as_user()
    with django_assert_num_queries(0):
        same = poll(client, event, version)
        moved = poll(client, event, version - 1)
    assert same.status_code == 204
    assert moved.status_code == 200
    assert moved.json() == {"v": version}
    assert "no-store" in same["Cache-Control"] and "no-store" in moved["Cache-Control"]


def test_event_pages_carry_the_number_they_were_rendered_at(
    event, as_user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        announce_change(event.pk)
    page = as_user().get(reverse("tournaments:pairings", args=[event.pk]))
    shown = re.search(rb'data-live-version="(\d+)"', page.content)
    assert shown is not None and int(shown.group(1)) == live_version(event.pk)
    assert f'data-live-url="{reverse("tournaments:event_live", args=[event.pk])}"'.encode() in (
        page.content
    )


def test_a_report_and_a_judge_action_move_the_number(
    round1, event, judge, django_capture_on_commit_callbacks
):
    match = round1.matches.exclude(player_b=None).select_related("player_a__player").first()
    before = live_version(event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        match_report(actor=match.player_a.player, match_id=match.pk, result=ReportedResult(2, 0, 0))
    after_report = live_version(event.pk)
    assert after_report != before
    with django_capture_on_commit_callbacks(execute=True):
        round_start_clock(actor=judge, round_id=round1.pk)  # audited, like every judge action
    assert live_version(event.pk) != after_report


def test_registering_moves_the_number(event, as_user, django_capture_on_commit_callbacks):
    from tests.factories import UserFactory

    before = live_version(event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        as_user(UserFactory(username="late")).post(reverse("tournaments:register", args=[event.pk]))
    assert live_version(event.pk) != before
