"""The rulings notices on other apps' pages (the event page, the judges' dashboard, My
events) and on the deck-list page, each read through ``decklists.notices``."""

from __future__ import annotations

from typing import Any

from django import template

from decklists.notices import event_notices, own_notices

register = template.Library()


def _reader(context: template.Context) -> Any:
    request = context.get("request")
    return getattr(request, "user", None)


@register.inclusion_tag("decklists/_rulings_notices_event.html", takes_context=True)
def rulings_notices_at_event(context: template.Context, staff_view: bool = False) -> dict:
    """An event's rulings notices for the reader: their own, the change, and for its staff
    the players affected. ``staff_view``: the dashboard, which shows only the staff's part."""
    event = context.get("event")
    if event is None:
        return {"notices": None}
    notices = event_notices(event, _reader(context))
    if staff_view and not notices.sees_players:
        return {"notices": None}
    return {
        "notices": notices if notices.shown else None,
        "staff_view": staff_view,
        "csrf_token": context.get("csrf_token"),
        "request": context.get("request"),
    }


@register.inclusion_tag("decklists/_rulings_notices_mine.html", takes_context=True)
def my_rulings_notices(context: template.Context) -> dict:
    """My events: the reader's notices of lists that a new rulings version made illegal."""
    return {
        "own": list(own_notices(_reader(context))),
        "csrf_token": context.get("csrf_token"),
        "request": context.get("request"),
    }
