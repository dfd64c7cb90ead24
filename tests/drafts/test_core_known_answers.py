"""Known answers from the DAR (humankind-dar-2006-11-17, section 4.1)."""

from __future__ import annotations

import pytest

from drafts.core.auction import DISTRIBUTING, DONE, start_auction
from drafts.core.boosters import DEFAULT_SLOTS, BoosterSlots, open_booster
from drafts.core.bots import BotCard, bot_pick
from drafts.core.errors import (
    BadDistribution,
    BadPodSize,
    CardNotInPack,
    IllegalBid,
    NotEnoughCards,
    NotYourTurn,
)
from drafts.core.passing import Direction, holder_of, opener_in_front, pass_direction
from drafts.core.picking import resolve_step
from drafts.core.pods import pod_sizes, seat_players
from drafts.core.timers import pick_seconds


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(2, [2]), (8, [8]), (9, [5, 4]), (16, [8, 8]), (17, [6, 6, 5]), (25, [7, 6, 6, 6])],
)
def test_pods_are_the_fewest_of_at_most_eight_differing_by_one(players, sizes):
    assert pod_sizes(players) == sizes


def test_one_player_is_no_draft():
    with pytest.raises(BadPodSize):
        pod_sizes(1)


def test_seating_is_reproducible_from_the_seed_and_seats_everyone_once():
    players = list(range(17))
    pods = seat_players(players, seed=42)
    assert pods == seat_players(players, seed=42)
    assert [len(p) for p in pods] == [6, 6, 5]
    assert sorted(p for pod in pods for p in pod) == players
    assert pods != seat_players(players, seed=43)


def test_the_dar_pick_timer_table():
    # DAR 4.1.2: 12 cards 50 s ... 3 and 2 cards 5 s, the last card at once.
    expected = {12: 50, 11: 45, 10: 40, 9: 35, 8: 30, 7: 25, 6: 20, 5: 15, 4: 10, 3: 5, 2: 5, 1: 0}
    assert {n: pick_seconds(n) for n in range(1, 13)} == expected
    with pytest.raises(ValueError):
        pick_seconds(0)


def test_packs_one_and_three_go_left_two_and_four_right():
    assert [pass_direction(r) for r in (1, 2, 3, 4)] == [
        Direction.LEFT,
        Direction.RIGHT,
        Direction.LEFT,
        Direction.RIGHT,
    ]
    # Pack 1 opened by seat 0 of 8: pick 2 is in front of seat 1 (to the left).
    assert holder_of(0, 1, 2, 8) == 1
    # Pack 2 opened by seat 0: pick 2 is in front of seat 7 (to the right).
    assert holder_of(0, 2, 2, 8) == 7
    for seat in range(8):
        for pick in range(1, 13):
            assert holder_of(opener_in_front(seat, 3, pick, 8), 3, pick, 8) == seat


def test_a_booster_fills_its_slots_by_rarity_from_the_seed():
    cards = {
        "rare": ["R1", "R2"],
        "uncommon": ["U1", "U2", "U3", "U4"],
        "common": list("abcdefghij"),
    }
    booster = open_booster(cards, DEFAULT_SLOTS, seed="s")
    assert len(booster) == 12
    assert sum(c.startswith("R") for c in booster) == 1
    assert sum(c.startswith("U") for c in booster) == 3
    assert len(set(booster)) == 12  # no repeats while the edition has enough cards
    assert booster == open_booster(cards, DEFAULT_SLOTS, seed="s")
    with pytest.raises(NotEnoughCards):
        open_booster({"common": ["a"]}, BoosterSlots.of({"rare": 1}), seed=1)


def test_a_seat_that_did_not_pick_gets_a_random_card_of_its_own_pack():
    packs = {0: ["a", "b"], 1: ["c", "d"]}
    result = resolve_step(packs, {0: "b"}, seed=7)
    assert result[0].card == "b" and not result[0].timed_out
    assert result[1].card in {"c", "d"} and result[1].timed_out
    with pytest.raises(CardNotInPack):
        resolve_step(packs, {0: "c"}, seed=7)


def test_a_bot_takes_the_rarest_card_then_stays_near_its_faction():
    pack = [
        BotCard(1, "common", "quimera"),
        BotCard(2, "rare", "acracia"),
        BotCard(3, "uncommon", "quimera"),
    ]
    first = bot_pick(pack, [])
    assert first.card == 2 and "rarity" in first.reason
    picked = [BotCard(9, "rare", "quimera")]
    # rare acracia 3.0 vs uncommon quimera 2.0 + 1.5
    later = bot_pick(pack, picked)
    assert later.card == 3 and "quimera" in later.reason


def test_the_auction_as_the_dar_describes_it():
    auction = start_auction(4, [10, 11, 12, 13], seed=3)
    starter = auction.starter
    with pytest.raises(IllegalBid):  # the starter must bid
        auction.pass_turn(starter)
    with pytest.raises(IllegalBid):
        auction.bid(starter, 55)
    auction = auction.bid(starter, 5)
    second = (starter + 1) % 4
    with pytest.raises(NotYourTurn):
        auction.bid(starter, 6)
    with pytest.raises(IllegalBid):  # strictly higher
        auction.bid(second, 5)
    auction = auction.bid(second, 6)
    auction = auction.pass_turn((starter + 2) % 4)
    auction = auction.pass_turn((starter + 3) % 4)
    auction = auction.pass_turn(starter)  # the last bidder left wins
    assert auction.phase == DISTRIBUTING and auction.winner == second
    contents = {d: [f"{d}-{i}" for i in range(40)] for d in (10, 11, 12, 13)}
    with pytest.raises(BadDistribution):  # exactly the bid number of cards
        auction.distribute(second, 10, {"10-0": 11}, contents)
    moves = {f"10-{i}": 11 + i % 3 for i in range(6)}
    auction, contents = auction.distribute(second, 10, moves, contents)
    assert len(contents[10]) == 34 and len(contents[11]) == 42
    assert auction.deck_of == {second: 10}
    # The next auction starts with the next player clockwise without a deck.
    assert auction.starter == (starter + 1) % 4 or auction.starter == (starter + 2) % 4
    assert auction.starter not in auction.deck_of
    assert auction.number == 2


def test_a_bid_of_54_wins_at_once_and_the_last_player_gets_the_last_deck():
    auction = start_auction(2, [1, 2], seed=0)
    auction = auction.bid(auction.starter, 54)
    assert auction.phase == DISTRIBUTING
    contents = {1: list(range(30)), 2: list(range(100, 130))}
    # Fewer cards than the bid: all of them go.
    moves = auction.random_distribution(1, contents, seed=1)
    assert len(moves) == 30
    auction, contents = auction.distribute(auction.winner, 1, moves, contents)
    assert auction.phase == DONE
    assert sorted(auction.deck_of.values()) == [1, 2]
    assert contents[1] == [] and len(contents[2]) == 60
