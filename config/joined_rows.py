"""Model instances from one hand-joined query, for the few requests where the ORM's own
query building costs more than the database work.

A player's result report is the hottest write of an event. Expressed as a queryset
(``select_related`` over five tables plus ``select_for_update``), compiling the query and
populating the related instances costs several milliseconds of CPU per call, more than
the database spends on it. Here the select list is generated once from the models'
metadata, the caller writes only the FROM and WHERE clauses, and each row becomes model
instances through ``Model.from_db`` with the same converters the ORM applies, so the
instances are indistinguishable from ones the ORM built.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models import Model
from django.db.models.base import ModelState
from django.db.models.signals import post_init

from config.prepared import current_db


class JoinedRows:
    """Every concrete column of each ``(model, alias)`` part, in order, and the instances
    built back from a row; a part whose primary key is NULL (an outer join that found
    nothing) comes back as ``None``."""

    def __init__(self, *parts: tuple[type[Model], str]) -> None:
        quote = connection.ops.quote_name
        columns = []
        # Per part: model, attnames, (offset, converters) of the fields that have any,
        # first column, primary key column.
        self._layout: list[tuple[type[Model], list[str], list[tuple], int, int]] = []
        start = 0
        for model, alias in parts:
            fields = list(model._meta.concrete_fields)
            columns += [f"{quote(alias)}.{quote(f.column)}" for f in fields]
            converters = []
            for offset, field in enumerate(fields):
                col = field.get_col(alias)
                found = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
                if found:
                    converters.append((offset, [(convert, col) for convert in found]))
            pk_index = fields.index(model._meta.pk)
            self._layout.append(
                (model, [f.attname for f in fields], converters, start, start + pk_index)
            )
            start += len(fields)
        self.width = start
        self.select_list = ", ".join(columns)

    def build(self, row: Sequence[Any]) -> list[Model | None]:
        db = current_db()
        instances: list[Model | None] = []
        for model, attnames, converters, start, pk_at in self._layout:
            if row[pk_at] is None:
                instances.append(None)
                continue
            values = list(row[start : start + len(attnames)])
            for offset, field_converters in converters:
                value = values[offset]
                for convert, col in field_converters:
                    value = convert(value, col, db)
                values[offset] = value
            instances.append(_from_db(model, attnames, values, db.alias))
        return instances


def _from_db(model: type[Model], attnames: list[str], values: list[Any], alias: str) -> Model:
    """``Model.from_db`` without ``__init__``'s per-field descriptor calls: the values are
    already converted, so they go straight into the instance's ``__dict__``, where the
    field descriptors read them. A model with ``post_init`` receivers takes the ORM's way."""
    if post_init.has_listeners(model):
        return model.from_db(alias, attnames, values)
    instance = model.__new__(model)
    instance.__dict__.update(zip(attnames, values, strict=True))
    state = ModelState()
    state.adding = False
    state.db = alias
    instance._state = state
    return instance


def quoted(model: type[Model]) -> str:
    """The model's table name, quoted for the current database."""
    return connection.ops.quote_name(model._meta.db_table)
