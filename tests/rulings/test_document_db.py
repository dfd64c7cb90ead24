"""The rulings document: versions in force by date, drafts, frozen published versions."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from config.errors import ConflictError, DomainError
from rulings import selectors
from rulings.errors import DocumentVersionInvalid
from rulings.models import Card, DocumentVersion, VersionStatus
from rulings.services import (
    document_entry_delete,
    document_entry_save,
    document_version_discard,
    document_version_publish,
    document_version_start_draft,
)
from tests.rulings_fixtures import with_summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def dar(rulings_data):
    return selectors.document_get()


def ban(version, edition: str, number: int, formats=()):
    card = Card.objects.get(edition__code=edition, number=number)
    return document_entry_save(version=version, section="banned_list", card=card, formats=formats)


def test_version_one_is_in_force_from_the_day_after_publication(dar):
    assert selectors.version_in_force(dar, dt.date(2006, 11, 17)) is None
    v1 = selectors.version_in_force(dar, dt.date(2006, 11, 18))
    assert (v1.number, v1.in_force_from) == (1, dt.date(2006, 11, 18))
    assert selectors.version_in_force_today(dar) == v1


def test_a_draft_starts_as_a_copy_of_the_latest_version(dar, site_admin):
    draft = document_version_start_draft(document=dar, actor=site_admin)
    v1 = selectors.version_get(dar, 1)
    assert draft.number == 2 and draft.status == VersionStatus.DRAFT
    assert selectors.version_diff(v1, draft).empty
    with pytest.raises(ConflictError):
        document_version_start_draft(document=dar, actor=site_admin)


def test_published_versions_are_frozen(dar, site_admin):
    v1 = selectors.version_get(dar, 1)
    with pytest.raises(ConflictError):
        ban(v1, "DV", 6)
    with pytest.raises(ConflictError):
        document_entry_delete(entry=v1.entries.first())
    with pytest.raises(ConflictError):
        document_version_discard(version=v1)
    assert v1.entries.count() == 28


def test_publishing_a_ban_today_takes_effect_tomorrow(dar, site_admin):
    today = timezone.localdate()
    draft = document_version_start_draft(document=dar, actor=site_admin)
    ban(draft, "DV", 6, formats=["monofaccion"])
    document_version_publish(version=with_summary(draft), published_on=today, actor=site_admin)
    draft.refresh_from_db()
    assert draft.is_published and draft.published_by == site_admin
    assert selectors.version_in_force(dar, today).number == 1
    assert selectors.version_in_force(dar, today + dt.timedelta(days=1)).number == 2
    diff = selectors.version_diff(selectors.version_get(dar, 1), draft)
    assert diff.counts() == {"added": 1, "removed": 0, "changed": 0}
    assert diff.section("banned_list").added[0].formats == ("monofaccion",)


def test_a_publication_date_in_the_past_is_refused_and_nothing_changes(dar, site_admin):
    draft = document_version_start_draft(document=dar, actor=site_admin)
    yesterday = timezone.localdate() - dt.timedelta(days=1)
    with pytest.raises(DomainError) as excinfo:
        document_version_publish(
            version=with_summary(draft), published_on=yesterday, actor=site_admin
        )
    assert excinfo.value.field == "published_on"
    assert "cannot be in the past" in excinfo.value.message
    draft.refresh_from_db()
    assert draft.status == VersionStatus.DRAFT and draft.published_on is None


def test_the_date_must_come_after_the_previous_version(dar, site_admin):
    today = timezone.localdate()
    first = document_version_start_draft(document=dar, actor=site_admin)
    document_version_publish(
        version=with_summary(first), published_on=today + dt.timedelta(days=5), actor=site_admin
    )
    second = document_version_start_draft(document=dar, actor=site_admin)
    with pytest.raises(DomainError) as excinfo:
        document_version_publish(
            version=with_summary(second),
            published_on=today + dt.timedelta(days=5),
            actor=site_admin,
        )
    assert excinfo.value.code == "published_on_not_after_previous"


def test_entries_are_validated(dar, site_admin):
    draft = document_version_start_draft(document=dar, actor=site_admin)
    with pytest.raises(DocumentVersionInvalid):
        document_entry_save(version=draft, section="tournament_rules", key="3.x", text_en="x")
    with pytest.raises(DocumentVersionInvalid):
        document_entry_save(version=draft, section="errata", card=Card.objects.first())
    with pytest.raises(DomainError):
        document_entry_save(version=draft, section="tournament_rules", key="2", text_en="again")
    with pytest.raises(DomainError):
        ban(draft, "EV", 155)  # already banned
    with pytest.raises(DocumentVersionInvalid):
        ban(draft, "DV", 60, formats=["vintage"])
    rule = document_entry_save(
        version=draft, section="tournament_rules", key="5", title_en="New", text_en="A new rule."
    )
    assert rule.card is None


def test_discarding_a_draft(dar, site_admin):
    draft = document_version_start_draft(document=dar, actor=site_admin)
    document_version_discard(version=draft)
    assert not DocumentVersion.objects.filter(pk=draft.pk).exists()
    assert document_version_start_draft(document=dar, actor=site_admin).number == 2


def test_database_allows_one_open_draft_and_one_version_per_date(dar, site_admin):
    document_version_start_draft(document=dar, actor=site_admin)
    with pytest.raises(IntegrityError), transaction.atomic():
        DocumentVersion.objects.create(document=dar, number=9, status=VersionStatus.DRAFT)
    with pytest.raises(IntegrityError), transaction.atomic():
        DocumentVersion.objects.create(
            document=dar,
            number=9,
            status=VersionStatus.PUBLISHED,
            published_on=dt.date(2006, 11, 17),
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        DocumentVersion.objects.create(document=dar, number=9, status=VersionStatus.PUBLISHED)


def test_loading_the_shipped_document_twice_adds_nothing(dar):
    from rulings.demo import load_rulings_data

    load_rulings_data()
    assert dar.versions.count() == 1
