"""Errors and warnings as values: a stable code, the params, and an English message.

Every issue the pure cores report is an ``Issue``. Its ``code`` never changes
once shipped, its ``params`` are plain strings and integers, and its English
``message`` is ``MESSAGES[code] % params``. The Django layer keeps a table of
translatable templates keyed by the same codes (with the same placeholders),
so a page or an API answer can show the message in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

#: English templates, by code. Placeholders are ``%(name)s`` params.
MESSAGES: dict[str, str] = {
    # --- deck-list text ---------------------------------------------------------
    "list_empty": "The deck list is empty.",
    "list_too_large": "The deck list is too large (%(size)s characters; at most %(limit)s).",
    "list_too_many_lines": "The deck list has too many lines (%(count)s; at most %(limit)s).",
    "line_too_long": "Line %(line)s is too long (%(size)s characters; at most %(limit)s).",
    "control_character": (
        "Line %(line)s contains a control character (%(char)s); write the card on one plain line."
    ),
    "missing_quantity": (
        "Line %(line)s: “%(text)s” has no quantity; write it as “3 Card name” or “3 DV 6”."
    ),
    "bad_quantity": (
        "Line %(line)s: “%(quantity)s” is not a valid quantity; "
        "use a whole number from 1 to %(limit)s."
    ),
    "unknown_edition": "Line %(line)s: there is no edition with the code “%(edition)s”.",
    "unknown_card_ref": "Line %(line)s: edition %(edition)s has no card number %(number)s.",
    "set_size_mismatch": (
        "Line %(line)s: edition %(edition)s has %(actual)s cards, not %(given)s."
    ),
    "unknown_card": "Line %(line)s: no card is called “%(name)s”.",
    "unknown_card_suggest": (
        "Line %(line)s: no card is called “%(name)s”. Did you mean: %(suggestions)s?"
    ),
    "ambiguous_name": (
        "Line %(line)s: “%(name)s” could be several cards: %(candidates)s. "
        "Add the edition and number, e.g. “%(example)s”."
    ),
    "name_mismatch": ("Line %(line)s: %(ref)s is “%(actual)s”, not “%(name)s”."),
    # --- deck checks ----------------------------------------------------------------
    "unknown_format": "“%(format)s” is not a format; choose one of: %(choices)s.",
    "second_sanctuary": ("A deck has exactly one Sanctuary; this one has %(count)s: %(cards)s."),
    "missing_sanctuary": "The deck has no Sanctuary.",
    "sanctuary_not_a_sanctuary": "%(card)s is a %(type)s, not a Sanctuary.",
    "sanctuary_without_faction": (
        "The Sanctuary %(card)s has no faction, so the %(format)s faction rules cannot apply."
    ),
    "deck_too_small": "The deck has %(count)s cards; this event requires at least %(minimum)s.",
    "too_many_copies": (
        "%(title)s: %(count)s copies; at most %(limit)s copies of a title in %(format)s."
    ),
    "banned_card": "%(card)s is banned in %(format)s (rulings version %(version)s).",
    "watched_card": ("%(card)s is on the watch list (rulings version %(version)s); it is legal."),
    "off_faction": (
        "%(card)s is %(faction)s; in Monofacción every card with a faction must share "
        "the Sanctuary's faction (%(sanctuary_faction)s)."
    ),
    "faction_unknown": (
        "%(card)s: the sources do not give its faction, so its faction could not be checked."
    ),
    "not_in_pool": "%(card)s: %(in_deck)s in the deck but %(in_pool)s in the player's pool.",
    "pool_not_checked": "No card pool was given, so the cards were not checked against it.",
    "no_version_in_force": (
        "No version of the rulings document is in force on %(date)s; "
        "no banned or watched cards were checked."
    ),
    # --- catalogue CSV --------------------------------------------------------------
    "csv_too_large": "The file is too large (%(size)s bytes; at most %(limit)s).",
    "csv_not_utf8": "The file is not UTF-8 text.",
    "csv_empty": "The file is empty: it needs a header row and at least one data row.",
    "csv_unreadable": "Line %(line)s: the CSV cannot be read (%(reason)s).",
    "csv_control_character": "Line %(line)s: a cell contains a control character (%(char)s).",
    "csv_formula": (
        "Line %(line)s: “%(value)s” in “%(column)s” starts like a spreadsheet formula "
        "(=, +, - or @)."
    ),
    "csv_missing_column": "The header has no “%(column)s” column.",
    "csv_unknown_column": "The header has an unknown column “%(column)s”.",
    "csv_duplicate_column": "The header names the column “%(column)s” twice.",
    "csv_too_many_rows": "The file has too many rows (%(count)s; at most %(limit)s).",
    "csv_field_count": "Line %(line)s: %(count)s fields, but the header has %(expected)s.",
    "csv_bad_code": (
        "Line %(line)s: “%(value)s” is not an edition code "
        "(one letter, then up to four letters or digits)."
    ),
    "csv_duplicate_code": "Line %(line)s: edition %(value)s is already on line %(first_line)s.",
    "csv_missing_value": "Line %(line)s: the “%(column)s” column is empty.",
    "csv_value_too_long": "Line %(line)s: “%(column)s” is longer than %(limit)s characters.",
    "csv_bad_set_size": (
        "Line %(line)s: “%(value)s” is not a set size (a whole number from 1 to %(limit)s)."
    ),
    "csv_bad_date": "Line %(line)s: “%(value)s” is not a date (use YYYY-MM-DD).",
    "csv_unknown_edition": "Line %(line)s: there is no edition with the code “%(value)s”.",
    "csv_bad_number": (
        "Line %(line)s: “%(value)s” is not a collector number (a whole number from 1)."
    ),
    "csv_number_beyond_set": (
        "Line %(line)s: number %(value)s is beyond the size of edition %(edition)s "
        "(%(set_size)s cards)."
    ),
    "csv_duplicate_number": (
        "Line %(line)s: %(edition)s %(value)s is already on line %(first_line)s."
    ),
    "csv_bad_type": "Line %(line)s: “%(value)s” is not a card type (%(choices)s).",
    "csv_bad_faction": (
        "Line %(line)s: “%(value)s” is not a faction (%(choices)s, or empty for none)."
    ),
    "csv_bad_cost": (
        "Line %(line)s: “%(value)s” is not a Will cost (a whole number from 0 to %(limit)s)."
    ),
    "csv_missing_cost": "Line %(line)s: a %(type)s needs a Will cost.",
    "csv_bad_rarity": (
        "Line %(line)s: “%(value)s” is not a rarity (%(choices)s, or empty for none)."
    ),
    "csv_bad_flag": "Line %(line)s: “%(value)s” in “%(column)s” is not yes or no.",
    "csv_set_size_below_cards": (
        "Line %(line)s: edition %(edition)s would have %(set_size)s cards, "
        "but card number %(number)s exists."
    ),
    # --- card pictures ---------------------------------------------------------------
    "picture_too_large": "%(file)s: the picture is too large (%(size)s bytes; at most %(limit)s).",
    "picture_not_an_image": "%(file)s: not a JPEG, PNG, WebP or GIF picture.",
    "picture_too_many_pixels": (
        "%(file)s: the picture is %(width)s × %(height)s pixels; at most %(limit)s pixels."
    ),
    "picture_broken": "%(file)s: the picture is damaged and cannot be read.",
    "picture_bad_file_name": (
        "%(file)s: name a picture for its card, edition and number (e.g. DV-102.jpg)."
    ),
    "picture_unknown_card": "%(file)s: edition %(edition)s has no card number %(number)s.",
    # --- rulings document -----------------------------------------------------------
    "doc_unknown_section": "“%(section)s” is not a section of the rulings document.",
    "doc_duplicate_key": "%(section)s: the entry “%(key)s” appears twice.",
    "doc_bad_number": (
        "%(section)s: “%(key)s” is not an entry number (numbers separated by dots, e.g. 3.1)."
    ),
    "doc_missing_card": "%(section)s: the entry “%(key)s” names no card.",
    "doc_unknown_card": "%(section)s: there is no card %(card)s.",
    "doc_key_card_mismatch": (
        "%(section)s: the entry “%(key)s” must be keyed by its card reference %(card)s."
    ),
    "doc_unknown_format": "%(section)s: “%(format)s” is not a format (%(choices)s).",
    "doc_missing_text": "%(section)s: the entry “%(key)s” has no text.",
}


@dataclass(frozen=True)
class Issue:
    """One error or warning. ``line`` is the input line it is about, if any."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    line: int | None = None
    candidates: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.code not in MESSAGES:
            raise ValueError(f"unknown issue code {self.code!r}")
        if self.line is not None and "line" not in self.params:
            object.__setattr__(self, "params", {**self.params, "line": self.line})

    @property
    def message(self) -> str:
        """The English message."""
        return MESSAGES[self.code] % self.params

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "params": dict(self.params),
        }
        if self.line is not None:
            data["line"] = self.line
        if self.candidates:
            data["candidates"] = list(self.candidates)
        return data


def issue(
    code: str, *, line: int | None = None, candidate_list: Iterable[str] = (), **params: Any
) -> Issue:
    """Shorthand: ``issue("bad_quantity", line=3, quantity="-2", limit=99)``."""
    return Issue(code=code, params=params, line=line, candidates=tuple(candidate_list))
