"""Celery tasks of booster drafts; each only calls an idempotent service."""

from __future__ import annotations

from celery import shared_task

from drafts.services.deadlines import apply_draft_deadlines


# The name is older than this app: queued tasks and beat entries still use it.
@shared_task(name="tournaments.tasks.apply_draft_deadlines", ignore_result=True)
def apply_draft_deadlines_task() -> int:
    return apply_draft_deadlines()
