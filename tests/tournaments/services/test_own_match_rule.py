"""The one own-match rule: a judge who plays is refused every judge action on their own match
or on the player they face this round, and the refusal is audited; the event's other judges
and its head judge do it. Every entry of ``JUDGE_ACTIONS_ON_A_MATCH`` is walked (those on a
draft pod by ``tests/drafts/test_own_pod_rule.py``), and every service that names a match, a
registration, a call or a pod is either on that list or explained."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from config.errors import ForbiddenError
from judge_calls.services import judge_call_resolve
from tests.drafts.own_pod_cases import POD_CASES
from tests.factories import UserFactory
from tests.tournaments.helpers import make_organiser
from tests.tournaments.own_match_cases import CASES, build_table, case_id, refusals, state
from tournaments.models import EventStaff, Penalty, Registration
from tournaments.models.choices import RegistrationStatus, StaffRole
from tournaments.services.clock import match_extend_time
from tournaments.services.own_match import (
    JUDGE_ACTIONS_ON_A_MATCH,
    NOT_JUDGE_ACTIONS_ON_A_MATCH,
    judge_action,
)
from tournaments.services.penalties import penalty_issue
from tournaments.services.registration import registration_drop

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(db):
    return build_table(make_organiser())


@pytest.fixture
def catalogue(request):
    def load(case):
        if case.needs_catalogue:
            request.getfixturevalue("rulings_data")

    return load


def test_every_judge_action_on_a_match_has_a_case():
    """The actions on a match are walked here; those on a draft pod (and a drafter's deck
    list) by ``tests/drafts/test_own_pod_rule.py``."""
    walked = [case.action for case in CASES] + [case.action for case in POD_CASES]
    assert set(walked) == set(JUDGE_ACTIONS_ON_A_MATCH)
    assert {case.action for case in POD_CASES} == {
        "deck_list.enter",
        *(action for action in JUDGE_ACTIONS_ON_A_MATCH if action.startswith("draft.")),
    }


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_judge_who_plays_is_refused_and_nothing_changes(case, table, catalogue):
    catalogue(case)
    before = state()
    with pytest.raises(ForbiddenError) as refused:
        case.service(table.judge, table)
    assert refused.value.code == "own_match"
    assert "another judge must" in refused.value.message
    assert state() == before
    [(action, target, after)] = refusals()
    assert action == case.action.split(".")[0] + ".refused_own_match"
    assert after == {"action": case.action}
    assert target.startswith("round ")


@pytest.mark.parametrize("who", ["colleague", "organiser"])
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_another_judge_or_the_head_judge_does_it(case, who, table, catalogue):
    catalogue(case)
    before = state()
    case.service(getattr(table, who), table)
    assert state() != before
    assert refusals() == []


def test_a_site_admin_who_plays_is_a_party_too(table):
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    Registration.objects.filter(pk=table.me.pk).update(player=admin)
    EventStaff.objects.filter(user=table.judge).delete()
    with pytest.raises(ForbiddenError, match="You play in this match"):
        match_extend_time(actor=admin, match_id=table.match.pk, seconds=60)


def test_the_player_they_face_is_refused_without_naming_the_match(table):
    """A warning names no match: the opponent of this round is enough."""
    with pytest.raises(ForbiddenError, match="You play against P Player 001 in this round"):
        penalty_issue(
            actor=table.judge, registration_id=table.opponent.pk, kind="warning", reason="Late"
        )
    assert not Penalty.objects.exists()


def test_a_judge_cannot_penalise_themself(table):
    with pytest.raises(ForbiddenError) as refused:
        penalty_issue(
            actor=table.judge, registration_id=table.me.pk, kind="warning", reason="Honest"
        )
    assert refused.value.code == "own_match"


def test_the_judge_still_runs_the_other_tables(table):
    other = table.regs[3]
    registration_drop(actor=table.judge, registration_id=other.pk, reason="Ill")
    penalty_issue(actor=table.judge, registration_id=table.regs[4].pk, kind="warning", reason="x")
    assert Registration.objects.get(pk=other.pk).status == RegistrationStatus.DROPPED
    assert refusals() == []


def test_a_judge_who_plays_may_still_drop_themself(table):
    registration_drop(actor=table.judge, registration_id=table.me.pk, reason="Must leave")
    assert Registration.objects.get(pk=table.me.pk).status == RegistrationStatus.DROPPED
    assert refusals() == []


def test_a_staff_member_who_does_not_run_the_event_gets_the_plain_refusal(table):
    """Only someone who runs the event is told it is their own match; a player who is not
    a judge is refused by the permission rule, as before."""
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        match_extend_time(actor=table.opponent.player, match_id=table.match.pk, seconds=60)
    assert refusals() == []


def test_an_action_not_on_the_list_cannot_be_declared():
    with pytest.raises(ValueError, match="JUDGE_ACTIONS_ON_A_MATCH"):
        judge_action("result.erase")


# The parameters by which a service names a match, a registration, a seat, a judge call, a
# draft pod or one of its packs.
TARGETS = {
    "match_id",
    "registration_id",
    "registration_a",
    "call_id",
    "player",
    "seat_id",
    "pod_id",
    "pack_id",
}


# Every app whose services could act on a match or a registration.
APPS = ("tournaments", "drafts", "judge_calls", "decklists", "screen", "archives", "rulings")


def _service_modules():
    for app in APPS:
        package = importlib.import_module(f"{app}.services")
        yield package
        if hasattr(package, "__path__"):  # a package of modules, not one module
            for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
                yield importlib.import_module(info.name)


def _services():
    for module in _service_modules():
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("_") or function.__module__ != module.__name__:
                continue
            parameters = inspect.signature(function).parameters
            if "actor" in parameters and TARGETS & set(parameters):
                yield f"{module.__name__}.{name}", function


def test_every_service_acting_on_a_match_is_a_listed_judge_action_or_explained():
    found = dict(_services())
    # the scan sees the services of every app
    assert "tournaments.services.penalties.penalty_issue" in found
    assert "judge_calls.services.judge_call_resolve" in found
    assert "decklists.services.checks.deck_check_record" in found
    assert "drafts.services.judge.seat_to_bot_on_drop" in found
    assert "drafts.services.judge.pod_pause" in found
    assert "drafts.services.judge.pack_replace" in found
    unlisted = [
        name
        for name, function in found.items()
        if getattr(function, "judge_action", None) is None
        and name not in NOT_JUDGE_ACTIONS_ON_A_MATCH
    ]
    assert unlisted == [], (
        "a service acts on a match or a registration without @judge_action; add it to "
        "JUDGE_ACTIONS_ON_A_MATCH (and call refuse_if_party) or explain it in "
        "NOT_JUDGE_ACTIONS_ON_A_MATCH"
    )
    declared = {
        function.judge_action for function in found.values() if hasattr(function, "judge_action")
    }
    assert declared == set(JUDGE_ACTIONS_ON_A_MATCH)
    assert set(NOT_JUDGE_ACTIONS_ON_A_MATCH) <= set(found)  # no stale explanation


def test_a_head_judge_who_plays_is_refused_too(table):
    EventStaff.objects.filter(user=table.judge).update(role=StaffRole.ORGANISER)
    with pytest.raises(ForbiddenError):
        match_extend_time(actor=table.judge, match_id=table.match.pk, seconds=60)


@pytest.mark.django_db(transaction=True)
def test_the_refusal_stays_in_the_audit_log_though_the_action_rolls_back():
    """Outside any test transaction: the refused action's own transaction rolls back (a call
    answered with a penalty runs the penalty service inside it), and the one refusal is
    written after that, once."""
    table = build_table(make_organiser())
    before = state()
    with pytest.raises(ForbiddenError):
        judge_call_resolve(
            actor=table.judge,
            call_id=table.call.pk,
            outcome="penalty",
            penalty_registration_id=table.opponent.pk,
            penalty_kind="match_loss",
            penalty_reason="Drew extra cards",
        )
    assert state() == before
    assert refusals() == [
        ("judge_call.refused_own_match", "round 1 table 1", {"action": "judge_call.resolve"})
    ]
