"""System checks of the tournaments app (run by ``manage.py check`` and before every command)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, register

REDIS_CACHE_BACKEND = "django_redis.cache.RedisCache"


@register(Tags.compatibility)
def draft_stream_needs_redis_cache(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The pods' news travel on the cache's own Redis connections: with the stream on and any
    other cache, starting a draft would fail at its first publish, mid-event."""
    backend = settings.CACHES.get("default", {}).get("BACKEND", "")
    if not settings.DRAFT_STREAM or backend == REDIS_CACHE_BACKEND:
        return []
    return [
        Error(
            f"DRAFT_STREAM is on but the cache is {backend or 'not set'}, not Redis: "
            "the drafters' stream sends the pods' news through the Redis cache.",
            hint="Set REDIS_URL (which makes the cache Redis), or turn DRAFT_STREAM off.",
            id="tournaments.E001",
        )
    ]
