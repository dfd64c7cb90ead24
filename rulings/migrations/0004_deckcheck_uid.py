"""Event archives: a stable identifier for deck checks, filled in for existing rows."""

import uuid

from django.db import migrations, models


def fill_uids(apps, schema_editor) -> None:
    model = apps.get_model("rulings", "deckcheck")
    rows = list(model.objects.filter(uid__isnull=True).only("pk"))
    for row in rows:
        row.uid = uuid.uuid4()
    model.objects.bulk_update(rows, ["uid"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0003_card_attributes_known"),
    ]

    operations = [
        migrations.AddField(
            model_name="deckcheck", name="uid", field=models.UUIDField(null=True, editable=False)
        ),
        migrations.RunPython(fill_uids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="deckcheck",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, unique=True, editable=False),
        ),
    ]
