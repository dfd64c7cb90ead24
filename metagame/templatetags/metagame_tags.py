"""Links into the metagame from other apps' pages: the event list's, and an event page's to
its own breakdown, shown once the event is finished and its lists are public in aggregate
(``decklists.rules.event_lists_public``)."""

from __future__ import annotations

from django import template

from decklists.rules import event_lists_public
from metagame.selectors import FORMATS
from tournaments.models import Event

register = template.Library()


@register.inclusion_tag("metagame/_event_link.html")
def event_metagame_link(event: Event) -> dict:
    return {"event": event, "shown": event.format in FORMATS and event_lists_public(event)}


@register.inclusion_tag("metagame/_list_link.html")
def metagame_link() -> dict:
    """The events page's way to the metagame (the navigation bar has no room for it)."""
    return {}
