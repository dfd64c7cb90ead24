"""Reads: the version in force on a date, the card catalogue as a deck-check index, deck checks."""

from __future__ import annotations

import datetime as dt
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Count, Max, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import NotFoundError
from rulings.core.docdiff import DocumentDiff, SectionDiff, diff_entries
from rulings.core.document import SECTION_ORDER, DocEntry, Section
from rulings.deckcheck import (
    BannedCard,
    CardIndex,
    CardLists,
)
from rulings.models import (
    Card,
    DocumentEntry,
    DocumentVersion,
    Edition,
    RulingsDocument,
    VersionStatus,
)

if TYPE_CHECKING:
    pass

DEFAULT_DOCUMENT = "humankind-dar"


# --- the rulings document -------------------------------------------------------------------
def document_get(slug: str = DEFAULT_DOCUMENT) -> RulingsDocument:
    try:
        return RulingsDocument.objects.get(slug=slug)
    except RulingsDocument.DoesNotExist:
        raise NotFoundError(
            _("There is no rulings document “%(slug)s”.") % {"slug": slug}
        ) from None


def document_find(slug: str = DEFAULT_DOCUMENT) -> RulingsDocument | None:
    return RulingsDocument.objects.filter(slug=slug).first()


def published_versions(document: RulingsDocument) -> QuerySet[DocumentVersion]:
    return document.versions.filter(status=VersionStatus.PUBLISHED).order_by("-number")


def version_in_force(document: RulingsDocument, on_date: dt.date) -> DocumentVersion | None:
    """The published version in force on ``on_date``: published before that day, the latest."""
    return (
        document.versions.filter(status=VersionStatus.PUBLISHED, published_on__lt=on_date)
        .order_by("-published_on", "-number")
        .first()
    )


def version_in_force_today(document: RulingsDocument) -> DocumentVersion | None:
    return version_in_force(document, timezone.localdate())


def latest_published(document: RulingsDocument) -> DocumentVersion | None:
    return published_versions(document).first()


def open_draft(document: RulingsDocument) -> DocumentVersion | None:
    return document.versions.filter(status=VersionStatus.DRAFT).first()


def version_get(
    document: RulingsDocument, number: int, *, include_drafts: bool = False
) -> DocumentVersion:
    versions = document.versions.all()
    if not include_drafts:
        versions = versions.filter(status=VersionStatus.PUBLISHED)
    version = versions.filter(number=number).first()
    if version is None:
        raise NotFoundError(
            _("Version %(number)s of this document does not exist.") % {"number": number}
        )
    return version


def version_entries(version: DocumentVersion) -> list[DocumentEntry]:
    """Entries in document order (sections in order; numbered entries by number)."""
    order = {s.value: i for i, s in enumerate(SECTION_ORDER)}
    entries = list(version.entries.select_related("card__edition"))
    return sorted(entries, key=lambda e: (order[e.section], e.sort_key))


@dataclass(frozen=True)
class SectionView:
    section: Section
    label: str
    entries: list[DocumentEntry]


def version_sections(version: DocumentVersion) -> list[SectionView]:
    """Every section (empty ones too) with its entries, for the pages."""
    from rulings.models import SectionChoice

    entries = version_entries(version)
    labels = dict(SectionChoice.choices)
    return [
        SectionView(
            section=s,
            label=str(labels[s.value]),
            entries=[e for e in entries if e.section == s.value],
        )
        for s in SECTION_ORDER
    ]


def version_diff(old: DocumentVersion | None, new: DocumentVersion) -> DocumentDiff:
    before = [e.as_doc_entry() for e in version_entries(old)] if old else []
    return diff_entries(before, [e.as_doc_entry() for e in version_entries(new)])


def previous_published(version: DocumentVersion) -> DocumentVersion | None:
    return (
        version.document.versions.filter(status=VersionStatus.PUBLISHED, number__lt=version.number)
        .order_by("-number")
        .first()
    )


def card_lists_for(version: DocumentVersion | None, *, on_date: dt.date) -> CardLists:
    """The banned and watch lists of a version as the deck-check core takes them."""
    if version is None:
        return CardLists.none_in_force(on_date.isoformat())
    banned: list[BannedCard] = []
    watched = []
    for entry in version.entries.filter(section__in=["banned_list", "watch_list"]).select_related(
        "card__edition"
    ):
        if entry.section == "banned_list":
            banned.append(BannedCard(entry.card.as_info(), frozenset(entry.formats or ())))
        else:
            watched.append(entry.card.as_info())
    return CardLists(version=version.label, banned=tuple(banned), watched=tuple(watched))


# --- the card catalogue -----------------------------------------------------------------------
_index_lock = threading.Lock()
_index_cache: dict[str, object] = {}


def catalogue_stamp() -> tuple:
    """Changes whenever a card or edition changes; keys the cached deck-check index."""
    cards = Card.objects.aggregate(n=Count("id"), last=Max("updated_at"), top=Max("id"))
    editions = Edition.objects.aggregate(n=Count("id"), sizes=Sum("set_size"), top=Max("id"))
    return (
        cards["n"],
        cards["last"],
        cards["top"],
        editions["n"],
        editions["sizes"],
        editions["top"],
    )


def card_index() -> CardIndex:
    """The whole catalogue as a deck-list index, rebuilt only when the catalogue changed."""
    stamp = catalogue_stamp()
    with _index_lock:
        if _index_cache.get("stamp") == stamp:
            return _index_cache["index"]  # type: ignore[return-value]
    cards = [c.as_info() for c in Card.objects.select_related("edition")]
    editions = dict(Edition.objects.values_list("code", "set_size"))
    index = CardIndex(cards, editions)
    with _index_lock:
        _index_cache["stamp"] = stamp
        _index_cache["index"] = index
    return index


def card_by_ref(edition: str, number: int) -> Card | None:
    return (
        Card.objects.select_related("edition")
        .filter(edition__code=edition.upper(), number=number)
        .first()
    )


def cards_search(*, q: str = "", edition: str = "") -> QuerySet[Card]:
    from rulings.core.cards import normalise

    cards = Card.objects.select_related("edition").order_by("edition__code", "number")
    if edition:
        cards = cards.filter(edition__code=edition.upper())
    if q:
        cards = cards.filter(name_key__contains=normalise(q))
    return cards


# --- catalogue export -------------------------------------------------------------------------
def editions_csv() -> str:
    from rulings.core.csvimport import EditionRow, write_editions_csv

    return write_editions_csv(
        EditionRow(0, e.code, e.name, e.set_size, e.release_date)
        for e in Edition.objects.order_by("code")
    )


def cards_csv(cards: QuerySet[Card] | None = None) -> str:
    from rulings.core.cards import CardType, Faction, Rarity
    from rulings.core.csvimport import CardRow, write_cards_csv

    cards = (cards if cards is not None else Card.objects.all()).select_related("edition")
    return write_cards_csv(
        CardRow(
            0,
            c.edition.code,
            c.number,
            c.name,
            CardType(c.type),
            Faction(c.faction) if c.faction else None,
            c.cost,
            Rarity(c.rarity) if c.rarity else None,
            c.sample,
            c.attributes_known,
            c.text_es,
            c.text_en,
        )
        for c in cards.order_by("edition__code", "number").iterator(chunk_size=2000)
    )


# --- the change list between two versions, naming cards -------------------------------------
def diff_card_labels(result: DocumentDiff) -> dict[str, str]:
    """Card references of a diff ("DV 112") to their labels ("Mutación Súbita (DV 112/280)"),
    read in one query; a reference not in the catalogue keeps its code."""
    refs: set[tuple[str, int]] = set()
    for section in result.sections:
        entries = [*section.added, *section.removed, *(c.after for c in section.changed)]
        for entry in entries:
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


@dataclass(frozen=True)
class DiffLine:
    """One change of a card section as a sentence; ``fields`` for an entry that changed."""

    change: str
    key: str
    sentence: str
    fields: tuple = ()


def _formats_text(formats: tuple[str, ...]) -> str:
    from rulings.models import DeckFormat

    names = dict(DeckFormat.choices)
    return ", ".join(str(names.get(f, f)) for f in formats)


def _card_sentence(change: str, section: str, card: str, formats: tuple[str, ...]) -> str:
    values = {"card": card, "formats": _formats_text(formats)}
    with_formats = bool(formats) and section in ("watch_list", "banned_list")
    templates = {
        ("added", "watch_list", False): _("added %(card)s to the watch list"),
        ("added", "watch_list", True): _("added %(card)s to the watch list of %(formats)s"),
        ("added", "banned_list", False): _("banned %(card)s in every format"),
        ("added", "banned_list", True): _("banned %(card)s in %(formats)s"),
        ("added", "errata", False): _("added an erratum to %(card)s"),
        ("added", "card_clarifications", False): _("added a clarification of %(card)s"),
        ("removed", "watch_list", False): _("took %(card)s off the watch list"),
        ("removed", "watch_list", True): _("took %(card)s off the watch list of %(formats)s"),
        ("removed", "banned_list", False): _("lifted the ban on %(card)s"),
        ("removed", "banned_list", True): _("lifted the ban on %(card)s in %(formats)s"),
        ("removed", "errata", False): _("removed the erratum to %(card)s"),
        ("removed", "card_clarifications", False): _("removed the clarification of %(card)s"),
    }
    template = templates.get((change, section, with_formats)) or _("changed the entry of %(card)s")
    return template % values


def diff_card_lines(section: SectionDiff, cards: dict[str, str]) -> list[DiffLine]:
    """The changes of a card section (watch list, banned list, errata, clarifications) as
    sentences naming the cards: "added Mutación Súbita (DV 112/280) to the watch list"."""

    def name(entry: DocEntry) -> str:
        return cards.get(entry.card or "", entry.card or entry.key)

    section_code = section.section.value
    lines = [
        DiffLine("added", e.key, _card_sentence("added", section_code, name(e), e.formats))
        for e in section.added
    ]
    lines += [
        DiffLine("removed", e.key, _card_sentence("removed", section_code, name(e), e.formats))
        for e in section.removed
    ]
    for c in section.changed:
        formats_only = [f.name for f in c.fields] == ["formats"]
        if formats_only and section_code == "banned_list":
            sentence = _("now bans %(card)s in %(formats)s (was: %(before)s)") % {
                "card": name(c.after),
                "formats": _formats_text(c.after.formats) or _("every format"),
                "before": _formats_text(c.before.formats) or _("every format"),
            }
        else:
            sentence = _("changed the entry of %(card)s") % {"card": name(c.after)}
        lines.append(DiffLine("changed", c.key, sentence, c.fields))
    return lines
