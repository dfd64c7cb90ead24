"""The archive's pure core: the three-way comparison and the checks of a parsed file."""

from __future__ import annotations

import copy
import subprocess
import sys
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from archives.core.checks import check_archive
from archives.core.comparison import digests, plan_import
from archives.core.errors import ArchiveError
from archives.core.schema import FORMAT, VERSION

EVENT_UID = str(uuid.UUID(int=1))


def _event(**changes):
    record = {
        "type": "event",
        "uid": EVENT_UID,
        "name": "Open",
        "game": "humankind",
        "format": "monofaccion",
        "date": "2026-12-05",
        "venue": "",
        "status": "running",
        "swiss_rounds": 3,
        "round_minutes": 50,
        "top_cut": 0,
        "games_per_match": 3,
        "player_cap": None,
        "play_draw_required": False,
        "tiebreaks": "dar",
        "min_deck_size": 41,
        "deck_lists_required": False,
        "record_policy": "accept",
        "qiahn_ruleset": "rulebook-1",
        "qiahn_squad": 3,
        "goblin_mode": "open",
        "goblin_scoring": "survivors",
        "rulings_version": None,
        "seed": 7,
        "created_by": "orga",
        "created_at": "2026-11-01T10:00:00+00:00",
    }
    return {**record, **changes}


def _registration(username, **changes):
    record = {
        "type": "registration",
        "player": username,
        "status": "checked_in",
        "registered_at": "2026-11-01T10:00:00+00:00",
        "checked_in_at": None,
        "late_entry": False,
        "first_round": 1,
        "fixed_table": None,
        "dropped_at": None,
        "dropped_after_round": None,
        "drop_reason": "",
        "dropped_by": None,
        "disqualified": False,
    }
    return {**record, **changes}


def _archive():
    records = {
        "event": _event(),
        "registration:ana": _registration("ana"),
        "registration:bo": _registration("bo"),
    }
    person = {"display_name": "", "first_name": "", "last_name": "", "player_number": None}
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": "2026-11-02T10:00:00+00:00",
        "event": EVENT_UID,
        "base": {
            "install": str(uuid.UUID(int=2)),
            "taken_at": "2026-11-02T10:00:00+00:00",
            "digests": digests(records),
        },
        "people": {"orga": person, "ana": person, "bo": person},
        "catalogue": {"editions": {}, "cards": {}},
        "rulings": None,
        "records": records,
    }


# --- the comparison ------------------------------------------------------------------------
def test_a_change_made_only_in_the_archive_is_applied():
    base = {"event": _event(), "registration:ana": _registration("ana")}
    incoming = {
        "event": _event(status="finished"),
        "registration:bo": _registration("bo"),
    }
    plan = plan_import(base=digests(base), current=base, incoming=incoming)
    assert plan.conflicts == ()
    assert plan.updates == ("event",)
    assert plan.creates == ("registration:bo",)
    assert plan.deletes == ("registration:ana",)


def test_the_same_archive_again_changes_nothing():
    records = {"event": _event(), "registration:ana": _registration("ana")}
    plan = plan_import(base=digests(records), current=records, incoming=records)
    assert plan.changes_nothing and plan.conflicts == ()


def test_a_record_changed_here_since_the_base_is_a_conflict_whatever_the_archive_says():
    base = {"event": _event(), "registration:ana": _registration("ana")}
    current = {"event": _event(), "registration:ana": _registration("ana", status="dropped")}
    for incoming in (base, {**base, "registration:ana": _registration("ana", fixed_table=4)}):
        plan = plan_import(base=digests(base), current=current, incoming=incoming)
        assert [(c.key, c.here) for c in plan.conflicts] == [("registration:ana", "changed")]


def test_records_added_or_deleted_here_are_conflicts_too():
    base = {"event": _event(), "registration:ana": _registration("ana")}
    current = {"event": _event(), "registration:bo": _registration("bo")}
    plan = plan_import(base=digests(base), current=current, incoming=base)
    assert sorted((c.key, c.here) for c in plan.conflicts) == [
        ("registration:ana", "deleted"),
        ("registration:bo", "created"),
    ]


def test_the_same_change_on_both_sides_is_no_conflict():
    base = {"event": _event()}
    changed = {"event": _event(status="finished")}
    plan = plan_import(base=digests(base), current=changed, incoming=changed)
    assert plan.changes_nothing and plan.conflicts == ()


def test_audit_entries_are_only_ever_added():
    def entry(uid, action):
        return {
            "type": "audit",
            "uid": uid,
            "actor": None,
            "action": action,
            "target": "",
            "before": None,
            "after": None,
            "reason": "",
            "created_at": "2026-11-01T10:00:00+00:00",
        }

    here, there = str(uuid.UUID(int=10)), str(uuid.UUID(int=11))
    base = {"event": _event()}
    current = {**base, f"audit:{here}": entry(here, "event.archive_import")}
    incoming = {**base, f"audit:{there}": entry(there, "round.pair")}
    plan = plan_import(base=digests(base), current=current, incoming=incoming)
    assert plan.conflicts == ()
    assert plan.creates == (f"audit:{there}",)
    assert plan.deletes == ()


def test_creations_follow_the_order_of_references_and_deletions_the_reverse():
    round_ = {"type": "round", "number": 1}
    match = {"type": "match", "round": "round:1", "table": 1}
    incoming = {"round:1": round_, "round:1/table:1": match, "event": _event()}
    plan = plan_import(base={}, current={}, incoming=incoming)
    assert plan.creates == ("event", "round:1", "round:1/table:1")
    back = plan_import(base=digests(incoming), current=incoming, incoming={"event": _event()})
    assert back.deletes == ("round:1/table:1", "round:1")


records_strategy = st.dictionaries(
    st.sampled_from(["registration:a", "registration:b", "registration:c", "registration:d"]),
    st.sampled_from(["checked_in", "dropped", "registered"]).map(
        lambda status: {"type": "registration", "status": status}
    ),
)


@given(base=records_strategy, current=records_strategy, incoming=records_strategy)
def test_without_conflicts_applying_the_plan_gives_the_archive(base, current, incoming):
    plan = plan_import(base=digests(base), current=current, incoming=incoming)
    changed_here = {k for k in set(base) | set(current) if base.get(k) != current.get(k)}
    conflicting = {c.key for c in plan.conflicts}
    assert conflicting == {k for k in changed_here if current.get(k) != incoming.get(k)}
    if not plan.conflicts:
        result = copy.deepcopy(dict(current))
        for key in plan.deletes:
            del result[key]
        for key in (*plan.creates, *plan.updates):
            result[key] = incoming[key]
        assert result == incoming


# --- the checks ------------------------------------------------------------------------------
def test_a_complete_archive_passes():
    archive = check_archive(_archive())
    assert archive.event_uid == EVENT_UID
    assert set(archive.records) == {"event", "registration:ana", "registration:bo"}


def _damaged(change):
    data = _archive()
    change(data)
    return data


@pytest.mark.parametrize(
    ("data", "code", "where"),
    [
        ([1, 2], "not_an_archive", None),
        (_damaged(lambda d: d.update(format="tabbycat")), "foreign_format", None),
        (_damaged(lambda d: d.update(version=VERSION + 1)), "unsupported_version", None),
        (_damaged(lambda d: d.update(version=True)), "unsupported_version", None),
        (_damaged(lambda d: d.pop("records")), "missing_field", "archive.records"),
        (_damaged(lambda d: d["records"].pop("event")), "missing_field", "records.event"),
        (
            _damaged(lambda d: d["records"]["registration:ana"].pop("status")),
            "missing_field",
            "records.registration:ana.status",
        ),
        (
            _damaged(lambda d: d["records"]["event"].update(swiss_rounds="3")),
            "wrong_type",
            "records.event.swiss_rounds",
        ),
        (
            _damaged(lambda d: d["records"]["event"].update(created_at="2026-11-01T10:00:00")),
            "wrong_type",
            "records.event.created_at",
        ),
        (
            _damaged(lambda d: d["records"]["event"].update(created_by="nobody")),
            "unknown_reference",
            "records.event.created_by",
        ),
        (
            _damaged(lambda d: d["records"]["registration:ana"].update(player="bo")),
            "wrong_key",
            "records.registration:ana",
        ),
        (
            _damaged(lambda d: d["records"]["registration:ana"].update(type="seat")),
            "unknown_record_type",
            "records.registration:ana",
        ),
        (
            _damaged(lambda d: d.update(event=str(uuid.UUID(int=9)))),
            "wrong_key",
            "records.event.uid",
        ),
        (_damaged(lambda d: d["base"].update(install="laptop")), "wrong_type", "base.install"),
    ],
)
def test_damaged_or_foreign_files_name_the_first_problem(data, code, where):
    with pytest.raises(ArchiveError) as raised:
        check_archive(data)
    assert raised.value.code == code
    if where:
        assert raised.value.params["where"] == where


def test_a_reference_to_a_record_not_in_the_file_is_refused():
    data = _archive()
    data["records"]["round:1"] = {
        "type": "round",
        "number": 1,
        "kind": "swiss",
        "status": "published",
        "seed": 1,
        "forced": False,
        "created_at": "2026-11-01T10:00:00+00:00",
        "published_at": None,
        "started_at": None,
        "ends_at": None,
        "paused_remaining": None,
        "time_called_at": None,
        "finished_at": None,
    }
    data["records"]["round:1/table:1"] = {
        "type": "match",
        "round": "round:1",
        "table": 1,
        "player_a": "registration:ana",
        "player_b": "registration:zoe",
        "flags": [],
        "extension_seconds": 0,
        "status": "pending",
        "games_won_a": None,
        "games_won_b": None,
        "games_drawn": None,
        "result_source": "",
        "confirmed_at": None,
        "winner": "",
        "override": "",
    }
    with pytest.raises(ArchiveError) as raised:
        check_archive(data)
    assert raised.value.code == "unknown_reference"
    assert raised.value.params == {
        "where": "records.round:1/table:1.player_b",
        "target": "registration:zoe",
    }


def test_the_core_imports_nothing_from_django():
    code = (
        "import importlib, pkgutil, sys\n"
        "import archives.core as core\n"
        "names = [m.name for m in pkgutil.iter_modules(core.__path__, 'archives.core.')]\n"
        "assert 'archives.core.checks' in names, names\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
