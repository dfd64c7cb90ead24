"""The DAR's play-or-draw record: an event option (on by default for Humankind) requires
it in players' reports; games 1 and 3 keep the coin or die winner apart from the chooser;
the API and the matches export carry it."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from rest_framework.test import APIClient

from config.errors import DomainError
from tests.tournaments.helpers import make_round
from tournaments.exports import export_csv
from tournaments.services.events import event_create
from tournaments.services.results import ReportedResult, match_report
from tournaments.visibility import everything

pytestmark = pytest.mark.django_db


def test_on_by_default_for_humankind_only(organiser):
    humankind = event_create(actor=organiser, name="H", date=dt.date(2026, 12, 5))
    qiahn = event_create(actor=organiser, name="Q", date=dt.date(2026, 12, 5), game="qiahn-tactics")
    off = event_create(
        actor=organiser, name="Off", date=dt.date(2026, 12, 5), play_draw_required=False
    )
    assert humankind.play_draw_required and not qiahn.play_draw_required
    assert not off.play_draw_required


def test_reports_through_the_api_keep_the_coin_winner(event, regs, organiser):
    event.play_draw_required = True
    event.save(update_fields=["play_draw_required"])
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    with pytest.raises(DomainError, match="requires the game-by-game record"):
        match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1))
    games = [
        {"winner": "b", "random_winner": "a", "chooser": "a", "choice": "first"},
        {"winner": "a", "chooser": "a"},
        {"winner": "a", "random_winner": "b", "chooser": "b", "choice": "second"},
    ]
    body = {"games_won_a": 2, "games_won_b": 1, "games": games}
    for reg in regs[:2]:
        api = APIClient()
        api.force_authenticate(reg.player)
        answer = api.post(f"/api/matches/{match.pk}/report/", body, format="json")
        assert answer.status_code == 200, answer.json()
    match.refresh_from_db()
    assert match.status == "confirmed"
    out = APIClient().get(f"/api/matches/{match.pk}/").json()
    assert [g["random_winner"] for g in out["games"]] == ["a", "", "b"]
    assert [g["chooser"] for g in out["games"]] == ["a", "a", "b"]
    row = next(
        csv.DictReader(io.StringIO(export_csv(event, "matches", visibility=everything(event))))
    )
    assert row["game1_random_winner"] == regs[0].name
    assert row["game3_random_winner"] == regs[1].name
    assert row["game2_random_winner"] == ""


def test_the_new_event_form_has_it_on(organiser):
    from django.test import Client

    client = Client()
    client.force_login(organiser)
    page = client.get("/events/new/").content.decode()
    field = page.split('id="id_play_draw_required"')[0].rsplit("<input", 1)[1]
    assert "checked" in field + page.split('id="id_play_draw_required"')[1].split(">")[0]
