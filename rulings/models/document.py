"""The rulings document and its versions: drafts are edited, published versions are frozen."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rulings.core.document import CARD_SECTIONS, DocEntry, Section, number_sort_key
from rulings.models.catalogue import Card
from rulings.models.choices import SectionChoice, VersionStatus

SUMMARY_LANGUAGES = [("en", _("English only")), ("es", _("Spanish only"))]
CARD_SECTION_VALUES = sorted(s.value for s in CARD_SECTIONS)


def in_language(obj: models.Model, field: str) -> str:
    """``obj.<field>_es`` when Spanish is active and filled in, else ``obj.<field>_en``."""
    lang = (get_language() or "en")[:2]
    if lang == "es":
        value = getattr(obj, f"{field}_es", "")
        if value:
            return value
    return getattr(obj, f"{field}_en", "") or getattr(obj, f"{field}_es", "")


class RulingsDocument(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    title_en = models.CharField(_("title (English)"), max_length=200)
    title_es = models.CharField(_("title (Spanish)"), max_length=200)

    class Meta:
        verbose_name = _("rulings document")
        verbose_name_plural = _("rulings documents")
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        return in_language(self, "title")


class DocumentVersion(models.Model):
    document = models.ForeignKey(RulingsDocument, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField(_("version number"))
    status = models.CharField(
        _("status"), max_length=10, choices=VersionStatus.choices, default=VersionStatus.DRAFT
    )
    published_on = models.DateField(
        _("publication date"),
        null=True,
        blank=True,
        help_text=_("The version is in force from the day after this date."),
    )
    summary_en = models.TextField(_("change summary (English)"), blank=True)
    summary_es = models.TextField(_("change summary (Spanish)"), blank=True)
    # Empty: the summary is in both languages (required at publication); a language: the
    # publisher chose to write it in that one only, and the pages say so.
    summary_language = models.CharField(
        _("summary in one language only"),
        max_length=2,
        choices=SUMMARY_LANGUAGES,
        blank=True,
        default="",
        help_text=_("Leave empty to write the summary in both languages."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    published_at = models.DateTimeField(null=True, blank=True, editable=False)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        editable=False,
    )

    class Meta:
        verbose_name = _("document version")
        verbose_name_plural = _("document versions")
        ordering = ["document", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["document", "number"], name="version_number_unique"),
            models.UniqueConstraint(
                fields=["document"],
                condition=Q(status=VersionStatus.DRAFT),
                name="one_open_draft_per_document",
            ),
            models.UniqueConstraint(
                fields=["document", "published_on"],
                condition=Q(status=VersionStatus.PUBLISHED),
                name="one_version_per_publication_date",
            ),
            models.CheckConstraint(
                condition=(Q(status=VersionStatus.PUBLISHED) & Q(published_on__isnull=False))
                | (Q(status=VersionStatus.DRAFT) & Q(published_on__isnull=True)),
                name="published_version_has_a_date",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="version_number_positive"),
        ]

    def __str__(self) -> str:
        if self.is_published:
            return _("Version %(number)s of %(date)s") % {
                "number": self.number,
                "date": self.published_on.isoformat(),
            }
        return _("Version %(number)s (draft)") % {"number": self.number}

    @property
    def is_published(self) -> bool:
        return self.status == VersionStatus.PUBLISHED

    @property
    def in_force_from(self) -> dt.date | None:
        return self.published_on + dt.timedelta(days=1) if self.published_on else None

    @property
    def summary(self) -> str:
        return in_language(self, "summary")

    @property
    def summary_one_language_note(self) -> str:
        """Said beside the summary when it was written in one language only and the reader
        reads the other: "This version's summary is in English only." """
        lang = (get_language() or "en")[:2]
        if not self.summary_language or self.summary_language == lang:
            return ""
        if self.summary_language == "es":
            return str(_("This version's summary is in Spanish only."))
        return str(_("This version's summary is in English only."))

    @property
    def label(self) -> str:
        """Short label for deck-check messages: ``3 (2006-11-17)``."""
        if self.published_on:
            return f"{self.number} ({self.published_on.isoformat()})"
        return str(self.number)


class DocumentEntry(models.Model):
    version = models.ForeignKey(DocumentVersion, on_delete=models.CASCADE, related_name="entries")
    section = models.CharField(_("section"), max_length=24, choices=SectionChoice.choices)
    key = models.CharField(
        _("key"),
        max_length=20,
        help_text=_("The entry number (e.g. 3.1.2); card entries are keyed by the card."),
    )
    card = models.ForeignKey(
        Card,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="document_entries",
        verbose_name=_("card"),
    )
    formats = models.JSONField(
        _("formats"),
        default=list,
        blank=True,
        help_text=_("Banned list: the formats the ban applies to; none means every format."),
    )
    title_en = models.CharField(_("title (English)"), max_length=200, blank=True)
    title_es = models.CharField(_("title (Spanish)"), max_length=200, blank=True)
    text_en = models.TextField(_("text (English)"), blank=True)
    text_es = models.TextField(_("text (Spanish)"), blank=True)

    class Meta:
        verbose_name = _("document entry")
        verbose_name_plural = _("document entries")
        ordering = ["version", "section", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["version", "section", "key"], name="entry_key_unique_in_section"
            ),
            models.CheckConstraint(
                condition=(Q(section__in=CARD_SECTION_VALUES) & Q(card__isnull=False))
                | (~Q(section__in=CARD_SECTION_VALUES) & Q(card__isnull=True)),
                name="entry_card_only_in_card_sections",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_section_display()} {self.key}"

    @property
    def title(self) -> str:
        return in_language(self, "title")

    @property
    def text(self) -> str:
        return in_language(self, "text")

    @property
    def sort_key(self) -> tuple:
        if Section(self.section).keyed_by_card:
            return (0, self.pk or 0)
        return number_sort_key(self.key)

    def as_doc_entry(self) -> DocEntry:
        return DocEntry(
            section=Section(self.section),
            key=self.key,
            card=f"{self.card.edition.code} {self.card.number}" if self.card_id else None,
            formats=tuple(sorted(self.formats or ())),
            title_en=self.title_en,
            title_es=self.title_es,
            text_en=self.text_en,
            text_es=self.text_es,
        )
