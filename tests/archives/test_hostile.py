"""Event archives that are hostile or too big: lone surrogates, the size and record limits,
and staff roles for accounts that already exist on the importing site."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.utils import translation

from accounts.models import User
from archives.core.checks import check_archive
from archives.core.errors import ArchiveError
from archives.services import (
    ArchiveRefusedError,
    archive_json,
    event_archive_export,
    event_archive_import,
)
from archives.services import reading as archive_reading
from tests.archives.helpers import build_central_event
from tests.archives.test_archive import _fresh_archive, _snapshot
from tests.factories import UserFactory
from tournaments.audit_presenter import audit_lines
from tournaments.models import AuditEntry, Event, EventStaff


@pytest.fixture
def event_after_round_1(db) -> Event:
    return build_central_event()


@pytest.fixture
def archive(event_after_round_1) -> dict:
    """A copy of the event that would import as a new event, with a newcomer (so a
    partial import would show)."""
    archive = _fresh_archive(event_after_round_1)
    archive["people"]["newcomer"] = {
        "display_name": "New Comer",
        "first_name": "",
        "last_name": "",
        "player_number": None,
    }
    archive["records"]["staff:newcomer"] = {"type": "staff", "user": "newcomer", "role": "judge"}
    return archive


def _unchanged(archive: dict, before: tuple) -> None:
    assert _snapshot(archive["event"]) == before
    assert not User.objects.filter(username="newcomer").exists()


# --- lone surrogates -------------------------------------------------------------------------
def _audit_key(archive: dict) -> str:
    return max(k for k in archive["records"] if k.startswith("audit:"))


SURROGATES = {
    "a person's name": (
        lambda a: a["people"]["newcomer"].update(display_name="Ana \ud800"),
        "people.newcomer.display_name",
    ),
    "a record's text": (
        lambda a: a["records"][_audit_key(a)].update(reason="\udfff"),
        "reason",
    ),
    "a username (a key)": (
        lambda a: a["people"].update({"x\ud83d": a["people"]["newcomer"]}),
        "people.x\\ud83d",
    ),
}


@pytest.mark.parametrize("damage, where", SURROGATES.values(), ids=SURROGATES.keys())
def test_a_lone_surrogate_is_refused_naming_where_with_nothing_written(archive, damage, where):
    damage(archive)
    data = json.dumps(archive)  # "\ud800" escapes, as any JSON writer may produce them
    assert "\\ud" in data
    before = _snapshot(archive["event"])

    with pytest.raises(ArchiveRefusedError) as raised:
        event_archive_import(data=data)

    assert "invalid character" in raised.value.message and where in raised.value.message
    raised.value.message.encode("utf-8")  # printable
    _unchanged(archive, before)


def test_the_command_refuses_a_lone_surrogate_in_both_languages(archive, tmp_path):
    archive["people"]["newcomer"]["display_name"] = "\ud800"
    path = tmp_path / "archive.json"
    path.write_text(json.dumps(archive), encoding="utf-8")
    before = _snapshot(archive["event"])

    with pytest.raises(CommandError, match=r"people\.newcomer\.display_name"):
        call_command("import_event_archive", str(path))
    with pytest.raises(CommandError, match="carácter no válido"):
        call_command("import_event_archive", str(path), language="es")
    _unchanged(archive, before)


def test_the_core_refuses_a_lone_surrogate_anywhere():
    data = {"format": "opm-event-archive", "version": 1, "records": {"a": [{"b": "\ud800"}]}}
    data.update(exported_at="", event="", base={}, people={}, catalogue={}, rulings=None)
    with pytest.raises(ArchiveError) as raised:
        check_archive(data)
    assert raised.value.code == "lone_surrogate"
    assert raised.value.params["where"] == "archive.records.a[0].b"


# --- the size limit --------------------------------------------------------------------------
class _Stream(io.BytesIO):
    """A pipe-like stream (no size to ask) that counts what is read from it."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.served = 0

    def read(self, size: int | None = -1) -> bytes:
        part = super().read(size)
        self.served += len(part)
        return part

    def fileno(self) -> int:
        raise io.UnsupportedOperation


@pytest.fixture
def parser_never_called(monkeypatch):
    def boom(*args, **kwargs):
        raise AssertionError("the file was parsed")

    monkeypatch.setattr(archive_reading.json, "loads", boom)


@override_settings(ARCHIVE_MAX_BYTES=1024)
def test_a_file_over_the_size_limit_is_refused_before_it_is_read_or_parsed(
    archive, tmp_path, parser_never_called
):
    data = archive_json(archive).encode()
    assert len(data) > 40 * 1024
    before = _snapshot(archive["event"])

    stream = _Stream(data)
    with pytest.raises(ArchiveRefusedError, match="larger than the 1024 bytes"):
        event_archive_import(data=stream)
    assert stream.served <= 1025  # read in bounded chunks, never whole

    class Upload(_Stream):  # an uploaded file knows its size: nothing is read
        size = len(data)

    upload = Upload(data)
    with pytest.raises(ArchiveRefusedError, match="ARCHIVE_MAX_BYTES"):
        event_archive_import(data=upload)
    assert upload.served == 0

    path = tmp_path / "archive.json"
    path.write_bytes(data)
    with pytest.raises(CommandError, match="larger than the 1024 bytes"):
        call_command("import_event_archive", str(path))
    with pytest.raises(CommandError, match="1024 bytes"), translation.override("es"):
        call_command("import_event_archive", str(path), language="es")
    _unchanged(archive, before)


def test_a_file_within_the_size_limit_is_imported(archive, tmp_path):
    data = archive_json(archive).encode()
    path = tmp_path / "archive.json"
    path.write_bytes(data)
    with override_settings(ARCHIVE_MAX_BYTES=len(data)):
        said = io.StringIO()
        call_command("import_event_archive", str(path), stdout=said)
    assert "Created event" in said.getvalue()


# --- the record limit ------------------------------------------------------------------------
def test_an_archive_over_the_record_limit_is_refused_before_its_records_are_checked(archive):
    from archives.core.limits import count_items  # (here: the old code had none)

    items = count_items(archive)
    assert items > len(archive["records"])  # people, cards and list entries count too
    before = _snapshot(archive["event"])
    damaged = json.loads(json.dumps(archive))
    damaged["records"]["round:1"]["number"] = "one"

    with override_settings(ARCHIVE_MAX_RECORDS=items - 1):
        for data in (archive, damaged):
            with pytest.raises(ArchiveRefusedError) as raised:
                event_archive_import(data=json.dumps(data))
            assert f"holds {items} records, more than the {items - 1}" in raised.value.message
    _unchanged(archive, before)

    with override_settings(ARCHIVE_MAX_RECORDS=items):
        assert event_archive_import(data=json.dumps(archive)).created_event


# --- staff roles for accounts that exist here ------------------------------------------------
@pytest.fixture
def alice(db) -> User:
    return UserFactory(username="alice", display_name="Alice")


def _name_staff(archive: dict, user: User, role: str = "judge") -> None:
    archive["people"][user.username] = {
        "display_name": user.display_name,
        "first_name": "",
        "last_name": "",
        "player_number": None,
    }
    archive["records"][f"staff:{user.username}"] = {
        "type": "staff",
        "user": user.username,
        "role": role,
    }


def _roles(event: Event) -> dict[str, str]:
    return dict(EventStaff.objects.filter(event=event).values_list("user__username", "role"))


def _import_audit(event: Event) -> dict:
    return AuditEntry.objects.get(event=event, action="event.archive_import").after


def test_an_archive_gives_no_role_to_an_existing_account_without_the_grant(archive, alice):
    _name_staff(archive, alice)

    result = event_archive_import(data=json.dumps(archive))

    event = result.event
    # The newcomer's account was made by the import (no usable password): role kept.
    assert _roles(event) == {"newcomer": "judge"}
    assert not alice.has_perm("tournaments.run_event", event)
    assert result.staff_withheld == ("alice (judge)", "judy (judge)", "orga (organiser)")
    assert result.staff_granted == ("newcomer (judge)",)
    audit = _import_audit(event)
    assert audit["staff_granted"] == ["newcomer (judge)"]
    assert audit["staff_not_granted"] == list(result.staff_withheld)


def test_the_grant_gives_roles_to_exactly_the_accounts_it_names(archive, alice):
    _name_staff(archive, alice)
    UserFactory(username="bob")

    result = event_archive_import(data=json.dumps(archive), grant_staff=["alice", "bob"])

    event = result.event
    assert _roles(event) == {"newcomer": "judge", "alice": "judge"}
    assert alice.has_perm("tournaments.run_event", event)
    assert result.staff_withheld == ("judy (judge)", "orga (organiser)")
    assert _import_audit(event)["staff_granted"] == ["alice (judge)", "newcomer (judge)"]
    entry = AuditEntry.objects.filter(event=event, action="event.archive_import")
    sentence = audit_lines(entry, event=event)[0].sentence
    assert "Staff roles given or changed: alice (judge), newcomer (judge)." in sentence
    assert "not granted: judy (judge), orga (organiser)." in sentence


def test_the_command_reports_the_roles_given_and_not_given(archive, alice, tmp_path):
    _name_staff(archive, alice)
    path = tmp_path / "archive.json"
    path.write_text(archive_json(archive), encoding="utf-8")

    said = io.StringIO()
    call_command("import_event_archive", str(path), "--grant-staff", "alice, orga", stdout=said)

    event = Event.objects.get(uid=archive["event"])
    assert _roles(event) == {"newcomer": "judge", "alice": "judge", "orga": "organiser"}
    out = said.getvalue()
    assert "given or changed: alice (judge), newcomer (judge), orga (organiser)." in out
    assert "not given" in out and "judy (judge)" in out


def test_a_role_not_granted_stays_in_the_events_archive_until_a_later_import_grants_it(
    archive, alice
):
    _name_staff(archive, alice)
    data = json.dumps(archive)
    event = event_archive_import(data=data).event

    # Its next archive still names alice (the home site must not read a removal)...
    again = event_archive_export(event_id=event.pk)
    assert again["records"]["staff:alice"] == archive["records"]["staff:alice"]
    # ...the same archive again is up to date, alice still without a role...
    result = event_archive_import(data=data)
    assert result.up_to_date and result.staff_withheld[0] == "alice (judge)"
    assert "alice" not in _roles(event)
    # ...until an import grants it.
    result = event_archive_import(data=data, grant_staff=["alice"])
    assert result.staff_granted == ("alice (judge)",) and _roles(event)["alice"] == "judge"
    assert event_archive_import(data=data, grant_staff=["alice"]).up_to_date


def test_a_role_change_for_an_existing_account_needs_the_grant(event_after_round_1):
    event = event_after_round_1
    archive = event_archive_export(event_id=event.pk)
    archive["records"]["staff:judy"]["role"] = "organiser"  # promoted on the laptop

    result = event_archive_import(data=json.dumps(archive))
    assert _roles(event)["judy"] == "judge"
    assert result.staff_withheld == ("judy (organiser)",)

    result = event_archive_import(data=json.dumps(archive), grant_staff=["judy"])
    assert _roles(event)["judy"] == "organiser"
    assert result.staff_granted == ("judy (organiser)",)
