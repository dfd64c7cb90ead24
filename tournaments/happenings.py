"""What happened at an event, told to whoever listens (the webhooks), inside the action's
transaction.

Events know nothing of webhooks (the import contracts in ``pyproject.toml``): a service
calls :func:`happened` after its change, inside its transaction, and a listener connected
to the ``happened`` signal writes what it must in the same transaction (so nothing told is
lost if the process dies after the commit, and nothing is told of a rolled-back action).
The objects passed are the rows the service holds (a match, a round, a registration, the
event), for the listener to describe without reading them again.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from django.dispatch import Signal

if TYPE_CHECKING:
    from tournaments.models import Event


class Happening(StrEnum):
    ROUND_PUBLISHED = "round.published"
    RESULT_CONFIRMED = "result.confirmed"
    MATCH_DISPUTED = "match.disputed"
    STANDINGS_CHANGED = "standings.changed"
    PLAYER_DROPPED = "player.dropped"
    EVENT_FINISHED = "event.finished"


# Sent with ``event`` (the Event), ``kinds`` (a list of Happening) and the objects
# concerned as keywords (``match``, ``round_``, ``registration``).
happened_signal = Signal()


def happened(event: Event, *kinds: Happening, **objects: Any) -> None:
    """Tell the listeners, inside the current transaction, that ``kinds`` happened at
    ``event``. A listener's error rolls the action back: what it writes must not be lost."""
    happened_signal.send(sender=Happening, event=event, kinds=list(kinds), **objects)
