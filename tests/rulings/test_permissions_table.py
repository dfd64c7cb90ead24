"""The rulings permission rules, role by action: one table, every cell asserted."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from decklists.models import DeckList
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser

pytestmark = pytest.mark.django_db

ROLES = (
    "anonymous",
    "list_owner",
    "other_player",
    "judge",
    "organiser",
    "judge_elsewhere",
    "site_admin",
)

TABLE = {
    "rulings.manage_catalogue": (None, {"site_admin"}),
    "rulings.edit_document": (None, {"site_admin"}),
    "decklists.submit_deck_list": (
        None,
        {"list_owner", "other_player", "judge", "organiser", "judge_elsewhere", "site_admin"},
    ),
    "decklists.view_deck_list": ("deck_list", {"list_owner", "judge", "organiser", "site_admin"}),
    "decklists.view_event_deck_lists": ("event", {"judge", "organiser", "site_admin"}),
    "decklists.run_deck_checks": ("event", {"judge", "organiser", "site_admin"}),
    "decklists.set_card_pool": ("event", {"judge", "organiser", "site_admin"}),
}


@pytest.fixture
def world():
    organiser = make_organiser("r_boss")
    event = make_event(organiser)
    judge = add_judge(event, "r_ref")
    elsewhere = add_judge(make_event(make_organiser("r_boss2"), name="Other"), "r_ref2")
    regs = add_players(event, 2)
    deck_list = DeckList.objects.create(event=event, player=regs[0].player, text="1 Achak")
    people = {
        "anonymous": AnonymousUser(),
        "list_owner": regs[0].player,
        "other_player": regs[1].player,
        "judge": judge,
        "organiser": organiser,
        "judge_elsewhere": elsewhere,
        "site_admin": UserFactory(username="r_root", is_staff=True, is_superuser=True),
    }
    return people, {"event": event, "deck_list": deck_list, None: None}


@pytest.mark.parametrize("perm", sorted(TABLE))
@pytest.mark.parametrize("role", ROLES)
def test_role_by_action(world, role, perm):
    people, objects = world
    kind, allowed = TABLE[perm]
    assert people[role].has_perm(perm, objects[kind]) is (role in allowed)
