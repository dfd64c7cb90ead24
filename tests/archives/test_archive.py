"""Event archives on one database: what an export holds, re-imports, conflicts, refusals,
the judges' download and the commands. The two-install round trip is in
``test_archive_round_trip``."""

from __future__ import annotations

import io
import json
import uuid

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, models
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from archives.core.comparison import digests
from archives.core.drafts import (
    INSTANCE_FIELDS,
    PACK_FIELDS,
    PICK_FIELDS,
    POD_FIELDS,
    POD_PARTS,
    SEAT_FIELDS,
    TABLE_DECK_FIELDS,
)
from archives.core.schema import FORMAT, RECORD_FIELDS, VERSION
from archives.models import InstallIdentity
from archives.services import (
    ArchiveConflictError,
    ArchiveRefusedError,
    archive_json,
    event_archive_export,
    event_archive_import,
)
from archives.services.records import MODELS, event_rows
from decklists.models import CardPoolEntry, DeckCheck, DeckCheckEntry, DeckList, DeckListEntry
from drafts.models import CardInstance, Draft, DraftSeat, Pack, Pick, Pod, TableDeck
from tests.archives.helpers import build_central_event, standings_table
from tests.factories import UserFactory
from tests.tournaments.helpers import add_players, make_event, make_organiser
from tournaments.models import (
    AuditEntry,
    Event,
    EventStaff,
    Game,
    Match,
    Penalty,
    Registration,
    ResultReport,
    Round,
)
from tournaments.services.penalties import penalty_issue
from tournaments.services.registration import registration_drop


@pytest.fixture
def event_after_round_1(db) -> Event:
    return build_central_event()


def _snapshot(event_uid) -> tuple:
    """Everything an import could write: the event's records, people, the audit log."""
    event = Event.objects.filter(uid=event_uid).first()
    records = digests(event_rows(event).records) if event else {}
    return (
        records,
        sorted(User.objects.values_list("username", "password", "display_name")),
        Event.objects.count(),
        AuditEntry.objects.count(),
        Registration.objects.count(),
        Match.objects.count(),
    )


# --- what the export holds -------------------------------------------------------------------
def test_export_holds_everything_the_event_needs_and_no_secrets(event_after_round_1):
    event = event_after_round_1
    archive = event_archive_export(event_id=event.pk)
    text = archive_json(archive)

    assert archive["format"] == FORMAT and archive["version"] == VERSION
    assert archive["event"] == str(event.uid)
    types = {r["type"] for r in archive["records"].values()}
    assert types >= {
        "event",
        "staff",
        "registration",
        "round",
        "match",
        "report",
        "penalty",
        "deck_list",
        "audit",
    }
    assert len([r for r in archive["records"].values() if r["type"] == "registration"]) == 10
    # People: names for pairings, no password hash, no e-mail address.
    for user in User.objects.filter(registrations__event=event):
        assert user.password and user.password not in text
        assert user.email not in text
        assert set(archive["people"][user.username]) == {
            "display_name",
            "first_name",
            "last_name",
            "player_number",
        }
    assert "password" not in text and "@" not in json.dumps(archive["people"])
    # The rulings version in force and every card the deck lists and the document use.
    assert event.rulings_version is not None
    assert archive["rulings"]["version"]["number"] == event.rulings_version.number
    assert archive["records"]["event"]["rulings_version"] == (
        f"{event.rulings_version.document.slug}/{event.rulings_version.number}"
    )
    listed = {
        e["card"]
        for r in archive["records"].values()
        if r["type"] == "deck_list"
        for e in r["entries"]
    }
    assert listed and listed <= set(archive["catalogue"]["cards"])
    # The base: this install's current state.
    assert archive["base"]["install"] == str(InstallIdentity.objects.get().uid)
    assert archive["base"]["digests"] == digests(archive["records"])


def test_every_field_of_an_archived_model_is_in_the_format():
    """A field added to one of these models must be added to the format too."""

    def fields(model) -> set[str]:
        return {f.name for f in model._meta.concrete_fields if not isinstance(f, models.AutoField)}

    for record_type, model in MODELS.items():
        in_format = set(RECORD_FIELDS[record_type]) - {"entries", "checked_entries", "pods"}
        assert fields(model) - {"event"} == in_format, record_type  # a record is its event's
    # A draft's pods and their parts (``archives.core.drafts``): no primary key, an id of
    # the archive's own for packs, auction decks and cards; a pick names its card "card".
    parts = {
        Pod: (POD_FIELDS, {"draft"}, set(POD_PARTS)),
        DraftSeat: (SEAT_FIELDS, {"pod"}, set()),
        TableDeck: (TABLE_DECK_FIELDS, {"pod"}, {"id"}),
        Pack: (PACK_FIELDS, {"pod"}, {"id"}),
        CardInstance: (INSTANCE_FIELDS, {"pod"}, {"id"}),
    }
    for model, (spec, parent, extra) in parts.items():
        assert fields(model) - parent == set(spec) - extra, model.__name__
    assert fields(Pick) - {"pod", "card_instance"} == set(PICK_FIELDS) - {"card"}
    assert fields(DeckListEntry) == {"deck_list", "card", "quantity", "line"}
    assert fields(CardPoolEntry) == {"pool", "card", "quantity"}
    assert fields(DeckCheckEntry) == {"deck_check", "card", "quantity", "line"}


# --- importing -------------------------------------------------------------------------------
def test_importing_the_same_archive_again_changes_nothing(event_after_round_1):
    event = event_after_round_1
    data = archive_json(event_archive_export(event_id=event.pk))
    before = _snapshot(event.uid)
    for _ in range(2):
        result = event_archive_import(data=data)
        assert result.up_to_date
        assert _snapshot(event.uid) == before


def test_import_into_a_site_without_the_event_recreates_it_with_identical_standings(
    event_after_round_1,
):
    event = event_after_round_1
    standings = standings_table(event.uid)
    data = archive_json(event_archive_export(event_id=event.pk))
    uid, old_pk = event.uid, event.pk
    Match.objects.filter(round__event=event).delete()
    event.delete()

    result = event_archive_import(data=data)

    assert result.created_event and result.event.pk != old_pk
    assert standings_table(uid) == standings
    assert event_archive_import(data=data).up_to_date


def test_a_central_change_since_the_export_refuses_the_import_listing_it(event_after_round_1):
    event = event_after_round_1
    archive = event_archive_export(event_id=event.pk)
    judge = User.objects.get(username="judy")
    regs = list(event.registrations.order_by("pk"))
    # Centrally, after the export: a penalty and a drop.
    penalty = penalty_issue(
        actor=judge, registration_id=regs[1].pk, reason="Slow play", kind="warning"
    )
    registration_drop(actor=judge, registration_id=regs[2].pk, reason="Left")
    # On the laptop: the same player's fixed table changed.
    archive["records"][f"registration:{regs[2].player.username}"]["fixed_table"] = 7
    before = _snapshot(event.uid)

    with pytest.raises(ArchiveConflictError) as raised:
        event_archive_import(data=json.dumps(archive))

    conflicts = {(c.key, c.here) for c in raised.value.conflicts}
    assert conflicts == {
        (f"penalty:{penalty.uid}", "created"),
        (f"registration:{regs[2].player.username}", "changed"),
    }
    assert f"penalty:{penalty.uid}" in raised.value.message
    assert _snapshot(event.uid) == before


def _fresh_archive(event: Event) -> dict:
    """The event's archive with new identities (the event's and every uid), so importing it
    creates a second event beside the first."""
    text = archive_json(event_archive_export(event_id=event.pk))
    for record in json.loads(text)["records"].values():
        if "uid" in record:
            text = text.replace(record["uid"], str(uuid.uuid4()))
    return json.loads(text)


def _set(path: str, value):
    def change(archive: dict) -> None:
        *parents, last = path.split(".")
        node = archive
        for name in parents:
            node = node[name]
        node[last] = value

    return change


def _match_key(archive: dict) -> str:
    return max(k for k, r in archive["records"].items() if r["type"] == "match")


DAMAGE = {
    "bad json": lambda a: "{not json",
    "foreign format": _set("format", "other-site-export"),
    "newer version": _set("version", VERSION + 1),
    "missing people": lambda a: a.pop("people") and a,
    "wrong type": lambda a: a["records"]["round:1"].update(number="one") or a,
    "missing record": lambda a: a["records"].pop("round:1") and a,
    "reference out of the file": lambda a: (
        a["records"][_match_key(a)].update(player_b="registration:nobody") or a
    ),
    "invalid choice, last record written": lambda a: (
        a["records"][max(k for k in a["records"] if k.startswith("audit:"))].update(action="x" * 41)
        or a
    ),
    "invalid status": lambda a: a["records"]["round:1"].update(status="bogus") or a,
    "number out of range": lambda a: a["records"]["round:1"].update(seed=2**70) or a,
    "duration out of range": lambda a: a["records"]["round:1"].update(paused_remaining=1e300) or a,
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_or_foreign_file_is_refused_with_nothing_written(event_after_round_1, damage):
    archive = _fresh_archive(event_after_round_1)
    # New people too, so a partial import would show.
    archive["people"]["newcomer"] = {
        "display_name": "New Comer",
        "first_name": "",
        "last_name": "",
        "player_number": None,
    }
    archive["records"]["staff:newcomer"] = {"type": "staff", "user": "newcomer", "role": "judge"}
    damaged = damage(archive)
    data = damaged if isinstance(damaged, str) else json.dumps(damaged)
    before = _snapshot(archive["event"])

    with pytest.raises(ArchiveRefusedError) as raised:
        event_archive_import(data=data)

    assert raised.value.message
    assert _snapshot(archive["event"]) == before
    assert not User.objects.filter(username="newcomer").exists()


def test_the_refusal_is_in_spanish_for_a_spanish_reader(event_after_round_1):
    archive = event_archive_export(event_id=event_after_round_1.pk)
    archive["version"] = 99
    with translation.override("es"), pytest.raises(ArchiveRefusedError) as raised:
        event_archive_import(data=json.dumps(archive))
    assert "versión" in raised.value.message


def test_people_new_here_get_no_usable_password_and_existing_ones_are_kept(
    event_after_round_1,
):
    event = event_after_round_1
    archive = _fresh_archive(event)
    archive["people"]["walkin"] = {
        "display_name": "Walk In",
        "first_name": "",
        "last_name": "",
        "player_number": None,
    }
    archive["records"]["staff:walkin"] = {"type": "staff", "user": "walkin", "role": "judge"}
    judge = User.objects.get(username="judy")
    password = judge.password

    event_archive_import(data=json.dumps(archive))

    walkin = User.objects.get(username="walkin")
    assert not walkin.has_usable_password()
    assert walkin.email.endswith("@archive.invalid")
    judge.refresh_from_db()
    assert judge.password == password


def test_an_imported_event_keeps_every_row_and_timestamp(event_after_round_1):
    event = event_after_round_1
    archive = _fresh_archive(event)
    # The event's staff have accounts on this site: their roles only with the grant.
    result = event_archive_import(data=json.dumps(archive), grant_staff=["judy", "orga"])
    copy = result.event
    mine = event_rows(copy).records
    theirs = archive["records"]
    audit = {k for k in mine if k.startswith("audit:")} - set(theirs)
    assert len(audit) == 1  # the import itself is in the audit log
    assert {k: v for k, v in mine.items() if k not in audit} == theirs
    assert (
        Game.objects.filter(match__round__event=copy).count()
        == Game.objects.filter(match__round__event=event).count()
    )
    for model, filters in [
        (Round, "event"),
        (EventStaff, "event"),
        (Penalty, "event"),
        (DeckList, "event"),
        (DeckCheck, "event"),
        (ResultReport, "match__round__event"),
    ]:
        assert (
            model.objects.filter(**{filters: copy}).count()
            == model.objects.filter(**{filters: event}).count()
        )


def _checked_lists(event: Event) -> dict[str, tuple]:
    """Each deck check of the event by its player: its state and the list as checked."""
    from decklists import selectors

    return {
        item.check.registration.player.username: (
            item.state,
            item.check.checked_text,
            sorted((e.card.ref, e.quantity) for e in item.entries),
            [(c.card.ref, c.before, c.after) for c in item.changes],
        )
        for item in selectors.deck_checks_of_event(event)
    }


def test_a_deck_check_keeps_its_list_as_checked_through_the_archive(event_after_round_1):
    event = event_after_round_1
    before = _checked_lists(event)
    assert sorted(state for state, *_rest in before.values()) == ["changed", "no_list"]
    archive = json.loads(archive_json(event_archive_export(event_id=event.pk)))
    checks = [r for r in archive["records"].values() if r["type"] == "deck_check"]
    assert sorted(len(r["checked_entries"]) for r in checks) == [0, 11]  # 41 cards
    assert {c["card"] for r in checks for c in r["checked_entries"]} <= set(
        archive["catalogue"]["cards"]
    )
    uid = event.uid
    Match.objects.filter(round__event=event).delete()
    event.delete()
    copy = event_archive_import(data=json.dumps(archive)).event
    assert str(copy.uid) == str(uid) and _checked_lists(copy) == before


def test_an_archive_written_before_checks_kept_their_list_still_imports(event_after_round_1):
    event = event_after_round_1
    archive = json.loads(archive_json(event_archive_export(event_id=event.pk)))
    for record in archive["records"].values():
        if record["type"] == "deck_check":
            for name in ("list_recorded", "checked_text", "checked_entries"):
                del record[name]
    Match.objects.filter(round__event=event).delete()
    event.delete()
    copy = event_archive_import(data=json.dumps(archive)).event
    states = {state for state, *_rest in _checked_lists(copy).values()}
    assert states == {"not_recorded"}
    assert DeckCheck.objects.filter(event=copy).count() == 2


def test_a_booster_draft_event_not_started_yet_round_trips(db):
    event = make_event(make_organiser(), format="booster-draft")
    Draft.objects.create(event=event, pack_editions=["DV", "DV", "SU", "SU"], bots=2)
    archive = event_archive_export(event_id=event.pk)
    assert archive["records"]["draft"]["pods"] == []
    uid = event.uid
    event.delete()
    copy = event_archive_import(data=json.dumps(archive)).event
    assert str(copy.uid) == str(uid)
    assert (copy.draft.bots, copy.draft.pack_editions) == (2, ["DV", "DV", "SU", "SU"])


# --- the judges' download and the commands --------------------------------------------------
def test_the_events_judges_download_the_archive_and_players_cannot(event_after_round_1, client):
    event = event_after_round_1
    url = reverse("archives:archive", args=[event.pk])
    player = event.registrations.first().player

    client.force_login(player)
    assert client.get(url).status_code == 403
    assert (
        client.get(reverse("tournaments:event_detail", args=[event.pk])).content.count(url.encode())
        == 0
    )

    client.force_login(User.objects.get(username="judy"))
    page = client.get(reverse("tournaments:judge_players", args=[event.pk]))
    assert url.encode() in page.content
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert json.loads(response.content)["event"] == str(event.uid)

    other_judge = UserFactory(username="elsewhere")
    EventStaff.objects.create(event=build_other_event(), user=other_judge, role="judge")
    client.force_login(other_judge)
    assert client.get(url).status_code == 403


def build_other_event() -> Event:
    return make_event(make_organiser("orga2"), name="Other")


def test_the_commands_export_and_import(event_after_round_1, tmp_path):
    event = event_after_round_1
    out = io.StringIO()
    call_command("export_event_archive", event.pk, stdout=out)
    path = tmp_path / "event.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    assert json.loads(out.getvalue())["event"] == str(event.uid)

    said = io.StringIO()
    call_command("import_event_archive", str(path), stdout=said)
    assert "already up to date" in said.getvalue()

    path.write_text("[]", encoding="utf-8")
    with pytest.raises(CommandError, match="not an event archive"):
        call_command("import_event_archive", str(path))
    with pytest.raises(CommandError, match="no es un paquete de evento"):
        call_command("import_event_archive", str(path), language="es")
    with pytest.raises(CommandError, match="no event 999999"):
        call_command("export_event_archive", 999999)


def test_the_export_runs_the_same_queries_whatever_the_events_size(
    event_after_round_1, django_assert_max_num_queries
):
    event = event_after_round_1
    event_archive_export(event_id=event.pk)  # the install's identity, made once
    with CaptureQueriesContext(connection) as small:
        event_archive_export(event_id=event.pk)
    add_players(event, 20, prefix="late")
    with django_assert_max_num_queries(len(small.captured_queries)):
        archive = event_archive_export(event_id=event.pk)
    assert len([r for r in archive["records"].values() if r["type"] == "registration"]) == 30
