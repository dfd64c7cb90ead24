"""The organiser's desk on event morning, in Spanish, in a real browser, as a judge.

An event that requires deck lists has three players registered. A walk-in with an account
is found by typing their surname without its accent and in lower case ("marin" for
"Marín") and chosen from the suggestions; the judge enters their deck list, checks
everyone in with one action (the count reads "4 de 4"), pairs and publishes round 1 and
gives a penalty. The slips page warns that the QR codes point to this machine (the live
server answers on localhost). A table whose players reported game by game is set again by
the judge as a score alone, which keeps the players' games, on the page and in the
matches CSV. The penalties CSV is downloaded (UTF-8, its columns, the accented name) and
so are the penalties and standings spreadsheets, opened with openpyxl (the library the
site writes them with): Spanish headers and words, numbers as numbers, times in the
event's time zone, not UTC."""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path
from zoneinfo import ZoneInfo

import openpyxl
import pytest
from django.conf import settings
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.test_spanish_event_browser import spanish_context
from tests.e2e.test_swiss_event_browser import submit, watch
from tests.factories import UserFactory
from tests.rulings_fixtures import quimera_list
from tests.tournaments.helpers import add_judge, make_event, make_organiser
from tournaments.models import Match, Penalty, Registration
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db(transaction=True)

REGISTERED = ["Ana Torres", "Bruno Díaz", "Carla Vidal"]
WALK_IN = "Diego Marín"
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
# Both players of a table report these games, 2-1 for player A: A won the coin and played
# first and lost game 1, chose to play first in game 2 and won it; B won the die for game 3,
# chose to play second, and lost.
GAMES = [
    {"winner": "b", "random_winner": "a", "chooser": "a", "choice": "first"},
    {"winner": "a", "chooser": "a"},
    {"winner": "a", "random_winner": "b", "chooser": "b", "choice": "second"},
]


@pytest.fixture
def desk():
    """The event (deck lists required, the play-or-draw record on), its judge, three
    registered players with deck lists, and the walk-in's account."""
    from decklists.services.lists import deck_list_submit
    from rulings.demo import load_rulings_data

    load_rulings_data()
    event = make_event(
        make_organiser("desk_orga"),
        name="Abierto de Castellón",
        date=timezone.localdate(),
        format="monofaccion",
        deck_lists_required=True,
        play_draw_required=True,
    )
    judge = add_judge(event, "desk_judge")
    for i, name in enumerate(REGISTERED):
        user = UserFactory(username=f"desk{i}", display_name=name)
        Registration.objects.create(event=event, player=user)
        deck_list_submit(event=event, player=user, text=quimera_list(), actor=user)
    walk_in = UserFactory(username="dmarin", display_name=WALK_IN)
    return event, judge, walk_in


def es(site: str, event, path: str = "") -> str:
    return f"{site}/es/events/{event.pk}/{path}"


def add_the_walk_in_by_surname(judge: Page, site: str, event, walk_in) -> None:
    judge.goto(es(site, event, "judge/players/"))
    form = judge.get_by_test_id("add-player")
    field = form.locator("#id_player")
    # Typed as at the desk: no accent, lower case. The suggestion is the walk-in's account,
    # and a tap on it adds them.
    field.press_sequentially("marin")
    suggestion = judge.get_by_test_id("suggestion")
    expect(suggestion).to_have_text([f"{WALK_IN} #{walk_in.player_number}"])
    expect(suggestion).to_have_attribute("data-value", str(walk_in.player_number))
    submit(judge, suggestion)
    expect(judge.locator(".message.success")).to_have_text(f"Inscripción de {WALK_IN} hecha.")
    expect(judge.locator(f"tr[data-player='{WALK_IN}']")).to_have_count(1)


def enter_the_walk_ins_deck_list(judge: Page, site: str, event) -> None:
    judge.goto(f"{site}/es/rulings/events/{event.pk}/decks/")
    row = judge.get_by_test_id("player-deck-status").locator("tbody tr").filter(has_text=WALK_IN)
    expect(row).to_have_attribute("data-status", "missing")
    submit(judge, row.get_by_test_id("enter-list"))
    expect(judge.locator("h1")).to_contain_text(WALK_IN)
    judge.locator("#id_text").fill(quimera_list())
    submit(judge, judge.get_by_test_id("save-player-deck"))
    expect(judge.locator(".message.success")).to_have_text(
        f"Se guardó la lista de mazo de {WALK_IN}."
    )
    row = judge.get_by_test_id("player-deck-status").locator("tbody tr").filter(has_text=WALK_IN)
    expect(row).to_have_attribute("data-status", "legal")


def check_everyone_in(judge: Page, site: str, event) -> None:
    judge.goto(es(site, event, "judge/players/"))
    expect(judge.get_by_test_id("player-counts")).to_contain_text("0 de 4 presentes")
    button = judge.get_by_test_id("check-in-all").get_by_role("button")
    expect(button).to_have_text("Confirmar la asistencia de los 4 jugadores inscritos")
    submit(judge, button)
    expect(judge.get_by_test_id("player-counts")).to_contain_text("4 de 4 presentes")
    expect(judge.get_by_test_id("undo-check-in")).to_have_count(4)
    expect(judge.get_by_test_id("check-in-all")).to_have_count(0)


def pair_and_publish_round_1(judge: Page, site: str, event) -> None:
    judge.goto(es(site, event, "judge/"))
    submit(judge, judge.get_by_test_id("pair-next"))
    expect(judge.get_by_test_id("round-head")).to_have_attribute("data-round", "1")
    submit(judge, judge.get_by_test_id("publish"))
    expect(judge.get_by_test_id("round-head")).to_have_attribute("data-status", "published")


def give_a_penalty(judge: Page, site: str, event) -> None:
    judge.goto(es(site, event, "judge/penalties/"))
    form = judge.get_by_test_id("penalty-form")
    # The list names each player with their table and number ("Mesa 2 — Ana #1002").
    option = form.locator("#id_registration option").filter(has_text=WALK_IN)
    form.locator("#id_registration").select_option(option.get_attribute("value"))
    form.locator("#id_infraction").select_option("slow_play")
    form.locator("#id_reason").fill("Tardó demasiado en cada turno")
    submit(judge, form.locator("button[type=submit]"))
    row = judge.locator("table[data-testid=penalties] tbody tr").filter(has_text=WALK_IN)
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Juego lento")
    expect(row).to_contain_text("Advertencia")


def see_the_local_address_warning(judge: Page, site: str, event) -> None:
    judge.goto(es(site, event, "print/slips/"))
    expect(judge.get_by_test_id("slip")).to_have_count(2)
    warning = judge.get_by_test_id("local-site-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text(
        f"Los móviles de los jugadores no pueden abrir los códigos QR: apuntan a {site}"
    )


def games_on_the_page(judge: Page) -> list[list[str]]:
    table = judge.get_by_test_id("match-head").locator("table.games-table tbody tr")
    return [[cell.strip() for cell in row.locator("td").all_inner_texts()] for row in table.all()]


def override_keeps_the_games(judge: Page, site: str, event, match: Match) -> None:
    a, b = match.player_a.name, match.player_b.name
    expected = [
        ["1", b, a, f"{a} (ganó la moneda o el dado)", "Partir (jugar primero)"],
        ["2", a, "—", f"{a} (perdió la partida 1)", "Partir (jugar primero)"],
        ["3", a, b, f"{b} (ganó la moneda o el dado)", "Robar (jugar segundo)"],
    ]
    judge.goto(es(site, event, "judge/"))
    row = judge.locator(f"tr[data-table='{match.table}']")
    expect(row).to_have_attribute("data-status", "confirmed")
    submit(judge, row.get_by_test_id("result-link"))
    expect(judge.get_by_test_id("match-status")).to_have_text("Confirmado")
    expect(judge.get_by_test_id("match-head").locator("table.games-table tbody tr")).to_have_count(
        3
    )
    assert games_on_the_page(judge) == expected

    # The judge confirms the score alone (no game rows), with a reason.
    form = judge.get_by_test_id("result-form")
    form.locator("select[name='result-wins_a']").select_option("2")
    form.locator("select[name='result-wins_b']").select_option("1")
    form.locator("#id_result-reason").fill("Revisada la hoja de la mesa")
    submit(judge, judge.get_by_test_id("result-submit"))
    expect(judge.locator(".message.success")).to_have_text(
        f"Mesa {match.table}: el resultado está confirmado."
    )
    expect(judge.locator(".message.warning")).to_have_count(0)

    judge.goto(f"{site}/es/events/matches/{match.pk}/result/")
    expect(judge.get_by_test_id("match-head")).to_contain_text("(Juez)")
    expect(judge.get_by_test_id("match-head").locator("table.games-table tbody tr")).to_have_count(
        3
    )
    assert games_on_the_page(judge) == expected

    exported = judge.request.get(es(site, event, "export/matches.csv"))
    assert exported.ok
    [in_csv] = [
        r for r in csv.DictReader(io.StringIO(exported.text())) if r["table"] == str(match.table)
    ]
    assert (in_csv["games_won_a"], in_csv["games_won_b"], in_csv["result_source"]) == (
        "2",
        "1",
        "judge",
    )
    assert [in_csv[f"game{n}_winner"] for n in (1, 2, 3)] == [b, a, a]
    assert [in_csv[f"game{n}_random_winner"] for n in (1, 2, 3)] == [a, "", b]
    assert [in_csv[f"game{n}_choice"] for n in (1, 2, 3)] == ["first", "first", "second"]


def download(page: Page, link) -> tuple[str, bytes]:
    """Click a download link; the file's suggested name and its bytes."""
    with page.expect_download() as info:
        link.click()
    got = info.value
    return got.suggested_filename, Path(got.path()).read_bytes()


def download_the_penalties(judge: Page, site: str, event) -> None:
    judge.goto(es(site, event, "judge/penalties/"))
    name, body = download(judge, judge.get_by_test_id("export-penalties"))
    assert name == f"event-{event.pk}-penalties.csv"
    text = body.decode("utf-8")  # strict: the file is UTF-8
    assert not text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == PENALTY_COLUMNS
    [row] = [dict(zip(PENALTY_COLUMNS, r, strict=True)) for r in rows[1:]]
    assert (row["player"], row["infraction"], row["penalty"], row["round"]) == (
        WALK_IN,
        "slow_play",
        "warning",
        "1",
    )
    assert row["reason"] == "Tardó demasiado en cada turno"
    given = Penalty.objects.get(event_id=event.pk).created_at
    assert dt.datetime.fromisoformat(row["time"]) == given

    # The spreadsheet of the same penalties: Spanish headers and words, a local time.
    name, body = download(judge, judge.get_by_test_id("export-penalties-xlsx"))
    assert name == f"event-{event.pk}-penalties.xlsx"
    sheet = openpyxl.load_workbook(io.BytesIO(body)).active
    assert sheet.title == "Penalizaciones"
    header, values = [list(r) for r in sheet.iter_rows(values_only=True)]
    assert header[:7] == [
        "Cuándo",
        "Jugador",
        "Número de jugador",
        "Ronda",
        "Mesa",
        "Infracción",
        "Penalización",
    ]
    row = dict(zip(header, values, strict=True))
    assert (row["Jugador"], row["Infracción"], row["Penalización"]) == (
        WALK_IN,
        "Juego lento",
        "Advertencia",
    )
    assert row["Ronda"] == 1 and isinstance(row["Número de jugador"], int)
    local = given.astimezone(ZoneInfo(settings.TIME_ZONE)).replace(tzinfo=None, microsecond=0)
    utc = given.astimezone(dt.UTC).replace(tzinfo=None, microsecond=0)
    assert local != utc  # the event's zone is not UTC, so the check below tells them apart
    assert row["Cuándo"] == local


def download_the_standings(judge: Page, site: str, event) -> None:
    judge.goto(es(site, event, "standings/"))
    link = judge.get_by_role("link", name="Descargar (hoja de cálculo)")
    name, body = download(judge, link)
    assert name == f"event-{event.pk}-standings.xlsx"
    sheet = openpyxl.load_workbook(io.BytesIO(body)).active
    assert sheet.title == "Clasificación"
    rows = [list(r) for r in sheet.iter_rows(values_only=True)]
    header = rows[0]
    assert header[:4] == ["Puesto", "Jugador", "Número de jugador", "Puntos de enfrentamiento"]
    assert "Retirado" in header and "Puesto suizo" in header
    players = [dict(zip(header, r, strict=True)) for r in rows[1:]]
    assert sorted(p["Jugador"] for p in players) == sorted([*REGISTERED, WALK_IN])
    assert all(isinstance(p["Puesto"], int) for p in players) and players[0]["Puesto"] == 1
    assert all(isinstance(p["Puntos de enfrentamiento"], int) for p in players)
    assert {p["Retirado"] for p in players} == {"No"}
    # The sheet holds no time: every date cell would be a wall-clock time in the event's
    # zone (the penalties sheet above checks one).
    assert not any(isinstance(v, dt.datetime) for r in rows for v in r)


def test_the_organisers_desk_in_spanish(site, new_context, desk):
    event, judge_user, walk_in = desk
    problems: list[str] = []
    judge = spanish_context(new_context, judge_user, site)
    watch(judge, problems)

    add_the_walk_in_by_surname(judge, site, event, walk_in)
    enter_the_walk_ins_deck_list(judge, site, event)
    check_everyone_in(judge, site, event)
    pair_and_publish_round_1(judge, site, event)
    give_a_penalty(judge, site, event)
    see_the_local_address_warning(judge, site, event)

    # The players of table 1 report from their phones, game by game (their pages are the
    # quick-report browser test's; here through the service), and agree.
    table1 = Match.objects.select_related("player_a__player", "player_b__player").get(
        round__event=event, round__number=1, table=1
    )
    for reg in (table1.player_a, table1.player_b):
        match_report(actor=reg.player, match_id=table1.pk, result=ReportedResult(2, 1, games=GAMES))
    override_keeps_the_games(judge, site, event, table1)

    download_the_penalties(judge, site, event)
    download_the_standings(judge, site, event)
    assert problems == []
