"""Before round 1 of a constructed event the judges' dashboard warns of missing and illegal
deck lists, and of an event dated another day than today (warnings: the start is not
blocked unless the event requires lists)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decklists.services.lists import deck_list_submit
from tests.rulings_fixtures import quimera_list
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.selectors import start_warnings

pytestmark = pytest.mark.django_db


def test_the_dashboard_warns_before_round_1(rulings_data):
    organiser = make_organiser()
    event = make_event(organiser, date=timezone.localdate() + dt.timedelta(days=1))
    judge = add_judge(event)
    legal, illegal, without = add_players(event, 3)
    for reg, text in ((legal, quimera_list()), (illegal, quimera_list(size=37))):
        deck_list_submit(event=event, player=reg.player, text=text, actor=reg.player)
    client = Client()
    client.force_login(judge)
    page = client.get(reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    assert 'data-testid="start-warnings"' in page
    assert f"No deck list from {without.name}." in page
    assert f"Deck lists that are not legal: {illegal.name}." in page
    assert legal.name not in page.split('data-testid="start-warnings"')[1].split("</div>")[0]
    assert "not today" in page
    assert 'data-testid="pair-next"' in page  # a warning, not a block

    event.date = timezone.localdate()
    event.save(update_fields=["date"])
    assert not any("not today" in w for w in start_warnings(event))
    event.format = "standard"
    event.save(update_fields=["format"])
    assert start_warnings(event) == []
