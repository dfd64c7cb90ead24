"""An event page's link to its own metagame breakdown, shown once the event is finished and
its lists are public in aggregate (``decklists.rules.event_lists_public``)."""

from __future__ import annotations

from django import template

from decklists.rules import event_lists_public
from metagame.selectors import FORMATS
from tournaments.models import Event

register = template.Library()


@register.inclusion_tag("metagame/_event_link.html")
def event_metagame_link(event: Event) -> dict:
    return {"event": event, "shown": event.format in FORMATS and event_lists_public(event)}
