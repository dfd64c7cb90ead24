"""The migration that records how registrations were made marks the existing ones: entered
by a judge when the audit log names the player, for a late entry or for a player who cannot
log in (a walk-in); otherwise registered by the player themself."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0015_event_archive")]
AFTER = [("tournaments", "0016_registration_origin")]


@pytest.fixture(autouse=True)
def _back_to_the_latest_schema():
    """The test database goes back to the schema of today's migrations afterwards: the
    tests that run after this one in the same process need every later column."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_existing_registrations_are_marked_by_how_they_were_made():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    User = apps.get_model("accounts", "User")
    Event = apps.get_model("tournaments", "Event")
    Registration = apps.get_model("tournaments", "Registration")
    AuditEntry = apps.get_model("tournaments", "AuditEntry")

    def person(username: str, *, password: str = "md5$x$y", **names) -> object:
        return User.objects.create(
            username=username, email=f"{username}@example.org", password=password, **names
        )

    judge = person("judge", display_name="Judge Judy")
    event = Event.objects.create(name="Old Open", date=dt.date(2026, 1, 10), created_by=judge)
    own = person("own", display_name="Olga Own")
    entered = person("entered", first_name="Eddie", last_name="Entered")
    late = person("late", display_name="Lou Late")
    walk_in = person("guest-abc", password="!unusable", display_name="Wanda Walkin")
    for player, late_entry in ((own, False), (entered, False), (late, True), (walk_in, False)):
        Registration.objects.create(event=event, player=player, late_entry=late_entry)
    AuditEntry.objects.create(
        event=event, actor=judge, action="registration.add", target="Eddie Entered"
    )

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    Origin = apps.get_model("tournaments", "RegistrationOrigin")
    marks = {
        o.registration.player.username: (o.self_registered, o.added_by_id)
        for o in Origin.objects.select_related("registration__player")
    }
    assert marks == {
        "own": (True, None),
        "entered": (False, judge.pk),
        "late": (False, None),
        "guest-abc": (False, None),
    }
