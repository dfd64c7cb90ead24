"""Dates on English pages are unambiguous (8 Dec 2026, not 12/08/2026); Spanish keeps its own."""

from __future__ import annotations

import datetime as dt

import pytest
from django.template import Context, Template
from django.utils import translation

DAY = dt.datetime(2026, 12, 8, 18, 30)


@pytest.mark.parametrize("fmt", ["DATE_FORMAT", "SHORT_DATE_FORMAT"])
def test_english_dates_name_the_month(fmt):
    with translation.override("en"):
        text = Template(f'{{{{ day|date:"{fmt}" }}}}').render(Context({"day": DAY}))
    assert text == "8 Dec 2026"


def test_english_date_times_too():
    with translation.override("en"):
        text = Template('{{ day|date:"SHORT_DATETIME_FORMAT" }}').render(Context({"day": DAY}))
    assert text == "8 Dec 2026, 18:30"


def test_spanish_dates_are_unchanged():
    with translation.override("es"):
        text = Template('{{ day|date:"DATE_FORMAT" }}').render(Context({"day": DAY}))
    assert text == "8 de diciembre de 2026"


@pytest.mark.django_db
def test_the_event_list_in_english_shows_an_unambiguous_date(client, site_admin):
    from tournaments.models import Event

    Event.objects.create(name="December open", date=DAY.date(), created_by=site_admin)
    page = client.get("/events/").content.decode()
    assert "8 Dec 2026" in page and "12/08/2026" not in page
