"""Benchmark: deck check of a 60-card list (budget: under 5 ms).

Run: ``python bench/bench_deckcheck.py`` (pure, no database). It times, over
many repetitions, (a) the check of an already-parsed 60-card Multifacción
list against the shipped DAR lists, and (b) parsing the pasted 60-card text
plus the check, which is what a submission or ``check_deck`` does. Prints
median, 95th percentile and worst time; exits 1 if the median of (b) is over
budget.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulings.core.cards import Faction
from rulings.deckcheck import (
    BannedCard,
    CardLists,
    check_deck,
    parse_deck_list,
)
from tests.rulings.pure_fixtures import shipped_cards, shipped_index

BUDGET_MS = 5.0
REPEAT = 2000


def sixty_card_text(cards) -> str:
    sanctuary = next(c for c in cards if c.is_sanctuary and c.faction is Faction.QUIMERA)
    lines = [f"1 {sanctuary.name}"]
    count = 1
    for i, card in enumerate(c for c in cards if not c.is_sanctuary and c.number > 100):
        if count >= 60:
            break
        take = min(4 if i % 2 else 3, 60 - count)
        # a mix of the accepted shapes: names and collector references
        lines.append(f"{take} {card.name}" if i % 3 else f"{take} {card.edition} {card.number}")
        count += take
    return "\n".join(lines)


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def report(label: str, samples: list[float]) -> float:
    samples.sort()
    median = statistics.median(samples)
    p95 = samples[int(len(samples) * 0.95)]
    print(f"{label:48s} median {median:7.3f} ms  p95 {p95:7.3f} ms  max {samples[-1]:7.3f} ms")
    return median


def main() -> int:
    cards = shipped_cards()
    start = time.perf_counter()
    index = shipped_index()
    print(f"index of {len(index)} cards built in {(time.perf_counter() - start) * 1000:.2f} ms")
    by_name = {c.name: c for c in cards}
    lists = CardLists(
        version="1",
        banned=(BannedCard(by_name["Puentes Colgantes"]),),
        watched=(by_name["Garphades"], by_name["Sartre"], by_name["Achak"]),
    )
    text = sixty_card_text(cards)
    parsed = parse_deck_list(text, index)
    assert parsed.ok, parsed.errors
    entries = parsed.entries()
    assert sum(e.quantity for e in entries) == 60, sum(e.quantity for e in entries)
    print(f"list: {len(text.splitlines())} lines, 60 cards; repetitions: {REPEAT}")

    report(
        "check only (60 cards, multifaccion)",
        timed(lambda: check_deck(entries, format="multifaccion", lists=lists), REPEAT),
    )
    median = report(
        "parse text + check (60 cards, multifaccion)",
        timed(
            lambda: check_deck(
                parse_deck_list(text, index).entries(), format="multifaccion", lists=lists
            ),
            REPEAT,
        ),
    )
    # Worst realistic shape: 60 lines of one card each, names looked up in a
    # catalogue of 10,000 cards.
    from rulings.core.cards import CardInfo, CardType
    from rulings.deckcheck import CardIndex

    big = list(cards) + [
        CardInfo("BG", n, f"Carta de banco {n:05d}", CardType.CHARACTER, None, 2, set_size=9999)
        for n in range(1, 10_001 - len(cards))
    ]
    big_index = CardIndex(big)
    sixty = "\n".join(
        [f"1 {next(c for c in cards if c.is_sanctuary).name}"]
        + [f"1 Carta de banco {n:05d}" for n in range(1, 60)]
    )
    assert parse_deck_list(sixty, big_index).ok
    median_big = report(
        "parse 60 lines + check, 10,000-card catalogue",
        timed(
            lambda: check_deck(
                parse_deck_list(sixty, big_index).entries(), format="monofaccion", lists=lists
            ),
            REPEAT // 4,
        ),
    )
    ok = median < BUDGET_MS and median_big < BUDGET_MS
    print(f"budget {BUDGET_MS} ms: {'OK' if ok else 'OVER BUDGET'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
