"""Deck legality by format, against the banned and watch lists of a rulings version."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.core.cards import FACTION_WHEEL, CardType, Faction
from rulings.deckcheck import (
    FORMATS,
    BannedCard,
    CardLists,
    DeckEntry,
    UnknownFormat,
    check_deck,
    get_format,
    surcharge,
    wheel_distance,
)
from tests.rulings.pure_fixtures import card, mono_deck, sanctuary_of, shipped_cards

CARDS = shipped_cards()
BY_NAME = {c.name: c for c in CARDS}
GARPHADES = BY_NAME["Garphades"]
PUENTES = BY_NAME["Puentes Colgantes"]
Q, C, AB, AC = FACTION_WHEEL


def codes(issues):
    return sorted(i.code for i in issues)


def dar_lists() -> CardLists:
    return CardLists(
        version="1",
        banned=(BannedCard(PUENTES),),
        watched=(GARPHADES, BY_NAME["Sartre"], BY_NAME["Achak"]),
    )


# --- the faction wheel (the DAR's table, all sixteen pairs) -------------------------------
DAR_SURCHARGES = {
    Q: {Q: 0, AC: 1, C: 1, AB: 2},
    C: {C: 0, Q: 1, AB: 1, AC: 2},
    AB: {AB: 0, AC: 1, C: 1, Q: 2},
    AC: {AC: 0, AB: 1, Q: 1, C: 2},
}


@pytest.mark.parametrize("home", list(Faction))
@pytest.mark.parametrize("other", list(Faction))
def test_wheel_matches_the_dar_table(home, other):
    assert surcharge(other, home) == DAR_SURCHARGES[home][other]
    assert wheel_distance(home, other) == wheel_distance(other, home)


def test_cards_without_faction_pay_nothing():
    assert all(surcharge(None, f) == 0 for f in Faction)


# --- formats -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Monofacción", "monofaccion"),
        ("mono", "monofaccion"),
        ("MULTI", "multifaccion"),
        ("multifaccion", "multifaccion"),
        ("sellado", "sealed"),
        ("Booster draft", "draft"),
        ("draft", "draft"),
    ],
)
def test_format_names_and_aliases(name, code):
    assert get_format(name).code == code


def test_unknown_format_is_a_value_error():
    with pytest.raises(UnknownFormat) as excinfo:
        check_deck([], format="vintage")
    assert isinstance(excinfo.value, ValueError)
    assert "monofaccion" in str(excinfo.value)


# --- size, copies, Sanctuary ---------------------------------------------------------------
def test_a_legal_monofaccion_deck_of_41():
    result = check_deck(mono_deck(CARDS, Q), format="monofaccion", lists=dar_lists())
    assert result.legal, result.errors
    assert result.card_count == 41
    assert result.sanctuary.name == "Santuario del Invernadero"
    assert result.warnings == ()


def test_one_card_short_of_the_event_minimum():
    deck = mono_deck(CARDS, Q, size=40)
    result = check_deck(deck, format="monofaccion")
    assert codes(result.errors) == ["deck_too_small"]
    assert result.errors[0].params == {"count": 40, "minimum": 41}
    assert check_deck(deck, format="monofaccion", minimum=40).legal


def test_fifth_copy_of_a_title_in_constructed_but_not_in_sealed():
    deck = mono_deck(CARDS, Q)
    deck.append(DeckEntry(deck[1].card, 1, 99))
    result = check_deck(deck, format="multifaccion")
    assert codes(result.errors) == ["too_many_copies"]
    assert result.errors[0].params["count"] == 5
    assert check_deck(deck, format="sealed").legal


def test_reprints_count_as_one_title():
    a = card("Reimpreso", edition="AA", number=1)
    b = card("Reimpreso", edition="BB", number=1)
    sanct = card("S", number=9, type=CardType.SANCTUARY, faction=Q, cost=None)
    result = check_deck(
        [DeckEntry(sanct, 1), DeckEntry(a, 3), DeckEntry(b, 2)], format="multifaccion", minimum=1
    )
    assert codes(result.errors) == ["too_many_copies"]


def test_second_sanctuary():
    deck = mono_deck(CARDS, Q)
    deck.append(DeckEntry(sanctuary_of(CARDS, Q, "SU"), 1, 50))
    result = check_deck(deck, format="monofaccion")
    assert codes(result.errors) == ["second_sanctuary"]
    assert result.errors[0].params["count"] == 2


def test_missing_sanctuary_is_an_error_in_constructed_and_a_warning_in_limited():
    deck = mono_deck(CARDS, Q)[1:]
    deck.append(DeckEntry(BY_NAME["Rumor"], 1))
    assert codes(check_deck(deck, format="monofaccion").errors) == ["missing_sanctuary"]
    sealed = check_deck(deck, format="sealed")
    assert sealed.legal
    assert codes(sealed.warnings) == ["missing_sanctuary", "pool_not_checked"]


def test_sanctuary_given_apart_from_the_list():
    deck = mono_deck(CARDS, Q)
    sanct, rest = deck[0].card, deck[1:]
    result = check_deck(rest, format="monofaccion", sanctuary=sanct)
    assert result.legal and result.card_count == 41
    # the same Sanctuary in the list and on the side is one Sanctuary
    assert check_deck(deck, format="monofaccion", sanctuary=sanct).legal
    other = check_deck(deck, format="monofaccion", sanctuary=sanctuary_of(CARDS, C))
    assert "second_sanctuary" in codes(other.errors)
    not_one = check_deck(rest, format="monofaccion", sanctuary=GARPHADES)
    assert "sanctuary_not_a_sanctuary" in codes(not_one.errors)


# --- banned and watched ------------------------------------------------------------------
def test_banned_card_is_an_error_and_watched_card_a_warning():
    deck = mono_deck(CARDS, AB, size=36)
    deck += [DeckEntry(PUENTES, 1, 90), DeckEntry(GARPHADES, 4, 91)]
    result = check_deck(deck, format="monofaccion", lists=dar_lists())
    assert codes(result.errors) == ["banned_card"]
    assert result.errors[0].line == 90
    assert result.errors[0].message == (
        "Puentes Colgantes (EV 155/255) is banned in Monofacción (rulings version 1)."
    )
    # Neither card's faction is given by the sources: a warning for each, no error.
    assert codes(result.warnings) == ["faction_unknown", "faction_unknown", "watched_card"]
    watched = next(w for w in result.warnings if w.code == "watched_card")
    assert "legal" in watched.message


def test_ban_limited_to_some_formats():
    lists = CardLists(version="2", banned=(BannedCard(PUENTES, frozenset({"monofaccion"})),))
    deck = [*mono_deck(CARDS, AB, size=40), DeckEntry(PUENTES, 1)]
    assert not check_deck(deck, format="monofaccion", lists=lists).legal
    assert check_deck(deck, format="multifaccion", lists=lists).legal


def test_the_ban_follows_the_title_into_a_reprint():
    reprint = card("Puentes Colgantes", edition="ZZ", number=3, faction=None)
    deck = [*mono_deck(CARDS, AB, size=40), DeckEntry(reprint, 1)]
    assert codes(check_deck(deck, format="draft", lists=dar_lists(), pool=None).errors) == [
        "banned_card"
    ]


def test_no_version_in_force_is_a_warning():
    result = check_deck(
        mono_deck(CARDS, Q), format="monofaccion", lists=CardLists.none_in_force("2001-01-01")
    )
    assert result.legal
    assert codes(result.warnings) == ["no_version_in_force"]


# --- factions -------------------------------------------------------------------------------
def test_monofaccion_rejects_each_card_of_another_faction():
    deck = mono_deck(CARDS, Q, size=39)
    deck += [
        DeckEntry(BY_NAME["Sombra del Alcantarillado"], 1, 80),
        DeckEntry(BY_NAME["Megáfono"], 1, 81),
    ]
    result = check_deck(deck, format="monofaccion")
    assert [(e.code, e.line) for e in result.errors] == [("off_faction", 80), ("off_faction", 81)]
    assert result.errors[0].params["sanctuary_faction"] == "Quimera"


def test_multifaccion_reports_a_surcharge_per_card():
    deck = mono_deck(CARDS, Q, size=37)
    deck += [
        DeckEntry(BY_NAME["Sombra del Alcantarillado"], 2, 80),  # Abismales, opposite: +2
        DeckEntry(BY_NAME["Megáfono"], 1, 81),  # Acracia, neighbour: +1
        DeckEntry(BY_NAME["Ejecutiva Implacable"], 1, 82),  # Corporación, neighbour: +1
    ]
    result = check_deck(deck, format="multifaccion")
    assert result.legal
    assert [
        (s.card.name, s.quantity, s.extra, s.base_cost, s.total_cost) for s in result.surcharges
    ] == [
        ("Sombra del Alcantarillado", 2, 2, 1, 3),
        ("Megáfono", 1, 1, 1, 2),
        ("Ejecutiva Implacable", 1, 1, 1, 2),
    ]


def test_sanctuary_without_faction_in_a_faction_format():
    neutral = card("Santuario Gris", number=7, type=CardType.SANCTUARY, faction=None, cost=None)
    result = check_deck([DeckEntry(neutral, 1)], format="multifaccion", minimum=1)
    assert codes(result.errors) == ["sanctuary_without_faction"]


# --- sealed and draft ---------------------------------------------------------------------
def test_sealed_deck_must_come_from_the_pool():
    deck = mono_deck(CARDS, Q)
    pool = {e.card.key: e.quantity for e in deck}
    assert check_deck(deck, format="sealed", pool=pool).legal
    pool[deck[2].card.key] -= 1
    del pool[deck[3].card.key]
    result = check_deck(deck, format="draft", pool=pool)
    assert [(e.code, e.params["in_deck"], e.params["in_pool"]) for e in result.errors] == [
        ("not_in_pool", 4, 3),
        ("not_in_pool", 4, 0),
    ]


def test_result_as_dict_is_plain_data():
    result = check_deck(mono_deck(CARDS, Q, size=40), format="monofaccion", lists=dar_lists())
    data = result.as_dict()
    assert data["legal"] is False
    assert data["errors"][0]["code"] == "deck_too_small"
    assert data["rulings_version"] == "1"


# --- properties -------------------------------------------------------------------------
decks = st.lists(st.tuples(st.sampled_from(CARDS), st.integers(1, 8)), min_size=0, max_size=25).map(
    lambda items: [DeckEntry(c, q, i + 1) for i, (c, q) in enumerate(items)]
)


@settings(max_examples=300, deadline=None)
@given(decks, st.sampled_from(sorted(FORMATS)), st.integers(1, 60))
def test_legal_means_no_errors_and_counts_add_up(deck, fmt, minimum):
    result = check_deck(deck, format=fmt, lists=dar_lists(), minimum=minimum)
    assert result.legal == (not result.errors)
    assert result.card_count == sum(e.quantity for e in deck)
    for problem in (*result.errors, *result.warnings):
        assert problem.message
    if result.card_count < minimum:
        assert "deck_too_small" in codes(result.errors)


@settings(max_examples=200, deadline=None)
@given(decks, st.sampled_from(sorted(FORMATS)))
def test_a_banned_card_always_makes_a_deck_illegal(deck, fmt):
    result = check_deck([*deck, DeckEntry(PUENTES, 1)], format=fmt, lists=dar_lists())
    assert not result.legal
    assert "banned_card" in codes(result.errors)


@settings(max_examples=200, deadline=None)
@given(decks, st.data())
def test_any_part_of_the_pool_is_contained_in_it(pool_deck, data):
    pool = {}
    for e in pool_deck:
        pool[e.card.key] = pool.get(e.card.key, 0) + e.quantity
    part = [
        DeckEntry(e.card, data.draw(st.integers(1, e.quantity)), e.line)
        for e in pool_deck
        if data.draw(st.booleans())
    ]
    result = check_deck(part, format="sealed", pool=pool)
    assert "not_in_pool" not in codes(result.errors)
