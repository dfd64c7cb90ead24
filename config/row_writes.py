"""Precompiled INSERT and UPDATE statements for the few writes every result report makes.

``Model.save()`` and ``QuerySet.create()`` compile their SQL on every call, and on the
report path that costs more CPU than PostgreSQL spends on the write. These statements
are built once from the model's metadata, and each value goes through the field's own
``pre_save`` (so ``auto_now`` and ``auto_now_add`` behave as in ``save()``) and
``get_db_prep_save`` (so JSON, dates and foreign keys are stored exactly as the ORM
stores them). No model signals are sent: use these only for models that have none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper
from django.db.models import Model

from config.prepared import current_db, hot_cursor

# A statement with its parameters, ready to run with another write.
Statement = tuple[str, list[Any]]


class RowInsert:
    """``INSERT`` of every concrete field but the generated primary key, as ``save()``
    does; sets the new primary key on the instance."""

    def __init__(self, model: type[Model]) -> None:
        quote = connection.ops.quote_name
        self.fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        self.returning = connection.features.can_return_columns_from_insert
        columns = ", ".join(quote(f.column) for f in self.fields)
        values = ", ".join(["%s"] * len(self.fields))
        self.sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({values})"
        if self.returning:
            self.sql += f" RETURNING {quote(model._meta.pk.column)}"

    def __call__(self, instance: Model, *before: Statement) -> Model:
        """Insert; the ``before`` statements (see ``RowUpdate.statement``) run first, in
        the same statement on PostgreSQL (a data-modifying WITH), one round trip fewer."""
        db = current_db()
        params = [f.get_db_prep_save(f.pre_save(instance, True), db) for f in self.fields]
        with hot_cursor(db) as cursor:
            _execute_after(cursor, db, before, self.sql, params)
            instance.pk = cursor.fetchone()[0] if self.returning else cursor.lastrowid
        instance._state.adding = False
        instance._state.db = db.alias
        return instance


class RowUpdate:
    """``UPDATE`` of the named fields of one row, by primary key; returns the rows changed."""

    def __init__(self, model: type[Model], names: Sequence[str]) -> None:
        quote = connection.ops.quote_name
        self.fields = [model._meta.get_field(name) for name in names]
        assignments = ", ".join(f"{quote(f.column)} = %s" for f in self.fields)
        self.sql = (
            f"UPDATE {quote(model._meta.db_table)} SET {assignments} "
            f"WHERE {quote(model._meta.pk.column)} = %s"
        )

    def statement(self, instance: Model) -> Statement:
        """The UPDATE of this instance, to run with another write (``before``)."""
        db = current_db()
        params = [f.get_db_prep_save(f.pre_save(instance, False), db) for f in self.fields]
        return self.sql, [*params, instance.pk]

    def __call__(self, instance: Model, *before: Statement) -> int:
        """Update (the rows this statement changed); ``before`` as for ``RowInsert``."""
        db = current_db()
        sql, params = self.statement(instance)
        with hot_cursor(db) as cursor:
            _execute_after(cursor, db, before, sql, params)
            return cursor.rowcount


def _execute_after(
    cursor: CursorWrapper,
    db: BaseDatabaseWrapper,
    before: Sequence[Statement],
    sql: str,
    params: list[Any],
) -> None:
    """Run ``before`` then the main statement, whose result and row count the cursor
    keeps. PostgreSQL runs all of them as one statement; their order does not matter,
    since each writes a different row."""
    if before and db.vendor == "postgresql":
        ctes = ", ".join(f"w{i} AS ({stmt})" for i, (stmt, _) in enumerate(before))
        cursor.execute(f"WITH {ctes} {sql}", [p for _, ps in before for p in ps] + params)
        return
    for stmt, stmt_params in before:
        cursor.execute(stmt, stmt_params)
    cursor.execute(sql, params)
