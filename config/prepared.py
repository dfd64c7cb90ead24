"""A cursor for the precompiled statements of the hottest requests (result reports).

On PostgreSQL its parameters are bound by the server, so psycopg turns a statement the
connection repeats into a prepared statement (``prepare_threshold`` in the database
OPTIONS) and PostgreSQL stops planning it on every request; planning the match lock's
join cost more than running it. The ORM keeps client-side binding: server-side binding
caps a statement at 65,535 parameters, which a large ``__in`` or prefetch can pass.
Elsewhere this is the connection's usual cursor.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.db.backends.utils import CursorWrapper


def hot_cursor() -> CursorWrapper:
    """Use as ``with hot_cursor() as cursor``; the wrapper logs queries and maps errors
    exactly as ``connection.cursor()`` does."""
    if connection.vendor != "postgresql" or not settings.DATABASES["default"].get(
        "OPTIONS", {}
    ).get("prepare_threshold"):
        return connection.cursor()
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    with connection.wrap_database_errors:
        raw = ServerBindingCursor(connection.connection)
    if connection.queries_logged:
        return connection.make_debug_cursor(raw)
    return connection.make_cursor(raw)
