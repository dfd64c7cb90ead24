"""The people, cards and rulings version an archive refers to: found here, or created.

People created from an archive get an undeliverable address and no usable password; they
set their own through the usual account pages.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping

from django.utils.dateparse import parse_date

from accounts.models import User
from archives.core.checks import Archive
from archives.core.schema import card_ref
from archives.services.refusals import clean_row
from rulings.models import Card, DocumentEntry, DocumentVersion, Edition, RulingsDocument


def _placeholder_email(username: str) -> str:
    """A unique, undeliverable address for a person created from an archive (archives
    carry no e-mail addresses); they set their own through the usual account pages."""
    slug = re.sub(r"[^a-z0-9._-]+", "-", username.lower()).strip("-.") or "user"
    digest = hashlib.sha256(username.encode()).hexdigest()[:8]
    return f"{slug[:40]}.{digest}@archive.invalid"


def ensure_people(archive: Archive) -> tuple[dict[str, User], tuple[str, ...]]:
    users = {u.username: u for u in User.objects.filter(username__in=list(archive.people))}
    numbers = {p["player_number"] for p in archive.people.values() if p["player_number"]}
    taken = set(
        User.objects.filter(player_number__in=numbers).values_list("player_number", flat=True)
    )
    created = []
    for username, person in sorted(archive.people.items()):
        if username in users:
            continue
        user = User(
            username=username,
            email=_placeholder_email(username),
            display_name=person["display_name"],
            first_name=person["first_name"],
            last_name=person["last_name"],
            # The same player number as at home when it is free here (else a new one).
            player_number=person["player_number"] if person["player_number"] not in taken else None,
        )
        user.set_unusable_password()
        clean_row(user, f"people.{username}", exclude=["password", "player_number"])
        user.save()
        users[username] = user
        created.append(username)
    return users, tuple(created)


def ensure_catalogue(archive: Archive) -> dict[str, Card]:
    editions = {e.code: e for e in Edition.objects.filter(code__in=list(archive.editions))}
    for code, data in sorted(archive.editions.items()):
        if code not in editions:
            edition = Edition(
                code=code,
                name=data["name"],
                set_size=data["set_size"],
                release_date=parse_date(data["release_date"]) if data["release_date"] else None,
            )
            clean_row(edition, f"catalogue.editions.{code}")
            edition.save()
            editions[code] = edition
    found = {
        card_ref(c.edition.code, c.number): c
        for c in Card.objects.filter(edition__code__in=list(editions)).select_related("edition")
    }
    for ref, data in sorted(archive.cards.items()):
        if ref not in found:
            card = Card(
                edition=editions[data["edition"]],
                **{k: v for k, v in data.items() if k != "edition"},
            )
            clean_row(card, f"catalogue.cards.{ref}", exclude=["edition"])
            card.save()
            found[ref] = card
    return found


def ensure_rulings(archive: Archive, cards: Mapping[str, Card]) -> DocumentVersion | None:
    if archive.rulings is None:
        return None
    doc_data, version_data = archive.rulings["document"], archive.rulings["version"]
    document = RulingsDocument.objects.filter(slug=doc_data["slug"]).first()
    if document is None:
        document = RulingsDocument(**doc_data)
        clean_row(document, "rulings.document")
        document.save()
    version = DocumentVersion.objects.filter(
        document=document, number=version_data["number"]
    ).first()
    if version is not None:
        return version
    version = DocumentVersion(
        document=document,
        number=version_data["number"],
        status=version_data["status"],
        published_on=parse_date(version_data["published_on"])
        if version_data["published_on"]
        else None,
        summary_en=version_data["summary_en"],
        summary_es=version_data["summary_es"],
    )
    clean_row(version, "rulings.version", exclude=["document"])
    version.save()
    entries = []
    for n, data in enumerate(archive.rulings["entries"]):
        entry = DocumentEntry(
            version=version,
            card=cards[data["card"]] if data["card"] else None,
            **{k: v for k, v in data.items() if k != "card"},
        )
        clean_row(entry, f"rulings.entries[{n}]", exclude=["version", "card"])
        entries.append(entry)
    DocumentEntry.objects.bulk_create(entries)
    return version
