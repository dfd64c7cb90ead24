"""The precompiled writes of the report path store exactly what ``save()`` would."""

from __future__ import annotations

import pytest

from config.row_writes import RowInsert, RowUpdate
from tests.tournaments.helpers import make_round
from tournaments.models import Match, ResultReport
from tournaments.models.choices import MatchStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(event, regs):
    return make_round(event, [(regs[0], regs[1])]).matches.get()


def _report(match, registration, a: int, b: int, **fields) -> ResultReport:
    """A player's report of the match, not yet stored."""
    return ResultReport(
        match=match,
        registration=registration,
        reported_by=registration.player,
        games_won_a=a,
        games_won_b=b,
        **fields,
    )


def test_an_inserted_row_reads_back_as_the_orm_stores_it(match):
    games = [{"winner": "a", "chooser": "b", "choice": "second"}]
    report = _report(match, match.player_a, 2, 1, games=games)
    RowInsert(ResultReport)(report)
    assert report.pk is not None
    assert report._state.adding is False
    stored = ResultReport.objects.get(pk=report.pk)
    assert stored.games == games
    assert stored.games_drawn == 0  # the field's default, as save() stores it
    assert (stored.match_id, stored.registration_id) == (match.pk, match.player_a_id)
    assert stored.created_at == report.created_at is not None
    assert stored.updated_at == report.updated_at is not None


def test_an_update_changes_only_its_row_and_refreshes_auto_now(match):
    insert = RowInsert(ResultReport)
    mine, theirs = (insert(_report(match, reg, 2, 0)) for reg in (match.player_a, match.player_b))
    first_update = mine.updated_at
    mine.games_won_b = 1
    assert RowUpdate(ResultReport, ["games_won_b", "updated_at"])(mine) == 1
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert (mine.games_won_a, mine.games_won_b) == (2, 1)
    assert mine.updated_at > first_update
    assert theirs.games_won_b == 0


def test_an_update_of_a_missing_row_changes_nothing(match):
    ghost = ResultReport(pk=987654, match=match, games_won_a=0, games_won_b=0)
    assert RowUpdate(ResultReport, ["games_won_a"])(ghost) == 0
    assert not ResultReport.objects.exists()


def test_writes_run_together_with_the_statements_before_them(match):
    match.status = MatchStatus.AWAITING
    report = _report(match, match.player_a, 2, 0)
    RowInsert(ResultReport)(report, RowUpdate(Match, ["status"]).statement(match))
    assert ResultReport.objects.get(pk=report.pk).games_won_a == 2
    assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING
    report.games_won_b = 1
    match.status = MatchStatus.DISPUTED
    changed = RowUpdate(ResultReport, ["games_won_b"])(
        report, RowUpdate(Match, ["status"]).statement(match)
    )
    assert changed == 1
    assert ResultReport.objects.get(pk=report.pk).games_won_b == 1
    assert Match.objects.get(pk=match.pk).status == MatchStatus.DISPUTED
