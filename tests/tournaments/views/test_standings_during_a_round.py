"""Standings while a round is played are those after the last completed round, on every
read path: the page (both visibility classes, both languages), print, the CSV and
spreadsheet downloads of the pages and the API, the API's JSON and the export command. A
round's bye, and its results already confirmed, count once the round ends."""

from __future__ import annotations

import csv
import io
import re
from types import SimpleNamespace

import openpyxl
import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_round
from tournaments.models import Round
from tournaments.models.choices import RoundStatus
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.services.rounds import round_pair_next, round_publish
from tournaments.services.standings import results_version, standings_table

pytestmark = pytest.mark.django_db


def url(name, *args):
    return reverse(f"tournaments:{name}", args=args)


@pytest.fixture
def event_in_round_2(event, judge, regs):
    """Five players. Round 1 is complete: A beats B, C beats D, E has the bye. Round 2 is
    being played: B (who lost round 1) has the bye, confirmed when it was paired; D has
    beaten E already; A-C still plays. Counting round 2 as it goes would rank B first
    (1-1-0, OMW 100%) above every 1-0 player."""
    a, b, c, d, e = regs[:5]
    for r in regs[5:]:
        r.delete()
    r1 = make_round(event, [(a, b), (c, d), (e, None)])
    for table in (1, 2):
        match_set_result(
            actor=judge, match_id=r1.matches.get(table=table).pk, result=ReportedResult(2, 0)
        )
    r2 = make_round(event, [(a, c), (d, e), (b, None)])
    match_set_result(actor=judge, match_id=r2.matches.get(table=2).pk, result=ReportedResult(2, 1))
    return SimpleNamespace(
        event=event, a=a, b=b, c=c, d=d, e=e, round1=r1, round2=r2, open=r2.matches.get(table=1)
    )


def order(html: str) -> list[str]:
    return re.findall(r'<tr data-player="([^"]+)"', html)


def points(html: str, name: str) -> str:
    row = html[html.index(f'data-player="{name}"') :]
    found = re.search(r'data-column="match_points">(\d+)<', row)
    assert found
    return found.group(1)


def record(html: str, name: str) -> str:
    row = html[html.index(f'data-player="{name}"') :]
    found = re.search(r'data-column="record">([\d-]+)<', row)
    assert found
    return found.group(1)


def assert_after_round_1(s, names: list[str], match_points: dict[str, int | str]) -> None:
    """The 1-0 players (A, C, E) first; B and D, whose round-2 bye and win wait, at 0."""
    assert set(names[:3]) == {s.a.name, s.c.name, s.e.name}
    assert names[0] != s.b.name
    assert int(match_points[s.b.name]) == 0 and int(match_points[s.d.name]) == 0


def csv_rows(response) -> list[dict[str, str]]:
    assert response.status_code == 200, response.content[:300]
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))


def sheet_rows(response) -> list[tuple]:
    assert response.status_code == 200, response.content[:300]
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    return list(sheet.iter_rows(min_row=2, values_only=True))


def filename(response) -> str:
    found = re.search(r'filename="([^"]+)"', response["Content-Disposition"])
    assert found
    return found.group(1)


# --- the page --------------------------------------------------------------------------
def test_event_in_round_2_page_shows_the_standings_after_round_1_to_everyone(
    event_in_round_2, judge, as_user
):
    s = event_in_round_2
    for client in (as_user(), as_user(judge), as_user(s.b.player)):
        html = client.get(url("standings", s.event.pk)).content.decode()
        names = order(html)
        assert_after_round_1(s, names, {n: points(html, n) for n in names})
        assert record(html, s.b.name) == "0-1-0"
        assert "Standings after round 1" in html
        assert 'data-after-round="1"' in html
        assert "Round 2 is being played: its results, byes included, count" in html


def test_event_in_round_2_page_in_spanish_says_which_round(event_in_round_2, as_user):
    with translation.override("es"):
        standings_url = url("standings", event_in_round_2.event.pk)
    html = as_user().get(standings_url).content.decode()
    assert "Clasificación tras la ronda 1" in html
    assert "La ronda 2 se está jugando: sus resultados, byes incluidos, cuentan" in html


def test_event_in_round_2_asking_for_round_2_gives_the_standings_after_round_1(
    event_in_round_2, as_user
):
    s = event_in_round_2
    html = as_user().get(url("standings", s.event.pk) + "?round=2").content.decode()
    names = order(html)
    assert_after_round_1(s, names, {n: points(html, n) for n in names})
    assert "Standings after round 1" in html and "Standings after round 2" not in html
    # the rounds offered are the completed ones
    assert '<option value="1"' in html and '<option value="2"' not in html


def test_event_in_round_2_print_shows_the_standings_after_round_1(event_in_round_2, judge, as_user):
    s = event_in_round_2
    for client in (as_user(), as_user(judge)):
        html = client.get(url("print_standings", s.event.pk)).content.decode()
        names = order(html)
        assert_after_round_1(s, names, {n: points(html, n) for n in names})
        assert "Standings after round 1" in html
        assert "Round 2 is being played" in html


# --- downloads ---------------------------------------------------------------------------
@pytest.mark.parametrize("prefix", ["", "/api"])
def test_event_in_round_2_csv_is_after_round_1_and_named_so(event_in_round_2, as_user, prefix):
    s = event_in_round_2
    path = f"/events/{s.event.pk}/export/standings.csv"
    response = as_user().get(prefix + path if prefix else url("export", s.event.pk, "standings"))
    rows = csv_rows(response)
    assert_after_round_1(
        s, [r["player"] for r in rows], {r["player"]: r["match_points"] for r in rows}
    )
    b_row = next(r for r in rows if r["player"] == s.b.name)
    assert (b_row["wins"], b_row["losses"], b_row["draws"]) == ("0", "1", "0")
    assert filename(response) == f"event-{s.event.pk}-standings-round-1.csv"


@pytest.mark.parametrize("prefix", ["", "/api"])
def test_event_in_round_2_spreadsheet_is_after_round_1_and_named_so(
    event_in_round_2, as_user, prefix
):
    s = event_in_round_2
    path = f"/events/{s.event.pk}/export/standings.xlsx"
    response = as_user().get(
        prefix + path if prefix else url("export_xlsx", s.event.pk, "standings")
    )
    rows = sheet_rows(response)
    # rank, player, player number, match points, ...
    assert_after_round_1(s, [r[1] for r in rows], {r[1]: r[3] for r in rows})
    assert filename(response) == f"event-{s.event.pk}-standings-round-1.xlsx"


def test_event_in_round_2_export_command_is_after_round_1(event_in_round_2, capsys):
    s = event_in_round_2
    call_command("export_event", str(s.event.pk), "--what", "standings")
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert_after_round_1(
        s, [r["player"] for r in rows], {r["player"]: r["match_points"] for r in rows}
    )


# --- the API -----------------------------------------------------------------------------
def test_event_in_round_2_api_standings_are_after_round_1_and_say_so(event_in_round_2):
    s = event_in_round_2
    response = APIClient().get(f"/api/events/{s.event.pk}/standings/")
    assert response.status_code == 200
    rows = response.json()["results"]
    assert_after_round_1(
        s, [r["player"] for r in rows], {r["player"]: r["match_points"] for r in rows}
    )
    assert response["Standings-After-Round"] == "1"
    asked = APIClient().get(f"/api/events/{s.event.pk}/standings/?round=2")
    assert asked.json()["results"] == rows and asked["Standings-After-Round"] == "1"
    earlier = APIClient().get(f"/api/events/{s.event.pk}/standings/?round=0")
    assert earlier["Standings-After-Round"] == "0"
    assert {r["match_points"] for r in earlier.json()["results"]} == {0}


# --- when the round ends ----------------------------------------------------------------
def test_event_with_round_2_all_in_counts_round_2_and_its_bye(
    event_in_round_2, judge, as_user, django_capture_on_commit_callbacks
):
    s = event_in_round_2
    before = as_user().get(url("standings", s.event.pk)).content.decode()  # cached now
    assert points(before, s.b.name) == "0"
    with django_capture_on_commit_callbacks(execute=True):  # pages learn of it on commit
        match_set_result(actor=judge, match_id=s.open.pk, result=ReportedResult(2, 0))
    html = as_user().get(url("standings", s.event.pk)).content.decode()
    assert "Standings after round 2" in html and "is being played" not in html
    assert points(html, s.b.name) == "3" and record(html, s.b.name) == "1-1-0"
    assert order(html)[0] == s.a.name
    response = APIClient().get(f"/api/events/{s.event.pk}/standings/")
    assert response["Standings-After-Round"] == "2"


def test_event_with_round_2_ended_by_pairing_round_3_counts_round_2_without_the_missing_result(
    event_in_round_2, judge, as_user, django_capture_on_commit_callbacks
):
    s = event_in_round_2
    with django_capture_on_commit_callbacks(execute=True):
        round3 = round_pair_next(actor=judge, event_id=s.event.pk, force=True, reason="A-C left")
    assert Round.objects.get(pk=s.round2.pk).status == RoundStatus.FINISHED
    html = as_user().get(url("standings", s.event.pk)).content.decode()
    assert "Standings after round 2" in html and "is being played" not in html
    assert points(html, s.b.name) == "3"
    after_2 = {n: points(html, n) for n in order(html)}
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(actor=judge, round_id=round3.pk)
    bye = round3.matches.select_related("player_a__player").get(player_b__isnull=True)
    html = as_user().get(url("standings", s.event.pk)).content.decode()
    assert "Standings after round 2" in html and "Round 3 is being played" in html
    # round 3's bye, confirmed on publishing, waits for round 3 to end
    assert {n: points(html, n) for n in order(html)} == after_2
    assert bye.player_a.name in after_2


def test_event_in_round_1_shows_no_result_yet(event, judge, regs, as_user):
    for r in regs[5:]:
        r.delete()
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    assert round_.matches.filter(player_b__isnull=True).exists()
    html = as_user().get(url("standings", event.pk)).content.decode()
    assert set(re.findall(r'data-column="match_points">(\d+)<', html)) == {"0"}
    assert "Standings after round" not in html
    assert "Round 1 is being played" in html
    response = as_user().get(url("export", event.pk, "standings"))
    assert filename(response) == f"event-{event.pk}-standings.csv"
    assert {r["match_points"] for r in csv_rows(response)} == {"0"}


def test_a_round_ended_without_a_new_result_gives_new_standings_not_the_cached_ones(
    event, judge, regs
):
    """The cached table is keyed by the round it is after: pairing round 3 with a result of
    round 2 missing ends round 2 without moving the results version (four players, no
    bye), and the standings move on to after round 2 at once."""
    a, b, c, d = regs[:4]
    for r in regs[4:]:
        r.delete()
    r1 = make_round(event, [(a, b), (c, d)])
    for match in r1.matches.all():
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 0))
    r2 = make_round(event, [(a, c), (b, d)])
    match_set_result(actor=judge, match_id=r2.matches.get(table=2).pk, result=ReportedResult(2, 0))
    before = results_version(event.pk)
    playing = standings_table(event)  # computed and cached
    assert (playing.after_round, playing.playing_round) == (1, 2)
    assert {r.registration.pk: r.match_points for r in playing.rows}[b.pk] == 0
    round_pair_next(actor=judge, event_id=event.pk, force=True, reason="Table 1 left")
    assert results_version(event.pk) == before
    ended = standings_table(event)
    assert (ended.after_round, ended.playing_round) == (2, None)
    assert {r.registration.pk: r.match_points for r in ended.rows}[b.pk] == 3
