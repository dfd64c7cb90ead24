"""Rulings data: the card catalogue, the rulings document's versions, deck lists."""

from rulings.models.catalogue import Card, Edition
from rulings.models.choices import (
    CardTypeChoice,
    DeckFormat,
    FactionChoice,
    RarityChoice,
    SectionChoice,
    VersionStatus,
)
from rulings.models.decklist import (
    CardPool,
    CardPoolEntry,
    DeckCheck,
    DeckCheckOutcome,
    DeckCheckPick,
    DeckList,
    DeckListEntry,
)
from rulings.models.document import DocumentEntry, DocumentVersion, RulingsDocument

__all__ = [
    "Card",
    "CardPool",
    "CardPoolEntry",
    "CardTypeChoice",
    "DeckCheck",
    "DeckCheckOutcome",
    "DeckCheckPick",
    "DeckFormat",
    "DeckList",
    "DeckListEntry",
    "DocumentEntry",
    "DocumentVersion",
    "Edition",
    "FactionChoice",
    "RarityChoice",
    "RulingsDocument",
    "SectionChoice",
    "VersionStatus",
]
