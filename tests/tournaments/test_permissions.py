"""Every role against every tournament action: one table, every cell asserted."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import EventStaff
from tournaments.models.choices import StaffRole

pytestmark = pytest.mark.django_db

ROLES = (
    "anonymous",
    "player_in_match",
    "other_player",
    "judge",
    "organiser",
    "judge_elsewhere",
    "organiser_group_member",
    "site_admin",
)

# perm -> (object kind, roles allowed)
TABLE = {
    "tournaments.create_event": (None, {"organiser", "organiser_group_member", "site_admin"}),
    "tournaments.change_event": ("event", {"organiser", "site_admin"}),
    "tournaments.manage_staff": ("event", {"organiser", "site_admin"}),
    "tournaments.run_event": ("event", {"judge", "organiser", "site_admin"}),
    "tournaments.view_audit": ("event", {"judge", "organiser", "site_admin"}),
    "tournaments.view_deck_lists": ("event", {"judge", "organiser", "site_admin"}),
    "tournaments.access_judge_desk": (
        None,
        {"judge", "organiser", "judge_elsewhere", "site_admin"},
    ),
    "tournaments.register": (
        "event",
        {
            "player_in_match",
            "other_player",
            "judge",
            "organiser",
            "judge_elsewhere",
            "organiser_group_member",
            "site_admin",
        },
    ),
    "tournaments.report_result": ("match", {"player_in_match", "judge", "organiser", "site_admin"}),
    "tournaments.override_result": ("match", {"judge", "organiser", "site_admin"}),
    "tournaments.drop_registration": (
        "registration",
        {"player_in_match", "judge", "organiser", "site_admin"},
    ),
}


@pytest.fixture
def world():
    organiser = make_organiser("boss")
    event = make_event(organiser)
    judge = add_judge(event, "ref")
    other_event = make_event(make_organiser("boss2"), name="Other")
    judge_elsewhere = add_judge(other_event, "ref2")
    regs = add_players(event, 4)
    match = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)
    people = {
        "anonymous": AnonymousUser(),
        "player_in_match": regs[0].player,
        "other_player": regs[2].player,
        "judge": judge,
        "organiser": organiser,
        "judge_elsewhere": judge_elsewhere,
        "organiser_group_member": make_organiser("wannabe"),
        "site_admin": UserFactory(username="root", is_staff=True, is_superuser=True),
    }
    objects = {"event": event, "match": match, "registration": regs[0], None: None}
    return people, objects


@pytest.mark.parametrize("perm", sorted(TABLE))
@pytest.mark.parametrize("role", ROLES)
def test_role_by_action(world, role, perm):
    people, objects = world
    kind, allowed = TABLE[perm]
    assert people[role].has_perm(perm, objects[kind]) is (role in allowed)


def test_removing_a_judge_removes_their_rights(world):
    people, objects = world
    EventStaff.objects.filter(user=people["judge"], role=StaffRole.JUDGE).delete()
    fresh = type(people["judge"]).objects.get(pk=people["judge"].pk)
    assert not fresh.has_perm("tournaments.run_event", objects["event"])
