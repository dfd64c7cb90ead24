"""Running a test's coroutine from a synchronous test."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: a browser test earlier in the same process
    leaves Playwright's event loop running in the main thread, where ``asyncio.run``
    refuses to start another."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def in_own_thread(function: Callable[[], T]) -> T:
    """A synchronous call that may cross into async code (``async_to_sync``), in a thread of
    its own for the same reason as :func:`run`. Its database connection is the thread's
    own: the test must commit what the call reads (``django_db(transaction=True)``)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(function).result()
