"""Migrations that move models to another app keep their tables (``db_table``) and rows; this
moves their content types too, so permissions, admin history and anything else pointing at
a content type follow the model."""

from __future__ import annotations

from collections.abc import Sequence

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def move_content_types(old_app: str, new_app: str, models: Sequence[str]) -> migrations.RunPython:
    """A migration operation renaming the content types of ``models`` (lower-case model
    names) from ``old_app`` to ``new_app``, and back when unapplied. A content type already
    there under the new name (none on a database that ran the old migrations) is left."""

    def rename(
        apps: Apps, schema_editor: BaseDatabaseSchemaEditor, source: str, target: str
    ) -> None:
        content_type = apps.get_model("contenttypes", "ContentType")
        db = schema_editor.connection.alias
        taken = set(
            content_type.objects.using(db)
            .filter(app_label=target, model__in=models)
            .values_list("model", flat=True)
        )
        content_type.objects.using(db).filter(app_label=source, model__in=models).exclude(
            model__in=taken
        ).update(app_label=target)

    return migrations.RunPython(
        lambda apps, editor: rename(apps, editor, old_app, new_app),
        lambda apps, editor: rename(apps, editor, new_app, old_app),
    )
