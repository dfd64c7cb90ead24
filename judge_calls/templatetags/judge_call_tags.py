"""The judge-call panel of a player's match page, with its own reads, so the match page's
view only includes it."""

from __future__ import annotations

from typing import Any

from django import template

from judge_calls import selectors as judge_call_selectors
from judge_calls.forms import JudgeCallForm
from tournaments.models.choices import RoundStatus

register = template.Library()


@register.inclusion_tag("judge_calls/_judge_call_panel.html", takes_context=True)
def judge_call_panel(context: template.Context) -> dict[str, Any]:
    """The reader's calls at their current match: the open one (with its state and a cancel
    button) or the form to call a judge, and the latest answer."""
    current = context.get("current")
    registration = context.get("my_registration")
    panel: dict[str, Any] = {"request": context.get("request"), "shown": False}
    if current is None or registration is None or current.opponent is None:
        return panel
    match = current.match
    if match.round.status != RoundStatus.PUBLISHED:
        return panel
    mine = judge_call_selectors.my_calls(match, registration)
    open_call = next((c for c in mine if c.is_open), None)
    latest_closed = next((c for c in mine if not c.is_open), None)
    panel.update(
        shown=True,
        match=match,
        open_call=open_call,
        latest=latest_closed,
        form=JudgeCallForm() if open_call is None else None,
        csrf_token=context.get("csrf_token"),
    )
    return panel


@register.inclusion_tag("judge_calls/_judge_call_dashboard_panel.html", takes_context=True)
def judge_call_times_panel(context: template.Context) -> dict[str, Any]:
    """The round dashboard's panel: open calls and the waiting and handling times per round
    (for the event's judges; nothing for anyone else)."""
    event = context.get("event")
    visibility = context.get("visibility")
    if event is None or visibility is None or not visibility.runs_event:
        return {"shown": False}
    return {
        "shown": True,
        "event": event,
        "open_calls": judge_call_selectors.open_call_count(event, visibility),
        "times": judge_call_selectors.event_call_times(event, visibility),
    }
