"""A diff of the rulings document as sentences in the reader's language: "Caparazón
Injertado (EV 155/280) added to the watch list", "Suero Verde (EV 12/280) banned in every
format". The meaning of each change is the pure core's (``rulings.core.docdiff.card_changes``);
this module only words it. The pages' change lists, the history and the RSS feed all say
these sentences."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from rulings.core.docdiff import (
    CardChange,
    CardChangeKind,
    DocumentDiff,
    FieldChange,
    SectionDiff,
    card_changes,
    diff_entries,
)
from rulings.core.document import DocEntry
from rulings.models import Card, DocumentEntry, DocumentVersion, SectionChoice


@dataclass(frozen=True)
class DiffLine:
    """One change as a sentence; ``fields`` for an entry whose text changed."""

    change: str  # added, removed, changed
    key: str
    sentence: str
    fields: tuple[FieldChange, ...] = ()


def formats_text(formats: Iterable[str]) -> str:
    from rulings.models import DeckFormat

    names = dict(DeckFormat.choices)
    return ", ".join(str(names.get(f, f)) for f in formats)


def card_sentence(change: CardChange, card: str) -> str:
    """The sentence for one card change, ``card`` being its label."""
    values = {
        "card": card,
        "formats": formats_text(change.formats),
        "before": formats_text(change.before_formats) or _("every format"),
    }
    kind, scoped = change.kind, bool(change.formats)
    if kind is CardChangeKind.WATCHED:
        template = (
            _("%(card)s added to the watch list in %(formats)s")
            if scoped
            else _("%(card)s added to the watch list")
        )
    elif kind is CardChangeKind.UNWATCHED:
        template = _("%(card)s no longer on the watch list")
    elif kind is CardChangeKind.BANNED:
        template = (
            _("%(card)s banned in %(formats)s") if scoped else _("%(card)s banned in every format")
        )
    elif kind is CardChangeKind.UNBANNED:
        template = (
            _("%(card)s no longer banned in %(formats)s")
            if scoped
            else _("%(card)s no longer banned")
        )
    elif kind is CardChangeKind.BAN_FORMATS:
        template = (
            _("%(card)s now banned in %(formats)s (was: %(before)s)")
            if scoped
            else _("%(card)s now banned in every format (was: %(before)s)")
        )
    elif kind is CardChangeKind.ERRATUM_ADDED:
        template = _("Erratum to %(card)s added")
    elif kind is CardChangeKind.ERRATUM_REMOVED:
        template = _("Erratum to %(card)s removed")
    elif kind is CardChangeKind.CLARIFICATION_ADDED:
        template = _("Clarification of %(card)s added")
    elif kind is CardChangeKind.CLARIFICATION_REMOVED:
        template = _("Clarification of %(card)s removed")
    else:
        template = _("Entry of %(card)s changed")
    return template % values


def numbered_sentence(change: str, section: str, key: str, title: str) -> str:
    """A numbered entry's change: "Tournament rules 3.1 added: Deck lists"."""
    values = {"section": SectionChoice(section).label, "key": key, "title": title}
    if change == "added":
        template = (
            _("%(section)s %(key)s added: %(title)s") if title else _("%(section)s %(key)s added")
        )
    elif change == "removed":
        template = _("%(section)s %(key)s removed")
    else:
        template = _("%(section)s %(key)s changed")
    return template % values


def card_labels(*results: DocumentDiff) -> dict[str, str]:
    """Card references of diffs ("DV 112") to their labels ("Mutación Súbita (DV 112/280)"),
    read in one query; a reference not in the catalogue keeps its code."""
    refs: set[tuple[str, int]] = set()
    for section in (s for result in results for s in result.sections):
        for entry in [*section.added, *section.removed, *(c.after for c in section.changed)]:
            if entry.card_key:
                refs.add(entry.card_key)
    if not refs:
        return {}
    rows = Card.objects.select_related("edition").filter(
        edition__code__in={r[0] for r in refs}, number__in={r[1] for r in refs}
    )
    return {
        f"{c.edition.code} {c.number}": str(c) for c in rows if (c.edition.code, c.number) in refs
    }


def section_lines(section: SectionDiff, cards: dict[str, str]) -> list[DiffLine]:
    """A section's changes as sentences, added first, then removed, then changed."""
    if section.section.keyed_by_card:
        return [
            DiffLine(
                c.change,
                c.key,
                card_sentence(c, cards.get(c.card, c.card)),
                c.fields if c.kind is CardChangeKind.ENTRY_CHANGED else (),
            )
            for c in card_changes(section)
        ]
    code = section.section.value
    lines = [
        DiffLine("added", e.key, numbered_sentence("added", code, e.key, _title(e)))
        for e in section.added
    ]
    lines += [
        DiffLine("removed", e.key, numbered_sentence("removed", code, e.key, ""))
        for e in section.removed
    ]
    lines += [
        DiffLine("changed", c.key, numbered_sentence("changed", code, c.key, ""), c.fields)
        for c in section.changed
    ]
    return lines


def _title(entry: DocEntry) -> str:
    from django.utils.translation import get_language

    if (get_language() or "en")[:2] == "es" and entry.title_es:
        return entry.title_es
    return entry.title_en or entry.title_es


def diff_sentences(result: DocumentDiff, cards: dict[str, str] | None = None) -> list[str]:
    """Every change of ``result`` as a sentence, in the document's order of sections."""
    cards = card_labels(result) if cards is None else cards
    return [line.sentence for s in result.sections for line in section_lines(s, cards)]


def versions_sentences(versions: Iterable[DocumentVersion]) -> dict[int, list[str]]:
    """For each of ``versions`` (published), what it changed from the one before it, as
    sentences: the entries of every version read in one query, the cards in one more."""
    versions = list(versions)
    if not versions:
        return {}
    document_id = versions[0].document_id
    numbers = sorted({v.number for v in versions})
    published = list(
        DocumentVersion.objects.filter(
            document_id=document_id, status="published", number__lte=numbers[-1]
        )
        .order_by("number")
        .values_list("pk", "number")
    )
    entries: dict[int, list[DocEntry]] = {pk: [] for pk, _n in published}
    rows = DocumentEntry.objects.filter(version_id__in=list(entries)).select_related(
        "card__edition"
    )
    for row in rows:
        entries[row.version_id].append(row.as_doc_entry())
    diffs: dict[int, DocumentDiff] = {}
    previous: list[DocEntry] = []
    for pk, number in published:
        if number in numbers:
            diffs[number] = diff_entries(previous, entries[pk])
        previous = entries[pk]
    labels = card_labels(*diffs.values())
    return {number: diff_sentences(result, labels) for number, result in diffs.items()}
