"""The Redis cache keeps one client per connection pool; the benchmark-only middleware
counts each response's database queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from config.cache import RedisCache
from tests.tournaments.helpers import make_event, make_organiser


def test_the_redis_cache_reuses_one_client_per_pool():
    backend = RedisCache("redis://127.0.0.1:1/0", {})._cache  # no connection is opened
    first = backend.get_client("a")
    assert backend.get_client("b") is first
    assert backend.get_client("c", write=True) is first  # one server: one pool
    assert first.connection_pool is backend._get_connection_pool(False)


def test_two_servers_get_a_client_each():
    backend = RedisCache("redis://127.0.0.1:1/0,redis://127.0.0.1:2/0", {})._cache
    writer = backend.get_client(write=True)
    reader = backend.get_client()
    assert writer is not reader
    assert backend.get_client(write=True) is writer


@pytest.mark.django_db
def test_the_query_count_header_counts_the_queries_of_a_response(settings):
    settings.MIDDLEWARE = ["config.query_count.QueryCountHeader", *settings.MIDDLEWARE]
    event = make_event(make_organiser())

    with CaptureQueriesContext(connection) as queries:
        response = Client().get(reverse("tournaments:players", args=[event.pk]))
    assert response.status_code == 200
    assert int(response["X-DB-Queries"]) == len(queries) > 0


@pytest.mark.django_db
def test_without_the_setting_no_response_says_its_query_count():
    event = make_event(make_organiser())
    response = Client().get(reverse("tournaments:players", args=[event.pk]))
    assert "X-DB-Queries" not in response
