"""A cursor for the precompiled statements of the hottest requests (result reports).

On PostgreSQL its parameters are bound by the server, so psycopg turns a statement the
connection repeats into a prepared statement (``prepare_threshold`` in the database
OPTIONS) and PostgreSQL stops planning it on every request; planning the match lock's
join cost more than running it. The ORM keeps client-side binding: server-side binding
caps a statement at 65,535 parameters, which a large ``__in`` or prefetch can pass.
Elsewhere this is the connection's usual cursor.
"""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper


def current_db() -> BaseDatabaseWrapper:
    """This thread's default connection wrapper itself. ``django.db.connection`` is a
    proxy that looks the wrapper up again on every attribute; a hot path that touches it
    dozens of times per request (converters, field preparation) resolves it once."""
    return connections[DEFAULT_DB_ALIAS]


def hot_cursor(db: BaseDatabaseWrapper | None = None) -> CursorWrapper:
    """Use as ``with hot_cursor() as cursor``; the wrapper logs queries and maps errors
    exactly as ``connection.cursor()`` does."""
    db = db or current_db()
    if db.vendor != "postgresql" or not db.settings_dict["OPTIONS"].get("prepare_threshold"):
        return db.cursor()
    from django.db.backends.postgresql.base import ServerBindingCursor

    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    with db.wrap_database_errors:
        raw = ServerBindingCursor(db.connection)
    if db.queries_logged:
        return db.make_debug_cursor(raw)
    return db.make_cursor(raw)
