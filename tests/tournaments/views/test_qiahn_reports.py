"""Qíahn events: the report form also takes each game's sides, score and record file, and the
rules engine's refusal comes back as a form error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Game
from tournaments.models.choices import MatchStatus

pytestmark = pytest.mark.django_db

RECORDS = Path(__file__).resolve().parents[2] / "games" / "engines" / "records" / "qiahn"
HEADS_WINS = (RECORDS / "valid" / "squad3-contract-example.json").read_bytes()
TAILS_WINS = (RECORDS / "valid" / "squad3-earth-rulebook.json").read_bytes()
ILLEGAL = json.dumps(
    json.loads((RECORDS / "invalid" / "sword-while-defending.json").read_text())
    | {"ruleset": "rulebook-1"}
).encode()


@pytest.fixture
def qiahn():
    organiser = make_organiser("qorga")
    event = make_event(
        organiser,
        name="Qíahn Open",
        game="qiahn-tactics",
        format="standard",
        record_policy="require",
        qiahn_squad=3,
        qiahn_ruleset="rulebook-1",
    )
    judge = add_judge(event, "qjudge")
    regs = add_players(event, 2)
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    return event, judge, regs, match


def upload(content: bytes, name: str = "game.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/json")


def report_url(match):
    return reverse("tournaments:report", args=[match.pk])


def test_the_form_asks_for_sides_scores_and_records(qiahn, as_user):
    event, _judge, regs, _match = qiahn
    page = as_user(regs[0].player).get(reverse("tournaments:my_match", args=[event.pk]))
    content = page.content.decode()
    assert 'enctype="multipart/form-data"' in content
    assert "My side" in content and "Game record (JSON file)" in content
    assert "This event requires each game's record" in content


def test_both_players_report_with_records_from_their_own_side(qiahn, as_user):
    _event, _judge, regs, match = qiahn
    a_report = {
        "report-g1_winner": "me",
        "report-g1_chooser": "me",
        "report-g1_side": "heads",
        "report-g1_record": upload(HEADS_WINS),
        "report-g2_winner": "me",
        "report-g2_chooser": "opp",
        "report-g2_side": "tails",
        "report-g2_record": upload(TAILS_WINS),
    }
    response = as_user(regs[0].player).post(report_url(match), a_report)
    assert response.status_code == 302
    b_report = {
        "report-g1_winner": "opp",
        "report-g1_chooser": "opp",
        "report-g1_side": "tails",  # B's own side: A was heads
        "report-g1_record": upload(HEADS_WINS),
        "report-g2_winner": "opp",
        "report-g2_chooser": "me",
        "report-g2_side": "heads",
        "report-g2_record": upload(TAILS_WINS),
    }
    response = as_user(regs[1].player).post(report_url(match), b_report)
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert (match.games_won_a, match.games_won_b) == (2, 0)
    game = Game.objects.get(match=match, number=1)
    assert game.side_a == "heads" and game.record == json.loads(HEADS_WINS)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"report-g1_record": upload(b"not json")}, "is not a JSON file of at most 256 KB"),
        ({"report-g1_record": upload(b"[1, 2]")}, "is not a game record"),
        ({"report-g1_tokens_me": "3"}, "Give both players&#x27; scores."),
        ({"report-g1_tokens_me": "-1", "report-g1_tokens_opp": "2"}, "greater than or equal to 0"),
        ({"report-g1_record": upload(ILLEGAL)}, "Game 1: round"),
        ({"report-g1_record": upload(TAILS_WINS)}, "says the winner is"),
        ({"report-g1_record": upload(HEADS_WINS), "report-g1_side": ""}, "say which side"),
    ],
)
def test_bad_game_records_are_form_errors(qiahn, as_user, extra, message):
    _event, _judge, regs, match = qiahn
    data = {
        "report-wins_me": "1",
        "report-wins_opp": "0",
        "report-g1_winner": "me",
        "report-g1_chooser": "me",
        "report-g1_side": "heads",
    } | extra
    response = as_user(regs[0].player).post(report_url(match), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not match.reports.exists()


def test_a_judge_enters_a_game_with_its_score_only_where_records_are_accepted(qiahn, as_user):
    event, judge, _regs, match = qiahn
    event.record_policy = "accept"
    event.save()
    data = {
        "result-wins_a": "1",
        "result-wins_b": "0",
        "result-g1_winner": "a",
        "result-g1_chooser": "a",
        "result-g1_side": "tails",
        "result-g1_tokens_a": "3",
        "result-g1_tokens_b": "2",
    }
    response = as_user(judge).post(reverse("tournaments:result", args=[match.pk]), data)
    assert response.status_code == 302
    game = Game.objects.get(match=match)
    assert game.side_a == "tails" and game.score == {"a": 3, "b": 2}
