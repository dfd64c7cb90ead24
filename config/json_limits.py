"""Limits on untrusted JSON text, checked before it is parsed (pure, no Django).

Python's JSON decoder recurses once per nested array or object, so a few
thousand ``[`` exhaust the interpreter's stack (``RecursionError``) and every
later step that walks the value recurses as deeply. No document the site reads
nests more than a handful of levels.
"""

from __future__ import annotations

import re

MAX_JSON_DEPTH = 32

# A JSON string literal: its alternatives never overlap, so the scan is linear.
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")


def json_depth(text: bytes) -> int:
    """The deepest nesting of arrays and objects in ``text`` (0 for a scalar).

    Brackets inside strings do not count; malformed text gets a best-effort figure
    and is refused by the parser afterwards."""
    deepest = depth = 0
    for bracket in _BRACKETS.findall(_STRING.sub(b"", text)):
        if bracket in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


# A surrogate code point (U+D800-U+DFFF), which JSON can spell (``"\ud800"``) but is no
# character: Python keeps it in a str that then cannot be encoded as UTF-8, so any answer
# quoting it (a refusal echoing the bad value) fails while being written.
_SURROGATE = re.compile("[\ud800-\udfff]")
# How JSON text spells one; a body without this needs no walk after parsing.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")

Path = tuple[str | int, ...]


def may_hold_surrogates(text: bytes) -> bool:
    """Whether parsed JSON ``text`` can hold a lone surrogate (cheap, before any walk)."""
    return _SURROGATE_ESCAPE.search(text) is not None


def first_lone_surrogate(value: object) -> tuple[Path, str] | None:
    """Where the first lone surrogate of a parsed JSON value is (the keys down to the
    string, a key counting as its own place) and which one, or None.

    A pair written as two escapes (``"\\ud83d\\ude00"``) is decoded to one character by
    the parser and is not found here."""
    stack: list[tuple[Path, object]] = [((), value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if found := _SURROGATE.search(item):
                return path, found.group()
        elif isinstance(item, dict):
            for key in item:
                if found := _SURROGATE.search(key):
                    return (*path, key), found.group()
            stack.extend(((*path, key), child) for key, child in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend(((*path, i), child) for i, child in reversed(list(enumerate(item))))
    return None
