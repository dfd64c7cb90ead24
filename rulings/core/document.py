"""The rulings document's shape: sections, entries, and their validation (pure).

A version of the document is a list of entries, each in one section:

- card sections (watch list, banned list, card errata, card clarifications)
  key each entry by the card's collector reference (``DV 6``); a banned-list
  entry also names the formats the ban applies to (none named: all formats);
- numbered sections (rules and concepts clarifications, tournament rules)
  key each entry by its number (``1``, ``3.1.2``).

Every entry has a title and a text in English and in Spanish; a card-list
entry's text is an optional note.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rulings.core.cards import CardKey, parse_card_ref
from rulings.core.issues import Issue, issue


class Section(StrEnum):
    WATCH_LIST = "watch_list"
    BANNED_LIST = "banned_list"
    ERRATA = "errata"
    CARD_CLARIFICATIONS = "card_clarifications"
    RULES_CLARIFICATIONS = "rules_clarifications"
    TOURNAMENT_RULES = "tournament_rules"

    @property
    def keyed_by_card(self) -> bool:
        return self in CARD_SECTIONS

    @property
    def needs_text(self) -> bool:
        return self not in (Section.WATCH_LIST, Section.BANNED_LIST)


#: The sections in the order the document shows them.
SECTION_ORDER: tuple[Section, ...] = tuple(Section)
CARD_SECTIONS = frozenset(
    {Section.WATCH_LIST, Section.BANNED_LIST, Section.ERRATA, Section.CARD_CLARIFICATIONS}
)
NUMBER_RE = re.compile(r"^\d{1,3}(\.\d{1,3}){0,4}$")
DIFF_FIELDS = ("card", "formats", "title_en", "title_es", "text_en", "text_es")


def number_sort_key(key: str) -> tuple[int, ...]:
    return tuple(int(part) for part in key.split(".")) if NUMBER_RE.match(key) else (10**6,)


def card_key_text(edition: str, number: int) -> str:
    return f"{edition.upper()} {number}"


@dataclass(frozen=True)
class DocEntry:
    section: Section
    key: str
    card: str | None = None
    formats: tuple[str, ...] = ()
    title_en: str = ""
    title_es: str = ""
    text_en: str = ""
    text_es: str = ""

    def fields(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in DIFF_FIELDS}

    @property
    def card_key(self) -> CardKey | None:
        ref = parse_card_ref(self.card) if self.card else None
        return ref.key if ref else None

    @property
    def sort_key(self) -> tuple:
        if self.section.keyed_by_card:
            return (0,)
        return number_sort_key(self.key)


def make_entry(data: dict[str, Any]) -> DocEntry:
    """Build an entry from plain data (as in the shipped JSON); card entries get their key."""
    section = Section(data["section"])
    card = data.get("card") or None
    if card:
        ref = parse_card_ref(card)
        card = card_key_text(ref.edition, ref.number) if ref else card
    key = str(data.get("key") or card or "").strip()
    return DocEntry(
        section=section,
        key=key,
        card=card,
        formats=tuple(sorted(data.get("formats") or ())),
        title_en=(data.get("title_en") or "").strip(),
        title_es=(data.get("title_es") or "").strip(),
        text_en=(data.get("text_en") or "").strip(),
        text_es=(data.get("text_es") or "").strip(),
    )


def validate_entries(
    entries: Iterable[DocEntry],
    *,
    known_cards: Collection[CardKey] | None = None,
    formats: Collection[str] = (),
) -> list[Issue]:
    """Every problem in a version's entries (empty list: the version is sound)."""
    problems: list[Issue] = []
    seen: set[tuple[Section, str]] = set()
    choices = ", ".join(sorted(formats))
    for entry in entries:
        label = entry.section.value
        if (entry.section, entry.key) in seen:
            problems.append(issue("doc_duplicate_key", section=label, key=entry.key))
        seen.add((entry.section, entry.key))
        if entry.section.keyed_by_card:
            card_key = entry.card_key
            if card_key is None:
                problems.append(issue("doc_missing_card", section=label, key=entry.key))
            else:
                ref_text = card_key_text(*card_key)
                if entry.key != ref_text:
                    problems.append(
                        issue("doc_key_card_mismatch", section=label, key=entry.key, card=ref_text)
                    )
                if known_cards is not None and card_key not in known_cards:
                    problems.append(issue("doc_unknown_card", section=label, card=ref_text))
        elif not NUMBER_RE.match(entry.key):
            problems.append(issue("doc_bad_number", section=label, key=entry.key))
        if formats:
            for code in entry.formats:
                if code not in formats:
                    problems.append(
                        issue("doc_unknown_format", section=label, format=code, choices=choices)
                    )
        if entry.section.needs_text and not (entry.text_en or entry.text_es):
            problems.append(issue("doc_missing_text", section=label, key=entry.key))
    return problems


def sort_entries(entries: Iterable[DocEntry]) -> list[DocEntry]:
    """Entries in document order: by section, then numbered entries by their number."""
    order = {section: i for i, section in enumerate(SECTION_ORDER)}
    return sorted(entries, key=lambda e: (order[e.section], e.sort_key))


@dataclass(frozen=True)
class VersionData:
    number: int
    published_on: dt.date
    summary_en: str
    summary_es: str
    entries: tuple[DocEntry, ...]


@dataclass(frozen=True)
class DocumentData:
    slug: str
    title_en: str
    title_es: str
    versions: tuple[VersionData, ...] = field(default_factory=tuple)


def load_document_json(text: str) -> DocumentData:
    """Read the shipped JSON form of a document; raises ValueError on a malformed file."""
    try:
        raw = json.loads(text)
        doc = raw["document"]
        versions = tuple(
            VersionData(
                number=int(v["number"]),
                published_on=dt.date.fromisoformat(v["published_on"]),
                summary_en=v.get("summary_en", ""),
                summary_es=v.get("summary_es", ""),
                entries=tuple(make_entry(e) for e in v["entries"]),
            )
            for v in raw["versions"]
        )
        return DocumentData(doc["slug"], doc["title_en"], doc["title_es"], versions)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"malformed rulings document data: {exc}") from exc
