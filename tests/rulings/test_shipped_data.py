"""The shipped catalogue and the first rulings version are sound and say what the DAR says."""

from __future__ import annotations

import csv
import datetime as dt
from collections import Counter

from rulings.core.cards import CardType, Faction, Rarity
from rulings.core.document import Section, load_document_json, validate_entries
from rulings.deckcheck import FORMATS
from tests.rulings.pure_fixtures import DATA, shipped_cards


def dar():
    return load_document_json((DATA / "humankind-dar.json").read_text(encoding="utf-8"))


def test_the_four_cards_the_dar_names():
    by_key = {c.key: c for c in shipped_cards()}
    assert by_key[("DV", 6)].name == "Garphades"
    assert by_key[("DV", 60)].name == "Sartre"
    assert by_key[("SU", 15)].name == "Achak"
    assert by_key[("EV", 155)].name == "Puentes Colgantes"
    assert (by_key[("DV", 6)].set_size, by_key[("SU", 15)].set_size) == (280, 200)
    assert by_key[("EV", 155)].set_size == 255


def test_sample_catalogue_builds_boosters_and_decks_in_two_editions():
    cards = shipped_cards()
    for edition in ("DV", "SU"):
        mine = [c for c in cards if c.edition == edition and c.number > 100]
        rarities = Counter(c.rarity for c in mine)
        assert rarities[Rarity.COMMON] >= 24 and rarities[Rarity.UNCOMMON] >= 9
        assert rarities[Rarity.RARE] >= 6
        sanctuaries = {c.faction for c in mine if c.type is CardType.SANCTUARY}
        assert sanctuaries == set(Faction)


def test_sample_rows_are_all_marked_sample():
    with (DATA / "sample_cards.csv").open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    assert rows and all(row["sample"] == "yes" for row in rows)
    # each with an example rules text that says it is one, in both languages
    assert all("Carta de muestra" in row["text_es"] for row in rows)
    assert all("Sample card" in row["text_en"] for row in rows)


def test_first_version_is_the_17_november_2006_dar():
    doc = dar()
    assert doc.slug == "humankind-dar"
    (version,) = doc.versions
    assert version.number == 1
    assert version.published_on == dt.date(2006, 11, 17)
    entries = version.entries
    known = {c.key for c in shipped_cards()}
    assert validate_entries(entries, known_cards=known, formats=FORMATS) == []
    by_section = {s: [e for e in entries if e.section is s] for s in Section}
    assert [e.key for e in by_section[Section.WATCH_LIST]] == ["DV 6", "DV 60", "SU 15"]
    assert [(e.key, e.formats) for e in by_section[Section.BANNED_LIST]] == [("EV 155", ())]
    assert by_section[Section.ERRATA] == [] and by_section[Section.CARD_CLARIFICATIONS] == []
    assert [e.key for e in by_section[Section.RULES_CLARIFICATIONS]] == [
        str(n) for n in range(1, 16)
    ]
    assert [e.key for e in by_section[Section.TOURNAMENT_RULES]] == [
        "1", "2", "3", "3.1.1", "3.1.2", "4", "4.1.1", "4.1.2", "4.1.3"
    ]  # fmt: skip
    for entry in entries:
        if entry.section.needs_text:
            assert entry.title_en and entry.title_es and entry.text_en and entry.text_es
    rules = {e.key: e for e in by_section[Section.TOURNAMENT_RULES]}
    assert "41" in rules["4.1.3"].text_en and "41" in rules["4.1.3"].text_es
    assert "50 s" in rules["4.1.2"].text_en and "1 card 0 s" in rules["4.1.2"].text_en
    assert "1 to 54" in rules["4.1.1"].text_en


def test_the_dar_cards_attributes_are_unknown_not_invented():
    """The DAR gives only name, edition and number: type, faction and cost are unknown."""
    by_key = {c.key: c for c in shipped_cards()}
    for key in (("DV", 6), ("DV", 60), ("SU", 15), ("EV", 155)):
        card = by_key[key]
        assert card.known is False
        assert card.faction is None and card.cost is None
    assert all(
        c.known
        for c in shipped_cards()
        if c.key not in {("DV", 6), ("DV", 60)} | {("SU", 15), ("EV", 155)}
    )
