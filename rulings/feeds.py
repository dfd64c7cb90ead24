"""A feed of new versions of the rulings document (RSS)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.contrib.syndication.views import Feed
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from rulings import selectors
from rulings.diff_sentences import versions_sentences

if TYPE_CHECKING:
    from rulings.models import DocumentVersion


class VersionFeed(Feed):
    title = _("Rulings document: new versions")
    description = _("Each new version of the rulings document, with its change summary.")

    def link(self) -> str:
        return reverse("rulings:history")

    def items(self) -> list[DocumentVersion]:
        document = selectors.document_find()
        if document is None:
            return []
        versions = list(selectors.published_versions(document)[:20])
        # The same sentences as the history and the change lists (one read for all items).
        sentences = versions_sentences(versions)
        for version in versions:
            version.change_sentences = sentences.get(version.number, [])
        return versions

    def item_title(self, item: DocumentVersion) -> str:
        return _("Version %(number)s, published %(date)s, in force from %(from)s") % {
            "number": item.number,
            "date": item.published_on.isoformat(),
            "from": item.in_force_from.isoformat(),
        }

    def item_description(self, item: DocumentVersion) -> str:
        parts = [item.summary, item.summary_one_language_note]
        parts += getattr(item, "change_sentences", [])
        return "\n".join(f"<p>{escape(part)}</p>" for part in parts if part)

    def item_link(self, item: DocumentVersion) -> str:
        return reverse("rulings:version", kwargs={"number": item.number})

    def item_pubdate(self, item: DocumentVersion) -> dt.datetime:
        if item.published_at:
            return item.published_at
        return timezone.make_aware(dt.datetime.combine(item.published_on, dt.time(12)))
