"""Who may do what with deck lists: an event's judges and organisers (and site admins) see
and check every list of their event; a player sees their own list and its check. No one
else reads a list one by one; the public reads lists only in aggregate (the metagame), and
only those of a finished event that keeps no cards private (``lists_public_q``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules
from django.db.models import Q

from accounts.rules import is_site_admin
from tournaments.rules import is_event_judge

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User
    from decklists.models import DeckList
    from tournaments.models import Event


@rules.predicate
def is_deck_list_owner(user: User | AnonymousUser, deck_list: DeckList | None) -> bool:
    return deck_list is not None and user.is_authenticated and deck_list.player_id == user.pk


@rules.predicate
def is_judge_of_deck_list_event(user: User | AnonymousUser, deck_list: DeckList | None) -> bool:
    return deck_list is not None and is_event_judge(user, deck_list.event)


event_staff = is_event_judge | is_site_admin

rules.add_perm("decklists.submit_deck_list", rules.is_authenticated)
rules.add_perm(
    "decklists.view_deck_list", is_deck_list_owner | is_judge_of_deck_list_event | is_site_admin
)
rules.add_perm("decklists.view_event_deck_lists", event_staff)
rules.add_perm("decklists.run_deck_checks", event_staff)
rules.add_perm("decklists.set_card_pool", event_staff)
# A judge enters a walk-in's list for them; the service audits it and applies the same checks.
rules.add_perm("decklists.enter_deck_list", event_staff)


def lists_public_q(event_path: str = "") -> Q:
    """The events whose lists may be read in aggregate by anyone, as a filter (``event_path``:
    the way to the event, e.g. ``"event__"`` from a deck list): finished ones, unless the event
    keeps its drafted cards private for good. Its twin for one event is
    ``event_lists_public``; a test keeps the two in step."""
    return Q(**{f"{event_path}status": "finished"}) & ~Q(
        **{f"{event_path}format": "booster-draft", f"{event_path}draft_cards_private": True}
    )


def event_lists_public(event: Event) -> bool:
    return event.status == "finished" and not (
        event.format == "booster-draft" and event.draft_cards_private
    )
