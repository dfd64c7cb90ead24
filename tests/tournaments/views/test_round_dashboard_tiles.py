"""The round dashboard as a judge opens it many times a round: the warning about QR codes
pointing to this machine is shown in full once per session, then folded (remembered on
the server, in the session); the printed slips always warn in full. Each table's row
carries what its tile shows on a phone: the word "Table" with its number, its state, its
result link; the clock's adjustment is folded under the clock."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.services.clock import round_start_clock
from tournaments.views.common import LOCAL_SITE_WARNING_SEEN

pytestmark = pytest.mark.django_db


def _dashboard(client, event):
    return client.get(reverse("tournaments:dashboard", args=[event.pk])).content.decode()


def test_the_local_site_warning_is_shown_once_then_folded(
    settings, event, judge, regs, round1, as_user
):
    settings.SITE_URL = "http://localhost:8000"
    client = as_user(judge)
    first = _dashboard(client, event)
    assert 'role="status" data-testid="local-site-warning"' in first
    assert "data-folded" not in first
    assert client.session[LOCAL_SITE_WARNING_SEEN] is True
    for _ in range(2):
        again = _dashboard(client, event)
        assert 'data-testid="local-site-warning" data-folded="1">' in again
        assert 'role="status" data-testid="local-site-warning"' not in again
        assert "The QR codes point to this machine only" in again
        # Folded, not gone: the full text opens from it.
        assert "they point to http://localhost:8000, an address of this machine only" in again
    slips = client.get(reverse("tournaments:print_slips", args=[event.pk])).content.decode()
    assert 'role="status" data-testid="local-site-warning"' in slips
    # Another session (another judge's phone) sees it in full again.
    other = as_user(judge)
    assert "data-folded" not in _dashboard(other, event)


def test_the_warning_is_folded_in_spanish_too(settings, event, judge, regs, round1, as_user):
    from django.utils import translation

    settings.SITE_URL = "http://127.0.0.1:8000"
    client = as_user(judge)
    client.cookies["django_language"] = "es"
    with translation.override("es"):
        _dashboard(client, event)
        page = _dashboard(client, event)
    assert "Los códigos QR apuntan solo a esta máquina" in page
    assert "apuntan a http://127.0.0.1:8000, una dirección solo de esta máquina" in page


def test_no_warning_and_nothing_remembered_when_phones_reach_the_site(
    settings, event, judge, regs, round1, as_user
):
    settings.SITE_URL = "http://192.168.1.20:8000"
    client = as_user(judge)
    assert "local-site-warning" not in _dashboard(client, event)
    assert LOCAL_SITE_WARNING_SEEN not in client.session


def test_each_row_carries_its_tile(settings, event, judge, regs, round1, as_user):
    settings.SITE_URL = "https://events.example.org"
    round_start_clock(actor=judge, round_id=round1.pk)
    page = _dashboard(as_user(judge), event)
    tables = sorted(round1.matches.values_list("table", flat=True))
    for table in tables:
        row = re.search(rf'<tr data-table="{table}".*?</tr>', page, re.S).group(0)
        assert f'<span class="tile-label">Table </span>{table}</td>' in row
        assert 'data-testid="table-state"' in row and "Missing" in row
        assert 'class="result-link" data-testid="result-link">Enter result</a>' in row
    assert 'data-testid="adjust-clock"' in page and "Add or remove minutes" in page
