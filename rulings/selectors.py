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
from rulings.core.docdiff import DocumentDiff, diff_entries
from rulings.core.document import SECTION_ORDER, Section
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
