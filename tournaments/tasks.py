"""Celery tasks of the tournaments app; each only calls an idempotent service."""

from __future__ import annotations

from celery import shared_task

from tournaments.services.clock import apply_round_deadlines


@shared_task(name="tournaments.tasks.apply_round_deadlines", ignore_result=True)
def apply_round_deadlines_task() -> int:
    return apply_round_deadlines()
