"""Random drafts and auctions: every card instance is in exactly one place at every step."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from drafts.core.auction import (
    BIDDING,
    DISTRIBUTING,
    DONE,
    MAX_BID,
    Auction,
    bot_bid,
    start_auction,
)
from drafts.core.bots import BotCard, bot_pick
from drafts.core.passing import holder_of, receiving_seat
from drafts.core.picking import pass_packs, resolve_step
from drafts.core.pods import pod_sizes, seat_players
from drafts.core.pools import check_conservation
from drafts.core.timers import pick_seconds


@settings(max_examples=300)
@given(st.integers(min_value=2, max_value=600))
def test_pod_sizes_are_fewest_and_even(players):
    sizes = pod_sizes(players)
    assert sum(sizes) == players
    assert max(sizes) <= 8 and max(sizes) - min(sizes) <= 1
    assert len(sizes) == -(-players // 8)


@settings(max_examples=200)
@given(st.integers(min_value=2, max_value=100), st.integers(min_value=0, max_value=2**31))
def test_seating_places_every_player_once(players, seed):
    pods = seat_players(list(range(players)), seed)
    assert sorted(p for pod in pods for p in pod) == list(range(players))


def _draft(seats: int, pack_size: int, timeout_rate: float, seed: int) -> None:
    rng = random.Random(seed)
    rarities = ["common", "uncommon", "rare"]
    factions = ["", "quimera", "acracia"]
    info: dict[int, BotCard[int]] = {}
    next_id = 0
    pools: dict[int, list[int]] = {s: [] for s in range(seats)}
    for pack_round in range(1, 5):
        packs: dict[int, list[int]] = {}
        for seat in range(seats):
            cards = []
            for _ in range(pack_size):
                info[next_id] = BotCard(next_id, rng.choice(rarities), rng.choice(factions))
                cards.append(next_id)
                next_id += 1
            packs[seat] = cards
        opener = {s: s for s in range(seats)}
        for pick in range(1, pack_size + 1):
            everything = list(info)
            places = {("pack", s): p for s, p in packs.items()} | {
                ("pool", s): p for s, p in pools.items()
            }
            check_conservation(everything, places)
            assert all(len(p) == pack_size - pick + 1 for p in packs.values())
            assert pick_seconds(len(packs[0])) >= 0
            for seat in range(seats):
                assert holder_of(opener[seat], pack_round, pick, seats) == seat
            chosen = {}
            for seat, pack in packs.items():
                if rng.random() < timeout_rate and len(pack) > 1:
                    continue  # left to time out
                chosen[seat] = bot_pick(
                    [info[c] for c in pack], [info[c] for c in pools[seat]]
                ).card
            step = resolve_step(packs, chosen, seed=f"{seed}:{pack_round}:{pick}")
            assert {s for s, p in step.items() if p.timed_out} == set(packs) - set(chosen)
            taken = {s: p.card for s, p in step.items()}
            for s, card in taken.items():
                pools[s].append(card)
            receiver = {s: receiving_seat(s, pack_round, seats) for s in packs}
            packs = pass_packs(packs, taken, receiver)
            opener = {receiver[s]: o for s, o in opener.items()}
        assert all(p == [] for p in packs.values())
    check_conservation(list(info), {("pool", s): p for s, p in pools.items()})
    assert all(len(p) == 4 * pack_size for p in pools.values())


@settings(max_examples=1500, deadline=None)
@given(
    st.integers(min_value=2, max_value=8),
    st.integers(min_value=1, max_value=12),
    st.floats(min_value=0, max_value=1),
    st.integers(min_value=0, max_value=2**31),
)
def test_random_drafts_conserve_every_card(seats, pack_size, timeout_rate, seed):
    _draft(seats, pack_size, timeout_rate, seed)


@settings(max_examples=1500, deadline=None)
@given(
    st.integers(min_value=2, max_value=8),
    st.integers(min_value=0, max_value=60),
    st.integers(min_value=0, max_value=2**31),
    st.floats(min_value=0, max_value=1),
)
def test_random_auctions_conserve_cards_and_give_each_player_one_deck(
    seats, deck_size, seed, timeout_rate
):
    rng = random.Random(seed)
    decks = list(range(100, 100 + seats))
    contents = {d: [(d, i) for i in range(deck_size)] for d in decks}
    everything = [c for cards in contents.values() for c in cards]
    auction = start_auction(seats, decks, seed=seed)
    turns = 0
    while auction.phase != DONE:
        turns += 1
        assert turns < 1000
        check_conservation(everything, contents)
        auction = Auction.from_dict(auction.to_dict())  # as the site stores it
        seat = auction.to_act
        if auction.phase == BIDDING:
            assert seat not in auction.deck_of
            if auction.high_bid is None or rng.random() < 0.4:
                low = (auction.high_bid or 0) + 1
                if low <= MAX_BID and (auction.high_bid is None or rng.random() < 0.5):
                    auction = auction.bid(seat, rng.randint(low, min(MAX_BID, low + 10)))
                    continue
            if bot_bid(auction) is None:
                auction = auction.pass_turn(seat)
            else:
                auction = auction.bid(seat, bot_bid(auction))
        else:
            assert auction.phase == DISTRIBUTING
            deck = auction.random_deck(seed=turns)
            if rng.random() < timeout_rate:
                moves = auction.random_distribution(deck, contents, seed=turns)
            else:
                taken = contents[deck]
                n = auction.cards_to_remove(len(taken))
                targets = sorted(set(auction.on_table) - {deck})
                moves = {c: rng.choice(targets) for c in rng.sample(taken, n)}
            before = len(contents[deck])
            expected_removed = auction.cards_to_remove(before)
            auction, contents = auction.distribute(seat, deck, moves, contents)
            assert len(contents[deck]) == before - expected_removed
    check_conservation(everything, contents)
    assert sorted(auction.deck_of) == list(range(seats))
    assert sorted(auction.deck_of.values()) == decks
