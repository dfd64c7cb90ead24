"""What a delivery says: the same shapes as the API's answers (``tournaments.api.serializers``),
read with the endpoint owner's view of the event (``tournaments.visibility``), so a webhook
carries nothing its owner could not read from the API.

Built inside the action's transaction, from the rows as the action left them; one body per
happening and view, wrapped for each delivery in the envelope that names it.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from config import clock
from config.site_url import absolute_url
from tournaments import selectors
from tournaments.api import serializers as s
from tournaments.happenings import Happening
from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors import MATCH_RELATED
from tournaments.visibility import EventVisibility


def event_summary(event: Event) -> dict[str, Any]:
    return {
        "id": event.pk,
        "name": event.name,
        "status": event.status,
        "url": absolute_url(reverse("api:event-detail", kwargs={"pk": event.pk})),
    }


def _match(match: Match) -> dict[str, Any]:
    fresh = (
        Match.objects.select_related("round", *MATCH_RELATED)
        .prefetch_related("games")
        .get(pk=match.pk)
    )
    return {"match": s.MatchOut(fresh).data}


def data_for(
    kind: str, event: Event, visibility: EventVisibility, objects: dict[str, Any]
) -> dict[str, Any]:
    """The ``data`` of a delivery of ``kind`` (a Happening's value)."""
    context = {"visibility": visibility}
    if kind == Happening.ROUND_PUBLISHED:
        round_: Round = objects["round_"]
        return {
            "round": s.RoundOut(round_, context=context).data,
            "matches": s.MatchOut(selectors.round_matches(round_), many=True).data,
        }
    if kind in (Happening.RESULT_CONFIRMED, Happening.MATCH_DISPUTED):
        return _match(objects["match"])
    if kind == Happening.STANDINGS_CHANGED:
        # The standings themselves are one read away (with an ETag); computing them inside
        # every confirmation would slow the hottest write of an event.
        path = reverse("api:event-standings", kwargs={"pk": event.pk})
        return {"standings_url": absolute_url(path)}
    if kind == Happening.PLAYER_DROPPED:
        registration: Registration = objects["registration"]
        fresh = Registration.objects.select_related("player").get(pk=registration.pk)
        return {"player": s.RegistrationOut(fresh, context=context).data}
    if kind == Happening.EVENT_FINISHED:
        annotated = selectors.event_list().get(pk=event.pk)
        return {"event": s.EventOut(annotated, context=context).data}
    raise ValueError(f"no payload for {kind!r}")


def envelope(*, uid: str, kind: str, event: Event | None, data: dict[str, Any]) -> dict[str, Any]:
    """The body of one delivery: its id (also the ``Webhook-Id`` header), kind, time, the
    event it is about and the kind's data."""
    return {
        "id": uid,
        "type": kind,
        "created_at": clock.now().isoformat(),
        "event": event_summary(event) if event is not None else None,
        "data": data,
    }
