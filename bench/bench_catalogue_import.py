"""Benchmark: importing 10,000 cards from CSV (budget: under 10 s).

Run: ``python bench/bench_catalogue_import.py`` (uses a fresh SQLite database
in a temporary directory unless DATABASE_URL is set, e.g. to PostgreSQL).
Times, through the same service the admin and ``import_catalogue`` use:
(a) a first import of 10,000 new cards, (b) re-importing the same file (every
row an update), (c) a 10,000-row file with one bad row (refused, nothing saved).
Exits 1 if (a) or (b) is over budget.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BUDGET_S = 10.0
N_CARDS = 10_000


def build_files() -> tuple[str, str]:
    editions = ["code,name,set_size,release_date"]
    rows = ["edition,number,name,type,faction,cost,rarity,sample"]
    types = ["Personaje", "Tecnología", "Manipulación", "Aditamento", "Santuario"]
    factions = ["Quimera", "Corporación", "Abismales", "Acracia", ""]
    rarities = ["common", "common", "uncommon", "rare"]
    per_edition = 2_000
    for e in range(N_CARDS // per_edition):
        code = f"B{e}"
        editions.append(f"{code},Banco {e},{per_edition},")
        for n in range(1, per_edition + 1):
            t = types[n % 5]
            cost = "" if t == "Santuario" else str(n % 7)
            rows.append(
                f"{code},{n},Carta de banco {e}-{n},{t},{factions[n % 5]},{cost},"
                f"{rarities[n % 4]},yes"
            )
    return "\n".join(editions) + "\n", "\n".join(rows) + "\n"


def main() -> int:
    tmp = tempfile.mkdtemp(prefix="bench-import-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tmp}/bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from rulings.errors import CatalogueImportInvalid
    from rulings.models import Card
    from rulings.services import catalogue_import

    call_command("migrate", verbosity=0)
    Card.objects.filter(edition__code__startswith="B").delete()
    editions, cards = build_files()
    data = cards.encode()
    print(f"database: {connection.vendor}; file: {N_CARDS} cards, {len(data) / 1e6:.2f} MB")

    start = time.perf_counter()
    report = catalogue_import(editions_data=editions, cards_data=data)
    first = time.perf_counter() - start
    assert report.cards_created == N_CARDS, report
    print(f"first import (10,000 new cards)        {first:6.2f} s")

    start = time.perf_counter()
    report = catalogue_import(editions_data=editions, cards_data=data)
    again = time.perf_counter() - start
    assert report.cards_updated == N_CARDS, report
    print(f"re-import (10,000 updates)             {again:6.2f} s")

    bad = cards.replace("B4,2000,Carta de banco 4-2000", "B4,2001,Carta de banco 4-2000")
    start = time.perf_counter()
    try:
        catalogue_import(cards_data=bad.encode())
    except CatalogueImportInvalid as exc:
        assert [i.code for i in exc.issues] == ["csv_number_beyond_set"]
    refused = time.perf_counter() - start
    print(f"file with one bad row (refused)        {refused:6.2f} s")

    ok = first < BUDGET_S and again < BUDGET_S
    print(f"budget {BUDGET_S:.0f} s: {'OK' if ok else 'OVER BUDGET'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
