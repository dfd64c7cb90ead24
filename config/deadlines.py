"""Deadlines stored in the database, applied idempotently by whoever looks first.

Each app registers an applier: a function that finds the deadlines that have
passed at ``now`` and settles them, safely when called twice or concurrently
(row locks and state checks inside). The Celery beat sweep, a task scheduled
on commit for each new deadline, the ``sweep_deadlines`` command and every
read of the state all end here, so nothing stalls when no worker or broker runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.db import transaction

from config import clock

log = logging.getLogger(__name__)

Applier = Callable[[datetime], int]
_appliers: dict[str, Applier] = {}


def register(name: str, applier: Applier) -> None:
    """Register an applier under a stable name (re-registering replaces it)."""
    _appliers[name] = applier


def registered() -> dict[str, Applier]:
    return dict(_appliers)


def apply_expired(now: datetime | None = None) -> dict[str, int]:
    """Run every applier; return how many deadlines each one settled."""
    now = now or clock.now()
    return {name: applier(now) for name, applier in sorted(_appliers.items())}


def broker_configured() -> bool:
    return bool(settings.CELERY_BROKER_URL)


def schedule_at(task_name: str, eta: datetime, **kwargs: object) -> None:
    """Ask a worker to run ``task_name`` at ``eta``, once the current transaction commits.

    Without a broker this does nothing: the sweep and lazy reads settle the
    deadline instead. A broker that is down is logged, never raised, for the
    same reason.
    """
    if not broker_configured():
        return

    def send() -> None:
        from config.celery import app

        try:
            app.send_task(task_name, kwargs=kwargs, eta=eta, retry=False)
        except Exception:  # the broker is optional for correctness
            log.warning(
                "could not schedule %s at %s; the sweep will apply it",
                task_name,
                eta,
                exc_info=True,
            )

    transaction.on_commit(send)
