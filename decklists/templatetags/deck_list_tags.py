"""A player's deck list on the pages of other apps: its state and deadline on the event page
and on My events, with their own reads, so those pages' views only include them."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import template
from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.timesince import timeuntil
from django.utils.translation import pgettext

from decklists.deadlines import DeckListState, deck_list_state, my_deck_list_states
from decklists.selectors import DeckStatus

register = template.Library()

_BADGE = {
    DeckStatus.MISSING: "bad",
    DeckStatus.ILLEGAL: "bad",
    DeckStatus.WARNED: "ok",
    DeckStatus.LEGAL: "ok",
}


@register.filter
def deadline_text(value: dt.datetime | str | None) -> str:
    """A deadline as the reader reads it: weekday, date, time and the time zone's name, in
    the site's time zone and the active language. Takes a datetime or its ISO text (what an
    e-mail's context carries)."""
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is None:
        return ""
    return formats.date_format(
        timezone.localtime(value), pgettext("deck list deadline", "l j F Y, H:i T")
    )


def _row(state: DeckListState, now: dt.datetime) -> dict[str, Any]:
    return {
        "state": state,
        "badge": _BADGE[state.status],
        "due_in": timeuntil(state.due, now) if state.due is not None else "",
    }


@register.inclusion_tag("decklists/_deck_list_state.html", takes_context=True)
def deck_list_state_line(context: template.Context, link: bool = True) -> dict[str, Any]:
    """The reader's deck list at the context's event: missing, not legal or legal, and when
    it is due (nothing when the event takes no lists or the reader is not signed in)."""
    event = context.get("event")
    request = context.get("request")
    user = getattr(request, "user", None)
    if event is None or user is None or not user.is_authenticated:
        return {"shown": False}
    now = timezone.now()
    state = deck_list_state(event, user, now=now)
    if state is None:
        return {"shown": False}
    return {"shown": True, "link": link, **_row(state, now)}


@register.inclusion_tag("decklists/_my_deck_lists_part.html", takes_context=True)
def my_deck_lists(context: template.Context) -> dict[str, Any]:
    """My events: the reader's deck lists at the events they are registered for that have
    not started, each with its state and deadline."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"rows": []}
    now = timezone.now()
    return {"rows": [_row(s, now) for s in my_deck_list_states(user, now=now)]}
