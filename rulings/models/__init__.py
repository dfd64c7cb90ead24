"""Rulings data: the card catalogue and the rulings document's versions."""

from rulings.models.catalogue import Card, Edition
from rulings.models.choices import (
    CardTypeChoice,
    DeckFormat,
    FactionChoice,
    RarityChoice,
    SectionChoice,
    VersionStatus,
)
from rulings.models.document import DocumentEntry, DocumentVersion, RulingsDocument

__all__ = [
    "Card",
    "CardTypeChoice",
    "DeckFormat",
    "DocumentEntry",
    "DocumentVersion",
    "Edition",
    "FactionChoice",
    "RarityChoice",
    "RulingsDocument",
    "SectionChoice",
    "VersionStatus",
]
