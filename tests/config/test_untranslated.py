"""Nothing user-facing is left untranslated: every message the source marks for translation
(Python, templates, engine message tables) has a Spanish translation in some catalogue.

``makemessages`` runs on a copy of the source in a temporary directory (the committed
catalogues are never touched); every message it finds that the running site would show in
English to a Spanish reader fails the test, with its file and line."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from django.core.management import call_command
from django.test import override_settings
from django.utils import translation
from django.utils.translation import trans_real

ROOT = Path(__file__).resolve().parents[2]
SOURCE_SUFFIXES = (".py", ".html", ".txt", ".po")
SKIPPED_TOP = ("tests/", "bench/", ".venv/", "docs/")

# Messages that read the same in both languages (names, symbols, formats).
SAME_IN_BOTH: set[str] = set()  # none so far: every message has its own Spanish entry


def _source_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return [
        f
        for f in listed
        if f.endswith(SOURCE_SUFFIXES) and not f.startswith(SKIPPED_TOP) and (ROOT / f).exists()
    ]


def _key(entry: polib.POEntry) -> str:
    return f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> list[polib.POEntry]:
    copy = tmp_path_factory.mktemp("source")
    for name in _source_files():
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, target)
    (copy / "locale").mkdir(exist_ok=True)
    cwd = os.getcwd()
    os.chdir(copy)
    try:
        with override_settings(LOCALE_PATHS=[str(copy / "locale")]):
            call_command("makemessages", locale=["es"], verbosity=0, no_obsolete=True)
    finally:
        os.chdir(cwd)
    entries: list[polib.POEntry] = []
    for po_path in copy.glob("**/locale/es/LC_MESSAGES/django.po"):
        po = polib.pofile(str(po_path))
        entries += [e for e in po if not e.obsolete and e.occurrences]
    return entries


def test_every_marked_message_has_a_spanish_translation(extracted: list[polib.POEntry]):
    assert len(extracted) > 500, "makemessages found too few messages"
    catalog = trans_real.translation("es")._catalog
    missing = []
    for entry in extracted:
        if entry.msgid in SAME_IN_BOTH:
            continue
        key = _key(entry)
        found = (key, 0) in catalog if entry.msgid_plural else key in catalog
        if not found:
            where = ", ".join(f"{path}:{line}" for path, line in entry.occurrences[:2])
            missing.append(f"{entry.msgid!r} ({where})")
    assert missing == [], f"{len(missing)} untranslated:\n" + "\n".join(sorted(missing))


def test_the_spanish_catalogue_is_the_one_in_use():
    with translation.override("es"):
        assert translation.gettext("Deck lists") != "Deck lists"
