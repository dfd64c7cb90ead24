"""Writes to the card catalogue: CSV import (all or nothing) of editions and cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rulings.core.cards import normalise
from rulings.core.csvimport import CardRow, EditionRow, read_cards_csv, read_editions_csv
from rulings.core.issues import issue
from rulings.errors import CatalogueImportInvalid
from rulings.models import Card, Edition

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rulings.core.issues import Issue


@dataclass(frozen=True)
class ImportReport:
    editions_created: int = 0
    editions_updated: int = 0
    cards_created: int = 0
    cards_updated: int = 0
    cards_skipped: int = 0

    def summary(self) -> str:
        return _("Editions: %(ec)s new, %(eu)s updated. Cards: %(cc)s new, %(cu)s updated.") % {
            "ec": self.editions_created,
            "eu": self.editions_updated,
            "cc": self.cards_created,
            "cu": self.cards_updated,
        }


def _refuse(problems: Sequence[Issue], what: str) -> CatalogueImportInvalid:
    message = ngettext(
        "The %(file)s file has %(count)s problem; nothing was imported.",
        "The %(file)s file has %(count)s problems; nothing was imported.",
        len(problems),
    ) % {"file": what, "count": len(problems)}
    return CatalogueImportInvalid(message, problems, field=what, code="catalogue_import_invalid")


@transaction.atomic
def catalogue_import(
    *,
    editions_data: bytes | str | None = None,
    cards_data: bytes | str | None = None,
    only_missing: bool = False,
) -> ImportReport:
    """Import an editions file and/or a cards file; any bad row imports nothing.

    Rows update the edition (by code) or card (by edition and number) they
    name, or create it. ``only_missing`` keeps existing rows as they are (the
    demo loader uses it, so it never undoes an admin's corrections).
    Raises ``CatalogueImportInvalid`` with every bad row.
    """
    edition_rows: tuple[EditionRow, ...] = ()
    if editions_data is not None:
        result = read_editions_csv(editions_data)
        if not result.ok:
            raise _refuse(result.errors, "editions")
        edition_rows = result.rows

    # Lock the editions this import touches, in a fixed order, before reading their sizes.
    codes = {row.code for row in edition_rows}
    existing = {
        e.code: e
        for e in Edition.objects.select_for_update().order_by("pk")
        if not codes or e.code in codes or cards_data is not None
    }
    problems = []
    for row in edition_rows:
        current = existing.get(row.code)
        if current is None or only_missing:
            continue
        top = current.cards.aggregate(top=Max("number"))["top"] or 0
        if top > row.set_size:
            problems.append(
                issue(
                    "csv_set_size_below_cards",
                    line=row.line,
                    edition=row.code,
                    set_size=row.set_size,
                    number=top,
                )
            )
    if problems:
        raise _refuse(problems, "editions")

    editions_created = editions_updated = 0
    for row in edition_rows:
        current = existing.get(row.code)
        if current is None:
            existing[row.code] = Edition.objects.create(
                code=row.code, name=row.name, set_size=row.set_size, release_date=row.release_date
            )
            editions_created += 1
        elif not only_missing and (
            (current.name, current.set_size, current.release_date)
            != (row.name, row.set_size, row.release_date)
        ):
            current.name, current.set_size, current.release_date = (
                row.name,
                row.set_size,
                row.release_date,
            )
            current.save()
            editions_updated += 1

    report = ImportReport(editions_created=editions_created, editions_updated=editions_updated)
    if cards_data is None:
        return report

    sizes = {code: e.set_size for code, e in existing.items()}
    result = read_cards_csv(cards_data, editions=sizes)
    if not result.ok:
        raise _refuse(result.errors, "cards")
    created, updated, skipped = _upsert_cards(result.rows, existing, only_missing=only_missing)
    return ImportReport(
        editions_created=editions_created,
        editions_updated=editions_updated,
        cards_created=created,
        cards_updated=updated,
        cards_skipped=skipped,
    )


def _upsert_cards(
    rows: tuple[CardRow, ...], editions: dict[str, Edition], *, only_missing: bool
) -> tuple[int, int, int]:
    edition_ids = {editions[row.edition].pk for row in rows}
    present = set(
        Card.objects.filter(edition_id__in=edition_ids).values_list("edition_id", "number")
    )
    now = timezone.now()
    objs = []
    created = updated = skipped = 0
    # A file without a text column leaves the cards' texts as they are.
    texts = [c for c in ("text_es", "text_en") if rows and getattr(rows[0], c) is not None]
    for row in rows:
        edition = editions[row.edition]
        exists = (edition.pk, row.number) in present
        if exists and only_missing:
            skipped += 1
            continue
        created += not exists
        updated += exists
        objs.append(
            Card(
                edition=edition,
                number=row.number,
                name=row.name,
                name_key=normalise(row.name),
                type=row.type.value,
                faction=row.faction.value if row.faction else "",
                cost=row.cost,
                rarity=row.rarity.value if row.rarity else "",
                sample=row.sample,
                attributes_known=row.known,
                text_es=row.text_es or "",
                text_en=row.text_en or "",
                updated_at=now,
            )
        )
    Card.objects.bulk_create(
        objs,
        batch_size=1000,
        update_conflicts=True,
        unique_fields=["edition", "number"],
        update_fields=[
            "name",
            "name_key",
            "type",
            "faction",
            "cost",
            "rarity",
            "sample",
            "attributes_known",
            *texts,
            "updated_at",
        ],
    )
    return created, updated, skipped
