"""A record's formats accept exactly their shape: ``null`` is no value of any key, a
required one or an optional one, and is refused at its path like any wrong type (it is
never read as the key being absent). Every game: each key of a legal record set to null,
and each optional key the record leaves out added as null."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.engines.anachronism.playout import random_record
from games.engines.errors import RecordSyntaxError
from games.engines.registry import check_record

EXAMPLES = Path(__file__).resolve().parents[3] / "games" / "data" / "examples"

# The keys each format lets a record leave out.
OPTIONAL = {
    "qiahn-tactics": ("outfit", "rolls", "copy"),
    "qiahn-goblin-ii": ("setup", "plays", "concede", "copy"),
    "anachronism": ("arena", "initiative_rolls", "discards", "rerolls", "to", "face"),
}


def _anachronism_with_an_action_ability() -> dict[str, Any]:
    """A legal record using an ability that names no square (a heal): its ``to`` and
    ``face`` are the optional keys that were read as absent when null."""
    for seed in range(1000):
        record = random_record(random.Random(seed))
        for assault in record["assaults"]:
            for turn in assault["turns"]:
                if any(a["do"] == "ability" and "to" not in a for a in turn["actions"]):
                    return record
    raise AssertionError("no playout used a heal ability")  # pragma: no cover


def _records() -> list[tuple[str, dict[str, Any]]]:
    records = [
        (path.stem, json.loads(path.read_text(encoding="utf-8")))
        for path in sorted(EXAMPLES.glob("*.json"))
    ]
    records.append(("anachronism-heal", _anachronism_with_an_action_ability()))
    return records


RECORDS = _records()


def _objects(value: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """(path, object) for every object in the record, paths written as the engines do."""
    if isinstance(value, dict):
        yield path, value
        for key, child in value.items():
            yield from _objects(child, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _objects(child, f"{path}[{i}]")


def _changed(record: dict[str, Any], at: str, key: str) -> dict[str, Any]:
    """A copy of ``record`` whose object at ``at`` has ``key`` set to null."""
    mutated = copy.deepcopy(record)
    for where, obj in _objects(mutated):
        if where == at:
            obj[key] = None
            return mutated
    raise AssertionError(at)  # pragma: no cover


def _cases(added: bool) -> list[tuple[str, dict[str, Any], str, str]]:
    cases = []
    for name, record in RECORDS:
        for at, obj in _objects(record):
            keys = [k for k in OPTIONAL[record["game"]] if k not in obj] if added else list(obj)
            cases.extend((name, record, at, key) for key in keys)
    return cases


@pytest.mark.parametrize("name, record", RECORDS, ids=[n for n, _r in RECORDS])
def test_the_records_are_legal_as_they_are(name, record):
    assert check_record(record).valid, check_record(record).error


def test_every_key_set_to_null_is_refused_at_its_path():
    failures = []
    for name, record, at, key in _cases(added=False):
        verdict = check_record(_changed(record, at, key))
        path = f"{at}.{key}" if at else key
        error = verdict.error
        if verdict.valid or not isinstance(error, RecordSyntaxError) or error.path != path:
            failures.append(f"{name} {path}: {error!r} {getattr(error, 'path', None)}")
    assert not failures, "\n".join(failures)


def test_every_optional_key_given_as_null_is_refused():
    failures = []
    for name, record, at, key in _cases(added=True):
        verdict = check_record(_changed(record, at, key))
        if verdict.valid or not isinstance(verdict.error, RecordSyntaxError):
            failures.append(f"{name} {at}.{key}: {verdict.error!r}")
    assert not failures, "\n".join(failures)


def test_a_null_ability_square_names_the_step_and_the_field_in_spanish():
    from django.utils import translation

    from games.messages import error_text

    _name, record = RECORDS[-1]
    at = next(
        where for where, obj in _objects(record) if obj.get("do") == "ability" and "to" not in obj
    )
    verdict = check_record(_changed(record, at, "to"))
    assert not verdict.valid
    assert verdict.error.path == f"{at}.to"
    with translation.override("es"):
        text = error_text(verdict.error)
    assert f"{at}.to" in text
    assert "null" in text or "nulo" in text
