"""Event archives: stable identifiers (``uid``) for the rows that have no natural key,
filled in for existing rows, and the install's identity and imported events' bases."""

import uuid

from django.db import migrations, models

MODELS = ["event", "resultreport", "penalty", "auditentry"]


def fill_uids(apps, schema_editor) -> None:
    for name in MODELS:
        model = apps.get_model("tournaments", name)
        rows = list(model.objects.filter(uid__isnull=True).only("pk"))
        for row in rows:
            row.uid = uuid.uuid4()
        model.objects.bulk_update(rows, ["uid"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_event_screen"),
    ]

    operations = [
        *(
            migrations.AddField(
                model_name=name, name="uid", field=models.UUIDField(null=True, editable=False)
            )
            for name in MODELS
        ),
        migrations.RunPython(fill_uids, migrations.RunPython.noop),
        *(
            migrations.AlterField(
                model_name=name,
                name="uid",
                field=models.UUIDField(default=uuid.uuid4, unique=True, editable=False),
            )
            for name in MODELS
        ),
        migrations.CreateModel(
            name="InstallIdentity",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("uid", models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={"verbose_name": "install identity", "verbose_name_plural": "install identity"},
        ),
        migrations.CreateModel(
            name="EventArchiveBase",
            fields=[
                (
                    "event",
                    models.OneToOneField(
                        on_delete=models.deletion.CASCADE,
                        primary_key=True,
                        related_name="archive_base",
                        serialize=False,
                        to="tournaments.event",
                    ),
                ),
                ("install", models.UUIDField()),
                ("taken_at", models.DateTimeField()),
                ("digests", models.JSONField(default=dict)),
                ("imported_at", models.DateTimeField(auto_now=True)),
            ],
            options={
                "verbose_name": "event archive base",
                "verbose_name_plural": "event archive bases",
            },
        ),
    ]
