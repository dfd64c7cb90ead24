"""Goblin II events fix the game mode and the scoring as settings: a reported record that
plays another mode or scoring is refused, with a located reason in the reader's language;
the settings appear on Goblin II events' forms and in the API only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from config.errors import DomainError
from games.engines.registry import check_record
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models.choices import MatchStatus
from tournaments.services.results import ReportedResult, match_set_result

pytestmark = pytest.mark.django_db

RECORDS = Path(__file__).resolve().parents[2] / "games" / "engines" / "records" / "goblin"
SURVIVORS = json.loads((RECORDS / "valid" / "open-survivors.json").read_text())
CAPTURES = json.loads((RECORDS / "valid" / "open-captures.json").read_text())


def setup(**settings):
    organiser = make_organiser("gob")
    event = make_event(
        organiser,
        name="Goblin Open",
        game="qiahn-goblin-ii",
        format="standard",
        games_per_match=1,
        record_policy="accept",
        **settings,
    )
    judge = add_judge(event, "gobj")
    regs = add_players(event, 2)
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    return event, judge, match


def one_game(record):
    final = check_record(record).result
    winner = "a" if final["heads"] > final["tails"] else "b"
    return winner, [{"winner": winner, "side_a": "heads", "record": record}]


def report(judge, match, record):
    winner, games = one_game(record)
    wins = (1, 0) if winner == "a" else (0, 1)
    result = ReportedResult(*wins, games=games)
    return match_set_result(actor=judge, match_id=match.pk, result=result)


def test_a_record_of_the_events_mode_and_scoring_is_accepted():
    _event, judge, match = setup(goblin_mode="open", goblin_scoring="survivors")
    assert report(judge, match, SURVIVORS).status == MatchStatus.CONFIRMED


def test_a_record_with_another_scoring_is_refused_with_a_located_translated_reason():
    _event, judge, match = setup(goblin_mode="open", goblin_scoring="survivors")
    with pytest.raises(DomainError) as info:
        report(judge, match, CAPTURES)
    assert info.value.message.startswith("Game 1: scoring:")
    assert "survivors" in info.value.message and "captures" in info.value.message
    with translation.override("es"), pytest.raises(DomainError) as info:
        report(judge, match, CAPTURES)
    assert ": scoring: este evento" in info.value.message
    assert "capturas" in info.value.message and "supervivientes" in info.value.message
    assert not match.games.exists()


def test_a_record_of_another_mode_is_refused():
    _event, judge, match = setup(goblin_mode="covered", goblin_scoring="survivors")
    with pytest.raises(DomainError) as info:
        report(judge, match, SURVIVORS)
    assert info.value.message.startswith("Game 1: mode:")
    assert "covered" in info.value.message and "open" in info.value.message
    with translation.override("es"), pytest.raises(DomainError) as info:
        report(judge, match, SURVIVORS)
    assert "modo cubierto" in info.value.message and "modo descubierto" in info.value.message


def test_only_goblin_events_show_the_goblin_settings(organiser, client):
    goblin = make_event(organiser, game="qiahn-goblin-ii", format="standard")
    qiahn = make_event(organiser, game="qiahn-tactics", format="standard")
    client.force_login(organiser)
    body = client.get(reverse("tournaments:event_edit", args=[goblin.pk])).content.decode()
    assert 'name="goblin_mode"' in body and 'name="goblin_scoring"' in body
    body = client.get(reverse("tournaments:event_edit", args=[qiahn.pk])).content.decode()
    assert 'name="goblin_mode"' not in body and 'name="goblin_scoring"' not in body


def test_the_api_reads_and_sets_the_goblin_settings(organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    event = make_event(organiser, game="qiahn-goblin-ii", format="standard")
    data = client.get(f"/api/events/{event.pk}/").json()
    assert data["goblin_mode"] == "open" and data["goblin_scoring"] == "survivors"
    bad = client.patch(f"/api/events/{event.pk}/", {"goblin_mode": "hidden"}, format="json")
    assert bad.status_code == 400
