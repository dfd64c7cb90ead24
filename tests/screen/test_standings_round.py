"""The big screen's standings are those of every other page: after the last completed round
(a round's bye and early results count once it ends), and it says which round they are
after, in English and Spanish."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from screen.models import EventScreen
from tests.tournaments.helpers import make_round
from tournaments.services.results import ReportedResult, match_set_result

pytestmark = pytest.mark.django_db


def screen_url(event) -> str:
    return reverse("screen:screen", args=[event.pk])


def view_of(html: str) -> str:
    found = re.search(r'data-view="(\w+)"', html)
    assert found
    return found.group(1)


def rows_shown(html: str) -> list[tuple[str, int]]:
    """(name, points) of each standings row, in order."""
    return [
        (name, int(points))
        for name, points in re.findall(
            r'<li class="screen-row" data-name="([^"]+)">.*?'
            r'<span class="screen-points">(\d+) points?</span>',
            html,
        )
    ]


def subtitle(html: str) -> str:
    found = re.search(r'data-testid="screen-subtitle">([^<]*)<', html)
    assert found
    return found.group(1)


@pytest.fixture
def event_in_round_2(event, judge, regs):
    """Five players. Round 1 complete: A beats B, C beats D, E has the bye. Round 2 played:
    B has the bye (confirmed when paired), D has beaten E, A-C still plays."""
    a, b, c, d, e = regs[:5]
    for r in regs[5:]:
        r.delete()
    r1 = make_round(event, [(a, b), (c, d), (e, None)])
    for table in (1, 2):
        match_set_result(
            actor=judge, match_id=r1.matches.get(table=table).pk, result=ReportedResult(2, 0)
        )
    r2 = make_round(event, [(a, c), (d, e), (b, None)])
    match_set_result(actor=judge, match_id=r2.matches.get(table=2).pk, result=ReportedResult(2, 1))
    return event, (a, b, c, d, e), r2.matches.get(table=1)


def test_event_in_round_2_screen_standings_are_after_round_1(event_in_round_2, as_user):
    event, (a, b, c, d, e), _open = event_in_round_2
    EventScreen.objects.create(event=event, mode="standings")
    html = as_user().get(screen_url(event)).content.decode()
    assert view_of(html) == "standings"
    rows = rows_shown(html)
    assert {name for name, _points in rows[:3]} == {a.name, c.name, e.name}
    assert dict(rows)[b.name] == 0 and dict(rows)[d.name] == 0
    assert subtitle(html) == "Round 2 · Standings after round 1"


def test_event_with_round_2_all_in_screen_names_round_2(event_in_round_2, judge, as_user):
    event, (a, b, _c, _d, _e), open_match = event_in_round_2
    match_set_result(actor=judge, match_id=open_match.pk, result=ReportedResult(2, 0))
    html = as_user().get(screen_url(event)).content.decode()
    assert view_of(html) == "standings"  # automatic: every result of round 2 is in
    assert subtitle(html) == "Round 2 · Standings after round 2"
    rows = rows_shown(html)
    assert rows[0] == (a.name, 6) and dict(rows)[b.name] == 3  # the bye counts now
    with translation.override("es"):
        spanish_url = screen_url(event)
    assert "Clasificación tras la ronda 2" in as_user().get(spanish_url).content.decode()
