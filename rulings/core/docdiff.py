"""What changed between two versions of the rulings document (pure).

Entries are matched by section and key (the card reference or the entry
number). An entry only in the newer version is added, only in the older one
removed, in both with a different card, formats, title or text changed (with
the fields that differ).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
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
