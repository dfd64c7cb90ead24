"""Event archive import near the size limits: python bench/archive_import.py

Builds the archive tests' central event (ten players after round 1) on a scratch SQLite
database, adds ``--audit`` extra audit-log records to it (the bulk of a big event's
archive), writes the file, then imports it in a fresh process on another empty SQLite
database and reports the file's size, the import's time and its peak memory (the process's
peak resident size above what it had before reading the file; ``--tracemalloc`` also
reports Python's own allocation peak, which slows the import down).

``--draft N`` archives a booster draft event instead: ``simulate_draft`` with N players
(pods of eight, the auction, four packs, decks built and round 1 paired), whose pods,
cards and picks the import writes and checks for conservation (add ``--audit 0`` to time
the draft alone).

Bounded: the default (59,800 extra records: 29 MiB and just under the default
ARCHIVE_MAX_RECORDS of 60,000) takes about a minute.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setup(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    for name in ("REDIS_URL", "CELERY_BROKER_URL"):
        os.environ.pop(name, None)
    sys.path.insert(0, str(ROOT))
    from bench._django import setup

    setup()


def make(path: Path, audit: int, draft: int) -> None:
    from archives.services import archive_json, event_archive_export
    from drafts.services.simulation import simulate_draft
    from tests.archives.helpers import build_central_event

    if draft:
        event = simulate_draft(players=draft, seed=1, pair_round_1=True).event
    else:
        event = build_central_event()
    archive = event_archive_export(event_id=event.pk)
    for n in range(audit):
        uid = str(uuid.uuid4())
        archive["records"][f"audit:{uid}"] = {
            "type": "audit",
            "uid": uid,
            "actor": "judy",
            "action": "match.override",
            "target": f"Round 1, table {n % 500 + 1}",
            "before": {"score": [1, 2, 0], "status": "confirmed"},
            "after": {"score": [2, 1, 0], "status": "confirmed"},
            "reason": "Score slip entered the wrong way round at the desk",
            "created_at": f"2026-12-05T10:{n // 60 % 60:02d}:{n % 60:02d}+00:00",
        }
    path.write_text(archive_json(archive), encoding="utf-8")
    records = len(archive["records"])
    pods = archive["records"].get("draft", {}).get("pods", [])
    cards = sum(len(p["cards"]) for p in pods)
    picks = sum(len(p["picks"]) for p in pods)
    print(
        f"archive: {records} records, {len(pods)} pods, {cards} draft cards, {picks} picks, "
        f"{path.stat().st_size / 2**20:.1f} MiB"
    )


def run_import(path: Path, trace: bool) -> None:
    import tracemalloc

    from archives.services import event_archive_import

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if trace:
        tracemalloc.start()
    start = time.perf_counter()
    with open(path, "rb") as handle:
        accepts_files = "grant_staff" in inspect.signature(event_archive_import).parameters
        result = (
            event_archive_import(data=handle)
            if accepts_files
            else event_archive_import(data=handle.read())
        )
    elapsed = time.perf_counter() - start
    peak_rss = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    line = {
        "created": len(result.plan.creates),
        "seconds": round(elapsed, 1),
        "peak_rss_mib_above_start": round(peak_rss),
    }
    if trace:
        line["tracemalloc_peak_mib"] = round(tracemalloc.get_traced_memory()[1] / 2**20)
    print(json.dumps(line))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--audit", type=int, default=59_800, help="extra audit records")
    parser.add_argument("--draft", type=int, default=0, help="a booster draft of N players")
    parser.add_argument("--tracemalloc", action="store_true")
    parser.add_argument("--phase", choices=["make", "import"], help=argparse.SUPPRESS)
    parser.add_argument("--file", help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase:
        _setup(Path(args.database))
        if args.phase == "make":
            make(Path(args.file), args.audit, args.draft)
        else:
            run_import(Path(args.file), args.tracemalloc)
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        file = Path(scratch) / "archive.json"
        for phase, database in (("make", "central.sqlite3"), ("import", "laptop.sqlite3")):
            command = [sys.executable, __file__, "--phase", phase, "--file", str(file)]
            command += ["--database", str(Path(scratch) / database), "--audit", str(args.audit)]
            command += ["--draft", str(args.draft)]
            if args.tracemalloc:
                command.append("--tracemalloc")
            subprocess.run(command, check=True, cwd=ROOT, timeout=600)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
