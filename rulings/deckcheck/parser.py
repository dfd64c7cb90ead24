"""Read a pasted deck list: one line per card, each with a quantity.

Accepted line shapes (quantity first or last; names are matched without
regard to case or accents)::

    3 Garphades
    3x Garphades            3 x Garphades           Garphades x3
    2 DV 60                 2 DV-60/280             2 dv 060
    1 Sartre (DV 60/280)    # a name with its reference: both must agree

Blank lines, lines starting with ``#`` or ``//``, and heading lines ending in
``:`` (such as ``Personajes:``) are skipped, though a control character (tabs
are spacing) is refused on any line, skipped or not. A name may be shortened to the
start of one card's name; if it starts several, the line is ambiguous and
the error lists the candidates.

Parsing never stops at the first problem: every bad line gets its own issue,
and ``ParsedDeckList.ok`` is true only when there are none.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rulings.core.cards import CardInfo, CardKey, normalise, parse_card_ref
from rulings.core.issues import Issue, issue
from rulings.deckcheck.index import CardIndex

MAX_LIST_CHARS = 32_000
MAX_LIST_LINES = 600
MAX_LINE_QUANTITY = 99
# Sealed and draft allow any number of copies (DAR 4.1.3), bounded by the pool: no pool
# holds this many of one card, and the bound keeps hostile input cheap.
MAX_POOL_LINE_QUANTITY = 2000
MAX_CANDIDATES = 8
# Longer than any card name with its reference and quantity; a longer line is refused
# before any pattern runs on it.
MAX_LINE_CHARS = 200

_QTY_FIRST = re.compile(r"^(?P<qty>[+-]?[\d.,]+)(?:\s*[xX\u00d7])?\s+(?P<rest>\S.*)$")
_QTY_GLUED = re.compile(r"^(?P<qty>[+-]?\d+)[xX\u00d7](?P<rest>\S.*)$")
_QTY_LAST = re.compile(r"^(?P<rest>\S.*?)\s+[xX\u00d7]\s*(?P<qty>[+-]?[\d.,]+)$")


def _split_name_and_ref(text: str) -> tuple[str, str] | None:
    """``Sartre (DV 60/280)`` -> ``("Sartre", "DV 60/280")``: a reference in brackets that
    ends the text, opened at the first bracket after any closing one. Linear in the text;
    the equivalent lazy pattern backtracks quadratically on a run of opening brackets."""
    if not text or text[-1] not in ")]":
        return None
    inner = text[:-1]
    after_last_close = max(inner.rfind(")"), inner.rfind("]")) + 1
    openings = [i for i in (inner.find("(", after_last_close), inner.find("[", after_last_close))]
    opening = min((i for i in openings if i >= 0), default=-1)
    if opening < 0 or opening == len(inner) - 1:
        return None
    return inner[:opening].strip(), inner[opening + 1 :]


def _control_character(text: str) -> str | None:
    """The first control character of a line (tabs are spacing), as ``U+0007``."""
    for char in text:
        if char != "\t" and unicodedata.category(char) == "Cc":
            return f"U+{ord(char):04X}"
    return None


@dataclass(frozen=True)
class DeckEntry:
    """A resolved card and how many copies; ``line`` is where it first appeared."""

    card: CardInfo
    quantity: int
    line: int | None = None


@dataclass(frozen=True)
class ParsedLine:
    line: int
    text: str
    quantity: int
    card: CardInfo
    matched_by: str  # "ref", "name" or "prefix"


@dataclass(frozen=True)
class ParsedDeckList:
    lines: tuple[ParsedLine, ...]
    errors: tuple[Issue, ...]

    @property
    def ok(self) -> bool:
        return not self.errors

    def entries(self) -> tuple[DeckEntry, ...]:
        """One entry per card (lines naming the same card are added up), in list order."""
        totals: dict[CardKey, list] = {}
        for parsed in self.lines:
            slot = totals.get(parsed.card.key)
            if slot is None:
                totals[parsed.card.key] = [parsed.card, parsed.quantity, parsed.line]
            else:
                slot[1] += parsed.quantity
        return tuple(DeckEntry(card, qty, line) for card, qty, line in totals.values())


def _split_quantity(text: str) -> tuple[str, str] | None:
    for pattern in (_QTY_GLUED, _QTY_FIRST, _QTY_LAST):
        match = pattern.match(text)
        if match:
            return match.group("qty"), match.group("rest").strip()
    return None


def _is_skipped(text: str) -> bool:
    if not text or text.startswith(("#", "//")):
        return True
    return text.endswith(":") and not any(ch.isdigit() for ch in text)


def _resolve_name(
    name: str, index: CardIndex, line: int
) -> tuple[CardInfo | None, str, Issue | None]:
    exact = index.named(name)
    if len(exact) == 1:
        return exact[0], "name", None
    if len(exact) > 1:
        return None, "name", _ambiguous(name, exact, line)
    starting = index.starting_with(name, limit=MAX_CANDIDATES + 1)
    if len({c.title_key for c in starting}) == 1 and len(starting) == 1:
        return starting[0], "prefix", None
    if starting:
        return None, "prefix", _ambiguous(name, starting, line)
    suggestions = index.suggestions(name)
    if suggestions:
        return (
            None,
            "name",
            issue(
                "unknown_card_suggest",
                line=line,
                name=name,
                suggestions=", ".join(suggestions),
                candidate_list=suggestions,
            ),
        )
    return None, "name", issue("unknown_card", line=line, name=name)


def _ambiguous(name: str, cards: list[CardInfo], line: int) -> Issue:
    shown = cards[:MAX_CANDIDATES]
    labels = [c.label for c in shown]
    text = "; ".join(labels) + ("; …" if len(cards) > len(shown) else "")
    first = shown[0]
    return issue(
        "ambiguous_name",
        line=line,
        name=name,
        candidates=text,
        candidate_list=labels,
        example=f"1 {first.edition} {first.number}",
    )


def _resolve_ref(
    text: str, index: CardIndex, line: int
) -> tuple[CardInfo | None, Issue | None] | None:
    """Resolve ``text`` as a collector reference; None if it is not one of a known edition."""
    ref = parse_card_ref(text)
    if ref is None or not index.has_edition(ref.edition):
        return None
    set_size = index.set_size(ref.edition)
    if ref.set_size is not None and set_size is not None and ref.set_size != set_size:
        return None, issue(
            "set_size_mismatch", line=line, edition=ref.edition, given=ref.set_size, actual=set_size
        )
    card = index.get(ref.edition, ref.number)
    if card is None:
        return None, issue("unknown_card_ref", line=line, edition=ref.edition, number=ref.number)
    return card, None


def _parse_line(
    text: str, index: CardIndex, line: int, max_quantity: int
) -> tuple[ParsedLine | None, list[Issue]]:
    problems: list[Issue] = []
    split = _split_quantity(text)
    if split is None:
        return None, [issue("missing_quantity", line=line, text=text)]
    raw_qty, rest = split
    quantity: int | None = None
    if re.fullmatch(r"[+]?\d+", raw_qty) and 1 <= int(raw_qty) <= max_quantity:
        quantity = int(raw_qty)
    else:
        problems.append(issue("bad_quantity", line=line, quantity=raw_qty, limit=max_quantity))

    card: CardInfo | None = None
    matched_by = "name"
    with_ref = _split_name_and_ref(rest)
    resolved = _resolve_ref(with_ref[1], index, line) if with_ref else None
    if with_ref and resolved is not None:
        card, problem = resolved
        matched_by = "ref"
        named = with_ref[0]
        if problem:
            problems.append(problem)
        elif named and normalise(named) != card.title_key:
            problems.append(
                issue("name_mismatch", line=line, ref=card.ref, actual=card.name, name=named)
            )
            card = None
    else:
        resolved = _resolve_ref(rest, index, line)
        if resolved is not None:
            card, problem = resolved
            matched_by = "ref"
            if problem:
                problems.append(problem)
        else:
            ref = parse_card_ref(rest)
            card, matched_by, problem = _resolve_name(rest, index, line)
            if problem is not None and ref is not None and len(ref.edition) <= 3:
                # Looks like "XX 12" with an edition code nobody knows.
                problem = issue("unknown_edition", line=line, edition=ref.edition)
            if problem:
                problems.append(problem)

    if problems or card is None or quantity is None:
        return None, problems
    return ParsedLine(line, text, quantity, card, matched_by), []


def line_quantity_limit(copy_limit: int | None) -> int:
    """The most copies one line may name: a format without a copy limit (sealed, draft)
    takes the pool's bound, a constructed one the usual 99."""
    return MAX_POOL_LINE_QUANTITY if copy_limit is None else MAX_LINE_QUANTITY


def parse_deck_list(
    text: str, index: CardIndex, *, max_quantity: int = MAX_LINE_QUANTITY
) -> ParsedDeckList:
    """Parse the whole pasted text; see the module docstring for the accepted shapes.
    ``max_quantity`` bounds each line's number of copies (``line_quantity_limit``)."""
    if len(text) > MAX_LIST_CHARS:
        return ParsedDeckList((), (issue("list_too_large", size=len(text), limit=MAX_LIST_CHARS),))
    raw_lines = text.lstrip("\ufeff").splitlines()
    if len(raw_lines) > MAX_LIST_LINES:
        return ParsedDeckList(
            (), (issue("list_too_many_lines", count=len(raw_lines), limit=MAX_LIST_LINES),)
        )
    lines: list[ParsedLine] = []
    errors: list[Issue] = []
    for number, raw in enumerate(raw_lines, start=1):
        stripped = raw.strip()
        # Every line, comments and headings too: they are kept in the saved text, and a
        # NUL there is what PostgreSQL refuses to store.
        control = _control_character(stripped)
        if control is not None:
            errors.append(issue("control_character", line=number, char=control))
            continue
        if _is_skipped(stripped):
            continue
        if len(stripped) > MAX_LINE_CHARS:
            errors.append(
                issue("line_too_long", line=number, size=len(stripped), limit=MAX_LINE_CHARS)
            )
            continue
        parsed, problems = _parse_line(stripped, index, number, max_quantity)
        errors.extend(problems)
        if parsed is not None:
            lines.append(parsed)
    if not lines and not errors:
        errors.append(issue("list_empty"))
    return ParsedDeckList(tuple(lines), tuple(errors))
