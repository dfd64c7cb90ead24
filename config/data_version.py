"""The site's data version: a random stamp in the shared cache that changes whenever a
transaction writes to the database, read in place of the data to tell whether an answer
can have changed (the API's ETags, ``config/conditional.py``).

Every write statement passes a database execute wrapper (installed on each connection as
it opens), so no write can forget to bump it: services, the result report's precompiled
statements (``config/row_writes.py``), queryset ``update()``, Celery tasks and management
commands alike. A transaction that writes bumps it once it has committed (a write outside
a transaction, at once); a rolled-back one leaves it. A reader reads the stamp before the
data, so an answer is never labelled with a stamp newer than its data: at worst (a read
between the commit and the bump) fresh data carries the old stamp, and the next read is
answered in full. Writes to tables that no answer shows (sessions, login attempts,
idempotency keys) do not count. In tests, whose transaction never commits, run the
writes under ``django_capture_on_commit_callbacks(execute=True)``."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.backends.base.base import BaseDatabaseWrapper

CACHE_KEY = "data-version"
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLAC")
_MODIFIES = re.compile(r"\b(?:INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
_TARGET = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+["`]?(\w+)', re.IGNORECASE)
# Tables whose rows no API answer shows.
IGNORED_PREFIXES = ("django_session", "axes_", "idempotency_", "django_admin_log")


def current() -> str:
    """The stamp (one cache read). Made anew when the cache lost it, which only costs the
    readers one full answer each."""
    stamp = cache.get(CACHE_KEY)
    if stamp is None:
        cache.add(CACHE_KEY, secrets.token_hex(8), None)
        stamp = cache.get(CACHE_KEY)
    return stamp or ""


def bump() -> None:
    cache.set(CACHE_KEY, secrets.token_hex(8), None)


def counts(sql: str) -> bool:
    """Whether this statement is a write the data version follows. A ``WITH`` counts when
    it modifies data (the result report's writes run as one data-modifying ``WITH`` on
    PostgreSQL); a read that merely names the words costs a needless bump, never a miss."""
    head = sql[:24].lstrip()[:6].upper()  # cheap: most statements are reads
    if head.startswith("WITH"):
        return _MODIFIES.search(sql) is not None
    if head not in WRITES:
        return False
    target = _TARGET.match(sql)
    return target is None or not target.group(1).lower().startswith(IGNORED_PREFIXES)


def _bump_scheduled(db: BaseDatabaseWrapper) -> bool:
    """Whether this atomic block has a bump due after commit already: one per block, not
    one per statement (a block's callbacks go with it when it is rolled back)."""
    here = set(db.savepoint_ids)
    return any(func is bump and sids == here for sids, func, *_rest in db.run_on_commit)


def _watch(
    execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
) -> Any:
    result = execute(sql, params, many, context)
    if isinstance(sql, str) and counts(sql):
        db = context["connection"]
        if not db.in_atomic_block:
            bump()
        elif not _bump_scheduled(db):
            transaction.on_commit(bump, using=db.alias)
    return result


def watch(connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """``connection_created`` receiver: follow this connection's writes."""
    if _watch not in connection.execute_wrappers:
        # First: a block that wraps its own (``execute_wrapper``) pops the last one on exit.
        connection.execute_wrappers.insert(0, _watch)
