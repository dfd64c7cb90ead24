"""A refused request (403) is one line in the log, with the method, the path, who asked and
why: a refusal is routine, and a traceback for each would bury the errors that matter."""

from __future__ import annotations

import logging

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournaments.helpers import add_players, make_event, make_organiser, make_round
from tournaments.models.choices import RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def table1():
    event = make_event(make_organiser("log_orga"))
    regs = add_players(event, 2, prefix="log")
    return make_round(event, [(regs[0], regs[1])]).matches.get(table=1)


def request_log(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "django.request"]


def test_a_page_refusing_a_stranger_logs_one_line(table1, caplog):
    caplog.set_level(logging.INFO, logger="django.request")
    stranger = UserFactory(username="log_stranger")
    client = Client()
    client.force_login(stranger)
    url = reverse("tournaments:report", args=[table1.pk])
    assert client.post(url, {"report-wins_me": 2}).status_code == 403
    [record] = request_log(caplog)
    assert record.levelno == logging.WARNING
    assert record.exc_info is None
    assert record.getMessage() == (
        f"Forbidden: POST {url} user={stranger.pk} reason=permission denied"
    )
    assert "Traceback" not in caplog.text


def test_a_judges_page_refusing_a_player_logs_the_permission_lacking(table1, caplog):
    caplog.set_level(logging.INFO, logger="django.request")
    client = Client()
    player = table1.player_a.player
    client.force_login(player)
    url = reverse("tournaments:publish", args=[table1.round_id])
    response = client.post(url)
    assert response.status_code == 403
    assert "lacks" not in response.content.decode()  # for the log, not for the page
    [record] = request_log(caplog)
    assert record.exc_info is None
    assert record.getMessage() == (
        f"Forbidden: POST {url} user={player.pk} reason=lacks tournaments.run_event"
    )


def test_an_api_refusal_logs_one_line_with_its_reason(table1, caplog):
    caplog.set_level(logging.INFO, logger="django.request")
    table1.round.status = RoundStatus.DRAFT
    table1.round.save(update_fields=["status"])
    player = table1.player_a.player
    client = APIClient()
    client.force_authenticate(player)
    url = f"/api/rounds/{table1.round_id}/publish/"
    assert client.post(url).status_code == 403
    [record] = request_log(caplog)
    assert record.exc_info is None
    assert record.getMessage() == (
        f"Forbidden: POST {url} user={player.pk} reason=You do not have permission to do this."
    )
