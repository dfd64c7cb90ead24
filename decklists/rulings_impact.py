"""Which registered deck lists a version of the rulings document touches (the read): the
version's banned and watch lists against those of the version events use until it comes
into force, and the lists of the events concerned that hold the cards that changed.

A fixed handful of queries whatever the number of lists: the two versions' card entries,
the entries of the changed cards alone in the lists concerned, their events and the cards'
names. The pure core (``rulings.core.impact``) decides what each list gains. The admin
pages, the API and the notices made at publication
(``decklists.services.rulings_notices``) all read through ``rulings_impact``.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.db.models import Q

from decklists.models import DeckListEntry
from rulings.core.impact import EventInfo, ListCards, ListsChange, impact_of
from rulings.deckcheck import FORMATS
from rulings.extensions import CardLabel, ImpactReport
from rulings.models import Card, DocumentEntry, DocumentVersion, VersionStatus
from tournaments.models import Event
from tournaments.models.choices import EventStatus

_CARD_SECTIONS = ("banned_list", "watch_list")


def base_version(version: DocumentVersion) -> DocumentVersion | None:
    """The version events use until ``version`` comes into force: the latest published one
    before it."""
    return (
        DocumentVersion.objects.filter(
            document_id=version.document_id,
            status=VersionStatus.PUBLISHED,
            number__lt=version.number,
        )
        .order_by("-number")
        .first()
    )


def lists_change(base: DocumentVersion | None, version: DocumentVersion) -> ListsChange:
    banned: dict[int, dict[int, frozenset[str]]] = {version.pk: {}}
    watched: dict[int, set[int]] = {version.pk: set()}
    if base is not None:
        banned[base.pk], watched[base.pk] = {}, set()
    rows = DocumentEntry.objects.filter(
        version_id__in=list(banned), section__in=_CARD_SECTIONS
    ).values_list("version_id", "section", "card_id", "formats")
    for version_id, section, card_id, formats in rows:
        if section == "banned_list":
            banned[version_id][card_id] = frozenset(formats or ())
        else:
            watched[version_id].add(card_id)
    old = base.pk if base is not None else None
    return ListsChange(
        old_banned=banned.get(old, {}),
        new_banned=banned[version.pk],
        old_watched=frozenset(watched.get(old, set())),
        new_watched=frozenset(watched[version.pk]),
    )


def _events_concerned(in_force_from: dt.date, base: DocumentVersion | None) -> Q:
    """Events that will check against the new version (no version pinned, not finished, on
    or after the day it comes into force), and those that keep theirs among the events
    played under the base version (to show what they are spared)."""
    deck_events = Q(game="humankind", format__in=list(FORMATS))
    follows_calendar = Q(rulings_version__isnull=True) & ~Q(status=EventStatus.FINISHED)
    affected = follows_calendar & Q(date__gte=in_force_from)
    kept = ~follows_calendar
    if base is not None and base.in_force_from is not None:
        kept &= Q(date__gte=base.in_force_from)
    return deck_events & (affected | kept)


def _player_name(display: str, first: str, last: str, username: str) -> str:
    return display or f"{first} {last}".strip() or username


def _holdings(change: ListsChange, events: Q) -> list[ListCards]:
    """The lists of the events concerned that hold a changed card, with those cards."""
    entries = DeckListEntry.objects.filter(
        card_id__in=sorted(change.cards),
        deck_list__event__in=Event.objects.filter(events).values("pk"),
    )
    fields = (
        "deck_list_id",
        "deck_list__event_id",
        "deck_list__player_id",
        "deck_list__player__display_name",
        "deck_list__player__first_name",
        "deck_list__player__last_name",
        "deck_list__player__username",
    )
    # One row per (list, changed card): only the changed cards are read, never whole lists.
    by_list: dict[tuple, list[int]] = defaultdict(list)
    for *key, card_id in entries.values_list(*fields, "card_id").order_by():
        by_list[tuple(key)].append(card_id)
    grouped = list(by_list.items())
    return [
        ListCards(
            deck_list_id=key[0],
            event_id=key[1],
            player_id=key[2],
            player_name=_player_name(*key[3:]),
            cards=frozenset(cards),
        )
        for key, cards in grouped
    ]


def _event_infos(ids: set[int]) -> list[EventInfo]:
    rows = Event.objects.filter(pk__in=ids).values_list(
        "pk", "name", "date", "format", "status", "rulings_version__number"
    )
    return [
        EventInfo(
            id=pk,
            name=name,
            date=date,
            format=fmt,
            keeps_version=status == EventStatus.FINISHED or pinned is not None,
            status=status,
            pinned_version=pinned,
        )
        for pk, name, date, fmt, status, pinned in rows
    ]


def _card_labels(ids: frozenset[int]) -> dict[int, CardLabel]:
    cards = Card.objects.select_related("edition").filter(pk__in=sorted(ids))
    return {
        c.pk: CardLabel(id=c.pk, ref=f"{c.edition.code} {c.number}", name=c.name, label=str(c))
        for c in cards
    }


def rulings_impact(version: DocumentVersion, published_on: dt.date) -> ImpactReport:
    """What ``version``, published on ``published_on`` (in force from the next day), does
    to the registered lists; for a published version, its own date is used."""
    if version.published_on is not None:
        published_on = version.published_on
    in_force_from = published_on + dt.timedelta(days=1)
    base = base_version(version)
    change = lists_change(base, version)
    if change.empty:
        holdings: list[ListCards] = []
        events: list[EventInfo] = []
    else:
        holdings = _holdings(change, _events_concerned(in_force_from, base))
        events = _event_infos({h.event_id for h in holdings})
    impact = impact_of(change, in_force_from=in_force_from, events=events, holdings=holdings)
    return ImpactReport(
        impact=impact,
        cards=_card_labels(change.cards),
        base_number=base.number if base is not None else None,
    )
