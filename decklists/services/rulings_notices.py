"""Telling those a newly published rulings version affects (``rulings.extensions`` hook).

Inside the publishing transaction, from the same reading as the preview
(``decklists.rulings_impact.rulings_impact``): one notice row per player whose registered
list it makes illegal (which cards, why, by when the list must change) and one per affected
event (its players and counts, for its organisers and judges, and the change for everyone
registered). The pages read the rows, so the notices show with or without a worker; the
mails leave after commit through ``accounts.notifications.notify`` (the worker when a broker
is configured), each under the person's preferences and in their language.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from django.db.models import Count
from django.utils import timezone

from accounts.notifications import notify
from decklists.deadlines import deck_list_due, event_starts_at
from decklists.models import RulingsNotice, RulingsNoticeKind
from decklists.rulings_impact import rulings_impact
from rulings.core.impact import EventImpact
from rulings.extensions import ImpactReport, Told
from rulings.models import DocumentVersion
from tournaments.models import Event, EventStaff
from tournaments.models.choices import StaffRole

if TYPE_CHECKING:
    from accounts.models import User


def _cards(report: ImpactReport, ids: tuple[int, ...], why: str) -> list[dict]:
    return [
        {"id": i, "ref": report.cards[i].ref, "label": report.cards[i].label, "why": why}
        for i in ids
        if i in report.cards
    ]


def _event_cards(report: ImpactReport, event: EventImpact) -> list[dict]:
    banned = sorted({c for row in event.lists for c in row.banned})
    watched = sorted({c for row in event.lists for c in row.watched} - set(banned))
    return _cards(report, tuple(banned), "banned") + _cards(report, tuple(watched), "watched")


def rulings_notices_create(version: DocumentVersion) -> list[RulingsNotice]:
    """Store the notices of ``version`` (just published, in the caller's transaction) and
    mail them after commit. Publishing happens once per version (the draft is locked), so
    this runs once; the unique constraints would refuse a second set."""
    report = rulings_impact(version, version.published_on)
    affected = report.impact.affected
    if not affected:
        return []
    events = Event.objects.in_bulk([e.event.id for e in affected])
    staff: dict[int, list[int]] = defaultdict(list)
    for event_id, user_id in EventStaff.objects.filter(
        event_id__in=list(events), role__in=[StaffRole.ORGANISER, StaffRole.JUDGE]
    ).values_list("event_id", "user_id"):
        staff[event_id].append(user_id)
    rows: list[RulingsNotice] = []
    for event_impact in affected:
        event = events[event_impact.event.id]
        due = deck_list_due(event) or event_starts_at(event)
        for row in event_impact.illegal:
            rows.append(
                RulingsNotice(
                    version=version,
                    event=event,
                    player_id=row.player_id,
                    kind=RulingsNoticeKind.LIST_ILLEGAL,
                    cards=_cards(report, row.banned, "banned"),
                    due=due,
                )
            )
        rows.append(
            RulingsNotice(
                version=version,
                event=event,
                kind=RulingsNoticeKind.EVENT_CHANGED,
                cards=_event_cards(report, event_impact),
                players=[
                    {
                        "id": row.player_id,
                        "name": row.player_name,
                        "banned": report.card_labels(row.banned),
                        "watched": report.card_labels(row.watched),
                    }
                    for row in event_impact.lists
                ],
                illegal_count=event_impact.illegal_count,
                watched_count=event_impact.watched_count,
                due=due,
            )
        )
    RulingsNotice.objects.bulk_create(rows)
    for event_impact in affected:
        _mail_event(version, events[event_impact.event.id], report, event_impact, staff)
    return rows


def _mail_event(
    version: DocumentVersion,
    event: Event,
    report: ImpactReport,
    event_impact: EventImpact,
    staff: dict[int, list[int]],
) -> None:
    due = (deck_list_due(event) or event_starts_at(event)).isoformat()
    common = {
        "event_name": event.name,
        "version": version.number,
        "in_force_from": version.in_force_from.isoformat(),
        "due": due,
    }
    illegal = event_impact.illegal
    if illegal:
        notify(
            kind="rulings_list_illegal",
            user_ids=[row.player_id for row in illegal],
            context=common,
            link=("decklists:my_deck", {"event_id": event.pk}),
            per_user={row.player_id: {"cards": report.card_labels(row.banned)} for row in illegal},
        )
    if staff.get(event.pk) and illegal:
        notify(
            kind="rulings_event_lists",
            user_ids=staff[event.pk],
            context={
                **common,
                "players": [
                    {"name": row.player_name, "cards": report.card_labels(row.banned)}
                    for row in illegal
                ],
                "watched_count": event_impact.watched_count,
            },
            link=("tournaments:dashboard", {"pk": event.pk}),
        )


def rulings_notices_told(version: DocumentVersion) -> Told:
    """How many a published version's notices reached (players, organisers and judges,
    events), from the stored rows."""
    counts = dict(
        RulingsNotice.objects.filter(version=version)
        .values_list("kind")
        .annotate(n=Count("pk"))
        .order_by()
    )
    event_ids = RulingsNotice.objects.filter(
        version=version, kind=RulingsNoticeKind.EVENT_CHANGED, illegal_count__gt=0
    ).values("event_id")
    staff = (
        EventStaff.objects.filter(
            event_id__in=event_ids, role__in=[StaffRole.ORGANISER, StaffRole.JUDGE]
        )
        .values("user_id")
        .distinct()
        .count()
    )
    return Told(
        players=counts.get(RulingsNoticeKind.LIST_ILLEGAL, 0),
        staff=staff,
        events=counts.get(RulingsNoticeKind.EVENT_CHANGED, 0),
    )


def rulings_notice_dismiss(*, notice_id: int, actor: User) -> bool:
    """The player puts away their own notice; a repeat changes nothing. False when it is
    not theirs (or does not exist): nobody else's notice can be touched."""
    mine = RulingsNotice.objects.filter(
        pk=notice_id, player=actor, kind=RulingsNoticeKind.LIST_ILLEGAL
    )
    if not mine.exists():
        return False
    mine.filter(dismissed_at__isnull=True).update(dismissed_at=timezone.now())
    return True
