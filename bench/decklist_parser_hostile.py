"""Benchmark: a hostile 32,000-character deck-list line parses in milliseconds (budget 5 ms).

Run: ``python bench/decklist_parser_hostile.py`` (pure, no database). A pasted
deck list is the one free text every registered player sends; a pattern that
backtracks on it lets a few players occupy every worker. Times, over
``--repeat`` runs, the parse of: one 32,000-character line of ``(`` (the
largest list allowed), the same as 160 lines of 199 characters, a 32,000-
character list of ``[`` and spaces, and an ordinary 60-card list. The budget
applies to the two single-line cases; the others are shown for scale (160 lines
of unknown names cost what 160 name look-ups with suggestions cost). Prints the
median and worst per case; exits 1 if a budgeted median is over budget.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulings.deckcheck import MAX_LIST_CHARS, parse_deck_list
from tests.rulings.pure_fixtures import shipped_cards, shipped_index

BUDGET_MS = 5.0


def cases() -> dict[str, tuple[str, bool]]:
    """Each case's text, and whether the budget applies to it."""
    sixty = "\n".join(f"4 {card.name}" for card in shipped_cards()[:15])
    return {
        "one 32,000-char line of '('": (("1 " + "(" * MAX_LIST_CHARS)[:MAX_LIST_CHARS], True),
        "32,000 chars of '[ '": (("1 " + "[ " * MAX_LIST_CHARS)[:MAX_LIST_CHARS], True),
        "160 lines of 199 x '('": ("\n".join(["1 " + "(" * 197] * 160)[:MAX_LIST_CHARS], False),
        "ordinary 60-card list": (sixty, False),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    index = shipped_index()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    worst_median = 0.0
    for name, (text, budgeted) in cases().items():
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            parse_deck_list(text, index)
            times.append((time.perf_counter() - start) * 1000)
        median = statistics.median(times)
        if budgeted:
            worst_median = max(worst_median, median)
        print(
            f"{name:32s} {len(text):6,d} chars  median {median:7.3f} ms  worst {max(times):7.3f} ms"
        )
    ok = worst_median <= BUDGET_MS
    print(f"budget {BUDGET_MS} ms per parse: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
