"""Spreadsheets read as words: every cell that is a code in the CSV (a status, a result, a
penalty kind, an infraction, a top-cut round, a yes/no) is in the reader's language in the
spreadsheet, while numbers and times stay typed and the CSV keeps its codes."""

from __future__ import annotations

import csv
import datetime as dt
import io
from zoneinfo import ZoneInfo

import openpyxl
import pytest
from django.urls import reverse
from django.utils import timezone, translation

from rulings.core.csv_cells import write_rows
from tests.factories import UserFactory
from tests.tournaments.helpers import make_round
from tournaments.coded_cells import Coded, YesNo, for_people
from tournaments.exports import export_csv, export_rows, spreadsheet_rows
from tournaments.models.choices import RoundKind
from tournaments.services.penalties import penalty_issue
from tournaments.services.registration import registration_add, registration_drop
from tournaments.services.results import ReportedResult, match_report, match_set_result
from tournaments.visibility import everything
from tournaments.xlsx_cells import xlsx_value

pytestmark = pytest.mark.django_db

# Table 1's players report these games, 2-1 (the play-or-draw record on).
GAMES = [
    {"winner": "b", "random_winner": "a", "chooser": "a", "choice": "first"},
    {"winner": "a", "chooser": "a"},
    {"winner": "a", "random_winner": "b", "chooser": "b", "choice": "second"},
]

WORDS = {
    "en": {
        "yes": "Yes",
        "no": "No",
        "checked_in": "Checked in",
        "dropped": "Dropped",
        "swiss": "Swiss",
        "confirmed": "Confirmed",
        "drop": "Conceded by a drop",
        "players": "Both players",
        "judge": "Judge",
        "penalty": "Penalty",
        "match_loss_a": "Match loss for player A",
        "draw": "Draw",
        "first": "Play first",
        "second": "Play second",
        "won_random_method": "Won the coin or die",
        "lost_game_1": "Lost game 1",
        "flags": "Rematch; Paired down",
        "slow_play": "Slow play",
        "outside_assistance": "Outside assistance",
        "warning": "Warning",
        "match_loss": "Match loss",
        "semifinal": "Semifinal",
        "final": "Final",
        "kind:penalties": "Penalties",
        "kind:results": "Results",
    },
    "es": {
        "yes": "Sí",
        "no": "No",
        "checked_in": "Presente",
        "dropped": "Retirado",
        "swiss": "Suizo",
        "confirmed": "Confirmado",
        "drop": "Cedido al retirarse",
        "players": "Ambos jugadores",
        "judge": "Juez",
        "penalty": "Penalización",
        "match_loss_a": "Pérdida de enfrentamiento para el jugador A",
        "draw": "Empate",
        "first": "Partir (jugar primero)",
        "second": "Robar (jugar segundo)",
        "won_random_method": "Ganó la moneda o el dado",
        "lost_game_1": "Perdió la partida 1",
        "flags": "Enfrentamiento repetido; Emparejamiento hacia abajo",
        "slow_play": "Juego lento",
        "outside_assistance": "Ayuda externa",
        "warning": "Advertencia",
        "match_loss": "Pérdida de enfrentamiento",
        "semifinal": "Semifinal",
        "final": "Final",
        "kind:penalties": "Penalizaciones",
        "kind:results": "Resultados",
    },
}


@pytest.fixture
def played(event, judge, regs, round1):
    """Round 1: table 1 reported game by game by both players (2-1), table 2 decided by a
    match loss for player A, table 3 a 1-1-1 draw entered by the judge, table 4 not reported
    (with two pairing notes); a warning for slow play at table 4; then one player of table 4
    drops, which concedes its match, and a late entry joins."""
    event.play_draw_required = True
    event.save(update_fields=["play_draw_required"])
    t1, t2, t3, t4 = round1.matches.order_by("table")
    for reg_id in (t1.player_a_id, t1.player_b_id):
        player = next(r.player for r in regs if r.pk == reg_id)
        match_report(actor=player, match_id=t1.pk, result=ReportedResult(2, 1, games=GAMES))
    penalty_issue(
        actor=judge,
        registration_id=t2.player_a_id,
        infraction="outside_assistance",
        reason="Asked a friend",
    )
    match_set_result(
        actor=judge, match_id=t3.pk, result=ReportedResult(1, 1, 1), reason="Time was called"
    )
    t4.flags = [{"code": "rematch", "params": {}}, {"code": "paired_down", "params": {}}]
    t4.save(update_fields=["flags"])
    penalty_issue(
        actor=judge, registration_id=t4.player_b_id, infraction="slow_play", reason="Slow"
    )
    registration_drop(actor=judge, registration_id=t4.player_b_id, reason="Unwell")
    late = registration_add(
        actor=judge, event_id=event.pk, player=UserFactory(display_name="Late Comer")
    )
    return {"tables": (t1, t2, t3, t4), "dropped": t4.player_b, "late": late}


def sheet(event, what: str, language: str) -> list[dict[str, object]]:
    """The spreadsheet's rows as its cells hold them (``xlsx_value``: an empty cell for
    "", a time as the wall-clock time in the event's zone), keyed by the CSV's column
    names."""
    visibility = everything(event)
    tz = timezone.get_current_timezone()
    with translation.override(language):
        names = next(export_rows(event, what, visibility=visibility))
        rows = list(spreadsheet_rows(event, what, visibility=visibility))
    assert len(rows[0]) == len(names)
    return [dict(zip(names, (xlsx_value(v, tz=tz) for v in row), strict=True)) for row in rows[1:]]


def csv_rows(event, what: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(export_csv(event, what, visibility=everything(event)))))


@pytest.mark.parametrize("language", ["en", "es"])
def test_players_statuses_and_yes_no_read_as_words(event, played, language):
    words = WORDS[language]
    rows = {row["player"]: row for row in sheet(event, "players", language)}
    dropped, late = rows[played["dropped"].name], rows[played["late"].name]
    assert (dropped["status"], dropped["checked_in"], dropped["late_entry"]) == (
        words["dropped"],
        words["yes"],
        words["no"],
    )
    assert dropped["dropped_after_round"] == 1 and dropped["disqualified"] == words["no"]
    assert late["late_entry"] == words["yes"] and late["first_round"] == 2
    others = [r for name, r in rows.items() if name not in (dropped["player"], late["player"])]
    assert {r["status"] for r in others} == {words["checked_in"]}
    assert all(isinstance(r["player_number"], int) for r in rows.values())


@pytest.mark.parametrize("language", ["en", "es"])
def test_matches_results_and_games_read_as_words(event, played, language):
    words = WORDS[language]
    t1, t2, t3, t4 = sheet(event, "matches", language)
    assert {row["kind"] for row in (t1, t2, t3, t4)} == {words["swiss"]}
    assert isinstance(t1["round"], int) and isinstance(t1["games_won_a"], int)
    assert (t1["status"], t1["result_source"], t1["override"]) == (
        words["confirmed"],
        words["players"],
        None,
    )
    assert [t1[f"game{n}_choice"] for n in (1, 2, 3)] == [
        words["first"],
        words["first"],
        words["second"],
    ]
    assert [t1[f"game{n}_choice_reason"] for n in (1, 2, 3)] == [
        words["won_random_method"],
        words["lost_game_1"],
        words["won_random_method"],
    ]
    assert t1["game1_by_penalty"] == words["no"]
    assert t1["game1_winner"] == played["tables"][0].player_b.name
    assert (t2["result_source"], t2["override"]) == (words["penalty"], words["match_loss_a"])
    assert (t3["result_source"], t3["winner"]) == (words["judge"], words["draw"])
    # Its player B dropped before anyone reported: the match went to player A.
    assert (t4["status"], t4["result_source"], t4["winner"], t4["flags"]) == (
        words["confirmed"],
        words["drop"],
        played["tables"][3].player_a.name,
        words["flags"],
    )


@pytest.mark.parametrize("language", ["en", "es"])
def test_penalties_read_as_words_with_local_times(event, played, language, settings):
    words = WORDS[language]
    assistance, slow = sheet(event, "penalties", language)
    assert (assistance["infraction"], assistance["penalty"]) == (
        words["outside_assistance"],
        words["match_loss"],
    )
    assert (slow["infraction"], slow["penalty"], slow["next_match"]) == (
        words["slow_play"],
        words["warning"],
        words["no"],
    )
    given = played["dropped"].event.penalties.get(infraction="slow_play").created_at
    local = given.astimezone(ZoneInfo(settings.TIME_ZONE)).replace(tzinfo=None, microsecond=0)
    assert isinstance(slow["time"], dt.datetime) and slow["time"] == local


@pytest.mark.parametrize("language", ["en", "es"])
def test_standings_and_audit_read_as_words(event, played, language):
    words = WORDS[language]
    standings = {row["player"]: row for row in sheet(event, "standings", language)}
    assert standings[played["dropped"].name]["dropped"] == words["yes"]
    assert {r["dropped"] for n, r in standings.items() if n != played["dropped"].name} == {
        words["no"]
    }
    assert all(isinstance(r["rank"], int) for r in standings.values())
    audit = sheet(event, "audit", language)
    kinds = {row["action"]: row["kind"] for row in audit}
    # The action keeps its code (the sentence beside it says it in words).
    assert kinds["penalty.warning"] == words["kind:penalties"]
    assert kinds["result.set"] == words["kind:results"]


@pytest.mark.parametrize("language", ["en", "es"])
def test_top_cut_rounds_read_as_their_stage(event, regs, language):
    words = WORDS[language]
    make_round(event, [(regs[0], regs[1])], number=1)
    make_round(event, [(regs[0], regs[2]), (regs[1], regs[3])], number=4, kind=RoundKind.TOP_CUT)
    make_round(event, [(regs[0], regs[1])], number=5, kind=RoundKind.TOP_CUT)
    kinds = [(row["round"], row["kind"]) for row in sheet(event, "matches", language)]
    assert kinds == [
        (1, words["swiss"]),
        (4, words["semifinal"]),
        (4, words["semifinal"]),
        (5, words["final"]),
    ]
    assert [r["kind"] for r in csv_rows(event, "matches")] == ["swiss"] + ["top_cut"] * 3


def test_the_csv_keeps_its_codes(event, played):
    t1, t2, t3, t4 = csv_rows(event, "matches")
    assert (t1["kind"], t1["status"], t1["result_source"]) == ("swiss", "confirmed", "players")
    assert (t1["game1_choice"], t1["game1_choice_reason"], t1["game1_by_penalty"]) == (
        "first",
        "won_random_method",
        "0",
    )
    assert (t2["result_source"], t2["override"]) == ("penalty", "match_loss_a")
    assert t3["winner"] == "draw" and t4["flags"] == "rematch;paired_down"
    players = {r["player"]: r for r in csv_rows(event, "players")}
    dropped = players[played["dropped"].name]
    assert (dropped["status"], dropped["checked_in"], dropped["disqualified"]) == (
        "dropped",
        "1",
        "0",
    )
    assert players[played["late"].name]["late_entry"] == "1"
    penalties = csv_rows(event, "penalties")
    assert [(p["infraction"], p["penalty"], p["next_match"]) for p in penalties] == [
        ("outside_assistance", "match_loss", "0"),
        ("slow_play", "warning", "0"),
    ]
    standings = {r["player"]: r["dropped"] for r in csv_rows(event, "standings")}
    assert standings[played["dropped"].name] == "1"
    assert "penalties" in {r["kind"] for r in csv_rows(event, "audit")}


def test_the_spanish_file_holds_the_words_and_typed_cells(event, played, judge, as_user):
    with translation.override("es"):
        url = reverse("tournaments:export_xlsx", args=[event.pk, "matches"])
    response = as_user(judge).get(url)
    assert response.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    rows = list(book.active.iter_rows(values_only=True))
    header = rows[0]
    first = dict(zip(header, rows[1], strict=True))
    assert first["Tipo"] == "Suizo" and first["Estado"] == "Confirmado"
    assert first["Mesa"] == 1 and first["Ronda"] == 1
    assert first["Partida 1: partir o robar"] == "Partir (jugar primero)"
    assert first["Partida 1: por una penalización"] == "No"


def test_coded_cells_are_codes_in_the_csv_and_words_for_people():
    row = [
        Coded("confirmed", "Confirmado"),
        YesNo(True, yes="Sí", no="No"),
        YesNo(0, yes="Sí", no="No"),
        3,
    ]
    out = io.StringIO()
    write_rows([row], out)
    assert out.getvalue() == "confirmed,1,0,3\n"
    assert [for_people(value) for value in row] == ["Confirmado", "Sí", "No", 3]
    assert row[0] == "confirmed" and row[1] == 1
