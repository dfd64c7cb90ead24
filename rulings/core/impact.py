"""What a new version of the rulings document does to the deck lists already registered
(pure): which lists a newly banned card makes illegal, which gain a watch warning, per event.

The reading is the same before publication (the preview on the draft's pages and in the
API) and after it (the notices), so the two cannot differ. An event is *affected* when it
will check its lists against the new version: it has not pinned a version (that happens when
its first round is paired) and its date is on or after the day the new version comes into
force. An event that keeps its version (finished, or running with its version pinned) is
*kept*: it is reported with the lists that would have been hit, to show what it is spared.

Cards are plain ids and formats their codes; the shell supplies names and rows.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# A banned list: card id -> the formats the ban applies to (empty: every format).
BannedList = Mapping[int, frozenset[str]]


def banned_in(banned: BannedList, fmt: str) -> frozenset[int]:
    """The cards ``banned`` bans in format ``fmt``."""
    return frozenset(card for card, formats in banned.items() if not formats or fmt in formats)


@dataclass(frozen=True)
class ListsChange:
    """The banned and watch lists before (the version events use now) and after."""

    old_banned: BannedList
    new_banned: BannedList
    old_watched: frozenset[int]
    new_watched: frozenset[int]

    def newly_banned(self, fmt: str) -> frozenset[int]:
        return banned_in(self.new_banned, fmt) - banned_in(self.old_banned, fmt)

    @property
    def newly_watched(self) -> frozenset[int]:
        return self.new_watched - self.old_watched

    @property
    def cards(self) -> frozenset[int]:
        """Every card that may hit a list somewhere: banned in some format where it was not
        (or more widely), or newly watched. The only cards the shell needs to look for."""
        moved = {
            card
            for card, formats in self.new_banned.items()
            if card not in self.old_banned or self.old_banned[card] != formats
        }
        return frozenset(moved) | self.newly_watched

    @property
    def empty(self) -> bool:
        return not self.cards


@dataclass(frozen=True)
class EventInfo:
    id: int
    name: str
    date: dt.date
    format: str  # the deck-check format's code
    keeps_version: bool  # finished, or its version pinned at round 1
    status: str = ""
    pinned_version: int | None = None


@dataclass(frozen=True)
class ListCards:
    """A registered list and the cards of ``ListsChange.cards`` it holds."""

    deck_list_id: int
    event_id: int
    player_id: int
    player_name: str
    cards: frozenset[int]


@dataclass(frozen=True)
class ListImpact:
    deck_list_id: int
    player_id: int
    player_name: str
    banned: tuple[int, ...]  # the cards that make it illegal
    watched: tuple[int, ...]  # the cards that give it a watch warning

    @property
    def illegal(self) -> bool:
        return bool(self.banned)


@dataclass(frozen=True)
class EventImpact:
    event: EventInfo
    lists: tuple[ListImpact, ...]

    @property
    def illegal(self) -> tuple[ListImpact, ...]:
        return tuple(row for row in self.lists if row.illegal)

    @property
    def watched(self) -> tuple[ListImpact, ...]:
        return tuple(row for row in self.lists if row.watched)

    @property
    def illegal_count(self) -> int:
        return len(self.illegal)

    @property
    def watched_count(self) -> int:
        return len(self.watched)


@dataclass(frozen=True)
class Impact:
    in_force_from: dt.date | None
    affected: tuple[EventImpact, ...]  # events that will check against the new version
    kept: tuple[EventImpact, ...]  # events that keep their version, with what they are spared

    @property
    def illegal_count(self) -> int:
        return sum(e.illegal_count for e in self.affected)

    @property
    def watched_count(self) -> int:
        return sum(e.watched_count for e in self.affected)

    @property
    def players(self) -> frozenset[int]:
        """The players whose list becomes illegal (each told once per event)."""
        return frozenset(row.player_id for e in self.affected for row in e.illegal)


def is_affected(event: EventInfo, in_force_from: dt.date) -> bool:
    return not event.keeps_version and event.date >= in_force_from


def _list_impact(change: ListsChange, fmt: str, holding: ListCards) -> ListImpact:
    return ListImpact(
        deck_list_id=holding.deck_list_id,
        player_id=holding.player_id,
        player_name=holding.player_name,
        banned=tuple(sorted(holding.cards & change.newly_banned(fmt))),
        watched=tuple(sorted(holding.cards & change.newly_watched)),
    )


def impact_of(
    change: ListsChange,
    *,
    in_force_from: dt.date,
    events: Iterable[EventInfo],
    holdings: Iterable[ListCards],
) -> Impact:
    """The impact of ``change`` on ``events`` from ``in_force_from``. Events not on or after
    that date that still follow the calendar are left out (they keep the version in force
    on their date); events and lists untouched are left out of both groups. Events come in
    date order, lists by player name."""
    by_event: dict[int, list[ListCards]] = {}
    for holding in holdings:
        by_event.setdefault(holding.event_id, []).append(holding)
    affected: list[EventImpact] = []
    kept: list[EventImpact] = []
    for event in sorted(events, key=lambda e: (e.date, e.id)):
        if not event.keeps_version and not is_affected(event, in_force_from):
            continue
        rows = [
            row
            for row in (_list_impact(change, event.format, h) for h in by_event.get(event.id, ()))
            if row.banned or row.watched
        ]
        if not rows:
            continue
        rows.sort(key=lambda r: (r.player_name.casefold(), r.player_id))
        (kept if event.keeps_version else affected).append(EventImpact(event, tuple(rows)))
    return Impact(in_force_from=in_force_from, affected=tuple(affected), kept=tuple(kept))
