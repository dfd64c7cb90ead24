"""Who may do what with events, registrations and matches: the one place roles are decided.

Organisers create events and manage their staff; judges (and organisers) run
them; players register, drop themselves and report their own matches; site
admins may do everything. Whether an action fits the event's current state
(e.g. registration still open) is the services' business, not a permission.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules
from django.db.models import Exists, OuterRef

from accounts.rules import is_self, is_site_admin, without_site_role
from tournaments.models.choices import StaffRole

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser
    from django.db.models import Model, QuerySet

    from accounts.models import User
    from tournaments.models import Event, Match, Registration

ORGANISERS_GROUP = "organisers"


def _event_of(obj: Model | None) -> Event | None:
    """The event an object belongs to: an event itself, a match (through its round), or
    anything with an ``event`` (rounds, registrations, penalties, deck lists...)."""
    from tournaments.models import Event, Match

    if obj is None or isinstance(obj, Event):
        return obj
    if isinstance(obj, Match):
        return obj.round.event
    return getattr(obj, "event", None)


def _role_in(user: User | AnonymousUser, obj: Model | None) -> str | None:
    event = _event_of(obj)
    if event is None or not user.is_authenticated:
        return None
    cache = user.__dict__.setdefault("_event_role_cache", {})
    if event.pk not in cache:
        cache[event.pk] = event.staff.filter(user=user).values_list("role", flat=True).first()
    return cache[event.pk]


@rules.predicate
def is_event_organiser(user: User | AnonymousUser, obj: Model | None) -> bool:
    return _role_in(user, obj) == StaffRole.ORGANISER


@rules.predicate
def is_event_judge(user: User | AnonymousUser, obj: Model | None) -> bool:
    return _role_in(user, obj) in {StaffRole.ORGANISER, StaffRole.JUDGE}


@rules.predicate
def is_in_organisers_group(user: User | AnonymousUser) -> bool:
    return user.is_authenticated and user.groups.filter(name=ORGANISERS_GROUP).exists()


@rules.predicate
def is_judge_somewhere(user: User | AnonymousUser) -> bool:
    return user.is_authenticated and user.event_roles.exists()


def plain_players(people: QuerySet[User]) -> QuerySet[User]:
    """Those of ``people`` with no site role (``accounts.rules.without_site_role``) and no
    staff role at any event: plain players. The one definition of "staff" for what judges
    may do to a person: whose login lockout they may lift, whom they may enter in an event,
    and whom the add-a-player search finds by name (``tournaments.selectors``)."""
    from tournaments.models import EventStaff

    return without_site_role(people).exclude(
        Exists(EventStaff.objects.filter(user_id=OuterRef("pk")))
    )


def is_plain_player(person: User) -> bool:
    """An account with no site role and no staff role at any event (``plain_players``): the
    only kind whose login lockout a judge may lift, and whom someone else may enter."""
    from accounts.models import User

    return plain_players(User.objects.filter(pk=person.pk)).exists()


@rules.predicate
def person_is_plain_player(user: User | AnonymousUser, person: User | None) -> bool:
    return person is not None and is_plain_player(person)


@rules.predicate
def holder_is_plain_player(user: User | AnonymousUser, registration: Registration | None) -> bool:
    return registration is not None and is_plain_player(registration.player)


@rules.predicate
def holder_registered_themself(
    user: User | AnonymousUser, registration: Registration | None
) -> bool:
    from tournaments.models import RegistrationOrigin

    return (
        registration is not None
        and RegistrationOrigin.objects.filter(
            registration_id=registration.pk, self_registered=True
        ).exists()
    )


@rules.predicate
def is_match_player(user: User | AnonymousUser, match: Match | None) -> bool:
    if match is None or not user.is_authenticated:
        return False
    player_ids = {match.player_a.player_id}
    if match.player_b_id:
        player_ids.add(match.player_b.player_id)
    return user.pk in player_ids


@rules.predicate
def is_registration_owner(user: User | AnonymousUser, registration: Registration | None) -> bool:
    return (
        registration is not None and user.is_authenticated and (registration.player_id == user.pk)
    )


staff = is_event_judge | is_site_admin

# Whom a judge may enter in an event (the object is the account): nobody enters an account
# with a site role or a staff role at any event but its holder, so no organiser makes the
# site admin, or another event's judge, "their player" (the same "staff" as the lockout
# rule's: ``is_plain_player``). A predicate and not a permission, because a superuser holds
# every permission and this binds site admins too (``may_enter_player.test(actor, player)``).
may_enter_player = is_self | person_is_plain_player

rules.add_perm("tournaments.create_event", is_in_organisers_group | is_site_admin)
rules.add_perm("tournaments.change_event", is_event_organiser | is_site_admin)
rules.add_perm("tournaments.manage_staff", is_event_organiser | is_site_admin)
rules.add_perm("tournaments.run_event", staff)
rules.add_perm("tournaments.view_audit", staff)
# The head judge, to whom judges escalate calls: the event's organiser (there is no separate
# role; an event's organisers are its head judges), or a site admin.
rules.add_perm("tournaments.head_judge", is_event_organiser | is_site_admin)
rules.add_perm("tournaments.access_judge_desk", is_judge_somewhere | is_site_admin)
rules.add_perm("tournaments.register", rules.is_authenticated)
# Lifting a player's login lockout: a site admin, or a judge of the event for a plain
# player who registered themself (once a day per account: accounts.services.login_unlock).
rules.add_perm(
    "tournaments.unlock_login",
    is_site_admin | (is_event_judge & holder_is_plain_player & holder_registered_themself),
)
rules.add_perm("tournaments.drop_registration", is_registration_owner | staff)
rules.add_perm("tournaments.report_result", is_match_player | staff)
# A player calls a judge to their own table, and may cancel their own call.
rules.add_perm("tournaments.call_judge", is_registration_owner)
# A judge who plays in a match does not decide its result: another judge must. The result
# page asks this to explain itself; the services apply the whole own-match rule (every judge
# action on a match or its players) in tournaments/services/own_match.py.
rules.add_perm("tournaments.override_result", staff & ~is_match_player)
rules.add_perm("tournaments.view_deck_lists", staff)
