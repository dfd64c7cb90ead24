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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulings.core.impact import Impact
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
