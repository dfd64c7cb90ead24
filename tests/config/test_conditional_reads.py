"""ETags and 304s on the reads of events, rounds, pairings, standings and matches: a 304
costs no query for the data, and any change to what an answer shows changes its ETag."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config import data_version
from config.clock import simulated_clock
from tests.config.schema_walk import api_schema
from tests.tournaments.helpers import make_round
from tournaments.models import Event, Match
from tournaments.models.choices import RoundStatus
from tournaments.services.clock import round_start_clock

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def reads(event, round_) -> list[str]:
    match = round_.matches.order_by("table").first()
    return [
        "/api/v1/events/",
        f"/api/v1/events/{event.pk}/",
        f"/api/v1/events/{event.pk}/rounds/",
        f"/api/v1/rounds/{round_.pk}/",
        f"/api/v1/matches/{match.pk}/",
        f"/api/v1/events/{event.pk}/standings/",
    ]


def test_every_conditional_read_answers_an_etag_and_a_304(event, round1):
    api = client_for()
    for url in reads(event, round1):
        first = api.get(url)
        etag = first["ETag"]
        assert first.status_code == 200 and etag.startswith('W/"'), url
        again = api.get(url, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304 and again.content == b"", url
        assert again["ETag"] == etag
        # A list of validators, the strong form and * match too; another one does not.
        assert api.get(url, HTTP_IF_NONE_MATCH=f'"x", {etag}').status_code == 304
        assert api.get(url, HTTP_IF_NONE_MATCH=etag.removeprefix("W/")).status_code == 304
        assert api.get(url, HTTP_IF_NONE_MATCH="*").status_code == 304
        assert api.get(url, HTTP_IF_NONE_MATCH='W/"other"').status_code == 200
        # The query is part of what is answered.
        assert api.get(url, {"limit": 1}, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_304_on_standings_costs_at_most_the_token_query(event, regs):
    token = Token.objects.create(user=regs[0].player)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    url = f"/api/v1/events/{event.pk}/standings/"
    etag = api.get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        response = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert len(queries) <= 1, [q["sql"] for q in queries]
    anonymous_etag = APIClient().get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert APIClient().get(url, HTTP_IF_NONE_MATCH=anonymous_etag).status_code == 304
    assert len(queries) == 0


def test_a_report_through_the_result_hot_path_changes_the_etags(
    event, round1, django_capture_on_commit_callbacks
):
    match = Match.objects.filter(round=round1, player_b__isnull=False).order_by("table").first()
    player = match.player_a.player
    api = client_for(player)
    urls = [f"/api/v1/matches/{match.pk}/", f"/api/v1/rounds/{round1.pk}/"]
    before = {url: api.get(url)["ETag"] for url in urls}
    with django_capture_on_commit_callbacks(execute=True):  # as the request commits
        report = api.post(
            f"/api/v1/matches/{match.pk}/report/",
            {"games_won_a": 2, "games_won_b": 0, "games_drawn": 0},
            format="json",
        )
    assert report.status_code == 200, report.json()
    for url in urls:
        after = api.get(url, HTTP_IF_NONE_MATCH=before[url])
        assert after.status_code == 200, url
        assert after["ETag"] != before[url]
    assert api.get(urls[0]).json()["status"] == "awaiting"


def test_any_write_changes_the_etags_even_one_without_a_signal(
    event, round1, django_capture_on_commit_callbacks
):
    api = client_for()
    url = f"/api/v1/events/{event.pk}/"
    etag = api.get(url)["ETag"]
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        Event.objects.filter(pk=event.pk).update(name="Renamed Open")  # no signal, no service
    response = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and response.json()["name"] == "Renamed Open"


def test_a_judge_and_a_player_never_share_an_etag(event, regs, judge, round1):
    make_round(event, [(regs[0], regs[1])], number=2, status=RoundStatus.DRAFT)
    url = f"/api/v1/events/{event.pk}/rounds/"
    as_judge = client_for(judge).get(url)
    as_player = client_for(regs[0].player).get(url)
    assert as_judge.json()["count"] == 2 and as_player.json()["count"] == 1
    assert as_judge["ETag"] != as_player["ETag"]
    # The player's validator does not give the judge a 304, nor the other way round.
    assert client_for(judge).get(url, HTTP_IF_NONE_MATCH=as_player["ETag"]).status_code == 200
    assert (
        client_for(regs[0].player).get(url, HTTP_IF_NONE_MATCH=as_judge["ETag"]).status_code == 200
    )


def test_time_running_out_is_not_hidden_by_a_304(event, round1, judge):
    api = client_for()
    url = f"/api/v1/rounds/{round1.pk}/"
    with simulated_clock(dt.datetime(2026, 12, 5, 10, tzinfo=dt.UTC)) as clock:
        round_start_clock(actor=judge, round_id=round1.pk)
        running = api.get(url)
        assert running.json()["time_called_at"] is None
        assert api.get(url, HTTP_IF_NONE_MATCH=running["ETag"]).status_code == 304
        clock.advance(event.round_minutes * 60 + 1)
        called = api.get(url, HTTP_IF_NONE_MATCH=running["ETag"])
    assert called.status_code == 200 and called.json()["time_called_at"] is not None


def test_the_data_version_follows_committed_writes_but_not_sessions(
    event, django_capture_on_commit_callbacks
):
    stamp = data_version.current()
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        SessionStore().create()
    assert data_version.current() == stamp
    with django_capture_on_commit_callbacks(execute=True) as due:
        with transaction.atomic():
            Event.objects.filter(pk=event.pk).update(name="Again")
            Event.objects.filter(pk=event.pk).update(name="Once more")
        assert data_version.current() == stamp  # not before the commit
    assert len(due) == 1  # one bump for the block, not one per statement
    assert data_version.current() != stamp
    # A rolled-back block leaves it.
    stamp = data_version.current()
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        Event.objects.filter(pk=event.pk).update(name="Never")
        raise RuntimeError
    assert data_version.current() == stamp
    assert data_version.counts('UPDATE "tournaments_match" SET "status" = %s')
    assert not data_version.counts('UPDATE "django_session" SET "expire_date" = %s')
    assert not data_version.counts('SELECT 1 FROM "tournaments_match"')
    assert data_version.counts('WITH w0 AS (INSERT INTO "a" VALUES (1)) UPDATE "b" SET "c" = 1')
    assert not data_version.counts('WITH w0 AS (SELECT 1) SELECT * FROM "b"')


def test_the_schema_documents_conditional_reads():
    paths = api_schema()["paths"]
    for path in (
        "/api/v1/events/",
        "/api/v1/events/{id}/",
        "/api/v1/events/{id}/rounds/",
        "/api/v1/rounds/{id}/",
        "/api/v1/matches/{id}/",
        "/api/v1/events/{id}/standings/",
    ):
        operation = paths[path]["get"]
        assert "If-None-Match" in {p["name"] for p in operation["parameters"]}, path
        assert "ETag" in operation["responses"]["200"]["headers"], path
        assert "ETag" in operation["responses"]["304"]["headers"], path
