"""Reads: the version in force on a date, the card catalogue as a deck-check index, deck checks."""

from __future__ import annotations

import datetime as dt
import random
import secrets
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Count, Max, Prefetch, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from config.errors import DomainError, NotFoundError
from rulings.core.docdiff import DocumentDiff, SectionDiff, diff_entries
from rulings.core.document import SECTION_ORDER, DocEntry, Section
from rulings.deckcheck import (
    BannedCard,
    CardIndex,
    CardLists,
    DeckCheck,
    DeckEntry,
    Format,
    UnknownFormat,
    check_deck,
    get_format,
)
from rulings.models import (
    Card,
    CardPool,
    DeckList,
    DocumentEntry,
    DocumentVersion,
    Edition,
    RulingsDocument,
    VersionStatus,
)

if TYPE_CHECKING:
    from accounts.models import User
    from rulings.models import DeckCheck, DeckListEntry
    from tournaments.models import Event, Registration, Round

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


# --- deck lists and their checks ------------------------------------------------------------
def event_deck_format(event: Event) -> Format | None:
    """The deck-check format of an event, or None when the event takes no deck lists."""
    try:
        return get_format(event.format)
    except UnknownFormat:
        return None


def event_takes_deck_lists(event: Event) -> bool:
    return event.game == "humankind" and event_deck_format(event) is not None


def event_lists_locked(event: Event) -> bool:
    """Lists lock when the event starts (leaves registration)."""
    return event.status != "registration"


def deck_list_for(event: Event, player: User) -> DeckList | None:
    return (
        DeckList.objects.filter(event=event, player=player)
        .prefetch_related(
            Prefetch("entries", queryset=_entries_queryset()),
        )
        .first()
    )


def _entries_queryset() -> QuerySet[DeckListEntry]:
    from rulings.models import DeckListEntry

    return DeckListEntry.objects.select_related("card__edition").order_by("line", "pk")


def deck_lists_for_event(event: Event) -> QuerySet[DeckList]:
    return (
        DeckList.objects.filter(event=event)
        .select_related("player", "event")
        .prefetch_related(Prefetch("entries", queryset=_entries_queryset()))
        .order_by("player__display_name", "pk")
    )


def deck_entries(deck_list: DeckList) -> list[DeckEntry]:
    return [DeckEntry(e.card.as_info(), e.quantity, e.line) for e in deck_list.entries.all()]


def pool_for(event: Event, player: User) -> dict[tuple[str, int], int] | None:
    pool = (
        CardPool.objects.filter(event=event, player=player)
        .prefetch_related("entries__card__edition")
        .first()
    )
    if pool is None:
        return None
    return {(e.card.edition.code, e.card.number): e.quantity for e in pool.entries.all()}


@dataclass(frozen=True)
class DeckCheckReport:
    """A deck check and what it was checked against."""

    check: DeckCheck
    version: DocumentVersion | None
    on_date: dt.date


def deck_check_for(
    deck_list: DeckList,
    *,
    document: RulingsDocument | None = None,
    _version_cache: dict | None = None,
) -> DeckCheckReport:
    """Check a saved list with its event's format, minimum size and the rulings version of
    the event: the one pinned when it started (kept even if a newer version is published
    mid-event), before that the one in force on the event's date."""
    event = deck_list.event
    fmt = event_deck_format(event) or get_format("monofaccion")
    document = document or document_find()
    cache = _version_cache if _version_cache is not None else {}
    if "lists" not in cache:
        if event.rulings_version_id is not None:
            version = event.rulings_version  # pinned when the event started
        else:
            version = version_in_force(document, event.date) if document else None
        cache["version"] = version
        cache["lists"] = card_lists_for(version, on_date=event.date)
    pool = pool_for(event, deck_list.player) if fmt.uses_pool else None
    check = check_deck(
        deck_entries(deck_list),
        format=fmt,
        lists=cache["lists"],
        minimum=event.min_deck_size,
        pool=pool,
    )
    return DeckCheckReport(check=check, version=cache["version"], on_date=event.date)


def deck_checks_for_event(event: Event) -> list[tuple[DeckList, DeckCheckReport]]:
    """Every list of the event with its check (one version lookup for all of them)."""
    cache: dict = {}
    document = document_find()
    return [
        (dl, deck_check_for(dl, document=document, _version_cache=cache))
        for dl in deck_lists_for_event(event)
    ]


def latest_pick_batch(event: Event) -> int:
    from rulings.models import DeckCheckPick

    return (
        DeckCheckPick.objects.filter(deck_list__event=event).aggregate(top=Max("batch"))["top"] or 0
    )


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
        )
        for c in cards.order_by("edition__code", "number").iterator(chunk_size=2000)
    )


# --- deck-list status per player and recorded deck checks -----------------------------------
class DeckStatus:
    """Where a player's deck list stands: the values of the status filter."""

    MISSING = "missing"
    ILLEGAL = "illegal"
    WARNED = "warned"
    LEGAL = "legal"
    ALL = (MISSING, ILLEGAL, WARNED, LEGAL)


def deck_status_label(status: str) -> str:
    return {
        DeckStatus.MISSING: pgettext("deck list status", "Missing"),
        DeckStatus.ILLEGAL: _("Not legal"),
        DeckStatus.WARNED: _("Legal, with warnings"),
        DeckStatus.LEGAL: _("Legal"),
    }[status]


@dataclass(frozen=True)
class PlayerDeckStatus:
    registration: Registration
    deck_list: DeckList | None
    report: DeckCheckReport | None
    status: str

    @property
    def label(self) -> str:
        return deck_status_label(self.status)


def _status_of(report: DeckCheckReport | None) -> str:
    if report is None:
        return DeckStatus.MISSING
    if not report.check.legal:
        return DeckStatus.ILLEGAL
    if report.check.warnings:
        return DeckStatus.WARNED
    return DeckStatus.LEGAL


def deck_statuses_for_event(event: Event) -> list[PlayerDeckStatus]:
    """Every player of the event (no-shows left out) with their list, its check and its
    status: missing, not legal, legal with warnings, or legal."""
    from tournaments.models import Registration
    from tournaments.models.choices import RegistrationStatus

    checks = {dl.player_id: (dl, report) for dl, report in deck_checks_for_event(event)}
    registrations = (
        Registration.objects.filter(event=event)
        .exclude(status=RegistrationStatus.NO_SHOW)
        .select_related("player")
        .order_by("player__display_name", "pk")
    )
    rows = []
    for registration in registrations:
        deck_list, report = checks.get(registration.player_id, (None, None))
        rows.append(PlayerDeckStatus(registration, deck_list, report, _status_of(report)))
    return rows


def deck_status_counts(rows: list[PlayerDeckStatus]) -> dict[str, int]:
    counts = dict.fromkeys(DeckStatus.ALL, 0)
    for row in rows:
        counts[row.status] += 1
    return counts


def players_without_deck_list(event: Event) -> list[str]:
    """Names of the checked-in players who have not submitted a list (blocks the start of an
    event that requires lists)."""
    from tournaments.models import Registration
    from tournaments.models.choices import RegistrationStatus

    with_lists = DeckList.objects.filter(event=event).values("player_id")
    return list(
        Registration.objects.filter(event=event, status=RegistrationStatus.CHECKED_IN)
        .exclude(player_id__in=with_lists)
        .order_by("player__display_name", "pk")
        .values_list("player__display_name", flat=True)
    )


def deck_checks_by_round(event: Event) -> list[tuple[Round | None, list[DeckCheck]]]:
    """The event's recorded deck checks grouped by round, latest round first (checks made
    before round 1 last)."""
    from rulings.models import DeckCheck

    checks = (
        DeckCheck.objects.filter(event=event)
        .select_related("registration__player", "round", "checked_by", "penalty")
        .order_by("-round__number", "-checked_at", "-pk")
    )
    groups: list[tuple[Round | None, list[DeckCheck]]] = []
    for check in checks:
        if not groups or groups[-1][0] != check.round:
            groups.append((check.round, []))
        groups[-1][1].append(check)
    with_round = [g for g in groups if g[0] is not None]
    return with_round + [g for g in groups if g[0] is None]


def deck_check_draw(event: Event, *, rng: random.Random | None = None) -> Registration:
    """A player to check, drawn at random among the active players, preferring those not
    checked yet. A draw only: the check is recorded once the judge has done it."""
    from rulings.models import DeckCheck
    from tournaments.models.choices import RegistrationStatus

    active = list(
        event.registrations.filter(
            status__in=[RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN]
        )
        .select_related("player")
        .order_by("pk")
    )
    if not active:
        raise DomainError(_("There are no active players to check."), code="no_players")
    checked = set(DeckCheck.objects.filter(event=event).values_list("registration_id", flat=True))
    fresh = [r for r in active if r.pk not in checked]
    return (rng or secrets.SystemRandom()).choice(fresh or active)


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
