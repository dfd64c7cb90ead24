"""Deck lists and deck legality (pure: no Django import).

``parse_deck_list(text, index)`` reads pasted text into resolved lines with an
issue per bad line; ``check_deck(entries, format=..., lists=...)`` checks a
deck by format and returns a ``DeckCheck`` value with errors, warnings and
Multifacción surcharges.
"""

from rulings.core.cards import CardInfo, CardType, Faction, Rarity
from rulings.core.issues import MESSAGES, Issue
from rulings.deckcheck.checks import (
    DEFAULT_MINIMUM,
    BannedCard,
    CardLists,
    DeckCheck,
    Surcharge,
    check_deck,
    pool_shortfalls,
)
from rulings.deckcheck.formats import FORMATS, Format, UnknownFormat, get_format
from rulings.deckcheck.index import CardIndex
from rulings.deckcheck.parser import (
    MAX_LINE_QUANTITY,
    MAX_LIST_CHARS,
    MAX_POOL_LINE_QUANTITY,
    DeckEntry,
    ParsedDeckList,
    ParsedLine,
    line_quantity_limit,
    parse_deck_list,
)
from rulings.deckcheck.wheel import surcharge, wheel_distance

__all__ = [
    "DEFAULT_MINIMUM",
    "FORMATS",
    "MAX_LINE_QUANTITY",
    "MAX_LIST_CHARS",
    "MAX_POOL_LINE_QUANTITY",
    "MESSAGES",
    "BannedCard",
    "CardIndex",
    "CardInfo",
    "CardLists",
    "CardType",
    "DeckCheck",
    "DeckEntry",
    "Faction",
    "Format",
    "Issue",
    "ParsedDeckList",
    "ParsedLine",
    "Rarity",
    "Surcharge",
    "UnknownFormat",
    "check_deck",
    "get_format",
    "line_quantity_limit",
    "parse_deck_list",
    "pool_shortfalls",
    "surcharge",
    "wheel_distance",
]
