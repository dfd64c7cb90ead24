"""Writes to the rulings document: drafts are edited, published versions are frozen.

Locks are taken in one order: the document row, then the version row.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import ConflictError, DomainError
from rulings.core.document import (
    DocumentData,
    Section,
    make_entry,
    validate_entries,
)
from rulings.deckcheck import FORMATS
from rulings.errors import DocumentVersionInvalid
from rulings.extensions import hooks
from rulings.models import (
    Card,
    DocumentEntry,
    DocumentVersion,
    RulingsDocument,
    VersionStatus,
)
from rulings.selectors import latest_published, open_draft

if TYPE_CHECKING:
    from accounts.models import User


def _lock_document(document: RulingsDocument) -> RulingsDocument:
    return RulingsDocument.objects.select_for_update().get(pk=document.pk)


def _lock_draft(version: DocumentVersion) -> DocumentVersion:
    _lock_document(version.document)
    locked = DocumentVersion.objects.select_for_update().get(pk=version.pk)
    if locked.status != VersionStatus.DRAFT:
        raise ConflictError(
            _("Version %(number)s is published and can no longer be changed.")
            % {"number": locked.number},
            code="version_frozen",
        )
    return locked


def _copy_entries(source: DocumentVersion, target: DocumentVersion) -> None:
    DocumentEntry.objects.bulk_create(
        DocumentEntry(
            version=target,
            section=e.section,
            key=e.key,
            card_id=e.card_id,
            formats=list(e.formats or []),
            title_en=e.title_en,
            title_es=e.title_es,
            text_en=e.text_en,
            text_es=e.text_es,
        )
        for e in source.entries.order_by("pk")
    )


@transaction.atomic
def document_version_start_draft(*, document: RulingsDocument, actor: User) -> DocumentVersion:
    """A new draft, starting as a copy of the latest published version."""
    document = _lock_document(document)
    if open_draft(document) is not None:
        raise ConflictError(
            _("A draft version already exists: edit, publish or discard it first."),
            code="draft_exists",
        )
    top = document.versions.aggregate(top=Max("number"))["top"] or 0
    draft = DocumentVersion.objects.create(
        document=document, number=top + 1, status=VersionStatus.DRAFT, created_by=actor
    )
    base = latest_published(document)
    if base is not None:
        _copy_entries(base, draft)
    return draft


@transaction.atomic
def document_version_update(
    *, version: DocumentVersion, summary_en: str, summary_es: str, summary_language: str = ""
) -> DocumentVersion:
    """Change a draft's summary; ``summary_language`` ("en" or "es") marks it as written in
    that one language only (empty: both)."""
    version = _lock_draft(version)
    if summary_language not in ("", "en", "es"):
        raise DomainError(
            _("“%(value)s” is not a language of the summary.") % {"value": summary_language},
            field="summary_language",
        )
    version.summary_en = summary_en.strip()
    version.summary_es = summary_es.strip()
    version.summary_language = summary_language
    version.save(update_fields=["summary_en", "summary_es", "summary_language"])
    return version


def _refuse_missing_summary(version: DocumentVersion) -> None:
    """A version is published with its summary in Spanish and English, or in the one
    language its publisher chose (and the pages then say so)."""
    one = version.summary_language
    if one:
        if not getattr(version, f"summary_{one}").strip():
            raise DomainError(
                _("Write the summary in English: it is marked as written in English only.")
                if one == "en"
                else _("Write the summary in Spanish: it is marked as written in Spanish only."),
                field="summary_language",
                code="summary_missing",
            )
        return
    no_en, no_es = not version.summary_en.strip(), not version.summary_es.strip()
    if no_en or no_es:
        if no_en and no_es:
            message = _(
                "Write the summary of the changes in Spanish and English, or mark it as "
                "written in one language only."
            )
        elif no_es:
            message = _(
                "The summary of the changes is missing in Spanish: write it, or mark the "
                "summary as written in English only."
            )
        else:
            message = _(
                "The summary of the changes is missing in English: write it, or mark the "
                "summary as written in Spanish only."
            )
        raise DomainError(
            message, field="summary_es" if no_es else "summary_en", code="summary_missing"
        )


@transaction.atomic
def document_entry_save(
    *,
    version: DocumentVersion,
    section: str,
    key: str = "",
    card: Card | None = None,
    formats: Iterable[str] = (),
    title_en: str = "",
    title_es: str = "",
    text_en: str = "",
    text_es: str = "",
    entry: DocumentEntry | None = None,
) -> DocumentEntry:
    """Add an entry to a draft, or change one (``entry``). Card entries are keyed by the card."""
    version = _lock_draft(version)
    try:
        section_value = Section(section)
    except ValueError:
        raise DomainError(
            _("“%(section)s” is not a section of the rulings document.") % {"section": section},
            field="section",
        ) from None
    if section_value.keyed_by_card:
        if card is None:
            raise DomainError(_("Choose the card this entry is about."), field="card")
        key = f"{card.edition.code} {card.number}"
    else:
        card = None
        key = key.strip()
    doc_entry = make_entry(
        {
            "section": section_value.value,
            "key": key,
            "card": key if card else None,
            "formats": list(formats),
            "title_en": title_en,
            "title_es": title_es,
            "text_en": text_en,
            "text_es": text_es,
        }
    )
    problems = validate_entries([doc_entry], formats=FORMATS)
    if problems:
        raise DocumentVersionInvalid(
            _("The entry cannot be saved."), problems, code="entry_invalid"
        )
    clash = version.entries.filter(section=section_value.value, key=key)
    if entry is not None:
        clash = clash.exclude(pk=entry.pk)
    if clash.exists():
        raise DomainError(
            _("This section already has an entry “%(key)s”.") % {"key": key}, field="key"
        )
    if entry is None:
        entry = DocumentEntry(version=version)
    elif entry.version_id != version.pk:
        raise DomainError(_("This entry belongs to another version."))
    entry.section = section_value.value
    entry.key = key
    entry.card = card
    entry.formats = list(doc_entry.formats)
    entry.title_en, entry.title_es = doc_entry.title_en, doc_entry.title_es
    entry.text_en, entry.text_es = doc_entry.text_en, doc_entry.text_es
    entry.save()
    return entry


@transaction.atomic
def document_entry_delete(*, entry: DocumentEntry) -> None:
    _lock_draft(entry.version)
    entry.delete()


@transaction.atomic
def document_version_discard(*, version: DocumentVersion) -> None:
    version = _lock_draft(version)
    version.delete()


@transaction.atomic
def document_version_publish(
    *,
    version: DocumentVersion,
    published_on: dt.date,
    actor: User,
    today: dt.date | None = None,
) -> DocumentVersion:
    """Publish a draft: it is frozen and in force from the day after ``published_on``.

    The date may not be in the past (so no event already held changes its
    rules) and must come after the previous version's date.
    """
    today = today or timezone.localdate()
    version = _lock_draft(version)
    if published_on < today:
        raise DomainError(
            _("The publication date cannot be in the past (today is %(today)s).")
            % {"today": date_format(today, "SHORT_DATE_FORMAT")},
            field="published_on",
            code="published_on_in_past",
        )
    last = latest_published(version.document)
    if last is not None and published_on <= last.published_on:
        raise DomainError(
            _("The publication date must come after %(date)s, the date of version %(number)s.")
            % {"date": date_format(last.published_on, "SHORT_DATE_FORMAT"), "number": last.number},
            field="published_on",
            code="published_on_not_after_previous",
        )
    problems = validate_entries(
        [e.as_doc_entry() for e in version.entries.select_related("card__edition")],
        formats=FORMATS,
    )
    if problems:
        raise DocumentVersionInvalid(
            ngettext(
                "The draft has %(count)s problem; it was not published.",
                "The draft has %(count)s problems; it was not published.",
                len(problems),
            )
            % {"count": len(problems)},
            problems,
            code="version_invalid",
        )
    _refuse_missing_summary(version)
    version.status = VersionStatus.PUBLISHED
    version.published_on = published_on
    version.published_at = timezone.now()
    version.published_by = actor
    version.save(update_fields=["status", "published_on", "published_at", "published_by"])
    # The notices of the lists it touches, in this transaction (their mails after commit).
    hooks.version_published(version)
    return version


@transaction.atomic
def document_load_data(*, data: DocumentData) -> list[DocumentVersion]:
    """Load shipped versions (history, so past dates are fine). Idempotent: versions whose
    number already exists are left alone. The cards they name must be in the catalogue."""
    document, _created = RulingsDocument.objects.get_or_create(
        slug=data.slug, defaults={"title_en": data.title_en, "title_es": data.title_es}
    )
    document = _lock_document(document)
    loaded = []
    taken = set(document.versions.values_list("number", flat=True))
    dates = set(
        document.versions.filter(status=VersionStatus.PUBLISHED).values_list(
            "published_on", flat=True
        )
    )
    for vdata in data.versions:
        if vdata.number in taken or vdata.published_on in dates:
            continue
        cards = {}
        for entry in vdata.entries:
            if entry.card_key is not None:
                code, number = entry.card_key
                card = Card.objects.filter(edition__code=code, number=number).first()
                if card is None:
                    raise DomainError(
                        _(
                            "The shipped document names card %(card)s, "
                            "which is not in the catalogue."
                        )
                        % {"card": entry.card}
                    )
                cards[entry.key] = card
        version = DocumentVersion.objects.create(
            document=document,
            number=vdata.number,
            status=VersionStatus.PUBLISHED,
            published_on=vdata.published_on,
            published_at=timezone.now(),
            summary_en=vdata.summary_en,
            summary_es=vdata.summary_es,
        )
        DocumentEntry.objects.bulk_create(
            DocumentEntry(
                version=version,
                section=e.section.value,
                key=e.key,
                card=cards.get(e.key) if e.section.keyed_by_card else None,
                formats=list(e.formats),
                title_en=e.title_en,
                title_es=e.title_es,
                text_en=e.text_en,
                text_es=e.text_es,
            )
            for e in vdata.entries
        )
        loaded.append(version)
    return loaded
