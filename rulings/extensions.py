"""Where the apps built on the rulings document plug into it.

The document knows nothing of events or deck lists (they sit above it in the import
contracts), yet its publisher must see which registered lists a new version touches, and
the players must be told. The deck-list app registers here (``decklists.hooks.connect``):
a reader of a version's impact (the same one before and after publication, so the preview
and the outcome cannot differ), what to do when a version is published (inside the
publishing transaction: store the notices, mail after commit), and how many were told.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulings.core.impact import EventImpact, Impact
    from rulings.models import DocumentVersion


@dataclass(frozen=True)
class CardLabel:
    id: int
    ref: str  # "EV 155"
    name: str
    label: str  # "Caparazón Injertado (EV 155/280)"


@dataclass(frozen=True)
class ImpactReport:
    """A version's impact with what the pages need to name its cards."""

    impact: Impact
    cards: dict[int, CardLabel]
    base_number: int | None  # the version events use until the new one comes into force

    def card_labels(self, ids: tuple[int, ...]) -> list[str]:
        return [self.cards[i].label for i in ids if i in self.cards]

    def event_rows(self, events: tuple[EventImpact, ...]) -> list[dict[str, Any]]:
        """The events with their counts and players, cards named: what the pages and the
        API show."""
        return [
            {
                "id": e.event.id,
                "name": e.event.name,
                "date": e.event.date,
                "format": e.event.format,
                "status": e.event.status,
                "pinned_version": e.event.pinned_version,
                "illegal_count": e.illegal_count,
                "watched_count": e.watched_count,
                "lists": [
                    {
                        "deck_list": row.deck_list_id,
                        "player_id": row.player_id,
                        "player": row.player_name,
                        "banned": self.card_labels(row.banned),
                        "watched": self.card_labels(row.watched),
                    }
                    for row in e.lists
                ],
            }
            for e in events
        ]

    @property
    def affected_rows(self) -> list[dict[str, Any]]:
        return self.event_rows(self.impact.affected)

    @property
    def kept_rows(self) -> list[dict[str, Any]]:
        return self.event_rows(self.impact.kept)


@dataclass(frozen=True)
class Told:
    """Whom a published version's notices reached: players whose list became illegal,
    the organisers and judges of the affected events, and the events."""

    players: int = 0
    staff: int = 0
    events: int = 0


ImpactReader = Callable[["DocumentVersion", dt.date], ImpactReport]


@dataclass
class RulingsHooks:
    impact_readers: list[ImpactReader] = field(default_factory=list)
    # Called inside the publishing transaction, the version already saved as published.
    published: list[Callable[[DocumentVersion], object]] = field(default_factory=list)
    told_readers: list[Callable[[DocumentVersion], Told]] = field(default_factory=list)

    def impact(self, version: DocumentVersion, published_on: dt.date) -> ImpactReport | None:
        """The impact of ``version`` published on ``published_on``; None when no app reads
        one."""
        for reader in self.impact_readers:
            return reader(version, published_on)
        return None

    def version_published(self, version: DocumentVersion) -> None:
        for hook in self.published:
            hook(version)

    def told(self, version: DocumentVersion) -> Told:
        for reader in self.told_readers:
            return reader(version)
        return Told()


hooks = RulingsHooks()
