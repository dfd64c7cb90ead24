"""A report form sent again after the player has corrected their report (a page kept open,
the browser resending): refused with a clear message above the report that stands."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import make_round
from tournaments.models import ResultReport

pytestmark = pytest.mark.django_db


@pytest.fixture
def table1(event, regs):
    return make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)


def form(mine: int, theirs: int, key: str) -> dict[str, object]:
    return {"report-wins_me": mine, "report-wins_opp": theirs, "report-key": key}


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_earlier_report_sent_again_changes_nothing_and_shows_the_current_one(
    regs, table1, as_user, language
):
    client = as_user(regs[1].player)  # player B: the page reads B's own games first
    url = reverse("tournaments:report", args=[table1.pk])
    assert client.post(url, form(2, 0, "k1")).status_code == 302
    assert client.post(url, form(0, 2, "k2")).status_code == 302
    with translation.override(language):  # the page's language is in its address
        url = reverse("tournaments:report", args=[table1.pk])
    response = client.post(url, form(2, 0, "k1"))
    assert response.status_code == 409
    assert ResultReport.objects.get(match=table1, registration=regs[1]).score == (2, 0, 0)
    html = response.content.decode()
    with translation.override(language):
        refused = translation.gettext(
            "This is an earlier report you have replaced since: nothing changed. "
            "Your current report is %(score)s."
        ) % {"score": "0-2"}
        shown = translation.gettext("You reported: you lost %(s)s.") % {"s": "0-2"}
    assert refused in html
    assert shown in html
    # A fresh form (a new key), not the refused one with its old score.
    assert 'value="k1"' not in html and 'name="report-key"' in html
