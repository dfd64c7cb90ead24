"""The next pack as data on the drafters' streams, so that a drafter's page draws it from the
card list it loaded once instead of fetching its rendered part when a step ends.

At a table of 64 pods every step's end sent its eight drafters to fetch their part of the
page at once, some 20 ms of the app server's CPU each, and picks queued behind them
(docs/drafts.md). Where the stream server runs (``DRAFT_STREAM``) the service that opens a
step therefore notes, from the step it holds in memory (no read), the pack now in front of
each seat whose player must pick (``note_opened_step``). The note travels with the pod's
new version on the pod's channel once the change commits (``poll_state``), and the stream
server gives each stream its own seat's share only (``seat_share``), for the seat the
visibility rule let that reader see (``drafts.views.stream``). A page that cannot use the
data (it missed a change, it lacks a card) fetches its part as before; without the stream
nothing is noted and the pages poll as they always did.

A message is either the pod's version alone (``"12"``) or, when the change opened a pick
step, that step as JSON: ``v`` (the version), ``since`` (the version before the change: a
page showing it has seen everything up to the step), ``round``, ``pick``, ``deadline``
(ISO), ``seconds`` (the step's time), ``direction`` (``left``/``right``) and ``packs``
(seat id -> ``[[card instance id, catalogue card id], ...]`` in the order the page shows).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings

from drafts.core.passing import pass_direction
from drafts.core.timers import pick_seconds

# Where the note waits on the pod object between the step's opening and ``save_pod``.
_NOTE = "_opened_step_news"


@dataclass(frozen=True)
class StepNews:
    """A pick step just opened: the pod's new version, the one before, and each waiting
    seat's pack (seat id -> (card instance id, catalogue card id) pairs)."""

    version: int
    since: int
    pack_round: int
    pick_number: int
    deadline: datetime
    seconds: int
    direction: str
    packs: Mapping[int, list[tuple[int, int]]]

    def message(self) -> str:
        return json.dumps(
            {
                "v": self.version,
                "since": self.since,
                "round": self.pack_round,
                "pick": self.pick_number,
                "deadline": self.deadline.isoformat(),
                "seconds": self.seconds,
                "direction": self.direction,
                "packs": {
                    str(seat): [list(c) for c in cards] for seat, cards in self.packs.items()
                },
            },
            separators=(",", ":"),
        )


def note_opened_step(
    pod: Any,
    *,
    since: int,
    seats: Iterable[Any],
    cards: Mapping[int, list[Any]],
    picked: set[int],
) -> None:
    """Keep, on the pod object, the step it has just opened (``cards``: seat id -> the card
    instances in front of it; ``picked``: the seats that have already picked in it, bots
    and last cards), for ``poll_state`` to send when the change commits. Only the seats of
    players who must now pick get their pack; a paused or untimed step gets no note (its
    page shows more than a pack)."""
    if not settings.DRAFT_STREAM or pod.deadline is None or pod.paused_remaining is not None:
        return
    packs = {
        seat.pk: [(c.pk, c.card_id) for c in cards[seat.pk]]
        for seat in seats
        if seat.registration_id is not None
        and not seat.bot
        and seat.pk not in picked
        and cards.get(seat.pk)
    }
    if not packs:
        return
    size = max(len(c) for c in cards.values())
    setattr(
        pod,
        _NOTE,
        StepNews(
            version=pod.version,
            since=since,
            pack_round=pod.pack_round,
            pick_number=pod.pick_number,
            deadline=pod.deadline,
            seconds=pick_seconds(max(size, 1)),
            direction="left" if pass_direction(pod.pack_round) > 0 else "right",
            packs=packs,
        ),
    )


def pod_message(pod: Any) -> str:
    """What the pod's channel says of the change being saved: its version, with the step it
    opened when the note is of this very version (a later change in the same transaction, a
    judge's for instance, leaves the pages to fetch). The note is used once."""
    news: StepNews | None = getattr(pod, _NOTE, None)
    if news is not None:
        setattr(pod, _NOTE, None)
        if news.version == pod.version:
            return news.message()
    return str(pod.version)


@dataclass(frozen=True)
class Heard:
    """A message read back: the pod's version, and the step as JSON when it carries one."""

    version: int | None
    step: dict[str, Any] | None = None


def read_message(payload: str) -> Heard:
    """A pod channel's message as the stream server reads it (a bad one says nothing)."""
    if payload.startswith("{"):
        try:
            step = json.loads(payload)
            return Heard(int(step["v"]), step)
        except (ValueError, KeyError, TypeError):
            return Heard(None)
    try:
        return Heard(int(payload))
    except ValueError:
        return Heard(None)


def seat_share(heard: Heard, seat_id: int | None, now: datetime) -> str | None:
    """The JSON a seat's own stream sends of a step just opened: that seat's pack and the
    step, with the server's time for the page's countdown; None when the message holds no
    pack for this seat (or the stream may show none: ``seat_id`` None). Nothing of another
    seat is ever copied."""
    if heard.step is None or seat_id is None:
        return None
    cards = heard.step.get("packs", {}).get(str(seat_id))
    if not cards:
        return None
    share = {k: v for k, v in heard.step.items() if k != "packs"}
    share["cards"] = cards
    share["now"] = now.isoformat()
    return json.dumps(share, separators=(",", ":"))
