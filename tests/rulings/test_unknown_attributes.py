"""Cards whose type, faction and cost the sources do not give are marked unknown: the deck
check invents no faction error or surcharge from a stand-in and warns that it could not check
the card's faction; the catalogue file writes and reads them as "?"; the card page says so."""

from __future__ import annotations

import pytest

from rulings.core.cards import Faction
from rulings.core.csvimport import read_cards_csv, write_cards_csv
from rulings.deckcheck import CardLists, DeckEntry, check_deck, get_format
from tests.rulings.pure_fixtures import card, mono_deck, shipped_cards


def _with_unknown(fmt: str):
    cards = shipped_cards()
    deck = mono_deck(cards, Faction.QUIMERA, size=37)
    garphades = next(c for c in cards if c.name == "Garphades")
    deck.append(DeckEntry(garphades, 4, 99))
    return check_deck(
        deck, format=get_format(fmt), lists=CardLists.none_in_force("2030-01-01"), minimum=41
    )


@pytest.mark.parametrize("fmt", ["monofaccion", "multifaccion"])
def test_an_unknown_faction_is_a_warning_not_an_error_or_a_surcharge(fmt):
    check = _with_unknown(fmt)
    assert [e.code for e in check.errors] == []
    assert check.surcharges == ()
    unknown = [w for w in check.warnings if w.code == "faction_unknown"]
    assert [w.params["card"] for w in unknown] == ["Garphades (DV 6/280)"]
    assert check.legal


def test_a_known_card_of_another_faction_is_still_an_error():
    cards = shipped_cards()
    deck = mono_deck(cards, Faction.QUIMERA, size=40)
    deck.append(DeckEntry(card("Otro", faction=Faction.ACRACIA, cost=2, edition="DV"), 1, 99))
    check = check_deck(
        deck,
        format=get_format("monofaccion"),
        lists=CardLists.none_in_force("2030-01-01"),
        minimum=41,
    )
    assert [e.code for e in check.errors] == ["off_faction"]


def test_the_catalogue_file_reads_and_writes_unknown_as_a_question_mark():
    text = "edition,number,name,type,faction,cost,rarity,sample\nDV,6,Garphades,?,?,?,rare,\n"
    result = read_cards_csv(text, editions={"DV": 280})
    assert result.ok, result.errors
    [row] = result.rows
    assert row.known is False and row.cost is None and row.faction is None
    assert "DV,6,Garphades,?,?,?,rare," in write_cards_csv(result.rows)
    known = read_cards_csv(
        "edition,number,name,type,faction,cost,rarity,sample\nDV,7,Otro,Personaje,,,,\n",
        editions={"DV": 280},
    )
    assert [i.code for i in known.errors] == ["csv_missing_cost"]


@pytest.mark.django_db
def test_the_card_page_says_unknown(client, rulings_data):
    page = client.get("/rulings/cards/", {"q": "Garphades"}).content.decode()
    assert 'data-testid="unknown-attributes"' in page
    assert "Unknown: the sources do not give this card" in page
    spanish = client.get("/es/rulings/cards/", {"q": "Garphades"}).content.decode()
    assert "Desconocidos: las fuentes no dan" in spanish
