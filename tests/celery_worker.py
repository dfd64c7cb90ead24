"""A real Celery worker for the tests that need one: its own process, the Redis broker, a
queue of the test's own and the test database (shared by the worker tests of each app)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from config.celery import app
from tests.drafts.helpers import database_url

ROOT = Path(__file__).resolve().parents[1]


def use_broker(url: str) -> None:
    """Point the Celery app at ``url``, dropping the connections it keeps to the last one
    (another test may have used another broker in this process)."""
    app.conf.broker_url = url
    app._pool = None
    app.amqp._producer_pool = None


def redis_url() -> str:
    url = settings.CELERY_BROKER_URL or ""
    return url if url.startswith("redis://") else "redis://127.0.0.1:6379/12"


def reachable(url: str) -> bool:
    parts = urlsplit(url)
    try:
        socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), 1).close()
    except OSError:
        return False
    return True


def own_broker(settings: object, prefix: str) -> Iterator[tuple[str, str]]:
    """For a fixture: the broker and a queue of this test's own (so only its worker takes
    its tasks), restored afterwards."""
    url = redis_url()
    if not reachable(url):
        pytest.skip(f"no Redis at {url}")
    queue = f"{prefix}-{os.getpid()}-{time.monotonic_ns()}"
    settings.CELERY_BROKER_URL = url  # type: ignore[attr-defined]
    previous = (app.conf.broker_url, app.conf.task_default_queue)
    use_broker(url)
    app.conf.task_default_queue = queue
    yield url, queue
    use_broker(previous[0])
    app.conf.task_default_queue = previous[1]


def start_worker(url: str, queue: str, **env: str) -> subprocess.Popen:
    """A worker process on ``queue`` against the test database, with ``env`` added; what it
    writes goes to a file a failing test can show (``worker_log``)."""
    log = tempfile.NamedTemporaryFile(prefix=f"{queue}-", suffix=".log", delete=False)  # noqa: SIM115
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo"),
            *("--queues", queue, "--loglevel", "WARNING", "--without-gossip"),
            *("--without-mingle", "--without-heartbeat"),
        ],
        cwd=ROOT,
        env={
            **os.environ,
            "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": url,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            **env,
        },
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    process.log_path = log.name  # type: ignore[attr-defined]
    log.close()
    return process


def worker_log(process: subprocess.Popen) -> str:
    """The end of what the worker wrote (its start-up errors, a task that failed)."""
    try:
        return Path(process.log_path).read_text(errors="replace")[-4000:]  # type: ignore[attr-defined]
    except OSError:
        return ""


def stop_worker(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)
