"""The one rule for names people read on pages (display names, events, venues, decks, cards).

A name is one line of visible text. Line breaks and other control characters break the
tables and exports it is printed in; invisible formatting characters make it lie: a
right-to-left override (U+202E) turns the rest of a name, and of the line it is shown on,
around, and a zero-width space makes two names that look the same differ. Letters of any
script, accents, apostrophes, hyphens and emoji are all visible and stay accepted, with
the joiners an emoji sequence or a Persian or Indic name needs between two characters.
"""

from __future__ import annotations

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

ZWNJ = "\u200c"  # zero-width non-joiner: Persian and Indic spelling needs it
ZWJ = "\u200d"  # zero-width joiner: emoji sequences (a family, a flag) are joined by it
VS16 = "\ufe0f"  # emoji presentation selector, before a joiner in some sequences
# A subdivision flag (England, Scotland, Wales): a black flag, tag letters, a cancel tag.
_FLAG_TAGS = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")
# Line and paragraph separators, controls (CR, LF, tab, NUL...), surrogates, format
# characters (bidi overrides and isolates, zero-width space, word joiner, BOM, soft hyphen).
_REFUSED_CATEGORIES = {"Cc", "Cs", "Cf", "Zl", "Zp"}


def _is_emoji_part(char: str) -> bool:
    return unicodedata.category(char) in ("So", "Sk") or char == VS16


def _is_script_letter(char: str) -> bool:
    # Letters and marks from Hebrew on (Arabic, Persian, Indic...): Latin, Greek and
    # Cyrillic names have no use for a non-joiner, where it would be invisible.
    return unicodedata.category(char)[0] in "LM" and char >= "\u0590"


def _allowed_joiner(text: str, at: int) -> bool:
    if at == 0 or at == len(text) - 1:
        return False
    before, after = text[at - 1], text[at + 1]
    if text[at] == ZWJ:
        return _is_emoji_part(before) and unicodedata.category(after) == "So"
    return _is_script_letter(before) and _is_script_letter(after)


def invisible_character(text: str) -> str | None:
    """The first character of ``text`` a name may not hold, or None."""
    text = _FLAG_TAGS.sub("\U0001f3f4", text)
    for at, char in enumerate(text):
        if unicodedata.category(char) not in _REFUSED_CATEGORIES:
            continue
        if char in (ZWJ, ZWNJ) and _allowed_joiner(text, at):
            continue
        return char
    return None


@deconstructible(path="config.names.NameValidator")
class NameValidator:
    """Refuses a name holding a character that is not visible text (see the module)."""

    code = "name_character"

    def __call__(self, value: str) -> None:
        char = invisible_character(value)
        if char is not None:
            raise ValidationError(
                _(
                    "A name cannot hold line breaks, control characters or invisible "
                    "formatting characters (such as a direction override); this one holds "
                    "%(code)s."
                ),
                code=self.code,
                params={"code": f"U+{ord(char):04X}"},
            )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NameValidator)

    def __hash__(self) -> int:
        return hash(self.code)


validate_name = NameValidator()
