# ruff: noqa: E501
"""Translatable templates for the pure cores' issue codes, and helpers to show an issue.

The cores report issues as values with a stable code and params (English
only). This table holds the same templates, marked for translation, so pages,
the API and commands show each issue in the reader's language. A test keeps
the codes and placeholders of both tables equal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rulings.core.cards import CardType
from rulings.core.issues import Issue

if TYPE_CHECKING:
    from collections.abc import Iterable

TEMPLATES = {
    "list_empty": _("The deck list is empty."),
    "list_too_large": _("The deck list is too large (%(size)s characters; at most %(limit)s)."),
    "list_too_many_lines": _("The deck list has too many lines (%(count)s; at most %(limit)s)."),
    "line_too_long": _("Line %(line)s is too long (%(size)s characters; at most %(limit)s)."),
    "control_character": _(
        "Line %(line)s contains a control character (%(char)s); write the card on one plain line."
    ),
    "missing_quantity": _(
        "Line %(line)s: “%(text)s” has no quantity; write it as “3 Card name” or “3 DV 6”."
    ),
    "bad_quantity": _(
        "Line %(line)s: “%(quantity)s” is not a valid quantity; use a whole number from 1 to %(limit)s."
    ),
    "unknown_edition": _("Line %(line)s: there is no edition with the code “%(edition)s”."),
    "unknown_card_ref": _("Line %(line)s: edition %(edition)s has no card number %(number)s."),
    "set_size_mismatch": _(
        "Line %(line)s: edition %(edition)s has %(actual)s cards, not %(given)s."
    ),
    "unknown_card": _("Line %(line)s: no card is called “%(name)s”."),
    "unknown_card_suggest": _(
        "Line %(line)s: no card is called “%(name)s”. Did you mean: %(suggestions)s?"
    ),
    "ambiguous_name": _(
        "Line %(line)s: “%(name)s” could be several cards: %(candidates)s. Add the edition and number, e.g. “%(example)s”."
    ),
    "name_mismatch": _("Line %(line)s: %(ref)s is “%(actual)s”, not “%(name)s”."),
    "unknown_format": _("“%(format)s” is not a format; choose one of: %(choices)s."),
    "second_sanctuary": _("A deck has exactly one Sanctuary; this one has %(count)s: %(cards)s."),
    "missing_sanctuary": _("The deck has no Sanctuary."),
    "sanctuary_not_a_sanctuary": _("%(card)s is a %(type)s, not a Sanctuary."),
    "sanctuary_without_faction": _(
        "The Sanctuary %(card)s has no faction, so the %(format)s faction rules cannot apply."
    ),
    "deck_too_small": _("The deck has %(count)s cards; this event requires at least %(minimum)s."),
    "too_many_copies": _(
        "%(title)s: %(count)s copies; at most %(limit)s copies of a title in %(format)s."
    ),
    "banned_card": _("%(card)s is banned in %(format)s (rulings version %(version)s)."),
    "watched_card": _("%(card)s is on the watch list (rulings version %(version)s); it is legal."),
    "off_faction": _(
        "%(card)s is %(faction)s; in Monofacción every card with a faction must share the Sanctuary's faction (%(sanctuary_faction)s)."
    ),
    "faction_unknown": _(
        "%(card)s: the sources do not give its faction, so its faction could not be checked."
    ),
    "not_in_pool": _("%(card)s: %(in_deck)s in the deck but %(in_pool)s in the player's pool."),
    "pool_not_checked": _("No card pool was given, so the cards were not checked against it."),
    "no_version_in_force": _(
        "No version of the rulings document is in force on %(date)s; no banned or watched cards were checked."
    ),
    "csv_too_large": _("The file is too large (%(size)s bytes; at most %(limit)s)."),
    "csv_not_utf8": _("The file is not UTF-8 text."),
    "csv_empty": _("The file is empty: it needs a header row and at least one data row."),
    "csv_unreadable": _("Line %(line)s: the CSV cannot be read (%(reason)s)."),
    "csv_control_character": _("Line %(line)s: a cell contains a control character (%(char)s)."),
    "csv_formula": _(
        "Line %(line)s: “%(value)s” in “%(column)s” starts like a spreadsheet formula (=, +, - or @)."
    ),
    "csv_missing_column": _("The header has no “%(column)s” column."),
    "csv_unknown_column": _("The header has an unknown column “%(column)s”."),
    "csv_duplicate_column": _("The header names the column “%(column)s” twice."),
    "csv_too_many_rows": _("The file has too many rows (%(count)s; at most %(limit)s)."),
    "csv_field_count": _("Line %(line)s: %(count)s fields, but the header has %(expected)s."),
    "csv_bad_code": _(
        "Line %(line)s: “%(value)s” is not an edition code (one letter, then up to four letters or digits)."
    ),
    "csv_duplicate_code": _("Line %(line)s: edition %(value)s is already on line %(first_line)s."),
    "csv_missing_value": _("Line %(line)s: the “%(column)s” column is empty."),
    "csv_value_too_long": _("Line %(line)s: “%(column)s” is longer than %(limit)s characters."),
    "csv_bad_set_size": _(
        "Line %(line)s: “%(value)s” is not a set size (a whole number from 1 to %(limit)s)."
    ),
    "csv_bad_date": _("Line %(line)s: “%(value)s” is not a date (use YYYY-MM-DD)."),
    "csv_unknown_edition": _("Line %(line)s: there is no edition with the code “%(value)s”."),
    "csv_bad_number": _(
        "Line %(line)s: “%(value)s” is not a collector number (a whole number from 1)."
    ),
    "csv_number_beyond_set": _(
        "Line %(line)s: number %(value)s is beyond the size of edition %(edition)s (%(set_size)s cards)."
    ),
    "csv_duplicate_number": _(
        "Line %(line)s: %(edition)s %(value)s is already on line %(first_line)s."
    ),
    "csv_bad_type": _("Line %(line)s: “%(value)s” is not a card type (%(choices)s)."),
    "csv_bad_faction": _(
        "Line %(line)s: “%(value)s” is not a faction (%(choices)s, or empty for none)."
    ),
    "csv_bad_cost": _(
        "Line %(line)s: “%(value)s” is not a Will cost (a whole number from 0 to %(limit)s)."
    ),
    "csv_missing_cost": _("Line %(line)s: a %(type)s needs a Will cost."),
    "csv_bad_rarity": _(
        "Line %(line)s: “%(value)s” is not a rarity (%(choices)s, or empty for none)."
    ),
    "csv_bad_flag": _("Line %(line)s: “%(value)s” in “%(column)s” is not yes or no."),
    "csv_set_size_below_cards": _(
        "Line %(line)s: edition %(edition)s would have %(set_size)s cards, but card number %(number)s exists."
    ),
    "picture_too_large": _(
        "%(file)s: the picture is too large (%(size)s bytes; at most %(limit)s)."
    ),
    "picture_not_an_image": _("%(file)s: not a JPEG, PNG, WebP or GIF picture."),
    "picture_too_many_pixels": _(
        "%(file)s: the picture is %(width)s × %(height)s pixels; at most %(limit)s pixels."
    ),
    "picture_broken": _("%(file)s: the picture is damaged and cannot be read."),
    "picture_bad_file_name": _(
        "%(file)s: name a picture for its card, edition and number (e.g. DV-102.jpg)."
    ),
    "picture_unknown_card": _("%(file)s: edition %(edition)s has no card number %(number)s."),
    "doc_unknown_section": _("“%(section)s” is not a section of the rulings document."),
    "doc_duplicate_key": _("%(section)s: the entry “%(key)s” appears twice."),
    "doc_bad_number": _(
        "%(section)s: “%(key)s” is not an entry number (numbers separated by dots, e.g. 3.1)."
    ),
    "doc_missing_card": _("%(section)s: the entry “%(key)s” names no card."),
    "doc_unknown_card": _("%(section)s: there is no card %(card)s."),
    "doc_key_card_mismatch": _(
        "%(section)s: the entry “%(key)s” must be keyed by its card reference %(card)s."
    ),
    "doc_unknown_format": _("%(section)s: “%(format)s” is not a format (%(choices)s)."),
    "doc_missing_text": _("%(section)s: the entry “%(key)s” has no text."),
}


FORMAT_LABELS = {
    "Monofacción": "Monofacción",
    "Multifacción": "Multifacción",
    "Sealed": _("Sealed"),
    "Booster draft": _("Booster draft"),
}
TYPE_LABELS = {
    CardType.CHARACTER.english: _("Character"),
    CardType.TECHNOLOGY.english: _("Technology"),
    CardType.MANIPULATION.english: _("Manipulation"),
    CardType.ATTACHMENT.english: _("Attachment"),
    CardType.SANCTUARY.english: _("Sanctuary"),
}


def _localised_params(params: dict[str, Any]) -> dict[str, Any]:
    out = dict(params)
    if isinstance(out.get("format"), str) and out["format"] in FORMAT_LABELS:
        out["format"] = str(FORMAT_LABELS[out["format"]])
    if isinstance(out.get("type"), str) and out["type"] in TYPE_LABELS:
        out["type"] = str(TYPE_LABELS[out["type"]])
    return out


def issue_message(problem: Issue) -> str:
    """The issue's message in the active language."""
    template = TEMPLATES.get(problem.code)
    if template is None:
        return problem.message
    try:
        return str(template) % _localised_params(dict(problem.params))
    except (KeyError, ValueError, TypeError):
        return problem.message


def issue_payload(problem: Issue) -> dict[str, Any]:
    """The issue as plain data for the API, with its message in the active language."""
    data = problem.as_dict()
    data["message"] = issue_message(problem)
    return data


def issues_text(problems: Iterable[Issue]) -> str:
    return gettext("; ").join(issue_message(p) for p in problems)
