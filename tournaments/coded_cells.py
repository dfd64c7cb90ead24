"""Export cells that are codes for tools and words for people (pure: no Django).

An export row holds plain values. A cell whose value is a code (a status, a result, a
penalty kind, a yes/no) is written as that code in the CSV, the machine format, and as words
in the reader's language in the spreadsheet. Such a cell is a ``Coded`` (text: the code
itself, so the CSV writer and any comparison see the code) or a ``YesNo`` (the number 1 or
0), each carrying its words; ``for_people`` gives the words.
"""

from __future__ import annotations


class Coded(str):
    """A code (``confirmed``, ``game_loss``) that carries its words for people."""

    words: object  # text, or a lazy translation read in the reader's language

    def __new__(cls, code: str, words: object) -> Coded:
        cell = super().__new__(cls, code)
        cell.words = words
        return cell


class YesNo(int):
    """1 or 0 in the CSV; ``yes`` or ``no`` (the reader's words) in the spreadsheet."""

    words: object

    def __new__(cls, flag: object, *, yes: object, no: object) -> YesNo:
        cell = super().__new__(cls, 1 if flag else 0)
        cell.words = yes if flag else no
        return cell


def for_people(value: object) -> object:
    """The value a person reads: a code's words, anything else unchanged."""
    if isinstance(value, (Coded, YesNo)):
        return str(value.words)
    return value
