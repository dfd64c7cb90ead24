"""Anachronism events: the report form asks for the side (north or south) and the record file
of each game, and the rules engine's refusal comes back as a form error (English, Spanish)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from games.engines.anachronism.playout import random_record
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Game
from tournaments.models.choices import MatchStatus

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[3] / "games" / "data" / "examples"
SOUTH_WINS = (EXAMPLES / "anachronism-five-assaults.json").read_bytes()
NORTH_WINS = json.dumps(random_record(random.Random(0))).encode()


@pytest.fixture
def anachronism():
    organiser = make_organiser("aorga")
    event = make_event(
        organiser,
        name="Anachronism Open",
        game="anachronism",
        format="standard",
        record_policy="require",
    )
    judge = add_judge(event, "ajudge")
    regs = add_players(event, 2)
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    return event, judge, regs, match


def upload(content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("game.json", content, content_type="application/json")


def test_the_form_offers_north_and_south(anachronism, as_user):
    event, _judge, regs, _match = anachronism
    page = as_user(regs[0].player).get(reverse("tournaments:my_match", args=[event.pk]))
    content = page.content.decode()
    assert 'enctype="multipart/form-data"' in content
    assert '<option value="north">North</option>' in content
    assert '<option value="south">South</option>' in content
    assert 'value="heads"' not in content


def test_both_players_report_with_records_from_their_own_side(anachronism, as_user):
    _event, _judge, regs, match = anachronism
    a_report = {
        "report-g1_winner": "me",
        "report-g1_side": "south",
        "report-g1_record": upload(SOUTH_WINS),
        "report-g2_winner": "me",
        "report-g2_side": "north",
        "report-g2_record": upload(NORTH_WINS),
    }
    assert as_user(regs[0].player).post(reverse("tournaments:report", args=[match.pk]), a_report)
    b_report = {
        "report-g1_winner": "opp",
        "report-g1_side": "north",  # B's own side: A was south
        "report-g1_record": upload(SOUTH_WINS),
        "report-g2_winner": "opp",
        "report-g2_side": "south",
        "report-g2_record": upload(NORTH_WINS),
    }
    response = as_user(regs[1].player).post(
        reverse("tournaments:report", args=[match.pk]), b_report
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert Game.objects.get(match=match, number=1).side_a == "south"


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Game 1: the final score 0-1 says the winner is player B"),
        ("es", "Partida 1: el resultado final 0-1 dice que el ganador es"),
    ],
)
def test_a_record_that_contradicts_the_report_is_a_form_error(
    anachronism, as_user, language, message
):
    _event, _judge, regs, match = anachronism
    data = {
        "report-wins_me": "1",
        "report-wins_opp": "0",
        "report-g1_winner": "me",
        "report-g1_side": "north",  # but north lost this game
        "report-g1_record": upload(SOUTH_WINS),
    }
    with translation.override(language):
        url = reverse("tournaments:report", args=[match.pk])
    response = as_user(regs[0].player).post(url, data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not match.reports.exists()
