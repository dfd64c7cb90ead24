"""Public pages: the event, players, pairings by table and by name, standings as of a round,
print views and CSV downloads that agree with the pages."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_round
from tournaments.models.choices import RoundStatus
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_set_result

pytestmark = pytest.mark.django_db


def url(name, *args):
    return reverse(f"tournaments:{name}", args=args)


@pytest.fixture
def two_rounds(event, judge, regs):
    """Round 1 and 2 complete (A wins 2-1 everywhere), round 3 paired but not published."""
    a, b, c, d = regs[:4]
    for r in regs[4:]:
        r.delete()
    r1 = make_round(event, [(a, b), (c, d)])
    r2 = make_round(event, [(a, c), (b, d)])
    for round_ in (r1, r2):
        for match in round_.matches.all():
            match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1))
    r3 = make_round(event, [(a, d), (c, b)], status=RoundStatus.DRAFT)
    return r1, r2, r3


def parse(response) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_event_page_shows_the_facts_and_downloads(event, regs, as_user):
    page = as_user().get(url("event_detail", event.pk)).content.decode()
    assert event.name in page
    assert 'data-testid="player-count">8' in page
    assert "Log in to register." in page
    for what in ("players", "matches", "standings"):
        assert url("export", event.pk, what) in page


def test_places_left_with_a_cap(event, regs, player, as_user):
    event.player_cap = 10
    event.save()
    assert "2 places left." in as_user(player).get(url("event_detail", event.pk)).content.decode()


def test_players_page_lists_names_but_no_drop_reasons(event, judge, regs, two_rounds, as_user):
    registration_drop(actor=judge, registration_id=regs[3].pk, reason="Private family matter")
    page = as_user().get(url("players", event.pk)).content.decode()
    # round 3 is only a draft: the drop counts from after round 2
    assert regs[0].name in page and "Dropped after round 2" in page
    assert "Private family matter" not in page


def test_pairings_by_table_and_by_name(event, regs, two_rounds, as_user):
    client = as_user()
    page = client.get(url("pairings", event.pk)).content.decode()
    assert "Round 2" in page  # the latest published round
    assert regs[0].name in page and "(3)" in page  # A had 3 points before round 2
    by_name = client.get(url("pairings_by_name", event.pk) + "?round=1").content.decode()
    rows = by_name[by_name.index('data-testid="pairings-by-name"') :]
    names = [r.name for r in regs[:4]]
    positions = [rows.index(name) for name in sorted(names, key=str.casefold)]
    assert positions == sorted(positions)


def test_unpublished_pairings_are_for_judges_only(event, judge, regs, two_rounds, as_user):
    assert as_user().get(url("pairings", event.pk) + "?round=3").status_code == 404
    assert (
        as_user(regs[0].player).get(url("print_pairings", event.pk) + "?round=3").status_code == 404
    )
    page = as_user(judge).get(url("pairings", event.pk) + "?round=3").content.decode()
    assert "Not published: only judges see these pairings" in page


@pytest.mark.parametrize("value", ["99", "abc", "-1", "0"])
def test_a_bad_round_parameter(event, regs, two_rounds, as_user, value):
    status = as_user().get(url("pairings", event.pk) + f"?round={value}").status_code
    assert status in (200, 404)
    if value.isdigit():
        assert status == 404
    assert as_user().get(url("standings", event.pk) + f"?round={value}").status_code in (200, 404)


def test_standings_as_of_a_round(event, regs, two_rounds, as_user):
    page = as_user().get(url("standings", event.pk) + "?round=1").content.decode()
    assert "Standings after round 1" in page
    latest = as_user().get(url("standings", event.pk)).content.decode()
    assert 'data-column="match_points">6<' in latest
    assert 'data-column="match_points">6<' not in page


def test_standings_keep_a_dropped_player(event, judge, regs, two_rounds, as_user):
    registration_drop(actor=judge, registration_id=regs[1].pk, reason="Tired")
    page = as_user().get(url("standings", event.pk)).content.decode()
    assert regs[1].name in page and 'data-testid="dropped"' in page


def test_standings_export_agrees_with_the_page(event, regs, two_rounds, as_user):
    client = as_user()
    page = client.get(url("standings", event.pk)).content.decode()
    exported = parse(client.get(url("export", event.pk, "standings")))
    for row in exported:
        cell = page[page.index(f'data-player="{row["player"]}"') :]
        assert f'data-column="match_points">{row["match_points"]}<' in cell[:600]
        omw = (Decimal(row["omw"]) * 100).quantize(Decimal("0.01"))
        assert f">{omw}<" in cell[:900]
    as_of = parse(client.get(url("export", event.pk, "standings") + "?round=1"))
    assert {r["match_points"] for r in as_of} == {"3", "0"}


def test_public_exports_leave_out_unpublished_pairings_and_drop_reasons(
    event, judge, regs, two_rounds, as_user
):
    registration_drop(actor=judge, registration_id=regs[3].pk, reason="Private family matter")
    public_matches = parse(as_user().get(url("export", event.pk, "matches")))
    judge_matches = parse(as_user(judge).get(url("export", event.pk, "matches")))
    assert {m["round"] for m in public_matches} == {"1", "2"}
    assert {m["round"] for m in judge_matches} == {"1", "2", "3"}
    public_players = parse(as_user().get(url("export", event.pk, "players")))
    judge_players = parse(as_user(judge).get(url("export", event.pk, "players")))
    assert {p["drop_reason"] for p in public_players} == {""}
    assert "Private family matter" in {p["drop_reason"] for p in judge_players}


def test_export_download_headers_and_unknown_exports(event, regs, as_user):
    response = as_user().get(url("export", event.pk, "players"))
    assert response["Content-Type"].startswith("text/csv")
    assert f'filename="event-{event.pk}-players.csv"' in response["Content-Disposition"]
    assert as_user().get(url("export", event.pk, "secrets")).status_code == 404
    assert as_user().get(url("export", event.pk, "standings") + "?round=9").status_code == 404


def test_matches_export_agrees_with_the_pairings_page(event, regs, two_rounds, as_user):
    client = as_user()
    exported = [
        m for m in parse(client.get(url("export", event.pk, "matches"))) if m["round"] == "2"
    ]
    page = client.get(url("pairings", event.pk) + "?round=2").content.decode()
    for row in exported:
        start = page.index(f'data-table="{row["table"]}"')
        cell = page[start : start + 700]
        assert row["player_a"] in cell and row["player_b"] in cell
        assert f"{row['games_won_a']}-{row['games_won_b']}" in cell


# --- Print views -------------------------------------------------------------------------


def test_print_views(event, judge, regs, two_rounds, as_user):
    client = as_user(judge)
    for name in ("print_pairings", "print_pairings_by_name", "print_standings"):
        page = client.get(url(name, event.pk) + "?round=2").content.decode()
        assert "css/print.css" in page and 'media="print"' in page and "data-print" in page
        assert regs[0].name in page
    slips = client.get(url("print_slips", event.pk) + "?round=2").content.decode()
    assert slips.count('data-testid="slip"') == 2
    assert "Signature A" in slips and "Game 2: the loser of game 1 chooses" in slips


def test_slips_are_for_judges(event, regs, two_rounds, as_user):
    assert as_user(regs[0].player).get(url("print_slips", event.pk)).status_code == 403


def test_print_before_any_round(event, as_user):
    page = as_user().get(url("print_pairings", event.pk)).content.decode()
    assert "No pairings yet." in page


def test_pages_in_spanish(event, judge, regs, two_rounds, as_user):
    from django.utils import translation

    with translation.override("es"):
        standings_url = url("standings", event.pk)
        dashboard_url = url("dashboard", event.pk)
        me_url = url("my_match", event.pk)
    assert standings_url.startswith("/es/")
    page = as_user().get(standings_url).content.decode()
    assert "Clasificación" in page and "Puesto" in page
    page = as_user(judge).get(dashboard_url).content.decode()
    assert "Ronda 2 de 3" in page or "Ronda 3" in page
    round4 = make_round(event, [(regs[0], regs[1])])
    assert round4.number == 4
    page = as_user(regs[0].player).get(me_url).content.decode()
    assert "Comunicar el resultado" in page
    assert "partida 2: elige quien perdió la partida 1" in page


def test_a_rounds_bye_counts_once_the_round_ends_not_when_published(
    event, judge, regs, as_user, django_capture_on_commit_callbacks
):
    from tournaments.services.rounds import round_pair_next, round_publish

    regs[7].delete()
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    bye = round_.matches.get(player_b__isnull=True).player_a
    page = as_user().get(url("standings", event.pk)).content.decode()
    assert 'data-column="match_points">3<' not in page
    with django_capture_on_commit_callbacks(execute=True):  # pages learn of it on commit
        round_publish(actor=judge, round_id=round_.pk)
    page = as_user().get(url("standings", event.pk)).content.decode()
    assert 'data-column="match_points">3<' not in page  # round 1 is being played
    with django_capture_on_commit_callbacks(execute=True):
        for match in round_.matches.exclude(player_b=None):
            match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 0))
    page = as_user().get(url("standings", event.pk)).content.decode()
    row = page[page.index(f'data-player="{bye.name}"') :]
    assert 'data-column="match_points">3<' in row[:600]


def test_event_pages_link_to_deck_lists(event, judge, regs, as_user):
    page = as_user(regs[0].player).get(url("event_detail", event.pk)).content.decode()
    assert reverse("decklists:my_deck", args=[event.pk]) in page
    assert reverse("decklists:event_decks", args=[event.pk]) not in page
    page = as_user(judge).get(url("event_detail", event.pk)).content.decode()
    assert reverse("decklists:event_decks", args=[event.pk]) in page
    event.format = "standard"
    event.save()
    page = as_user(regs[0].player).get(url("event_detail", event.pk)).content.decode()
    assert reverse("decklists:my_deck", args=[event.pk]) not in page
