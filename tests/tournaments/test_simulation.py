"""Whole events: pairing, results, standings and play-or-draw, round after round."""

from __future__ import annotations

import random
import subprocess
import sys

from tests.tournaments.reference import optimum_cost, pairing_cost, pairs_of
from tournaments.match_scores import MatchScore, check_score
from tournaments.pairing import check_pairings, measure, pair_round
from tournaments.playdraw import GameReport, check_games, chooser_for_game
from tournaments.simulation import SimulatedEvent
from tournaments.standings import Bracket, compute_standings, top_cut_seeds


def test_an_event_of_40_players_over_8_rounds_keeps_every_rule():
    event = SimulatedEvent(40, seed="store-champs", drop_rate=0.03)
    met: set[frozenset] = set()
    byes: list = []
    for _ in range(8):
        players = event.pairing_input()
        result = pair_round(players, round_number=event.next_round, seed=event.seed)
        quality = measure(players, pairs_of(result))
        assert quality.rematches == 0
        assert quality.bye_fair or event.next_round == 1
        assert check_pairings(players, result.pairings, round_number=event.next_round).ok
        active = {p.id for p in players if not p.dropped}
        seated = {x for p in result.pairings for x in (p.player_a, p.player_b) if x is not None}
        assert seated == active
        for pairing in result.pairings:
            if pairing.is_bye:
                byes.append(pairing.player_a)
            else:
                assert frozenset((pairing.player_a, pairing.player_b)) not in met
                met.add(frozenset((pairing.player_a, pairing.player_b)))
        for match in event.play(result):
            check_score(MatchScore(match.games_won_a, match.games_won_b, match.games_drawn))
    assert len(byes) == len(set(byes))
    table = compute_standings(event.standings_players(), event.results)
    assert [s.rank for s in table] == list(range(1, 41))
    assert Bracket.start(top_cut_seeds(table, 8)).rounds[0][0].seed_a == 1


def test_a_100_player_event_is_paired_optimally_every_round():
    """Large enough for the windowed repair path; the optimum comes from networkx."""
    event = SimulatedEvent(101, seed=3, drop_rate=0.03)
    event.play_round()  # round 1: random, its bye too
    for _ in range(8):
        players = event.pairing_input()
        result = pair_round(players, round_number=event.next_round, seed=event.seed)
        assert pairing_cost(players, pairs_of(result)) == optimum_cost(players)
        event.play(result)


def test_games_of_simulated_matches_pass_the_play_or_draw_check():
    rng = random.Random(11)
    for _ in range(300):
        random_winners = {g: rng.choice("ab") for g in range(1, 9)}
        games: list[GameReport] = []
        wins = {"a": 0, "b": 0}
        while max(wins.values()) < 2 and len(games) < 6 and rng.random() < 0.95:
            chooser, _ = chooser_for_game(len(games) + 1, games, random_winners=random_winners)
            winner = rng.choice(["a", "b", "a", "b", "draw"])
            penalty = winner != "draw" and rng.random() < 0.05
            choice = rng.choice(["first", "second", None])
            games.append(GameReport(winner, chooser, choice, penalty))
            if winner != "draw":
                wins[winner] += 1
        decisions = check_games(games, random_winners=random_winners)
        assert len(decisions) == len(games)


def test_the_cores_do_not_import_django():
    code = (
        "import sys\n"
        "import tournaments.pairing, tournaments.standings, tournaments.playdraw\n"
        "import tournaments.match_scores, tournaments.simulation\n"
        "loaded = [m for m in sys.modules if m == 'django' or m.startswith('django.')]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
