"""A dispute is not styled as a success: the banner after a report that disagrees with the
opponent's is a warning; agreeing reports stay a success."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_round

pytestmark = pytest.mark.django_db


def _post(client, match, mine, theirs):
    data = {"report-wins_me": mine, "report-wins_opp": theirs}
    return client.post(reverse("tournaments:report", args=[match.pk]), data, follow=True)


def test_a_disputed_report_is_a_warning_and_an_agreeing_one_a_success(event, regs, as_user):
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    disputed, agreed = round_.matches.get(table=1), round_.matches.get(table=2)
    _post(as_user(regs[0].player), disputed, 2, 0)
    page = _post(as_user(regs[1].player), disputed, 2, 0).content.decode()
    assert 'class="message warning"' in page and "a judge will settle" in page
    assert 'class="message success"' not in page
    _post(as_user(regs[2].player), agreed, 2, 1)
    page = _post(as_user(regs[3].player), agreed, 1, 2).content.decode()
    assert 'class="message success"' in page and "the result is confirmed" in page
