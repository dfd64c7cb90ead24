"""Exporting an event: its records, people, cards and rulings as one JSON archive."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from archives.core.comparison import digests
from archives.core.schema import FORMAT, VERSION, card_ref
from archives.models import EventArchiveBase, InstallIdentity
from archives.services.records import event_rows, iso_utc
from archives.services.staff import withheld_records
from config.errors import DomainError
from rulings.models import Card
from tournaments.models import Event


def install_identity() -> InstallIdentity:
    """This install's identity (made on first use)."""
    identity = InstallIdentity.objects.order_by("pk").first()
    if identity is None:
        identity, _created = InstallIdentity.objects.get_or_create(pk=1)
    return identity


def _people(user_ids: Iterable[int]) -> dict[str, dict[str, str]]:
    """What the event needs of each person: the username (the key) and the names shown on
    pairings. No e-mail address (judges are not shown players' addresses), no password,
    no tokens."""
    return {
        u.username: {
            "display_name": u.display_name,
            "first_name": u.first_name,
            "last_name": u.last_name,
            "player_number": u.player_number,
        }
        for u in User.objects.filter(pk__in=user_ids).order_by("username")
    }


def _rulings(event: Event, cards: dict[str, Card]) -> dict[str, Any] | None:
    version = event.rulings_version
    if version is None:
        return None
    entries = []
    for entry in version.entries.select_related("card__edition").order_by("section", "key"):
        ref = None
        if entry.card_id is not None:
            ref = card_ref(entry.card.edition.code, entry.card.number)
            cards[ref] = entry.card
        entries.append(
            {
                "section": entry.section,
                "key": entry.key,
                "card": ref,
                "formats": entry.formats,
                "title_en": entry.title_en,
                "title_es": entry.title_es,
                "text_en": entry.text_en,
                "text_es": entry.text_es,
            }
        )
    document = version.document
    return {
        "document": {
            "slug": document.slug,
            "title_en": document.title_en,
            "title_es": document.title_es,
        },
        "version": {
            "number": version.number,
            "status": version.status,
            "published_on": version.published_on.isoformat() if version.published_on else None,
            "summary_en": version.summary_en,
            "summary_es": version.summary_es,
        },
        "entries": entries,
    }


def _catalogue(cards: Mapping[str, Card]) -> dict[str, Any]:
    editions: dict[str, dict[str, Any]] = {}
    out: dict[str, dict[str, Any]] = {}
    for ref in sorted(cards):
        card = cards[ref]
        edition = card.edition
        editions[edition.code] = {
            "name": edition.name,
            "set_size": edition.set_size,
            "release_date": edition.release_date.isoformat() if edition.release_date else None,
        }
        out[ref] = {
            "edition": edition.code,
            "number": card.number,
            "name": card.name,
            "type": card.type,
            "faction": card.faction,
            "cost": card.cost,
            "rarity": card.rarity,
            "sample": card.sample,
            "attributes_known": card.attributes_known,
        }
    return {"editions": dict(sorted(editions.items())), "cards": out}


def event_archive_export(*, event_id: int) -> dict[str, Any]:
    """The archive of an event, as a JSON-ready dict (``docs/archives.md``).

    Its ``base`` is the state the event left its home install in: for an event imported
    here from elsewhere, the base it came with; otherwise this install's current state."""
    with transaction.atomic():
        event = (
            Event.objects.filter(pk=event_id).select_related("rulings_version__document").first()
        )
        if event is None:
            raise DomainError(_("There is no event %(id)s.") % {"id": event_id}, code="not_found")
        rows = event_rows(event)
        for key, record, user_id in withheld_records(event):
            rows.records[key] = record
            rows.user_ids.add(user_id)
        rulings = _rulings(event, rows.cards)
        stored = EventArchiveBase.objects.filter(event=event).first()
        if stored is not None:
            base = {
                "install": str(stored.install),
                "taken_at": iso_utc(stored.taken_at),
                "digests": stored.digests,
            }
        else:
            base = {
                "install": str(install_identity().uid),
                "taken_at": iso_utc(timezone.now()),
                "digests": digests(rows.records),
            }
        return {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": iso_utc(timezone.now()),
            "event": str(event.uid),
            "base": base,
            "people": _people(rows.user_ids),
            "catalogue": _catalogue(rows.cards),
            "rulings": rulings,
            "records": rows.records,
        }


def archive_json(archive: Mapping[str, Any]) -> str:
    return json.dumps(archive, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
