"""The metagame's pages, downloads, API and command: who sees what, and the cache."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from metagame.selectors import Filters, metagame_for
from tests.metagame.world import World


@pytest.fixture
def world(site_admin):
    return World(site_admin)


@pytest.fixture
def finished_event_of_ten(world):
    """Eight San Q lists and two San C lists at a finished event; San Q beat San C twice."""
    w = world
    e = w.event(dt.date(2026, 1, 10))
    q = [w.player(e, w.sq, {w.x: 2}) for _ in range(8)]
    c = [w.player(e, w.sc) for _ in range(2)]
    w.match(q[0], c[0], "a")
    w.match(q[1], c[1], "a")
    w.match(q[2], q[3], "")
    return e


def test_desk_page_is_for_site_admins(client, player, finished_event_of_ten):
    url = reverse("metagame:desk")
    assert client.get(url).status_code in (302, 403)
    client.force_login(player)
    assert client.get(url).status_code == 403


def test_admin_sees_every_row_the_public_only_rows_of_eight(
    client, site_admin, finished_event_of_ten
):
    client.force_login(site_admin)
    page = client.get(reverse("metagame:desk")).content.decode()
    assert "San C" in page and "San Q" in page
    client.logout()
    page = client.get(reverse("metagame:public")).content.decode()
    assert "San Q" in page and "San C" not in page and "Other" in page
    assert 'id="metagame-charts"' in page  # the charts' data, for the vendored Chart.js


def test_public_page_leaves_out_unfinished_events(client, world):
    e = world.event(dt.date(2026, 1, 10), status="running")
    for _ in range(9):
        world.player(e, world.sq)
    page = client.get(reverse("metagame:public")).content.decode()
    assert "0 deck lists" in page and "San Q" not in page


def test_csv_and_xlsx_downloads(client, site_admin, finished_event_of_ten):
    assert client.get(reverse("metagame:desk_csv", args=["cards"])).status_code in (302, 403)
    public = client.get(reverse("metagame:public_csv", args=["sanctuaries"])).content.decode()
    assert "San C" not in public and "Other" in public
    assert client.get(reverse("metagame:public_csv", args=["nothing"])).status_code == 404
    client.force_login(site_admin)
    response = client.get(reverse("metagame:desk_csv", args=["sanctuaries"]))
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0].startswith("Sanctuary,Lists,Share,Match-win rate")
    assert lines[1].startswith("San Q,8,0.8,1.0,") and lines[1].endswith(",2")
    response = client.get(reverse("metagame:desk_xlsx", args=["matchup"]))
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:2] == ("Sanctuary", "Against")
    assert ("San Q", "San C", 1, rows[1][3], rows[1][4], 2) in rows or any(
        r[0] == "San Q" and r[1] == "San C" and r[2] == 1 and r[5] == 2 for r in rows
    )


def test_api_full_view_for_admins_public_for_others(client, site_admin, finished_event_of_ten):
    url = reverse("api:metagame")
    public = client.get(url).json()
    assert public["public"] is True and public["threshold"] == 8
    assert [r[0] for r in public["tables"]["sanctuaries"]["rows"]] == ["San Q", "Other"]
    client.force_login(site_admin)
    full = client.get(url).json()
    assert full["public"] is False
    assert [r[0] for r in full["tables"]["sanctuaries"]["rows"]] == ["San Q", "San C"]
    assert full["lists"] == 10 and full["matches"] == 3
    # ?format= is the deck format here, not the renderer's
    draft = client.get(url, {"format": "booster-draft"})
    assert draft.status_code == 200 and draft.json()["lists"] == 0


def test_event_page_breakdown_reads_only_that_event(client, world, finished_event_of_ten):
    other = world.event(dt.date(2026, 1, 11))
    for _ in range(8):
        world.player(other, world.sa)
    both = client.get(reverse("metagame:public")).content.decode()
    assert "San A" in both
    own = client.get(reverse("metagame:public"), {"event": finished_event_of_ten.pk})
    assert "San A" not in own.content.decode() and "10 deck lists" in own.content.decode()


def test_command_prints_the_tables(finished_event_of_ten):
    out = io.StringIO()
    call_command(
        "metagame_report",
        "--game",
        "humankind",
        "--format",
        "monofaccion",
        "--from",
        "2026-01-01",
        stdout=out,
    )
    text = out.getvalue()
    assert "10 deck lists, 3 played matches" in text
    assert "== Sanctuaries ==" in text and "== Matchups ==" in text
    san_q = next(line for line in text.splitlines() if line.startswith("San Q "))
    assert "80.0%" in san_q and "100.0%" in san_q


def test_cache_moves_when_a_judge_confirms_a_result(world, site_admin):
    from tournaments.models import Round
    from tournaments.services.results.judge import match_set_result
    from tournaments.services.results.validation import ReportedResult

    e = world.event(dt.date(2026, 1, 10), status="running")
    a, b = world.player(e, world.sq), world.player(e, world.sc)
    match = world.match(a, b, None, status="pending", source="")
    Round.objects.filter(pk=match.round_id).update(status="published")
    filters = Filters(public=False)
    assert metagame_for(filters).matches == 0
    match_set_result(actor=site_admin, match_id=match.pk, result=ReportedResult(2, 0, 0))
    meta = metagame_for(filters)
    assert meta.matches == 1
    assert meta.sanctuaries[0].win.matches == 1


def test_event_page_offers_its_breakdown_once_finished_with_public_lists(client, world):
    running = world.event(dt.date(2026, 1, 10), status="running")
    finished = world.event(dt.date(2026, 1, 10))
    private = world.event(dt.date(2026, 1, 10), format="booster-draft", draft_cards_private=True)
    page = client.get(reverse("tournaments:event_detail", args=[finished.pk])).content.decode()
    assert f"/metagame/?event={finished.pk}" in page
    for event in (running, private):
        page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
        assert "event-metagame" not in page


def test_a_change_recounts_only_its_own_event(world, finished_event_of_ten, monkeypatch):
    from metagame import partials
    from tournaments.services.standings import bump_results_version

    other = world.event(dt.date(2026, 1, 12))
    world.player(other, world.sa)
    counted: list[list[int]] = []
    real = partials.compute_parts

    def recording(ids):
        counted.append(sorted(ids))
        return real(ids)

    monkeypatch.setattr(partials, "compute_parts", recording)
    filters = Filters(public=False)
    metagame_for(filters)
    assert counted == [sorted([finished_event_of_ten.pk, other.pk])]
    bump_results_version(other.pk)
    meta = metagame_for(filters)
    assert counted[1:] == [[other.pk]]
    assert meta.lists == 11
