"""Background tasks shared by every app."""

from __future__ import annotations

from celery import shared_task

from config import deadlines


@shared_task(name="config.tasks.deadline_sweep", ignore_result=True)
def deadline_sweep() -> dict[str, int]:
    """Apply every expired deadline. Safe to run at any time, as often as wanted."""
    return deadlines.apply_expired()
