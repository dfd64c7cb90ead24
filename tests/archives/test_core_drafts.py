"""The pure checks of an archived draft (``archives.core.drafts`` and ``conservation``): a
small draft passed round a table adds up, and any one card taken out, moved or picked twice
does not. No database."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from archives.core.conservation import check_conservation
from archives.core.drafts import check_pods, remap_auction
from archives.core.errors import ArchiveError

CARDS = {f"DV/{n}": {} for n in range(1, 40)}


def small_draft(seats: int, pack_size: int, rounds: int, seed: int) -> tuple[dict, dict]:
    """A draft of ``seats`` players, each opening a pack of ``pack_size`` cards in each of
    ``rounds`` pack rounds, passed round the table to the end; with each player's draft
    card pool and a deck list of one card from it."""
    rng = random.Random(seed)
    packs, cards, picks = [], [], []
    for pack_round in range(1, rounds + 1):
        live: dict[int, list[int]] = {}
        for seat in range(seats):
            pack_id = len(packs) + 1
            packs.append(
                {
                    "id": pack_id,
                    "opener": seat,
                    "pack_round": pack_round,
                    "edition": "DV",
                    "replaced": False,
                    "replacement": 0,
                }
            )
            live[pack_id] = []
            for _ in range(pack_size):
                card_id = len(cards) + 1
                cards.append(
                    {
                        "id": card_id,
                        "card": rng.choice(sorted(CARDS)),
                        "pack": pack_id,
                        "table_deck": None,
                        "owner": None,
                        "source": "",
                    }
                )
                live[pack_id].append(card_id)
        order = list(live)
        for pick_number in range(1, pack_size + 1):
            for seat in range(seats):
                pack_id = order[(seat + pick_number - 1) % seats]
                card_id = live[pack_id].pop(rng.randrange(len(live[pack_id])))
                card = cards[card_id - 1]
                card.update(pack=None, owner=seat, source="draft")
                picks.append(
                    {
                        "seat": seat,
                        "pack_round": pack_round,
                        "pick_number": pick_number,
                        "pack": pack_id,
                        "card": card_id,
                        "kind": "player",
                        "reason": "",
                        "seconds_allowed": 50,
                        "picked_at": "2026-12-05T10:00:00+00:00",
                    }
                )
    records: dict = {}
    seat_rows = []
    for seat in range(seats):
        name = f"p{seat}"
        records[f"registration:{name}"] = {"type": "registration", "player": name}
        pool: dict[str, int] = {}
        for card in cards:
            if card["owner"] == seat:
                pool[card["card"]] = pool.get(card["card"], 0) + 1
        entries = [{"card": c, "quantity": n, "line": None} for c, n in sorted(pool.items())]
        records[f"card_pool:{name}"] = {
            "type": "card_pool",
            "player": name,
            "source": "draft",
            "entries": entries,
        }
        first = entries[0]["card"]
        records[f"deck_list:{name}"] = {
            "type": "deck_list",
            "player": name,
            "entries": [{"card": first, "quantity": 1, "line": 1}],
        }
        seat_rows.append(
            {
                "position": seat,
                "registration": f"registration:{name}",
                "bot": False,
                "saved_deck": {first: 1},
                "building_until": None,
                "deck_state": "deck",
            }
        )
    pod = {
        "number": 1,
        "phase": "building",
        "pack_round": rounds,
        "pick_number": pack_size,
        "deadline": None,
        "paused_remaining": None,
        "version": 1,
        "auction_state": None,
        "seats": seat_rows,
        "table_decks": [],
        "packs": packs,
        "cards": cards,
        "picks": picks,
    }
    draft = {"type": "draft", "paper": False, "pods": [pod]}
    records["draft"] = draft
    return draft, records


def check(draft: dict, records: dict) -> None:
    check_pods(draft["pods"], "records.draft.pods", records, CARDS)
    check_conservation(draft, records)


drafts = st.tuples(st.integers(2, 5), st.integers(1, 4), st.integers(1, 2), st.integers(0, 10**6))


@settings(max_examples=60, deadline=None)
@given(drafts)
def test_a_draft_passed_round_the_table_adds_up(shape):
    check(*small_draft(*shape))


def _move_a_pick(draft: dict, rng: random.Random) -> None:
    pod = draft["pods"][0]
    picked = rng.choice(pod["picks"])["card"]
    card = next(c for c in pod["cards"] if c["id"] == picked)
    card["owner"] = (card["owner"] + 1) % len(pod["seats"])


def _duplicate_a_pick(draft: dict, rng: random.Random) -> None:
    picks = draft["pods"][0]["picks"]
    picks.append(copy.deepcopy(rng.choice(picks)))


def _drop_a_card(draft: dict, rng: random.Random) -> None:
    pod = draft["pods"][0]
    pick = rng.choice(pod["picks"])
    pod["picks"].remove(pick)
    pod["cards"] = [c for c in pod["cards"] if c["id"] != pick["card"]]


def _card_in_two_places(draft: dict, rng: random.Random) -> None:
    rng.choice(draft["pods"][0]["cards"])["pack"] = 1


@settings(max_examples=80, deadline=None)
@given(
    drafts,
    st.sampled_from([_move_a_pick, _duplicate_a_pick, _drop_a_card, _card_in_two_places]),
    st.integers(0, 10**6),
)
def test_any_one_card_moved_dropped_or_picked_twice_does_not_add_up(shape, tamper, seed):
    draft, records = small_draft(*shape)
    tamper(draft, random.Random(seed))
    with pytest.raises(ArchiveError) as raised:
        check(draft, records)
    assert raised.value.code.startswith("draft_")


def test_a_refusal_names_the_pod_the_seat_and_the_step():
    draft, records = small_draft(3, 2, 1, seed=1)
    picks = draft["pods"][0]["picks"]
    picks.append(copy.deepcopy(picks[4]))
    with pytest.raises(ArchiveError) as raised:
        check(draft, records)
    assert raised.value.code == "draft_pick_twice"
    assert raised.value.params == {"pod": 1, "seat": picks[4]["seat"] + 1, "round": 1, "pick": 2}


def test_a_card_pool_other_than_the_seats_pool_is_refused():
    draft, records = small_draft(2, 3, 1, seed=2)
    records["card_pool:p0"]["entries"][0]["quantity"] += 1
    with pytest.raises(ArchiveError) as raised:
        check(draft, records)
    assert raised.value.code == "draft_card_pool_mismatch"
    assert raised.value.params["player"] == "p0"


def test_the_auction_state_names_only_decks_and_cards_of_its_pod():
    state = {
        "state": {"decks": [7, 9], "deck_of": {"0": 9, "1": 7}, "phase": "done"},
        "log": [{"seat": 0, "action": "take", "deck": 9, "moved": [[7, [30, 31]]]}],
    }
    renamed = remap_auction(state, decks={7: 1, 9: 2}, cards={30: 5, 31: 6})
    assert renamed["state"]["decks"] == [1, 2] and renamed["state"]["deck_of"] == {"0": 2, "1": 1}
    assert renamed["log"][0]["moved"] == [[1, [5, 6]]] and renamed["log"][0]["deck"] == 2
    with pytest.raises(ArchiveError) as raised:
        remap_auction(state, decks={7: 1, 9: 2}, cards={30: 5})
    assert raised.value.code == "unknown_reference"


def _auction_pod() -> tuple[dict, dict]:
    """Two seats and two auction decks: seat 1 took deck 1 and moved one card (card 1) to
    deck 2, which seat 2 got last."""
    draft, records = small_draft(2, 1, 1, seed=3)
    pod = draft["pods"][0]
    pod["table_decks"] = [
        {"id": 1, "name": "Fuego", "owner": 0},
        {"id": 2, "name": "Agua", "owner": 1},
    ]
    first = len(pod["cards"]) + 1
    owners = {first: 1, first + 1: 0, first + 2: 1}
    for card_id, owner in owners.items():
        pod["cards"].append(
            {
                "id": card_id,
                "card": "DV/1",
                "pack": None,
                "table_deck": None,
                "owner": owner,
                "source": "auction",
            }
        )
    pod["auction_state"] = {
        "state": {"decks": [1, 2], "deck_of": {"0": 1, "1": 2}},
        "log": [
            {"seat": 0, "action": "take", "deck": 1, "moved": [[2, [first]]]},
            {"seat": 1, "action": "last", "deck": 2},
        ],
    }
    for name in ("p0", "p1"):
        records.pop(f"card_pool:{name}")
    return draft, records


def test_the_auction_logs_moves_account_for_the_won_decks():
    check(*_auction_pod())
    draft, records = _auction_pod()
    draft["pods"][0]["auction_state"]["log"][0]["moved"] = [
        [1, [draft["pods"][0]["cards"][-3]["id"]]]
    ]
    with pytest.raises(ArchiveError) as raised:
        check(draft, records)
    assert raised.value.code == "draft_auction_unaccounted"
    draft, records = _auction_pod()
    draft["pods"][0]["auction_state"]["state"]["deck_of"] = {"0": 2, "1": 1}
    with pytest.raises(ArchiveError) as raised:
        check(draft, records)
    assert raised.value.code == "draft_auction_deck"
