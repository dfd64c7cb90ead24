"""Event day without surprises: results keep what the players entered, top-cut rounds
have one name, a quiet dashboard, and a warning when phones cannot open the QR codes."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_round
from tournaments.exports import export_csv
from tournaments.services.results import ReportedResult, match_report, match_set_result
from tournaments.visibility import everything

pytestmark = pytest.mark.django_db

GAMES = [
    {"winner": "b", "random_winner": "a", "chooser": "a", "choice": "first"},
    {"winner": "a", "chooser": "a"},
    {"winner": "a", "random_winner": "b", "chooser": "b", "choice": "second"},
]


def url(name, *args):
    return reverse(f"tournaments:{name}", args=args)


def _reported_by_both(event, regs):
    event.play_draw_required = True
    event.save(update_fields=["play_draw_required"])
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    for reg in regs[:2]:
        match_report(actor=reg.player, match_id=match.pk, result=ReportedResult(2, 1, games=GAMES))
    match.refresh_from_db()
    assert match.status == "confirmed"
    return match


def _games(match):
    return [
        (g.random_winner, g.chooser, g.choice, g.winner) for g in match.games.order_by("number")
    ]


def _matches_row(event):
    return next(
        csv.DictReader(io.StringIO(export_csv(event, "matches", visibility=everything(event))))
    )


# --- 1. Results keep what players entered -------------------------------------------------


def test_a_score_only_override_with_the_same_score_keeps_the_games(event, judge, regs, as_user):
    match = _reported_by_both(event, regs)
    before = _games(match)
    assert before == [("a", "a", "first", "b"), ("", "a", "first", "a"), ("b", "b", "second", "a")]
    response = as_user(judge).post(
        url("result", match.pk),
        {"result-wins_a": "2", "result-wins_b": "1", "result-reason": "Checked the slip"},
    )
    assert response.status_code == 302
    assert _games(match) == before
    row = _matches_row(event)
    assert row["game1_random_winner"] == regs[0].name
    assert row["game3_chooser"] == regs[1].name and row["game3_choice"] == "second"
    page = as_user(judge).get(url("result", match.pk)).content.decode()
    assert "Won the coin or die" in page
    table = page.split('class="games-table"')[1].split("</table>")[0]
    assert regs[0].name in table.split("<tr>")[2] and regs[1].name in table.split("<tr>")[4]


def test_a_different_score_replaces_the_games_and_says_so(event, judge, regs, as_user):
    match = _reported_by_both(event, regs)
    response = as_user(judge).post(
        url("result", match.pk),
        {"result-wins_a": "0", "result-wins_b": "2", "result-reason": "Slip was wrong"},
        follow=True,
    )
    assert response.status_code == 200
    assert _games(match) == []
    assert "game-by-game record no longer matches" in response.content.decode()
    assert _matches_row(event)["game1_winner"] == ""
    audit = as_user(judge).get(url("audit", event.pk)).content.decode()
    assert "The players&#x27; record of 3 games was removed." in audit


# --- 2. Top-cut rounds have one name ------------------------------------------------------


def test_the_audit_log_and_its_filter_name_top_cut_rounds_by_their_stage(organiser, as_user):
    from tests.tournaments.helpers import add_judge, add_players, make_event
    from tournaments.services.rounds import round_pair_next, round_publish
    from tournaments.services.topcut import topcut_advance, topcut_start

    event = make_event(organiser, name="Stages", swiss_rounds=1, top_cut=4)
    judge = add_judge(event, "stager")
    add_players(event, 4, prefix="s")
    swiss = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=swiss.pk)
    for match in swiss.matches.all():
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 0))
    semis = topcut_start(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=semis.pk)
    for match in semis.matches.all():
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1))
    final = topcut_advance(actor=judge, event_id=event.pk)
    client = as_user(judge)
    page = client.get(url("audit", event.pk)).content.decode()
    name = judge.public_name
    assert f"{name} published the pairings of Semifinal." in page
    assert "Semifinal, table 1" in page
    assert f"{name} paired the next bracket round (Final)." in page
    assert "round 2" not in page and "round 3" not in page
    assert f"{name} published the pairings of round 1." in page
    field = page.split('name="round"')[1].split("</select>")[0]
    assert f'value="{semis.number}">Semifinal<' in field
    assert f'value="{final.number}">Final<' in field
    assert 'value="1">Round 1<' in field
    filtered = client.get(url("audit", event.pk), {"round": semis.number}).content.decode()
    assert "Semifinal, table 1" in filtered and "Final)" not in filtered


# --- 3. Dashboard noise -------------------------------------------------------------------


def test_a_finished_table_shows_no_extended_clock(event, judge, regs, round1, as_user):
    from tournaments.services.clock import match_extend_time, round_start_clock

    round_start_clock(actor=judge, round_id=round1.pk)
    playing, done = round1.matches.exclude(player_b=None).order_by("table")[:2]
    for match in (playing, done):
        match_extend_time(actor=judge, match_id=match.pk, seconds=300, reason="Deck check")
    match_set_result(actor=judge, match_id=done.pk, result=ReportedResult(2, 0))
    page = as_user(judge).get(url("dashboard", event.pk)).content.decode()

    def row(match):
        return page.split(f'<tr data-table="{match.table}"')[1].split("</tr>")[0]

    assert "(+5:00)" in row(playing)
    assert "(+5:00)" not in row(done) and "data-deadline" not in row(done)


def test_pairing_the_next_round_early_is_tucked_away_until_time_is_up(
    event, judge, regs, round1, as_user
):
    import datetime as dt

    from django.utils import timezone

    client = as_user(judge)
    page = client.get(url("dashboard", event.pk)).content.decode()
    early = page.split('data-testid="pair-early"')[1].split("</details>")[0]
    assert "<summary>More</summary>" in early
    assert "The time of round 1 is not up yet." in early
    assert 'data-testid="pair-next"' in early
    assert page.count('data-testid="pair-next"') == 1
    now = timezone.now()
    round1.started_at = now - dt.timedelta(minutes=51)
    round1.ends_at = now - dt.timedelta(minutes=1)
    round1.save(update_fields=["started_at", "ends_at"])
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert 'data-testid="pair-early"' not in page
    assert 'data-testid="pair-next"' in page and "Results are missing at tables" in page


# --- 4. QR codes that phones cannot open ---------------------------------------------------


@pytest.mark.parametrize(
    ("site_url", "local"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000", True),
        ("http://[::1]:8000", True),
        ("http://192.168.1.20:8000", False),
        ("https://events.example.org", False),
    ],
)
def test_slips_and_dashboard_warn_when_phones_cannot_reach_the_site(
    settings, event, judge, regs, round1, as_user, site_url, local
):
    settings.SITE_URL = site_url
    client = as_user(judge)
    for page_name in ("print_slips", "dashboard"):
        page = client.get(url(page_name, event.pk)).content.decode()
        assert ('data-testid="local-site-warning"' in page) is local, page_name
        if local:
            assert f"they point to {site_url}, an address of this machine only" in page


def test_the_warning_follows_the_request_without_site_url(
    settings, event, judge, regs, round1, as_user
):
    from django.utils import translation

    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]
    client = as_user(judge)
    assert "local-site-warning" not in client.get(url("dashboard", event.pk)).content.decode()
    page = client.get(url("print_slips", event.pk), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "they point to http://127.0.0.1:8000" in page
    with translation.override("es"):
        client.cookies["django_language"] = "es"
        page = client.get(url("dashboard", event.pk), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "los códigos QR" in page
