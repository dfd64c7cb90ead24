"""After login the home page shows a player's next match (table, opponent, clock) and a
judge's events."""

from __future__ import annotations

import pytest

from tournaments.models import Match

pytestmark = pytest.mark.django_db


def test_a_player_sees_their_next_match_with_table_and_opponent(event, regs, round1, as_user):
    match = Match.objects.select_related("player_a__player", "player_b__player").get(
        round=round1, table=2
    )
    page = as_user(match.player_a.player).get("/").content.decode()
    assert 'data-testid="home-next-match"' in page
    assert f"Table 2 against {match.player_b.name}." in page
    assert "Round 1" in page and 'data-testid="clock"' in page
    spanish = as_user(match.player_a.player).get("/es/").content.decode()
    assert f"Mesa 2 contra {match.player_b.name}." in spanish


def test_a_judge_sees_the_events_they_run(event, judge, as_user):
    page = as_user(judge).get("/").content.decode()
    assert 'data-testid="home-events-run"' in page and event.name in page


def test_nobody_else_sees_them(event, regs, round1, as_user, other_player):
    assert 'data-testid="home-next-match"' not in as_user().get("/").content.decode()
    page = as_user(other_player).get("/").content.decode()
    assert 'data-testid="home-next-match"' not in page
    assert 'data-testid="home-events-run"' not in page
