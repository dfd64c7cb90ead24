"""The benchmark-only middleware counts each response's database queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.helpers import make_event, make_organiser


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
