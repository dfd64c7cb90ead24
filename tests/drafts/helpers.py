"""Builders for draft tests: the sample catalogue, auction decks and booster draft events."""

from __future__ import annotations

import datetime
from urllib.parse import quote

from django.db import connection

from drafts.models import Pod
from drafts.services import draft_configure, draft_start
from drafts.services.demo import load_sample_auction_decks
from drafts.services.poll_state import forget_poll_state
from rulings.demo import load_rulings_data
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.models.choices import EventFormat


def draft_event(
    players: int,
    *,
    bots: int = 0,
    start: bool = True,
    prefix: str = "d",
    organiser=None,
    **options,
):
    load_rulings_data(sample=True)
    load_sample_auction_decks()
    organiser = organiser or make_organiser(f"{prefix}_orga")
    event = make_event(organiser, name=f"Draft {prefix}", format=EventFormat.BOOSTER_DRAFT)
    judge = add_judge(event, f"{prefix}_judge")
    regs = add_players(event, players, prefix=prefix)
    options.setdefault("pack_editions", ["DV", "DV", "SU", "SU"])
    draft_configure(actor=organiser, event_id=event.pk, bots=bots, **options)
    if start:
        draft_start(actor=judge, event_id=event.pk)
    return event, judge, regs


def move_deadline(pod_id: int, at: datetime.datetime) -> None:
    """Move a pod's deadline behind the services' back (a test's stand-in for the clock),
    forgetting what polls had cached about it."""
    Pod.objects.filter(pk=pod_id).update(deadline=at)
    forget_poll_state(pod_id)


def database_url() -> str:
    """The test database as a ``DATABASE_URL``, for a process the test starts (a worker, a
    management command); the test must commit its rows (``transaction=True``)."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    auth = quote(db["USER"] or "")
    if db["PASSWORD"]:
        auth += ":" + quote(db["PASSWORD"])
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
