"""Public event pages under a refresh storm: a reload answers 304 from the ETag while the
event's live number stands still (no query for a reader without a session), the expensive
table is rendered once per live number, language and visibility class, and neither layer
shows one reader what belongs to another or what the reader may not see."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import User
from config.clock import simulated_clock
from tests.factories import UserFactory
from tournaments.live import announce_change, live_version
from tournaments.models import Round
from tournaments.models.choices import RoundStatus
from tournaments.services.clock import (
    apply_round_deadlines,
    refresh_round_clock,
    round_start_clock,
)
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.services.rounds import round_pair_next

pytestmark = pytest.mark.django_db

PAGES = ("pairings", "pairings_by_name", "standings")
CONDITIONAL = (*PAGES, "screen:screen")  # the big screen answers reloads the same way


def url(name, event, query=""):
    full = name if ":" in name else f"tournaments:{name}"  # the big screen is its own app
    return reverse(full, args=[event.pk]) + query


def settled(client: Client, path: str):
    """The page as a reader who already has it (and the CSRF cookie it set) gets it."""
    client.get(path)
    return client.get(path)


def changed(event, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        announce_change(event.pk)


@pytest.mark.parametrize("name", CONDITIONAL)
def test_a_reload_while_nothing_changed_is_a_304_without_a_query(
    name, event, round1, django_assert_num_queries
):
    client = Client()
    first = settled(client, url(name, event))
    assert first.status_code == 200
    assert first["ETag"].startswith('W/"')
    assert "no-cache" in first["Cache-Control"] and "private" in first["Cache-Control"]
    with django_assert_num_queries(0):
        again = client.get(url(name, event), headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]
    assert again.content == b""
    assert "Cookie" in again["Vary"] and "no-cache" in again["Cache-Control"]


@pytest.mark.parametrize("name", CONDITIONAL)
def test_a_change_answers_the_old_etag_with_the_new_page(
    name, event, round1, judge, django_capture_on_commit_callbacks
):
    client = Client()
    first = settled(client, url(name, event))
    match = round1.matches.exclude(player_b=None).order_by("table").first()
    with django_capture_on_commit_callbacks(execute=True):
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 1))
    again = client.get(url(name, event), headers={"if-none-match": first["ETag"]})
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    assert again.content != first.content


def test_the_etag_depends_on_round_language_and_reader(event, round1, judge, regs, as_user):
    tags = set()
    for client, path in (
        (Client(), url("pairings", event)),
        (Client(), url("pairings", event, "?round=1")),
        (as_user(regs[0].player), url("pairings", event)),
        (as_user(regs[1].player), url("pairings", event)),
        (as_user(judge), url("pairings", event)),
    ):
        tags.add(settled(client, path)["ETag"])
    with translation.override("es"):
        spanish = url("pairings", event)
    assert spanish.startswith("/es/")
    tags.add(settled(Client(), spanish)["ETag"])
    assert len(tags) == 6


def test_a_signed_in_reader_gets_a_304_too(event, round1, regs, as_user):
    client = as_user(regs[0].player)
    first = settled(client, url("pairings", event))
    again = client.get(url("pairings", event), headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    # Another reader's tag is not theirs: the page names who is signed in.
    other = as_user(regs[1].player).get(
        url("pairings", event), headers={"if-none-match": first["ETag"]}
    )
    assert other.status_code == 200


def test_a_flash_message_waiting_is_never_answered_from_the_browsers_copy(
    event, round1, regs, as_user
):
    from django.contrib.messages.storage.session import SessionStorage

    client = as_user(regs[0].player)
    first = settled(client, url("pairings", event))
    session = client.session
    session[SessionStorage.session_key] = '[["__json_message",0,20,"Saved."]]'
    session.save()
    again = client.get(url("pairings", event), headers={"if-none-match": first["ETag"]})
    assert again.status_code == 200
    assert "Saved." in again.content.decode()


def test_an_unknown_event_is_a_404_without_an_etag(event, round1):
    missing = reverse("tournaments:pairings", args=[event.pk + 1000])
    response = Client().get(missing)
    assert response.status_code == 404
    assert "ETag" not in response


def test_the_table_is_rendered_once_per_live_number(
    event, round1, django_capture_on_commit_callbacks
):
    """A name changed behind the services' back (no announcement) stays as cached; the
    next announced change shows it: the live number in the key invalidates by construction."""
    match = round1.matches.order_by("table").first()
    registration = match.player_a
    before = Client().get(url("pairings", event)).content.decode()
    assert registration.name in before
    User.objects.filter(pk=registration.player_id).update(display_name="Renamed Quietly")
    cached = Client().get(url("pairings", event)).content.decode()
    assert "Renamed Quietly" not in cached and registration.name in cached
    changed(event, django_capture_on_commit_callbacks)
    fresh = Client().get(url("pairings", event)).content.decode()
    assert "Renamed Quietly" in fresh


def test_a_cached_table_costs_fewer_queries_than_a_fresh_one(
    event, round1, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as fresh:
        Client().get(url("pairings", event))
    with CaptureQueriesContext(connection) as cached:
        Client().get(url("pairings", event))
    assert len(cached) < len(fresh)
    assert len(cached) <= 4  # event, rounds; nothing that grows with the players


def test_the_shared_part_holds_no_token_name_or_mark_of_one_reader(event, round1, regs, as_user):
    spectator = UserFactory(username="spectator", display_name="Sybil Spectator")
    page = as_user(spectator).get(url("pairings", event)).content.decode()
    assert "Sybil Spectator" in page and "csrfmiddlewaretoken" in page  # the header's
    key = f"live:part:{event.pk}:{live_version(event.pk)}:pairings-by-table:en:public:1"
    part = cache.get(key)
    assert part is not None
    assert "Sybil Spectator" not in part
    assert "csrfmiddlewaretoken" not in part and "csrf" not in part
    assert 'class="mine"' not in part
    # A player's own page marks their row around the very same part.
    mine = as_user(regs[0].player).get(url("pairings", event)).content.decode()
    assert mine.count('class="mine"') == 1
    row = mine[: mine.index('class="mine"')].rsplit("<tr", 1)[1]
    assert f'="{regs[0].pk}"' in row
    by_name = as_user(regs[0].player).get(url("pairings_by_name", event)).content.decode()
    assert f'data-reg="{regs[0].pk}" class="mine"' in by_name
    standings = as_user(regs[0].player).get(url("standings", event)).content.decode()
    assert f'data-reg="{regs[0].pk}" class="mine"' in standings


def test_an_unpublished_round_never_leaks_through_the_cache(event, round1, judge, as_user):
    """The judges' copy of a draft round is cached under their class only: the public asks
    for it and gets a 404, and their latest round is still the published one."""
    draft = round_pair_next(actor=judge, event_id=event.pk, force=True, reason="Late start")
    assert draft.status == RoundStatus.DRAFT
    judge_client = as_user(judge)
    judges_latest = judge_client.get(url("pairings", event)).content.decode()
    judges_draft = judge_client.get(url("pairings", event, f"?round={draft.number}"))
    assert "Not published" in judges_latest and judges_draft.status_code == 200
    judge_client.get(url("pairings_by_name", event, f"?round={draft.number}"))
    for client in (Client(), as_user(round1.matches.first().player_a.player)):
        for name in ("pairings", "pairings_by_name"):
            hidden = client.get(url(name, event, f"?round={draft.number}"))
            assert hidden.status_code == 404
            shown = client.get(url(name, event)).content.decode()
            assert "Not published" not in shown
            assert f"?round={draft.number}" not in shown
            assert round1.title in shown


def test_a_disqualified_player_still_reads_the_word_on_their_own_row(
    event, round1, judge, regs, as_user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        # Round 1 ends first: the standings after it show the drop made after it.
        for match in round1.matches.exclude(player_b=None):
            match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 0))
        registration_drop(
            actor=judge, registration_id=regs[2].pk, reason="Cheating", disqualified=True
        )
    public = Client().get(url("standings", event)).content.decode()  # warms the public part
    assert 'data-testid="dropped">dropped<' in public.replace("\n", "")
    assert "disqualified" not in public
    own = as_user(regs[2].player).get(url("standings", event)).content.decode()
    assert "disqualified" in own
    other = as_user(regs[3].player).get(url("standings", event)).content.decode()
    assert "disqualified" not in other


def test_round_deadlines_called_by_the_sweep_wake_the_pages(
    event, round1, judge, django_capture_on_commit_callbacks
):
    Round.objects.filter(pk=round1.pk).update(
        started_at=timezone.now() - timedelta(minutes=60),
        ends_at=timezone.now() - timedelta(minutes=10),
    )
    before = live_version(event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        assert apply_round_deadlines() == 1
    assert live_version(event.pk) != before
    moved = live_version(event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        assert apply_round_deadlines() == 0  # nothing called, nobody woken
    assert live_version(event.pk) == moved


def test_round_deadlines_called_by_a_read_wake_the_pages(
    event, round1, django_capture_on_commit_callbacks
):
    Round.objects.filter(pk=round1.pk).update(
        started_at=timezone.now() - timedelta(minutes=60),
        ends_at=timezone.now() - timedelta(minutes=10),
    )
    round1.refresh_from_db()
    before = live_version(event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        refresh_round_clock(round1)
    assert round1.time_called_at is not None
    assert live_version(event.pk) != before
    moved = live_version(event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        refresh_round_clock(round1)
    assert live_version(event.pk) == moved


def test_the_poll_tells_the_server_time_for_the_countdowns(event):
    response = Client().get(reverse("tournaments:event_live", args=[event.pk]))
    server_ms = int(response["X-Server-Time"])
    assert abs(server_ms / 1000 - timezone.now().timestamp()) < 5


@pytest.mark.parametrize("name", PAGES)
def test_the_public_pages_are_live_regions(name, event, round1):
    page = Client().get(url(name, event)).content.decode()
    assert '<div id="live" data-refresh="30">' in page
    assert "data-live-url=" in page


def test_the_event_pages_current_round_is_a_live_region(event, round1):
    page = Client().get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    region = page[page.index('<div id="live-round" data-refresh="30">') :]
    assert 'data-testid="current-round"' in region


def test_a_lost_number_starts_again_with_the_first_page_and_only_for_an_event(event, round1):
    cache.delete(f"live:event:{event.pk}")
    first = Client().get(url("pairings", event))
    assert "ETag" not in first  # nothing to make it from yet
    assert live_version(event.pk) > 10**12  # started from the clock by the page
    assert "ETag" in Client().get(url("pairings", event))
    Client().get(reverse("tournaments:pairings", args=[event.pk + 1000]))
    assert live_version(event.pk + 1000) == 0  # no number for an event that does not exist


@pytest.mark.django_db(transaction=True)  # commits, so announcements land as they would live
@pytest.mark.parametrize("name", CONDITIONAL)
def test_a_round_running_out_unannounced_is_read_again_not_answered_304(name, event, round1, judge):
    with simulated_clock() as clock:
        round_start_clock(actor=judge, round_id=round1.pk)
        client = Client()
        first = settled(client, url(name, event))
        assert client.get(
            url(name, event), headers={"if-none-match": first["ETag"]}
        ).status_code == (304)
        clock.advance(event.round_minutes * 60 + 1)  # the clock runs out; nothing announces it
        again = client.get(url(name, event), headers={"if-none-match": first["ETag"]})
        assert again.status_code == 200  # the reload applied the deadline first, which moved on
        assert Round.objects.get(pk=round1.pk).time_called_at is not None
        latest = client.get(url(name, event))
        assert latest["ETag"] != first["ETag"]
        assert client.get(
            url(name, event), headers={"if-none-match": latest["ETag"]}
        ).status_code == (304)
