"""The home page lists the events of the day to anyone, signed out too: those under way (a
league night whose round 1 is paired) with their round and links to their live pairings and
standings, and those dated today that have not started; not finished events nor other days'."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from tests.tournaments.helpers import add_players, make_event, make_round
from tournaments.home import events_today
from tournaments.models.choices import EventStatus, RoundStatus

pytestmark = pytest.mark.django_db


def section(html: str, testid: str) -> str:
    match = re.search(rf'<section class="card" data-testid="{testid}">(.*?)</section>', html, re.S)
    assert match, f"no {testid} section"
    return match.group(1)


@pytest.fixture
def league_night(organiser):
    """A league night under way: round 2 published, round 3 paired but not published."""
    event = make_event(organiser, name="Liga del jueves", date=timezone.localdate(), venue="Bar")
    regs = add_players(event, 4)
    make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    make_round(event, [(regs[0], regs[2]), (regs[1], regs[3])])
    make_round(event, [(regs[0], regs[3]), (regs[1], regs[2])], status=RoundStatus.DRAFT)
    return event


def test_signed_out_the_home_page_lists_a_league_night_under_way_with_its_live_pages(
    league_night, as_user
):
    html = as_user().get("/").content.decode()
    today = section(html, "home-today")
    assert "Liga del jueves" in today and "Swiss rounds" in today
    assert '<span data-testid="today-round">Round 2</span>' in today  # not the unpublished 3
    assert f'href="/events/{league_night.pk}/pairings/"' in today
    assert f'href="/events/{league_night.pk}/standings/"' in today
    assert f'href="/events/{league_night.pk}/"' in today
    spanish = section(as_user().get("/es/").content.decode(), "home-today")
    assert "Hoy" in as_user().get("/es/").content.decode()
    assert "Ronda 2" in spanish and "Emparejamientos" in spanish and "Clasificación" in spanish
    assert f'href="/es/events/{league_night.pk}/pairings/"' in spanish


def test_the_events_of_the_day_and_no_others(organiser, league_night, as_user):
    today = timezone.localdate()
    make_event(organiser, name="Torneo de la tarde", date=today)
    last_night = make_event(organiser, name="Anoche", date=today - dt.timedelta(days=1))
    last_night.status = EventStatus.TOP_CUT
    last_night.save(update_fields=["status"])
    old = make_event(organiser, name="Olvidado", date=today - dt.timedelta(days=3))
    old.status = EventStatus.RUNNING
    old.save(update_fields=["status"])
    done = make_event(organiser, name="Terminado", date=today)
    done.status = EventStatus.FINISHED
    done.save(update_fields=["status"])
    make_event(organiser, name="Mañana", date=today + dt.timedelta(days=1))

    listed = [item.event.name for item in events_today(today=today)]
    assert listed == ["Anoche", "Liga del jueves", "Torneo de la tarde"]
    html = section(as_user().get("/").content.decode(), "home-today")
    assert "Torneo de la tarde" in html and "Starts today." in html
    assert "Olvidado" not in html and "Terminado" not in html and "Mañana" not in html


def test_no_section_on_a_day_without_events(organiser, as_user):
    make_event(organiser, name="Mañana", date=timezone.localdate() + dt.timedelta(days=1))
    assert 'data-testid="home-today"' not in as_user().get("/").content.decode()
