"""The heavy pages run a fixed number of queries, whatever the number of players (no N+1)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.helpers import add_judge, add_players, make_event
from tournaments.models.choices import MatchStatus
from tournaments.services.penalties import penalty_issue
from tournaments.services.results import ReportedResult, match_report, match_set_result
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db

BUDGET = 25


def event_with(organiser, players: int, name: str):
    """Round 1 complete, round 2 published with one report in and a game loss issued."""
    event = make_event(organiser, name=name, swiss_rounds=4)
    judge = add_judge(event, username=f"judge-{name}")
    add_players(event, players, prefix=name)
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round1.pk)
    for match in round1.matches.exclude(status=MatchStatus.CONFIRMED):
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1))
    round2 = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round2.pk)
    first = round2.matches.exclude(player_b=None).select_related("player_a__player").first()
    match_report(actor=first.player_a.player, match_id=first.pk, result=ReportedResult(2, 0))
    penalty_issue(actor=judge, registration_id=first.player_b_id, kind="warning", reason="Slow")
    return event, judge, first


def pages(event, match):
    plain = [
        "event_detail",
        "players",
        "pairings",
        "pairings_by_name",
        "standings",
        "print_pairings",
        "print_pairings_by_name",
        "print_standings",
        "print_slips",
        "dashboard",
        "judge_players",
        "penalties",
        "audit",
        "my_match",
    ]
    urls = {name: reverse(f"tournaments:{name}", args=[event.pk]) for name in plain}
    for what in ("players", "matches", "standings"):
        urls[f"export_{what}"] = reverse("tournaments:export", args=[event.pk, what])
    urls["result"] = reverse("tournaments:result", args=[match.pk])
    return urls


def count_queries(client, urls) -> dict[str, int]:
    counts = {}
    for name, url in urls.items():
        cache.clear()
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url)
        assert response.status_code == 200, name
        counts[name] = len(ctx.captured_queries)
    return counts


def test_query_counts_do_not_grow_with_players(organiser, as_user):
    small, small_judge, small_match = event_with(organiser, 6, "s")
    big, big_judge, big_match = event_with(organiser, 30, "b")
    small_counts = count_queries(as_user(small_judge), pages(small, small_match))
    big_counts = count_queries(as_user(big_judge), pages(big, big_match))
    assert big_counts == small_counts
    assert max(big_counts.values()) <= BUDGET, big_counts


def test_a_players_my_match_page_within_budget(organiser, as_user, django_assert_max_num_queries):
    event, _judge, match = event_with(organiser, 30, "m")
    client = as_user(match.player_a.player)
    url = reverse("tournaments:my_match", args=[event.pk])
    cache.clear()
    with django_assert_max_num_queries(BUDGET):
        assert client.get(url).status_code == 200


def test_anonymous_standings_within_budget(organiser, as_user, django_assert_max_num_queries):
    event, _judge, _match = event_with(organiser, 30, "a")
    cache.clear()
    with django_assert_max_num_queries(12):
        assert as_user().get(reverse("tournaments:standings", args=[event.pk])).status_code == 200
