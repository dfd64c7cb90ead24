"""A game is "lost by penalty" only where a judge's game loss in the match takes it, on every
path the API offers (a player's report, a judge's result): otherwise 400 with a code, and
nothing is written. Such a game skips neither the coin or die nor the record the event
requires."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.config.schema_walk import api_schema, resolve
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Game, Match, ResultReport
from tournaments.models.choices import MatchStatus
from tournaments.services.penalties import penalty_issue

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def table1():
    """Table 1 of round 1, Humankind, A (regs[0]) against B (regs[1]); no penalty yet."""
    event = make_event(make_organiser("bp_orga"))
    judge = add_judge(event, "bp_judge")
    regs = add_players(event, 4, prefix="bp")
    match = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)
    return judge, regs, match


def report(client: APIClient, match: Match, games: list[dict], a: int = 2, b: int = 1):
    body = {"games_won_a": a, "games_won_b": b, "games": games}
    return client.post(f"/api/matches/{match.pk}/report/", body, format="json")


# A 2-1 for A in which game 3 is claimed as lost by penalty (by B).
CLAIMED_GAME_3 = [
    {"winner": "a", "random_winner": "a", "chooser": "a"},
    {"winner": "b", "chooser": "b"},
    {"winner": "a", "by_penalty": True},
]


def assert_nothing_written(match: Match) -> None:
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING
    assert not ResultReport.objects.filter(match=match).exists()
    assert not Game.objects.filter(match=match).exists()


def test_a_player_cannot_mark_a_game_lost_by_penalty_that_no_judge_gave(table1):
    _judge, regs, match = table1
    response = report(client_for(regs[0].player), match, CLAIMED_GAME_3)
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["code"] == "by_penalty_without_game_loss"
    assert body["games"] == [
        "Game 3 is marked as lost by penalty, but no game loss in this match takes it: "
        "only a judge gives a game loss."
    ]
    assert_nothing_written(match)


def test_a_claimed_penalty_no_longer_skips_the_coin_or_die_the_event_requires(table1):
    _judge, regs, match = table1
    event = match.round.event
    event.play_draw_required = True
    event.save(update_fields=["play_draw_required"])
    # Game 3 names no coin or die: only a game a judge's game loss takes goes without one.
    response = report(client_for(regs[1].player), match, CLAIMED_GAME_3)
    assert response.status_code == 400
    assert response.json()["code"] == "by_penalty_without_game_loss"
    assert_nothing_written(match)


def test_a_game_loss_makes_its_game_and_only_that_one_lost_by_penalty(table1):
    judge, regs, match = table1
    event = match.round.event
    event.play_draw_required = True
    event.save(update_fields=["play_draw_required"])
    penalty_issue(
        actor=judge,
        registration_id=regs[1].pk,
        kind="game_loss",
        reason="Drew extra cards",
        match_id=match.pk,
        game_number=3,
    )
    # Game 1 is claimed too: the game loss takes game 3 only.
    games = [{**CLAIMED_GAME_3[0], "by_penalty": True}, *CLAIMED_GAME_3[1:]]
    refused = report(client_for(regs[0].player), match, games)
    assert refused.status_code == 400
    assert refused.json()["code"] == "by_penalty_without_game_loss"
    assert "Game 1 is marked as lost by penalty" in refused.json()["games"][0]
    assert_nothing_written(match)
    # Game 3 as the game loss has it: lost by B, so won by A, with no coin or die.
    for reg in regs[:2]:
        accepted = report(client_for(reg.player), match, CLAIMED_GAME_3)
        assert accepted.status_code == 200, accepted.json()
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    game3 = Game.objects.get(match=match, number=3)
    assert (game3.winner, game3.by_penalty, game3.random_winner) == ("a", True, "")


def test_a_game_lost_by_penalty_is_won_by_the_penalised_players_opponent(table1):
    judge, regs, match = table1
    penalty_issue(
        actor=judge, registration_id=regs[0].pk, kind="game_loss", reason="Late", match_id=match.pk
    )
    # A lost game 1 by the game loss: a report that gives it to A is refused.
    games = [
        {"winner": "a", "by_penalty": True},
        {"winner": "b", "chooser": "b"},
        {"winner": "a", "random_winner": "a", "chooser": "a"},
    ]
    response = report(client_for(regs[0].player), match, games)
    assert response.status_code == 400
    assert response.json()["code"] == "game_loss_not_reported"
    assert response.json()["games"] == [
        f"Game 1 is a game loss for {regs[0].name}: report it as lost by penalty, "
        f"won by {regs[1].name}."
    ]
    assert_nothing_written(match)


def test_a_judge_cannot_mark_a_game_lost_by_penalty_without_a_game_loss(table1):
    judge, _regs, match = table1
    body = {"games_won_a": 2, "games_won_b": 1, "games": CLAIMED_GAME_3, "reason": ""}
    response = client_for(judge).post(f"/api/matches/{match.pk}/result/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "by_penalty_without_game_loss"
    assert_nothing_written(match)


def test_a_judge_records_the_game_their_game_loss_takes(table1):
    judge, regs, match = table1
    penalty_issue(
        actor=judge,
        registration_id=regs[1].pk,
        kind="game_loss",
        reason="Marked cards",
        match_id=match.pk,
        game_number=3,
    )
    body = {"games_won_a": 2, "games_won_b": 1, "games": CLAIMED_GAME_3, "reason": ""}
    response = client_for(judge).post(f"/api/matches/{match.pk}/result/", body, format="json")
    assert response.status_code == 200, response.json()
    assert [g["by_penalty"] for g in response.json()["games"]] == [False, False, True]


@pytest.fixture
def qiahn_match():
    event = make_event(
        make_organiser("bpq_orga"),
        name="Qíahn Open",
        game="qiahn-tactics",
        format="standard",
        record_policy="require",
        qiahn_squad=3,
        qiahn_ruleset="rulebook-1",
    )
    regs = add_players(event, 2, prefix="bpq")
    return regs, make_round(event, [(regs[0], regs[1])]).matches.get()


def test_a_claimed_penalty_no_longer_skips_the_record_the_event_requires(qiahn_match):
    regs, match = qiahn_match
    response = report(
        client_for(regs[0].player), match, [{"winner": "a", "by_penalty": True}], 1, 0
    )
    assert response.status_code == 400
    assert response.json()["code"] == "by_penalty_without_game_loss"
    assert_nothing_written(match)


def test_the_schema_states_the_rule():
    result_in = resolve(api_schema()["components"]["schemas"]["ResultInRequest"])
    game_in = resolve(result_in["properties"]["games"]["items"])
    description = game_in["properties"]["by_penalty"]["description"]
    assert "game loss" in description and "400" in description
