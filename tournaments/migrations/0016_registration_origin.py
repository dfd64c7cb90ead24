"""How each registration was made (``RegistrationOrigin``), inferred for the existing ones.

A registration made before this was entered by a judge when the audit log says so (a
``registration.add`` entry of its event naming the player), when it was a late entry, or
when its player cannot log in (a walk-in, an imported or simulated person); otherwise the
player registered themself."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def public_name(user) -> str:
    # As User.public_name, which a migration's historical model does not have.
    return user.display_name or f"{user.first_name} {user.last_name}".strip() or user.username


def mark_existing(apps, schema_editor) -> None:
    Registration = apps.get_model("tournaments", "Registration")
    Origin = apps.get_model("tournaments", "RegistrationOrigin")
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    added_by = {
        (event_id, target): actor_id
        for event_id, target, actor_id in AuditEntry.objects.filter(action="registration.add")
        .order_by("created_at", "pk")
        .values_list("event_id", "target", "actor_id")
    }
    batch = []
    registrations = Registration.objects.select_related("player").order_by("pk")
    for registration in registrations.iterator(chunk_size=2000):
        player = registration.player
        key = (registration.event_id, public_name(player))
        by_someone_else = (
            key in added_by
            or registration.late_entry
            or not player.password
            or player.password.startswith("!")
        )
        batch.append(
            Origin(
                registration_id=registration.pk,
                self_registered=not by_someone_else,
                added_by_id=added_by.get(key),
            )
        )
        if len(batch) >= 2000:
            Origin.objects.bulk_create(batch)
            batch = []
    Origin.objects.bulk_create(batch)
    Origin.objects.update(
        created_at=Subquery(
            Registration.objects.filter(pk=OuterRef("registration_id")).values("registered_at")[:1]
        )
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0015_event_archive"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="RegistrationOrigin",
            fields=[
                (
                    "registration",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="origin",
                        serialize=False,
                        to="tournaments.registration",
                    ),
                ),
                ("self_registered", models.BooleanField(default=False)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "added_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "registration origin",
                "verbose_name_plural": "registration origins",
            },
        ),
        migrations.RunPython(mark_existing, migrations.RunPython.noop),
    ]
