"""One ``Idempotency-Key`` of one person: the request it was first sent with (a hash) and,
once answered, the answer to replay."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class IdempotencyKey(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    # SHA-256 of the method, the path with its query and the body: the same key with
    # another request is refused, never answered with this one's answer.
    fingerprint = models.CharField(max_length=64)
    created_at = models.DateTimeField(db_index=True)
    # False while the first request runs: a duplicate meanwhile is told it is in progress.
    answered = models.BooleanField(default=False)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    headers = models.JSONField(default=list, blank=True)
    body = models.BinaryField(default=b"", blank=True)

    class Meta:
        constraints = [
            # What makes a second request with the key wait for, or replay, the first.
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_once_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"
