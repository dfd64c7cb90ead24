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
