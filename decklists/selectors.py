"""Reads of deck lists: an event's lists, a list's check, deck statuses and checks."""

from __future__ import annotations

import datetime as dt
import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Max, Prefetch, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from config.errors import DomainError
from decklists.models import CardPool, DeckList
from rulings.deckcheck import DeckCheck, DeckEntry, Format, UnknownFormat, check_deck, get_format
from rulings.models import DocumentVersion, RulingsDocument
from rulings.selectors import card_lists_for, document_find, version_in_force

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User
    from decklists.models import DeckCheck as RecordedCheck
    from decklists.models import DeckCheckEntry, DeckListEntry
    from rulings.models import Card
    from tournaments.models import Event, Registration, Round


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
    from decklists.models import DeckListEntry

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
    from decklists.models import DeckCheckPick

    return (
        DeckCheckPick.objects.filter(deck_list__event=event).aggregate(top=Max("batch"))["top"] or 0
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


def deck_status_of(report: DeckCheckReport | None) -> str:
    """The status of a list from its check (None: no list): a value of ``DeckStatus``."""
    return _status_of(report)


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


# --- a check's list as it was checked, and what changed since ------------------------------
class ListState:
    """How a check's list as checked compares with the player's list now."""

    UNCHANGED = "unchanged"  # the same cards
    CHANGED = "changed"  # cards added or taken out since the check (or a list sent after it)
    NO_LIST = "no_list"  # the player had no list at the check, and has none now
    NOT_RECORDED = "not_recorded"  # the check was recorded before lists were kept with it
    ALL = (UNCHANGED, CHANGED, NO_LIST, NOT_RECORDED)


def list_state_label(state: str) -> str:
    return {
        ListState.UNCHANGED: _("Unchanged since its check"),
        ListState.CHANGED: _("Changed since its check"),
        ListState.NO_LIST: _("No deck list"),
        ListState.NOT_RECORDED: _("List as checked not recorded"),
    }[state]


@dataclass(frozen=True)
class CardChange:
    """One card whose copies differ between the list as checked and the list now."""

    card: Card
    before: int
    after: int


@dataclass(frozen=True)
class CheckedList:
    """A recorded deck check, the list as it was checked and how the player's list differs
    now (``current``: the list now, or None)."""

    check: RecordedCheck
    state: str
    entries: list[DeckCheckEntry]
    changes: list[CardChange]
    current: DeckList | None

    @property
    def changed(self) -> bool:
        return self.state == ListState.CHANGED

    @property
    def state_label(self) -> str:
        return list_state_label(self.state)

    @property
    def card_count(self) -> int:
        return sum(e.quantity for e in self.entries)


def _copies(entries: Iterable[DeckListEntry | DeckCheckEntry]) -> dict[int, tuple[Card, int]]:
    return {e.card_id: (e.card, e.quantity) for e in entries}


def _card_changes(
    before: dict[int, tuple[Card, int]], after: dict[int, tuple[Card, int]]
) -> list[CardChange]:
    changes = []
    for card_id in before.keys() | after.keys():
        card = (before.get(card_id) or after[card_id])[0]
        was = before.get(card_id, (card, 0))[1]
        now = after.get(card_id, (card, 0))[1]
        if was != now:
            changes.append(CardChange(card, was, now))
    return sorted(changes, key=lambda c: (c.card.name, c.card.edition.code, c.card.number))


def checked_lists(checks: Sequence[RecordedCheck]) -> list[CheckedList]:
    """Each check with its list as checked and what changed since (three queries whatever
    the number of checks: their cards, and the players' lists now with theirs)."""
    from decklists.models import DeckCheckEntry

    by_check: dict[int, list[DeckCheckEntry]] = {c.pk: [] for c in checks}
    for entry in DeckCheckEntry.objects.filter(deck_check__in=checks).select_related(
        "card__edition"
    ):
        by_check[entry.deck_check_id].append(entry)
    wanted = {(c.event_id, c.registration.player_id) for c in checks}
    current = {
        (dl.event_id, dl.player_id): dl
        for dl in DeckList.objects.filter(
            event_id__in={e for e, _p in wanted}, player_id__in={p for _e, p in wanted}
        ).prefetch_related(Prefetch("entries", queryset=_entries_queryset()))
    }
    out = []
    for check in checks:
        entries = by_check[check.pk]
        now = current.get((check.event_id, check.registration.player_id))
        if not check.list_recorded:
            state, changes = ListState.NOT_RECORDED, []
        else:
            changes = _card_changes(_copies(entries), _copies(now.entries.all() if now else []))
            if changes:
                state = ListState.CHANGED
            elif not entries:
                state = ListState.NO_LIST
            else:
                state = ListState.UNCHANGED
        out.append(CheckedList(check, state, entries, changes, now))
    return out


def _checks_queryset() -> QuerySet[RecordedCheck]:
    from decklists.models import DeckCheck

    return DeckCheck.objects.select_related(
        "registration__player", "round", "checked_by", "penalty"
    )


def deck_checks_by_round(event: Event) -> list[tuple[Round | None, list[CheckedList]]]:
    """The event's recorded deck checks, each with its list as checked, grouped by round,
    latest round first (checks made before round 1 last)."""
    checks = list(
        _checks_queryset().filter(event=event).order_by("-round__number", "-checked_at", "-pk")
    )
    groups: list[tuple[Round | None, list[CheckedList]]] = []
    for item in checked_lists(checks):
        if not groups or groups[-1][0] != item.check.round:
            groups.append((item.check.round, []))
        groups[-1][1].append(item)
    with_round = [g for g in groups if g[0] is not None]
    return with_round + [g for g in groups if g[0] is None]


def deck_checks_of_event(event: Event) -> list[CheckedList]:
    """The event's recorded deck checks, latest first, each with its list as checked."""
    checks = _checks_queryset().filter(event=event).order_by("-checked_at", "-pk")
    return checked_lists(list(checks))


def deck_check_in_event(event: Event, check_id: int) -> CheckedList | None:
    """One recorded check of the event with its list as checked, or None."""
    check = _checks_queryset().filter(event=event, pk=check_id).first()
    return checked_lists([check])[0] if check is not None else None


def deck_list_checks(deck_list: DeckList, viewer: User | AnonymousUser) -> list[CheckedList]:
    """The recorded checks of this player's deck in the list's event, latest first, for a
    reader who may see the event's checks (its judges); nobody else learns of them."""
    if not viewer.has_perm("decklists.run_deck_checks", deck_list.event):
        return []
    return checked_lists(
        list(
            _checks_queryset()
            .filter(event_id=deck_list.event_id, registration__player_id=deck_list.player_id)
            .order_by("-checked_at", "-pk")
        )
    )


def deck_check_draw(event: Event, *, rng: random.Random | None = None) -> Registration:
    """A player to check, drawn at random among the active players, preferring those not
    checked yet. A draw only: the check is recorded once the judge has done it."""
    from decklists.models import DeckCheck
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
