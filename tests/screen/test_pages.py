"""The big screen and its control page: what the screen shows in each state of an event
(and never an unpublished round), anonymous access, the judges' control (permissions,
refusals that change nothing, the audit log, the live number), the draft pods, the print
fallback, and Spanish."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override

from drafts.models import Pod
from screen.models import EventScreen
from tests.drafts.helpers import draft_event
from tests.tournaments.helpers import add_judge, make_event
from tournaments.audit_presenter import audit_lines
from tournaments.live import live_version
from tournaments.models import AuditEntry, Round
from tournaments.models.choices import MatchStatus
from tournaments.services.clock import round_start_clock
from tournaments.services.results import ReportedResult, match_report
from tournaments.services.rounds import round_pair_next

pytestmark = pytest.mark.django_db


def screen_url(event, **params) -> str:
    url = reverse("screen:screen", args=[event.pk])
    if params:
        url += "?" + "&".join(f"{k}={v}" for k, v in params.items())
    return url


def control_url(event) -> str:
    return reverse("screen:screen_control", args=[event.pk])


def view_of(html: str) -> str:
    found = re.search(r'data-view="(\w+)"', html)
    assert found, "the screen names its view"
    return found.group(1)


def names_shown(html: str) -> list[str]:
    return re.findall(r'<li class="screen-row" data-name="([^"]+)"', html)


def tables_shown(html: str) -> list[int]:
    return [int(t) for t in re.findall(r'<li class="screen-row" data-table="(\d+)"', html)]


def confirm(match) -> None:
    match_report(actor=match.player_a.player, match_id=match.pk, result=ReportedResult(2, 0, 0))
    match_report(actor=match.player_b.player, match_id=match.pk, result=ReportedResult(2, 0, 0))


def set_screen(client, event, **data):
    fields = {"mode": "auto", "announcement": ""} | data
    if fields.pop("paging_paused", False):
        fields["paging_paused"] = "on"
    return client.post(control_url(event), fields)


# --- what the screen shows ---------------------------------------------------------------
def test_event_before_round_1_screen_waits_with_qr_and_live_marker_and_needs_no_login(
    event, as_user
):
    response = as_user().get(screen_url(event))
    html = response.content.decode()
    assert response.status_code == 200
    assert view_of(html) == "waiting"
    assert 'data-testid="screen-waiting"' in html
    assert '<svg role="img" aria-label="QR code of the event page"' in html
    assert f'data-live-url="{reverse("tournaments:event_live", args=[event.pk])}"' in html
    # the QR code's address is the event's page, absolute
    assert f"http://testserver/events/{event.pk}/" in html


def test_event_with_round_paired_but_not_published_screen_shows_no_pairing_even_to_a_judge(
    event, judge, regs, as_user
):
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    assert round_.status == "draft"
    for client in (as_user(), as_user(judge)):
        set_screen(as_user(judge), event, mode="pairings")
        html = client.get(screen_url(event)).content.decode()
        assert view_of(html) == "waiting"
        assert names_shown(html) == []
        for reg in regs:
            assert reg.name not in html


def test_event_round_1_published_screen_shows_pairings_by_name_with_the_table(round1, as_user):
    html = as_user().get(screen_url(round1.event)).content.decode()
    assert view_of(html) == "pairings"
    names = names_shown(html)
    assert len(names) == 8
    assert names == sorted(names, key=str.casefold)
    match = round1.matches.exclude(player_b=None).select_related("player_a__player").first()
    row = re.search(
        rf'data-name="{re.escape(match.player_a.name)}"><span class="screen-table"[^>]*>(\d+)<',
        html,
    )
    assert row and int(row.group(1)) == match.table
    assert "Round 1 · Pairings" in html


def test_event_round_1_with_time_called_screen_lists_only_the_tables_still_playing(
    round1, judge, as_user
):
    matches = list(round1.matches.select_related("player_a__player", "player_b__player"))
    confirm(matches[0])
    round_start_clock(actor=judge, round_id=round1.pk)
    Round.objects.filter(pk=round1.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    html = as_user().get(screen_url(round1.event)).content.decode()
    assert view_of(html) == "playing"
    assert tables_shown(html) == [m.table for m in matches[1:]]
    assert "Tables still playing" in html
    round1.refresh_from_db()
    assert round1.time_called_at is not None  # the read applied the deadline


def test_event_round_1_with_one_table_left_of_four_screen_lists_it_without_time_called(
    round1, as_user
):
    matches = list(round1.matches.select_related("player_a__player", "player_b__player"))
    for match in matches[:3]:
        confirm(match)
    html = as_user().get(screen_url(round1.event)).content.decode()
    assert view_of(html) == "playing"
    assert tables_shown(html) == [matches[3].table]


def test_event_round_1_all_in_screen_shows_the_standings_after_round_1(round1, as_user):
    for match in round1.matches.select_related("player_a__player", "player_b__player"):
        confirm(match)
    html = as_user().get(screen_url(round1.event)).content.decode()
    assert view_of(html) == "standings"
    names = names_shown(html)
    assert len(names) == 8
    winners = {m.player_a.name for m in round1.matches.select_related("player_a__player")}
    assert set(names[:4]) == winners  # 3 points each, ahead of the 0-point players
    assert "3 points" in html


def test_event_round_2_in_progress_standings_view_shows_the_standings_after_round_1(
    round1, judge, as_user
):
    for match in round1.matches.select_related("player_a__player", "player_b__player"):
        confirm(match)
    round2 = round_pair_next(actor=judge, event_id=round1.event_id)
    from tournaments.services.rounds import round_publish

    round_publish(actor=judge, round_id=round2.pk)
    first = round2.matches.select_related("player_a__player", "player_b__player").first()
    confirm(first)  # one result of round 2 is in, but the standings are those after round 1
    set_screen(as_user(judge), round1.event, mode="standings")
    html = as_user().get(screen_url(round1.event)).content.decode()
    assert view_of(html) == "standings"
    assert "Standings after round 1" in html
    assert "6 points" not in html


def test_screen_page_interval_comes_from_the_query_within_bounds(event, as_user):
    client = as_user()

    def seconds(**params) -> str:
        html = client.get(screen_url(event, **params)).content.decode()
        return re.search(r'data-page-seconds="(\d+)"', html).group(1)

    assert seconds() == "10"
    assert seconds(page_seconds=3) == "3"
    assert seconds(page_seconds=0) == "2"
    assert seconds(page_seconds=9999) == "120"
    assert seconds(page_seconds="abc") == "10"


# --- the judges' control ------------------------------------------------------------------
def test_judge_sets_view_pause_and_announcement_audited_and_the_screen_follows(
    round1, judge, as_user, django_capture_on_commit_callbacks
):
    event = round1.event
    before = live_version(event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        response = set_screen(
            as_user(judge),
            event,
            mode="playing",
            paging_paused=True,
            announcement="  Lunch  at 14:00 ",
        )
    assert response.status_code == 302 and response.url == control_url(event)
    assert live_version(event.pk) != before  # open screens look again
    screen = EventScreen.objects.get(event=event)
    assert (screen.mode, screen.paging_paused, screen.announcement) == (
        "playing",
        True,
        "Lunch at 14:00",
    )
    entry = AuditEntry.objects.get(event=event, action="screen.set")
    assert entry.actor == judge
    assert entry.before == {"mode": "auto", "paging_paused": False, "announcement": ""}
    [line] = audit_lines([entry], event=event)
    assert line.sentence == (
        "Judge judy changed the big screen: view Tables still playing (was: Automatic); "
        "paging paused; announcement “Lunch at 14:00”."
    )
    html = as_user().get(screen_url(event)).content.decode()
    assert view_of(html) == "playing"
    assert 'data-paging-paused="1"' in html
    assert "Lunch at 14:00" in html
    page = as_user(judge).get(control_url(event)).content.decode()
    assert "Tables still playing" in page and "paging paused" in page


def test_judge_sets_what_the_screen_already_shows_nothing_is_audited(event, judge, as_user):
    client = as_user(judge)
    set_screen(client, event, mode="standings", announcement="Welcome")
    set_screen(client, event, mode="standings", announcement="Welcome")
    assert AuditEntry.objects.filter(event=event, action="screen.set").count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mode": "bogus"}, "Select a valid choice."),
        ({"mode": "draft"}, "Select a valid choice."),  # not offered outside a draft event
        ({"mode": "auto", "announcement": "x" * 201}, "at most 200 characters"),
    ],
)
def test_bad_input_is_a_form_error_and_changes_nothing(event, judge, as_user, data, message):
    response = set_screen(as_user(judge), event, **data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not EventScreen.objects.filter(event=event).exists()
    assert not AuditEntry.objects.filter(event=event, action="screen.set").exists()


def test_the_service_refuses_draft_pods_outside_a_draft_event(event, judge):
    from config.errors import DomainError
    from screen.services import screen_set

    with pytest.raises(DomainError) as refused:
        screen_set(actor=judge, event_id=event.pk, mode="draft", paging_paused=False)
    assert refused.value.field == "mode"
    assert not EventScreen.objects.filter(event=event).exists()


def test_only_the_events_judges_control_the_screen(event, regs, as_user, organiser):
    url = control_url(event)
    anonymous = as_user().get(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous.url
    player = as_user(regs[0].player)
    assert player.get(url).status_code == 403
    assert set_screen(player, event, mode="standings").status_code == 403
    other_judge = add_judge(make_event(organiser, name="Other event"), "otherjudge")
    assert set_screen(as_user(other_judge), event, mode="standings").status_code == 403
    assert not EventScreen.objects.filter(event=event).exists()
    # the tab is for the event's staff only
    assert (
        'data-testid="tab-screen"'
        not in player.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    )
    assert as_user(organiser).get(url).status_code == 200


def test_control_page_links_the_screen_and_the_print_of_its_pairings(round1, judge, as_user):
    page = as_user(judge).get(control_url(round1.event)).content.decode()
    assert 'data-testid="tab-screen"' in page
    assert f'href="{screen_url(round1.event)}"' in page
    print_url = reverse("tournaments:print_pairings_by_name", args=[round1.event_id])
    assert f'href="{print_url}?round=1"' in page
    printed = as_user().get(f"{print_url}?round=1").content.decode()
    names = re.findall(r"<tr>\s*<td>([^<]+)</td>", printed)
    assert len(names) == 8 and names == sorted(names, key=str.casefold)


def test_print_of_an_unpublished_round_is_refused_to_anonymous_readers(event, judge, regs, as_user):
    round_pair_next(actor=judge, event_id=event.pk)
    print_url = reverse("tournaments:print_pairings_by_name", args=[event.pk])
    assert as_user().get(f"{print_url}?round=1").status_code == 404


# --- draft pods ---------------------------------------------------------------------------
def test_draft_event_drafting_screen_shows_each_pod_step_timer_and_direction(as_user):
    event, judge, _regs = draft_event(4, auction=False, prefix="scr")
    html = as_user().get(screen_url(event)).content.decode()
    assert view_of(html) == "draft"
    pod = Pod.objects.get(draft__event=event)
    assert f'data-testid="screen-pod-{pod.number}"' in html
    assert "Pack 1, pick 1" in html
    assert f'data-testid="screen-direction-{pod.number}" data-direction="left"' in html
    assert 'class="countdown"' in html  # the step's timer
    Pod.objects.filter(pk=pod.pk).update(pack_round=2)
    html = as_user().get(screen_url(event)).content.decode()
    assert "Pack 2, pick 1" in html and 'data-direction="right"' in html
    assert "Pass right" in html
    # the judge may choose the pods' view in a draft event
    response = set_screen(as_user(judge), event, mode="draft")
    assert response.status_code == 302


# --- Spanish ------------------------------------------------------------------------------
def test_screen_and_control_in_spanish(round1, judge, as_user):
    event = round1.event
    client = as_user(judge)
    with override("es"):
        control = client.get(control_url(event), HTTP_ACCEPT_LANGUAGE="es").content.decode()
        set_screen(client, event, mode="playing", announcement="Comida a las 14:00")
        html = as_user().get(screen_url(event), HTTP_ACCEPT_LANGUAGE="es").content.decode()
        entry = AuditEntry.objects.get(event=event, action="screen.set")
        [line] = audit_lines([entry], event=event)
    assert "Pantalla grande" in control and "Actualizar la pantalla" in control
    assert "Mesas que siguen jugando" in html
    assert "Ronda 1" in html and "Comida a las 14:00" in html
    assert line.sentence.startswith("Judge judy cambió la pantalla grande: vista Mesas")
    assert "Mesas que siguen jugando (antes: Automática)" in line.sentence


def test_no_match_shown_is_confirmed_in_the_playing_view(round1, as_user, judge):
    set_screen(as_user(judge), round1.event, mode="playing")
    html = as_user().get(screen_url(round1.event)).content.decode()
    open_tables = set(
        round1.matches.exclude(status=MatchStatus.CONFIRMED).values_list("table", flat=True)
    )
    assert set(tables_shown(html)) == open_tables


# --- cost ---------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["pairings", "playing", "standings"])
def test_screen_queries_do_not_grow_with_the_players(organiser, as_user, mode):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.tournaments.helpers import add_players
    from tournaments.services.rounds import round_publish

    counts = []
    for size in (8, 40):
        event = make_event(organiser, name=f"Cost {size}")
        judge = add_judge(event, f"cost_judge{size}")
        add_players(event, size, prefix=f"c{size}")
        round_ = round_pair_next(actor=judge, event_id=event.pk)
        round_publish(actor=judge, round_id=round_.pk)
        if mode == "standings":
            for match in round_.matches.select_related("player_a__player", "player_b__player"):
                confirm(match)
        else:
            set_screen(as_user(judge), event, mode=mode)
        client = as_user()
        client.get(screen_url(event))  # warm the session and the cache
        with CaptureQueriesContext(connection) as queries:
            html = client.get(screen_url(event)).content.decode()
        assert view_of(html) == mode
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    assert counts[1] <= 8, counts


def test_screen_qr_code_uses_the_site_address_when_one_is_set(event, as_user, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    html = as_user().get(screen_url(event)).content.decode()
    assert f"http://192.168.1.20:8000/events/{event.pk}/" in html
    assert "http://testserver/" not in html
