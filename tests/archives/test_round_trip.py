"""The venue-laptop round trip: central (this test's database: PostgreSQL in CI, SQLite
locally) -> archive -> laptop (another install: ``manage.py`` on its own SQLite file, no
broker) -> two rounds played there through the real services -> archive -> central.

The laptop runs as subprocesses of ``manage.py`` with their own ``DATABASE_URL``; the two
sides share nothing but the archive files."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from archives.core.comparison import digests
from archives.services import archive_json, event_archive_export, event_archive_import
from drafts.services.reading import pod_version
from tests.archives.helpers import (
    build_central_event,
    pair_next_round,
    pairings,
    standings_table,
)
from tournaments.models import AuditEntry, Event, Round, Seat

ROOT = Path(__file__).resolve().parents[2]


def _laptop_env(database: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "CELERY_BROKER_URL"}}
    env["DATABASE_URL"] = f"sqlite:///{database}"
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return env


def _laptop(database: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=_laptop_env(database),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _laptop_python(database: Path, code: str) -> str:
    return _laptop(database, "shell", "--no-imports", "-c", code)


@pytest.fixture(scope="module")
def migrated_laptop(tmp_path_factory) -> Path:
    """An empty install, migrated once; each test copies it."""
    database = tmp_path_factory.mktemp("laptop") / "template.sqlite3"
    _laptop(database, "migrate", "--no-input", "-v", "0")
    return database


@pytest.fixture
def laptop(migrated_laptop, tmp_path) -> Path:
    database = tmp_path / "laptop.sqlite3"
    shutil.copy(migrated_laptop, database)
    return database


def _laptop_standings(database: Path, event_uid) -> list[list]:
    out = _laptop_python(
        database,
        "import json\n"
        "from tests.archives.helpers import standings_table\n"
        f"print(json.dumps(standings_table({str(event_uid)!r})))",
    )
    return json.loads(out.strip().splitlines()[-1])


def _as_json(rows: list[tuple]) -> list[list]:
    return json.loads(json.dumps(rows))


@pytest.mark.django_db
def test_import_into_an_empty_install_recreates_the_event_with_identical_standings(
    laptop, tmp_path
):
    event = build_central_event()
    path = tmp_path / "event.json"
    path.write_text(archive_json(event_archive_export(event_id=event.pk)), encoding="utf-8")

    said = _laptop(laptop, "import_event_archive", str(path))

    assert "Created event" in said
    assert _laptop_standings(laptop, event.uid) == _as_json(standings_table(event.uid))
    assert "already up to date" in _laptop(laptop, "import_event_archive", str(path))


@pytest.mark.django_db
def test_central_to_laptop_two_rounds_and_back_gives_identical_standings(laptop, tmp_path):
    # Central: the event after round 1, exported for the venue.
    event = build_central_event()
    outbound = tmp_path / "outbound.json"
    outbound.write_text(archive_json(event_archive_export(event_id=event.pk)), encoding="utf-8")
    central_audit = AuditEntry.objects.filter(event=event).count()

    # The laptop: import, play rounds 2 and 3 through the services, export.
    _laptop(laptop, "import_event_archive", str(outbound))
    _laptop_python(
        laptop,
        "from tests.archives.helpers import play_rounds\n"
        f"play_rounds({str(event.uid)!r}, rounds=2, seed=23)",
    )
    laptop_standings = _laptop_standings(laptop, event.uid)
    inbound = tmp_path / "inbound.json"
    laptop_pk = json.loads(
        _laptop_python(
            laptop,
            "from tournaments.models import Event\n"
            f"print(Event.objects.get(uid={str(event.uid)!r}).pk)",
        ).strip()
    )
    _laptop(laptop, "export_event_archive", str(laptop_pk), "--output", str(inbound))
    archive = json.loads(inbound.read_text(encoding="utf-8"))
    # It carries the base it left central with, not the laptop's own state.
    outbound_archive = json.loads(outbound.read_text(encoding="utf-8"))
    assert archive["base"] == outbound_archive["base"]

    # Central: the results come back.
    result = event_archive_import(data=inbound.read_bytes())

    assert not result.created_event and result.plan.creates and not result.plan.conflicts
    assert list(Round.objects.filter(event=event).values_list("number", flat=True)) == [1, 2, 3]
    assert _as_json(standings_table(event.uid)) == laptop_standings
    assert AuditEntry.objects.filter(event=event).count() > central_audit
    # Everything but central's own log of the import now matches the laptop's archive.
    mine = event_archive_export(event_id=event.pk)["records"]
    assert {k: v for k, v in mine.items() if k in archive["records"]} == archive["records"]
    assert event_archive_import(data=inbound.read_bytes()).up_to_date
    # Exported again from central, the base is central's state now.
    again = event_archive_export(event_id=event.pk)
    assert again["base"]["digests"] == digests(again["records"])
    assert Event.objects.get(pk=event.pk).status == "running"


@pytest.mark.django_db
def test_a_round_re_paired_and_played_on_the_laptop_comes_back_with_its_new_pairings(
    laptop, tmp_path
):
    event = build_central_event()
    pair_next_round(event.uid)  # round 2 paired centrally, not yet published
    outbound = tmp_path / "outbound.json"
    outbound.write_text(archive_json(event_archive_export(event_id=event.pk)), encoding="utf-8")

    _laptop(laptop, "import_event_archive", str(outbound))
    out = _laptop_python(
        laptop,
        "import json\n"
        "from tests.archives.helpers import pairings, repair_publish_and_report\n"
        f"repair_publish_and_report({str(event.uid)!r}, seed=5)\n"
        "from tournaments.models import Event\n"
        f"e = Event.objects.get(uid={str(event.uid)!r})\n"
        f"print(json.dumps([e.pk, pairings({str(event.uid)!r})]))",
    )
    laptop_pk, laptop_pairings = json.loads(out.strip().splitlines()[-1])
    laptop_standings = _laptop_standings(laptop, event.uid)
    inbound = tmp_path / "inbound.json"
    _laptop(laptop, "export_event_archive", str(laptop_pk), "--output", str(inbound))

    result = event_archive_import(data=inbound.read_bytes())

    assert result.plan.updates and not result.plan.conflicts
    assert pairings(event.uid) == laptop_pairings
    assert _as_json(standings_table(event.uid)) == laptop_standings
    assert Seat.objects.filter(round__event=event, round__number=2).count() == 9


@pytest.mark.django_db
def test_a_draft_started_centrally_and_finished_on_the_laptop_comes_back_whole(laptop, tmp_path):
    from drafts.models import CardInstance, Pick
    from tests.drafts.helpers import draft_event, move_deadline

    # Central: two players and two bots, one step into pack 1.
    event, _judge, _regs = draft_event(2, bots=2, auction=False, prefix="rt")
    pod = event.draft.pods.get()
    move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
    pod_version(pod.pk)
    outbound = tmp_path / "outbound.json"
    outbound.write_text(archive_json(event_archive_export(event_id=event.pk)), encoding="utf-8")

    # The laptop: import, draft to the end, export.
    _laptop(laptop, "import_event_archive", str(outbound))
    out = _laptop_python(
        laptop,
        "from tests.archives.helpers import finish_draft\n"
        "from tournaments.models import Event\n"
        f"finish_draft({str(event.uid)!r})\n"
        f"print(Event.objects.get(uid={str(event.uid)!r}).pk)",
    )
    inbound = tmp_path / "inbound.json"
    _laptop(laptop, "export_event_archive", out.strip().splitlines()[-1], "--output", str(inbound))
    archive = json.loads(inbound.read_text(encoding="utf-8"))

    # Central: the finished draft replaces the one that left, pools and all.
    result = event_archive_import(data=inbound.read_bytes())

    assert "draft" in result.plan.updates and not result.plan.conflicts
    mine = event_archive_export(event_id=event.pk)["records"]
    assert mine["draft"] == archive["records"]["draft"]
    assert {k: v for k, v in mine.items() if k in archive["records"]} == archive["records"]
    assert Pick.objects.filter(pod__draft__event=event).count() == 4 * 48
    assert not CardInstance.objects.filter(pod__draft__event=event, pack__isnull=False).exists()
    assert event_archive_import(data=inbound.read_bytes()).up_to_date
