"""Claiming a key, storing its answer, replaying it; expired keys are purged.

A key is claimed by inserting its row: the unique constraint on (user, key) decides which
of two concurrent requests runs, and the other, finding the row unanswered, is told the
first is in progress. The row is committed before the request runs (autocommit, outside
the request's own transactions), so every server sees the claim at once."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta
from enum import Enum

from django.conf import settings
from django.db import IntegrityError, transaction

from config import clock
from idempotency.models import IdempotencyKey

# A claim whose request never answered (its server died mid-request) is taken over after
# this long; no request of the API runs nearly that long.
IN_FLIGHT_LEASE = timedelta(minutes=5)


class Outcome(Enum):
    CLAIMED = "claimed"  # run the request, then store or release
    REPLAY = "replay"  # answer with the stored answer
    IN_PROGRESS = "in_progress"  # the first request with this key still runs
    MISMATCH = "mismatch"  # the key was first sent with another request


@dataclass(frozen=True)
class Claim:
    outcome: Outcome
    record: IdempotencyKey | None = None


def request_fingerprint(*, method: str, path: str, body: bytes) -> str:
    digest = hashlib.sha256()
    for part in (method.encode(), path.encode(), body):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


def _expired(record: IdempotencyKey) -> bool:
    now = clock.now()
    if record.created_at <= now - timedelta(hours=settings.IDEMPOTENCY_KEY_HOURS):
        return True
    return not record.answered and record.created_at <= now - IN_FLIGHT_LEASE


def idempotency_key_claim(*, user_id: int, key: str, fingerprint: str) -> Claim:
    for _attempt in range(3):
        try:
            with transaction.atomic():
                record = IdempotencyKey.objects.create(
                    user_id=user_id, key=key, fingerprint=fingerprint, created_at=clock.now()
                )
            return Claim(Outcome.CLAIMED, record)
        except IntegrityError:
            pass
        existing = IdempotencyKey.objects.filter(user_id=user_id, key=key).first()
        if existing is None:
            continue  # released or purged meanwhile: claim it afresh
        if _expired(existing):
            # Only this row: if another request replaced it meanwhile, theirs stays.
            IdempotencyKey.objects.filter(pk=existing.pk).delete()
            continue
        if existing.fingerprint != fingerprint:
            return Claim(Outcome.MISMATCH, existing)
        if not existing.answered:
            return Claim(Outcome.IN_PROGRESS, existing)
        return Claim(Outcome.REPLAY, existing)
    return Claim(Outcome.IN_PROGRESS)


def idempotency_key_store(
    *, record: IdempotencyKey, status_code: int, headers: list[tuple[str, str]], body: bytes
) -> None:
    IdempotencyKey.objects.filter(pk=record.pk).update(
        answered=True, status_code=status_code, headers=headers, body=body
    )


def idempotency_key_release(*, record: IdempotencyKey) -> None:
    """The request was not answered for good (a server error, a refused login): the key may
    be sent again and run."""
    IdempotencyKey.objects.filter(pk=record.pk, answered=False).delete()


def idempotency_keys_purge() -> int:
    """Delete the keys past their replay period; returns how many."""
    cutoff = clock.now() - timedelta(hours=settings.IDEMPOTENCY_KEY_HOURS)
    deleted, _ = IdempotencyKey.objects.filter(created_at__lte=cutoff).delete()
    return deleted
