"""The one-tap confirmation of an opponent's report (``match_confirm_report``): the service
states, and its races with a second tap, the opponent's correction and a judge's entry, on
real concurrent connections."""

from __future__ import annotations

import pytest

from config.errors import ConflictError
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tests.tournaments.services.test_concurrency import race
from tournaments.models import Match, ResultReport
from tournaments.models.choices import MatchStatus
from tournaments.services.results import (
    Confirmation,
    ReportedResult,
    match_confirm_report,
    match_report,
    match_set_result,
)
from tournaments.services.standings import results_version


def _setting(prefix: str):
    organiser = make_organiser(f"{prefix}_orga")
    event = make_event(organiser)
    judge = add_judge(event, f"{prefix}_judge")
    regs = add_players(event, 4, prefix=prefix)
    match = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)
    # Player A reported a 2-1 win; B's page shows it.
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1))
    return event, judge, regs, match


# --- States ---------------------------------------------------------------------------------


@pytest.mark.django_db
class TestStates:
    def test_the_opponent_confirms_and_the_match_is_confirmed(self):
        _event, _judge, regs, match = _setting("st")
        done = match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 1, 0))
        assert done.changed and done.match.status == MatchStatus.CONFIRMED
        match.refresh_from_db()
        assert (match.status, match.winner, match.result_source) == ("confirmed", "a", "players")

    def test_again_changes_nothing(self):
        event, _judge, regs, match = _setting("st")
        match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 1, 0))
        version = results_version(event.pk)
        again = match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 1, 0))
        assert again == Confirmation(match=again.match, changed=False)
        assert results_version(event.pk) == version
        assert ResultReport.objects.filter(match=match).count() == 2

    def test_the_reporter_has_nothing_to_confirm(self):
        _event, _judge, regs, match = _setting("st")
        with pytest.raises(ConflictError) as refusal:
            match_confirm_report(actor=regs[0].player, match_id=match.pk, seen_score=(2, 1, 0))
        assert refusal.value.code == "nothing_to_confirm"
        assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING

    def test_a_disputing_player_may_accept_the_opponents_report(self):
        _event, _judge, regs, match = _setting("st")
        match_report(actor=regs[1].player, match_id=match.pk, result=ReportedResult(0, 2))
        assert Match.objects.get(pk=match.pk).status == MatchStatus.DISPUTED
        done = match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 1, 0))
        assert done.changed and done.match.status == MatchStatus.CONFIRMED

    def test_a_changed_report_is_refused(self):
        _event, _judge, regs, match = _setting("st")
        with pytest.raises(ConflictError) as refusal:
            match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 0, 0))
        assert refusal.value.code == "report_changed"
        assert not ResultReport.objects.filter(match=match, registration=regs[1]).exists()

    def test_an_outsider_is_refused(self):
        from django.core.exceptions import PermissionDenied

        from config.errors import ForbiddenError

        _event, _judge, regs, match = _setting("st")
        with pytest.raises((PermissionDenied, ForbiddenError)):
            match_confirm_report(actor=regs[2].player, match_id=match.pk, seen_score=(2, 1, 0))
        assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING

    def test_a_judge_does_not_confirm_for_a_player(self):
        _event, judge, _regs, match = _setting("st")
        with pytest.raises(ConflictError, match="Only the two players"):
            match_confirm_report(actor=judge, match_id=match.pk, seen_score=(2, 1, 0))


# --- Races (PostgreSQL: row locks; SQLite: the write lock) ------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.concurrency
def test_a_double_tap_on_two_devices_confirms_once():
    event, _judge, regs, match = _setting("dt")
    version = results_version(event.pk)

    def tap() -> Confirmation:
        return match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 1, 0))

    outcomes = race(tap, tap, tap)
    assert all(isinstance(o, Confirmation) for o in outcomes), outcomes
    assert sorted(o.changed for o in outcomes) == [False, False, True]
    assert ResultReport.objects.filter(match=match, registration=regs[1]).count() == 1
    assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED
    assert results_version(event.pk) == version + 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.concurrency
def test_a_tap_racing_the_opponents_correction_never_confirms_an_unseen_score():
    _event, _judge, regs, match = _setting("oc")
    outcomes = race(
        lambda: match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 1, 0)),
        lambda: match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 0)),
    )
    tap, correction = outcomes
    match.refresh_from_db()
    if isinstance(tap, Confirmation):
        # The tap came first: 2-1 confirmed; the late correction is refused.
        assert tap.changed
        assert isinstance(correction, ConflictError), correction
        assert (match.status, match.games_won_a, match.games_won_b) == ("confirmed", 2, 1)
    else:
        # The correction came first: the tap is refused, B has sent nothing.
        assert isinstance(tap, ConflictError) and tap.code == "report_changed", tap
        assert isinstance(correction, Match)
        assert match.status == MatchStatus.AWAITING
        assert not ResultReport.objects.filter(match=match, registration=regs[1]).exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.concurrency
def test_a_tap_racing_a_judges_entry_ends_with_the_judges_result():
    event, judge, regs, match = _setting("je")
    outcomes = race(
        lambda: match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 1, 0)),
        lambda: match_set_result(
            actor=judge, match_id=match.pk, result=ReportedResult(0, 2), reason="table judge saw it"
        ),
    )
    tap, entry = outcomes
    assert isinstance(entry, Match), entry
    # Before the judge: a confirmation the judge then overrode; after: refused as confirmed.
    assert isinstance(tap, (Confirmation, ConflictError)), tap
    match.refresh_from_db()
    assert (match.status, match.games_won_a, match.games_won_b) == ("confirmed", 0, 2)
    assert event.audit_entries.filter(action="result.set").count() == 1
