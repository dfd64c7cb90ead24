"""What changed between two versions of the rulings document (pure).

Entries are matched by section and key (the card reference or the entry
number). An entry only in the newer version is added, only in the older one
removed, in both with a different card, formats, title or text changed (with
the fields that differ).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rulings.core.document import DIFF_FIELDS, SECTION_ORDER, DocEntry, Section, sort_entries


@dataclass(frozen=True)
class FieldChange:
    name: str
    before: Any
    after: Any


@dataclass(frozen=True)
class EntryChange:
    before: DocEntry
    after: DocEntry
    fields: tuple[FieldChange, ...]

    @property
    def key(self) -> str:
        return self.after.key


@dataclass(frozen=True)
class SectionDiff:
    section: Section
    added: tuple[DocEntry, ...] = ()
    removed: tuple[DocEntry, ...] = ()
    changed: tuple[EntryChange, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed)


@dataclass(frozen=True)
class DocumentDiff:
    sections: tuple[SectionDiff, ...]

    @property
    def empty(self) -> bool:
        return all(s.empty for s in self.sections)

    def counts(self) -> dict[str, int]:
        return {
            "added": sum(len(s.added) for s in self.sections),
            "removed": sum(len(s.removed) for s in self.sections),
            "changed": sum(len(s.changed) for s in self.sections),
        }

    def section(self, section: Section | str) -> SectionDiff:
        for diff in self.sections:
            if diff.section == section:
                return diff
        raise KeyError(section)

    def as_dict(self) -> dict[str, Any]:
        def entry(e: DocEntry) -> dict[str, Any]:
            return {"key": e.key, **e.fields()}

        return {
            "counts": self.counts(),
            "sections": [
                {
                    "section": s.section.value,
                    "added": [entry(e) for e in s.added],
                    "removed": [entry(e) for e in s.removed],
                    "changed": [
                        {
                            "key": c.key,
                            "fields": [
                                {"name": f.name, "before": f.before, "after": f.after}
                                for f in c.fields
                            ],
                        }
                        for c in s.changed
                    ],
                }
                for s in self.sections
            ],
        }


def diff_entries(old: Iterable[DocEntry], new: Iterable[DocEntry]) -> DocumentDiff:
    """The diff from ``old`` to ``new`` (both any iterable of entries, any order)."""
    old_sorted = sort_entries(old)
    new_sorted = sort_entries(new)
    before = {(e.section, e.key): e for e in old_sorted}
    after = {(e.section, e.key): e for e in new_sorted}
    sections: list[SectionDiff] = []
    for section in SECTION_ORDER:
        added = tuple(
            e for e in new_sorted if e.section is section and (section, e.key) not in before
        )
        removed = tuple(
            e for e in old_sorted if e.section is section and (section, e.key) not in after
        )
        changed: list[EntryChange] = []
        for e in new_sorted:
            if e.section is not section or (section, e.key) not in before:
                continue
            was = before[(section, e.key)]
            fields = tuple(
                FieldChange(name, getattr(was, name), getattr(e, name))
                for name in DIFF_FIELDS
                if getattr(was, name) != getattr(e, name)
            )
            if fields:
                changed.append(EntryChange(was, e, fields))
        sections.append(SectionDiff(section, added, removed, tuple(changed)))
    return DocumentDiff(tuple(sections))


class CardChangeKind(StrEnum):
    """What one change of a card section means, as the sentences read it."""

    WATCHED = "watched"  # added to the watch list
    UNWATCHED = "unwatched"  # no longer on the watch list
    BANNED = "banned"  # banned (``formats`` empty: in every format)
    UNBANNED = "unbanned"  # the ban lifted (``formats``: where it applied)
    BAN_FORMATS = "ban_formats"  # banned in other formats than before
    ERRATUM_ADDED = "erratum_added"
    ERRATUM_REMOVED = "erratum_removed"
    CLARIFICATION_ADDED = "clarification_added"
    CLARIFICATION_REMOVED = "clarification_removed"
    ENTRY_CHANGED = "entry_changed"  # a note, a title or an erratum's text


@dataclass(frozen=True)
class CardChange:
    """One change of a card section: its meaning, the card's reference and the formats."""

    kind: CardChangeKind
    key: str
    card: str
    formats: tuple[str, ...] = ()
    before_formats: tuple[str, ...] = ()
    fields: tuple[FieldChange, ...] = ()

    @property
    def change(self) -> str:
        """``added``, ``removed`` or ``changed``, as the entry moved between versions."""
        if self.kind in _ADDED:
            return "added"
        if self.kind in _REMOVED:
            return "removed"
        return "changed"


_ADDED = {
    CardChangeKind.WATCHED,
    CardChangeKind.BANNED,
    CardChangeKind.ERRATUM_ADDED,
    CardChangeKind.CLARIFICATION_ADDED,
}
_REMOVED = {
    CardChangeKind.UNWATCHED,
    CardChangeKind.UNBANNED,
    CardChangeKind.ERRATUM_REMOVED,
    CardChangeKind.CLARIFICATION_REMOVED,
}
_ON_ADD = {
    Section.WATCH_LIST: CardChangeKind.WATCHED,
    Section.BANNED_LIST: CardChangeKind.BANNED,
    Section.ERRATA: CardChangeKind.ERRATUM_ADDED,
    Section.CARD_CLARIFICATIONS: CardChangeKind.CLARIFICATION_ADDED,
}
_ON_REMOVE = {
    Section.WATCH_LIST: CardChangeKind.UNWATCHED,
    Section.BANNED_LIST: CardChangeKind.UNBANNED,
    Section.ERRATA: CardChangeKind.ERRATUM_REMOVED,
    Section.CARD_CLARIFICATIONS: CardChangeKind.CLARIFICATION_REMOVED,
}


def card_changes(section: SectionDiff) -> list[CardChange]:
    """A card section's changes with their meaning, added first, then removed, then changed
    (empty for a numbered section). A banned entry whose only change is its formats is a
    ban that moved (``BAN_FORMATS``); any other change of an entry is ``ENTRY_CHANGED``."""
    if not section.section.keyed_by_card:
        return []
    kind_added, kind_removed = _ON_ADD[section.section], _ON_REMOVE[section.section]
    changes = [CardChange(kind_added, e.key, e.card or e.key, e.formats) for e in section.added]
    changes += [
        CardChange(kind_removed, e.key, e.card or e.key, e.formats) for e in section.removed
    ]
    for c in section.changed:
        formats_only = [f.name for f in c.fields] == ["formats"]
        kind = (
            CardChangeKind.BAN_FORMATS
            if formats_only and section.section is Section.BANNED_LIST
            else CardChangeKind.ENTRY_CHANGED
        )
        changes.append(
            CardChange(
                kind,
                c.key,
                c.after.card or c.key,
                c.after.formats,
                before_formats=c.before.formats,
                fields=c.fields,
            )
        )
    return changes


def document_card_changes(diff: DocumentDiff) -> list[CardChange]:
    """Every card section's changes, in the document's order of sections."""
    return [change for section in diff.sections for change in card_changes(section)]
