"""A database made by main at 79b1053 migrates forward with nothing lost.

``data/main-79b1053.json.gz`` holds the rows of a database that the code of commit 79b1053
made: ``migrate``, ``demo_data``, then, through that commit's services, a finished Swiss
event with a top cut (a walk-in, a drop, a disputed table, deck lists and deck checks),
judge calls in every state, a finished booster draft (six players and two bots, a few
picks timed out, four decks submitted), big screens and an event imported from another
install's archive. ``data/main-79b1053.expected.json`` is what that commit's code read back
from it: standings, picks and pools, judge calls, deck lists. docs/operations.md says how
both were made.

The test takes the test database back to that commit's migrations, loads the rows through
the historical models, reads every table, migrates forward as an operator does
(``migrate``) and reads every table again: every row that was there is still there with
the same values. New tables, columns and rows are allowed; a content type may change its
app label only, and only for a model that moved to another app keeping its table. Then
today's code reads the events, the draft and the judge calls back as 79b1053's did.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps as global_apps
from django.apps.registry import Apps
from django.conf import settings
from django.core.management import call_command
from django.core.management.color import no_style
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

from decklists import selectors
from decklists.models import CardPool, DeckCheck, DeckList
from drafts.models import CardInstance, DraftSeat, Pick
from judge_calls.models import JudgeCall
from tournaments.models import Event
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db(transaction=True)

DATA = Path(__file__).parent / "data"
FIXTURE = DATA / "main-79b1053.json.gz"
EXPECTED = DATA / "main-79b1053.expected.json"

# The last migration of each of the project's apps at 79b1053. A project app that did not
# exist then (one split out of these since) has none of its migrations applied there.
LEAVES_AT_79B1053 = {
    "accounts": "0002_notification_preferences",
    "rulings": "0004_deckcheck_uid",
    "tournaments": "0015_event_archive",
}

Row = dict[str, Any]
Tables = dict[str, dict[tuple, Row]]


def project_apps(loader: MigrationLoader) -> set[str]:
    """The labels of the project's own apps that have migrations (not the libraries')."""
    base = Path(settings.BASE_DIR).resolve()
    labels = set()
    for config in global_apps.get_app_configs():
        path = Path(config.path).resolve()
        if path.is_relative_to(base) and "site-packages" not in path.parts:
            labels.add(config.label)
    return labels & loader.migrated_apps


def nodes_at_79b1053(loader: MigrationLoader) -> list[tuple[str, str]]:
    """The migrations that are the leaves of a 79b1053 database (the libraries' as today)."""
    ours = project_apps(loader)
    libraries = [node for node in loader.graph.leaf_nodes() if node[0] not in ours]
    return [*LEAVES_AT_79B1053.items(), *libraries]


def migrate_back_to_79b1053() -> Apps:
    """Empty the test database, take it back to 79b1053's migrations and make its content
    types and permissions as ``migrate`` did then; returns that state's historical apps."""
    call_command("flush", verbosity=0, interactive=False, inhibit_post_migrate=True)
    executor = MigrationExecutor(connection)
    loader = executor.loader
    ours = project_apps(loader)
    assert set(LEAVES_AT_79B1053) <= ours
    executor.migrate([(label, LEAVES_AT_79B1053.get(label)) for label in sorted(ours)])

    applied = {key for key in MigrationRecorder(connection).applied_migrations() if key[0] in ours}
    wanted = {
        key
        for leaf in LEAVES_AT_79B1053.items()
        for key in loader.graph.forwards_plan(leaf)
        if key[0] in ours
    }
    assert applied == wanted, "the test database is not at 79b1053's migrations"

    old_apps = loader.project_state(nodes_at_79b1053(loader)).apps
    emit_post_migrate_signal(0, False, connection.alias, apps=old_apps, plan=[])
    return old_apps


def load(objects: list[dict[str, Any]], old_apps: Apps) -> None:
    """Insert the fixture's rows through the historical models: each field's value as the
    serializer wrote it, foreign keys by their raw value, then the many-to-many links."""
    rows: dict[type, list] = defaultdict(list)
    links = []
    for obj in objects:
        model = old_apps.get_model(obj["model"])
        values = {model._meta.pk.attname: model._meta.pk.to_python(obj["pk"])}
        for name, raw in obj["fields"].items():
            field = model._meta.get_field(name)
            if field.many_to_many:
                links.extend((field, obj["pk"], target) for target in raw)
            elif field.is_relation:
                values[field.attname] = None if raw is None else field.target_field.to_python(raw)
            else:
                values[field.attname] = field.to_python(raw)
        rows[model].append(model(**values))
    for model in rows:
        # These historical models are this test's own: their timestamps keep the fixture's
        # values instead of being stamped with the time of the insert.
        for field in model._meta.concrete_fields:
            if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
                field.auto_now = field.auto_now_add = False
    with transaction.atomic():  # foreign keys are checked at the commit
        for model, instances in rows.items():
            model.objects.bulk_create(instances)
        for field, pk, target in links:
            through = field.remote_field.through
            through.objects.create(
                **{
                    f"{field.m2m_field_name()}_id": pk,
                    f"{field.m2m_reverse_field_name()}_id": target,
                }
            )
        with connection.cursor() as cursor:
            for sql in connection.ops.sequence_reset_sql(no_style(), list(rows)):
                cursor.execute(sql)


def snapshot() -> Tables:
    """Every row of every table (but the migration records), by primary key."""
    quote = connection.ops.quote_name
    introspection = connection.introspection
    tables: Tables = {}
    with connection.cursor() as cursor:
        for table in introspection.table_names(cursor):
            if table == MigrationRecorder.Migration._meta.db_table:
                continue
            cursor.execute(f"SELECT * FROM {quote(table)}")
            columns = [c[0] for c in cursor.description]
            values_of_rows = cursor.fetchall()
            key = introspection.get_primary_key_columns(cursor, table) or columns
            rows: dict[tuple, Row] = {}
            seen: Counter[tuple] = Counter()
            for values in values_of_rows:
                row = dict(zip(columns, values, strict=True))
                k = tuple(row[c] for c in key)
                seen[k] += 1  # a table without a primary key may hold the same row twice
                rows[(*k, seen[k])] = row
            tables[table] = rows
    return tables


def moved_model(before: Row, after: Row, old_tables: dict[tuple[str, str], str]) -> bool:
    """A content type whose model is now in another app that kept the model's table."""
    try:
        model = global_apps.get_model(after["app_label"], after["model"])
    except LookupError:
        return False
    old_table = old_tables.get((before["app_label"], before["model"]))
    return old_table is not None and not model._meta.proxy and model._meta.db_table == old_table


def losses(before: Tables, after: Tables, old_tables: dict[tuple[str, str], str]) -> list[str]:
    """What was in ``before`` and is not in ``after`` as it was."""
    found = []
    for table, rows in before.items():
        if table not in after:
            found.append(f"table {table} is gone (it had {len(rows)} rows)")
            continue
        for key, row in rows.items():
            now = after[table].get(key)
            if now is None:
                found.append(f"{table}: the row {row} is gone")
                continue
            changed = {
                column: (value, now.get(column, "<column gone>"))
                for column, value in row.items()
                if column not in now or now[column] != value
            }
            if (
                table == "django_content_type"
                and set(changed) == {"app_label"}
                and moved_model(row, now, old_tables)
            ):
                continue
            if changed:
                found.append(f"{table} {key[:-1]}: changed (before, after): {changed}")
    return found


def content_type_ids(tables: Tables) -> dict[tuple[str, str], int]:
    return {(r["app_label"], r["model"]): r["id"] for r in tables["django_content_type"].values()}


def user(person: Any) -> str | None:
    return person.username if person is not None else None


def read_events() -> dict[str, Any]:
    events = {}
    for event in Event.objects.order_by("pk"):
        entry: dict[str, Any] = {
            "name": event.name,
            "status": event.status,
            "format": event.format,
            "rounds": [
                [r.number, r.kind, r.status, r.matches.count()]
                for r in event.rounds.order_by("number")
            ],
        }
        if event.status == "finished":
            entry["standings"] = [
                {
                    "rank": row.rank,
                    "swiss_rank": row.swiss_rank,
                    "registration": row.registration.pk,
                    "player": row.registration.player.username,
                    "match_points": row.match_points,
                    "record": [row.wins, row.losses, row.draws, row.byes],
                    "tiebreaks": [str(row.omw), str(row.gw), str(row.ogw)],
                    "dropped": row.dropped,
                }
                for row in event_standings(event)
            ]
        events[str(event.pk)] = entry
    return events


def read_judge_calls() -> list[dict[str, Any]]:
    calls = JudgeCall.objects.select_related(
        "match", "round", "caller__player", "claimed_by", "escalated_by", "resolved_by"
    ).order_by("pk")
    return [
        {
            "call": c.pk,
            "event": c.event_id,
            "table": c.match.table,
            "round": c.round.number,
            "caller": c.caller.player.username,
            "reason": c.reason,
            "state": c.state,
            "outcome": c.outcome,
            "claimed_by": user(c.claimed_by),
            "escalated_by": user(c.escalated_by),
            "resolved_by": user(c.resolved_by),
            "extension_minutes": c.extension_minutes,
            "penalty": c.penalty_id,
        }
        for c in calls
    ]


def check_draft_seats(expected: dict[str, Any]) -> None:
    finished_drafts = {
        int(pk)
        for pk, event in expected["events"].items()
        if event["format"] == "booster-draft" and event["status"] == "finished"
    }
    assert finished_drafts
    for want in expected["draft_seats"]:
        seat = DraftSeat.objects.select_related("registration__player", "pod__draft").get(
            pk=want["seat"]
        )
        player = seat.registration.player if seat.registration_id else None
        assert (seat.pod.draft.event_id, seat.position, seat.bot, user(player)) == (
            want["event"],
            want["position"],
            want["bot"],
            want["player"],
        )
        picks = Counter(Pick.objects.filter(seat=seat).values_list("kind", flat=True))
        assert dict(picks) == want["picks"], f"seat {seat.pk}"
        owned = Counter(
            str(card)
            for card in CardInstance.objects.filter(owner=seat).values_list("card", flat=True)
        )
        assert dict(owned) == want["pool"], f"seat {seat.pk}"
        if player is not None and want["event"] in finished_drafts:
            # Recorded when the deck was submitted, or by the migration for who never did.
            pool = CardPool.objects.get(event_id=want["event"], player=player)
            recorded = {str(e.card_id): e.quantity for e in pool.entries.all()}
            assert recorded == want["pool"], f"seat {seat.pk}"


def check_rulings_rows(expected: dict[str, Any]) -> None:
    lists = {
        str(d.pk): [
            d.event_id,
            d.player.username,
            d.entries.count(),
            sum(e.quantity for e in d.entries.all()),
        ]
        for d in DeckList.objects.select_related("player")
    }
    assert lists == expected["deck_lists"]
    checks = [
        [d.pk, d.event_id, d.registration_id, d.outcome, d.penalty_id, d.deck_list_id]
        for d in DeckCheck.objects.order_by("pk")
    ]
    assert checks == expected["deck_checks"]
    # Checks made before lists were kept with them say so: their list as checked is not known.
    recorded = selectors.checked_lists(list(DeckCheck.objects.select_related("registration")))
    assert recorded and {item.state for item in recorded} == {selectors.ListState.NOT_RECORDED}
    pools = {
        str(p.pk): [p.event_id, p.player.username, p.source]
        for p in CardPool.objects.select_related("player")
    }
    assert {pk: pools.get(pk) for pk in expected["card_pools"]} == expected["card_pools"]


@pytest.fixture
def back_to_latest_schema():
    """The test database ends at today's migrations whatever happens: the tests that run
    after this one in the same process need every table and column."""
    yield
    call_command("migrate", verbosity=0, interactive=False)


def test_a_79b1053_database_migrates_forward_with_nothing_lost(back_to_latest_schema):
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        objects = json.load(f)
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))

    old_apps = migrate_back_to_79b1053()
    load(objects, old_apps)
    old_tables = {
        (m._meta.app_label, m._meta.model_name): m._meta.db_table
        for m in old_apps.get_models()
        if not m._meta.proxy
    }
    before = snapshot()
    for label, count in Counter(o["model"] for o in objects).items():
        assert len(before[old_apps.get_model(label)._meta.db_table]) == count, label

    call_command("migrate", verbosity=0, interactive=False)  # as an operator upgrades
    after = snapshot()

    assert losses(before, after, old_tables) == []
    # Every model keeps its content type (the row, not a new one), so permissions and
    # anything else that names it still do, a model moved to another app included.
    old_key_of_table = {table: key for key, table in old_tables.items()}
    ids_before, ids_after = content_type_ids(before), content_type_ids(after)
    for model in global_apps.get_models():
        old_key = old_key_of_table.get(model._meta.db_table)
        if model._meta.proxy or old_key is None:
            continue
        key = (model._meta.app_label, model._meta.model_name)
        assert ids_after.get(key) == ids_before[old_key], f"{key} has a new content type"

    # Today's code reads back what 79b1053's read.
    assert read_events() == expected["events"]
    assert read_judge_calls() == expected["judge_calls"]
    check_draft_seats(expected)
    check_rulings_rows(expected)
