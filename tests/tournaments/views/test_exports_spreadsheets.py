"""The penalties export (CSV, spreadsheet, API, command) and the spreadsheet downloads:
who sees what, translated headers, typed cells, formula-looking names kept as text."""

from __future__ import annotations

import csv
import datetime as dt
import io
from zoneinfo import ZoneInfo

import openpyxl
import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_round
from tournaments.services.penalties import penalty_issue
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.standings import PRESETS, get_tiebreak

pytestmark = pytest.mark.django_db

PENALTY_COLUMNS = [
    "time",
    "player",
    "player_number",
    "round",
    "table",
    "infraction",
    "penalty",
    "game_number",
    "next_match",
    "judge",
    "reason",
    "deviation_reason",
]


@pytest.fixture
def penalised(round1, judge, regs):
    """Round 1 published; one player of table 1 has a game loss, one of table 2 a warning."""
    m1, m2 = round1.matches.order_by("table")[:2]
    loss = penalty_issue(
        actor=judge,
        registration_id=m1.player_a_id,
        infraction="slow_play",
        kind="game_loss",
        deviation_reason="Second time",
        reason="Slow play again",
    )
    warning = penalty_issue(
        actor=judge, registration_id=m2.player_b_id, kind="warning", reason="Late"
    )
    return loss, warning


def _csv(response) -> list[dict[str, str]]:
    assert response.status_code == 200, response.content[:300]
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))


def _sheet(response):
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    return openpyxl.load_workbook(io.BytesIO(response.content)).active


def _url(name: str, event, what: str, language: str = "en") -> str:
    with translation.override(language):
        return reverse(f"tournaments:{name}", args=[event.pk, what])


def test_penalties_csv_has_its_columns_and_one_row_per_penalty(event, penalised, as_user, judge):
    loss, warning = penalised
    response = as_user(judge).get(_url("export", event, "penalties"))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    header = response.content.decode().splitlines()[0]
    assert header.split(",") == PENALTY_COLUMNS
    rows = _csv(response)
    assert [r["player"] for r in rows] == [
        loss.registration.player.public_name,
        warning.registration.player.public_name,
    ]
    first = rows[0]
    assert first["player_number"] == str(loss.registration.player.player_number)
    assert first["round"] == "1" and first["table"] == str(loss.match.table)
    assert first["infraction"] == "slow_play" and first["penalty"] == "game_loss"
    assert first["game_number"] == "1" and first["next_match"] == "0"
    assert first["judge"] == judge.public_name
    assert first["reason"] == "Slow play again" and first["deviation_reason"] == "Second time"
    when = dt.datetime.fromisoformat(first["time"])
    assert when.utcoffset() is not None and when == loss.created_at


def _penalty_players(event, client, how: str) -> list[str]:
    """The players named in the penalties this client gets by one path."""
    if how == "csv":
        return [r["player"] for r in _csv(client.get(_url("export", event, "penalties")))]
    if how == "xlsx":
        sheet = _sheet(client.get(_url("export_xlsx", event, "penalties")))
        return [row[1] for row in sheet.iter_rows(min_row=2, values_only=True)]
    if how == "api-csv":
        return [
            r["player"] for r in _csv(client.get(f"/api/events/{event.pk}/export/penalties.csv"))
        ]
    if how == "api-xlsx":
        sheet = _sheet(client.get(f"/api/events/{event.pk}/export/penalties.xlsx"))
        return [row[1] for row in sheet.iter_rows(min_row=2, values_only=True)]
    response = client.get(f"/api/events/{event.pk}/penalties/")
    assert response.status_code == 200
    return [p["player"] for p in response.json()["results"]]


@pytest.mark.parametrize("how", ["csv", "xlsx", "api-csv", "api-xlsx", "api"])
def test_penalties_are_seen_by_judges_all_by_a_player_their_own(event, penalised, judge, how):
    loss, warning = penalised
    loss_name = loss.registration.player.public_name
    warning_name = warning.registration.player.public_name

    def client(user=None) -> APIClient:
        c = APIClient()
        if user is not None:
            c.force_login(user)
        return c

    assert _penalty_players(event, client(judge), how) == [loss_name, warning_name]
    assert _penalty_players(event, client(loss.registration.player), how) == [loss_name]
    assert _penalty_players(event, client(), how) == []


def test_spreadsheet_headers_are_in_the_readers_language(event, penalised, as_user, judge):
    english = _sheet(as_user(judge).get(_url("export_xlsx", event, "penalties")))
    spanish = _sheet(as_user(judge).get(_url("export_xlsx", event, "penalties", "es")))
    assert [c.value for c in english[1]][:4] == ["When", "Player", "Player number", "Round"]
    assert [c.value for c in spanish[1]][:4] == ["Cuándo", "Jugador", "Número de jugador", "Ronda"]
    assert spanish.title == "Penalizaciones"
    players = _sheet(as_user(judge).get(_url("export_xlsx", event, "players", "es")))
    assert [c.value for c in players[1]][:2] == ["Número de jugador", "Jugador"]


def test_spreadsheet_cells_are_typed_and_times_in_the_event_zone(
    event, penalised, as_user, judge, settings
):
    loss, _warning = penalised
    sheet = _sheet(as_user(judge).get(_url("export_xlsx", event, "penalties")))
    first = next(sheet.iter_rows(min_row=2, values_only=True))
    when, _player, number, round_number, table = first[:5]
    assert isinstance(number, int) and number == loss.registration.player.player_number
    assert isinstance(round_number, int) and round_number == 1
    assert isinstance(table, int) and table == loss.match.table
    local = loss.created_at.astimezone(ZoneInfo(settings.TIME_ZONE))
    local = local.replace(tzinfo=None, microsecond=0)
    assert isinstance(when, dt.datetime) and when == local
    standings = _sheet(as_user().get(_url("export_xlsx", event, "standings")))
    rank, _name, _number, points = next(standings.iter_rows(min_row=2, values_only=True))[:4]
    assert isinstance(rank, int) and isinstance(points, int)


def test_a_formula_looking_name_stays_text_in_the_spreadsheet(event, regs, as_user):
    player = regs[0].player
    player.display_name = '=HYPERLINK("http://evil.example","x")'
    player.save()
    sheet = _sheet(as_user().get(_url("export_xlsx", event, "players")))
    cells = {row[0].value: row[1] for row in sheet.iter_rows(min_row=2)}
    cell = cells[player.player_number]
    assert cell.value == player.public_name and cell.data_type == "s"
    assert cell.value.startswith("=")


def test_the_audit_spreadsheet_is_for_judges_with_sentences_in_their_language(
    event, penalised, as_user, judge, regs
):
    url = _url("export_xlsx", event, "audit", "es")
    sheet = _sheet(as_user(judge).get(url))
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert rows and all(isinstance(row[0], dt.datetime) for row in rows)
    assert "Judge judy impuso una advertencia a" in rows[0][4]
    for reader in (None, regs[0].player):
        assert _sheet(as_user(reader).get(url)).max_row == 1


def test_the_page_offers_each_spreadsheet_beside_its_csv(event, as_user, judge):
    page = as_user(judge).get(reverse("tournaments:event_detail", args=[event.pk]))
    html = page.content.decode()
    for what in ("players", "matches", "standings", "penalties", "audit"):
        assert f'href="{_url("export", event, what)}"' in html
        assert f'href="{_url("export_xlsx", event, what)}"' in html
    public = as_user().get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert _url("export_xlsx", event, "players") in public
    assert _url("export", event, "penalties") not in public


def test_export_event_prints_the_penalties_csv(event, penalised):
    out = io.StringIO()
    call_command("export_event", str(event.pk), "--what", "penalties", stdout=out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[0] == PENALTY_COLUMNS
    assert [r[6] for r in rows[1:]] == ["game_loss", "warning"]


def test_the_api_schema_lists_the_exports(as_user):
    schema = as_user().get("/api/schema/", HTTP_ACCEPT="application/json")
    text = schema.content.decode()
    assert "/api/v1/events/{id}/export/{what}.xlsx" in text
    assert '"penalties"' in text


@pytest.mark.parametrize("preset", ["dar", "pokemon_style"])
def test_the_percent_columns_of_the_standings_spreadsheet_are_percentages(
    event, judge, regs, as_user, preset
):
    event.tiebreaks = preset
    event.save()
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    for match in round_.matches.all():
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1))
    sheet = _sheet(as_user().get(_url("export_xlsx", event, "standings")))
    header = [cell.value for cell in sheet[1]]
    percent = [i for i, label in enumerate(header) if label.endswith("%")]
    expected = {"OMW%", "GW%", "OGW%"} | {
        f"{name.upper()}%" for name in PRESETS[preset] if get_tiebreak(name).percentage
    }
    assert {header[i] for i in percent} == expected
    cells = [row[i] for row in sheet.iter_rows(min_row=2) for i in percent]
    assert cells and all(cell.number_format == "0.00%" for cell in cells)
    assert all(isinstance(cell.value, (int, float)) and 0 <= cell.value <= 1 for cell in cells)
    # The other numbers keep the general format (a rank is not 100%).
    assert sheet.cell(row=2, column=1).number_format == "General"
