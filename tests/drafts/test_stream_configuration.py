"""The drafters' stream needs the Redis cache (the pods' news go out on its connections):
turned on without it, the site refuses to start with a clear message instead of failing at
a draft's first publish, mid-event."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.core import checks

ROOT = Path(__file__).resolve().parents[2]
LOCAL_MEMORY = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
REDIS = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/12",
    }
}


def check_ids() -> list[str]:
    return [message.id for message in checks.run_checks() if message.is_serious()]


def test_the_stream_without_a_redis_cache_is_a_system_check_error(settings):
    settings.DRAFT_STREAM = True
    settings.CACHES = LOCAL_MEMORY
    assert "tournaments.E001" in check_ids()


def test_the_stream_with_the_redis_cache_passes_the_check(settings):
    settings.DRAFT_STREAM = True
    settings.CACHES = REDIS
    assert "tournaments.E001" not in check_ids()


def test_no_stream_needs_no_redis(settings):
    settings.DRAFT_STREAM = False
    settings.CACHES = LOCAL_MEMORY
    assert "tournaments.E001" not in check_ids()


def test_the_site_refuses_to_start_with_the_stream_and_no_redis():
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "CELERY_BROKER_URL"}}
    env |= {"DRAFT_STREAM": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "tournaments.E001" in done.stderr
    assert "REDIS_URL" in done.stderr
