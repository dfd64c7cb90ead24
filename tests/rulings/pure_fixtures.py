"""Card catalogues for the pure tests, built without a database."""

from __future__ import annotations

from pathlib import Path

from rulings.core.cards import CardInfo, CardType, Faction
from rulings.core.csvimport import read_cards_csv, read_editions_csv
from rulings.deckcheck import CardIndex, DeckEntry

DATA = Path(__file__).resolve().parents[2] / "rulings" / "data"


def shipped_cards() -> list[CardInfo]:
    editions = read_editions_csv((DATA / "editions.csv").read_bytes())
    sizes = {row.code: row.set_size for row in editions.rows}
    cards: list[CardInfo] = []
    for name in ("cards.csv", "sample_cards.csv"):
        result = read_cards_csv((DATA / name).read_bytes(), editions=sizes)
        assert result.ok, result.errors
        cards.extend(
            CardInfo(
                edition=row.edition,
                number=row.number,
                name=row.name,
                type=row.type,
                faction=row.faction,
                cost=row.cost,
                rarity=row.rarity,
                set_size=sizes[row.edition],
                known=row.known,
            )
            for row in result.rows
        )
    return cards


def shipped_index() -> CardIndex:
    editions = read_editions_csv((DATA / "editions.csv").read_bytes())
    return CardIndex(shipped_cards(), {row.code: row.set_size for row in editions.rows})


def sanctuary_of(cards: list[CardInfo], faction: Faction, edition: str = "DV") -> CardInfo:
    return next(
        c for c in cards if c.is_sanctuary and c.faction is faction and c.edition == edition
    )


def mono_deck(cards: list[CardInfo], faction: Faction, size: int = 41) -> list[DeckEntry]:
    """A legal Monofacción deck: the Sanctuary, then up to 4 copies of each legal title."""
    entries = [DeckEntry(sanctuary_of(cards, faction), 1, 1)]
    count = 1
    line = 2
    for card in cards:
        if count >= size:
            break
        if card.is_sanctuary or card.faction not in (None, faction):
            continue
        if card.name in {"Garphades", "Sartre", "Achak", "Puentes Colgantes"}:
            continue
        take = min(4, size - count)
        entries.append(DeckEntry(card, take, line))
        count += take
        line += 1
    assert count == size
    return entries


def card(
    name: str,
    *,
    edition: str = "TS",
    number: int = 1,
    type: CardType = CardType.CHARACTER,
    faction: Faction | None = None,
    cost: int | None = 2,
) -> CardInfo:
    return CardInfo(edition, number, name, type, faction, cost, set_size=300)
