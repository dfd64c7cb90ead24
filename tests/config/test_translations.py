"""Every Spanish catalogue is complete and its committed .mo matches its .po."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(
    p for p in ROOT.glob("**/locale/es/LC_MESSAGES/django.po") if ".venv" not in p.parts
)


def test_there_are_catalogues():
    assert CATALOGUES


@pytest.mark.parametrize("po_path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_catalogue_is_translated_and_compiled(po_path: Path):
    po = polib.pofile(str(po_path))
    # Every catalogue counts plurals the same way: Django merges them, and a catalogue with
    # three forms would ask for a third form that no message has (and show English).
    assert po.metadata.get("Plural-Forms") == "nplurals=2; plural=(n != 1);", po_path
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert untranslated == [], f"untranslated in {po_path}"
    assert fuzzy == [], f"fuzzy in {po_path}"
    mo = polib.mofile(str(po_path.with_suffix(".mo")))
    compiled = {(e.msgctxt, e.msgid): (e.msgstr or e.msgstr_plural) for e in mo}
    for entry in po.translated_entries():
        expected = entry.msgstr or {int(k): v for k, v in entry.msgstr_plural.items()}
        got = compiled.get((entry.msgctxt, entry.msgid))
        if isinstance(got, dict):
            got = {int(k): v for k, v in got.items()}
        assert got == expected, f"{po_path.with_suffix('.mo')} is stale: run make messages"
