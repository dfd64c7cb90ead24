"""A simulated Swiss event: random results fed through the real pairing and standings cores.

This module owns the loop a real event runs (standings, pairing input,
pairing, results, drops), with results drawn at random from a seeded
generator. The benchmarks and the multi-round tests use it, and a
``simulate_event`` command can build on it; nothing here runs a real event.

Each match gets a random possible best-of-three score (draws and unfinished
matches included, see ``match_scores``); after each round every active player
drops with probability ``drop_rate``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.core import PlayerId
from tournaments.pairing.swiss import pair_round
from tournaments.pairing.types import Player, RoundPairings
from tournaments.standings.records import MatchResult, StandingsPlayer
from tournaments.standings.table import Standing, compute_standings

__all__ = ["SCORE_WEIGHTS", "SimulatedEvent"]

# (games won by A, games won by B, games drawn) -> relative frequency.
SCORE_WEIGHTS: dict[tuple[int, int, int], int] = {
    (2, 0, 0): 30,
    (2, 1, 0): 22,
    (0, 2, 0): 30,
    (1, 2, 0): 22,
    (1, 0, 0): 3,
    (0, 1, 0): 3,
    (1, 1, 1): 2,
    (1, 1, 0): 2,
    (0, 0, 1): 1,
    (2, 1, 1): 1,
}


class SimulatedEvent:
    """An event of ``size`` players (ids 1..size) played round after round."""

    def __init__(
        self,
        size: int,
        *,
        seed: int | str = 0,
        drop_rate: float = 0.0,
        tiebreaks: str | Sequence[str] = "dar",
    ) -> None:
        self.seed = seed
        self.rng = random.Random(f"simulation:{seed}")
        self.ids: list[PlayerId] = list(range(1, size + 1))
        self.drop_rate = drop_rate
        self.tiebreaks = tiebreaks
        self.dropped: dict[PlayerId, int] = {}
        self.results: list[MatchResult] = []
        self.opponents: dict[PlayerId, set[PlayerId]] = {i: set() for i in self.ids}
        self.byes: set[PlayerId] = set()
        self.rounds: list[RoundPairings] = []

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def standings_players(self) -> list[StandingsPlayer]:
        return [StandingsPlayer(i, i in self.dropped, self.dropped.get(i)) for i in self.ids]

    def standings(self) -> tuple[Standing, ...]:
        return compute_standings(self.standings_players(), self.results, tiebreaks=self.tiebreaks)

    def pairing_input(self, standings: Sequence[Standing] | None = None) -> list[Player]:
        """What the service layer would pass to ``pair_round`` before the next round."""
        table = standings if standings is not None else self.standings()
        return [
            Player(
                id=s.player,
                points=s.match_points,
                rank=s.rank,
                opponents=frozenset(self.opponents[s.player]),
                had_bye=s.player in self.byes,
                dropped=s.player in self.dropped,
            )
            for s in table
        ]

    def play(self, pairings: RoundPairings) -> list[MatchResult]:
        """Random results for ``pairings``, recorded; then this round's drops."""
        number = pairings.round_number
        scores = list(SCORE_WEIGHTS)
        weights = list(SCORE_WEIGHTS.values())
        played = []
        for pairing in pairings.pairings:
            a, b = pairing.player_a, pairing.player_b
            if b is None:
                self.byes.add(a)
                played.append(MatchResult.bye(number, a))
                continue
            self.opponents[a].add(b)
            self.opponents[b].add(a)
            won_a, won_b, drawn = self.rng.choices(scores, weights)[0]
            played.append(MatchResult(number, a, b, won_a, won_b, drawn))
        self.results.extend(played)
        self.rounds.append(pairings)
        for i in self.ids:
            if i not in self.dropped and self.rng.random() < self.drop_rate:
                self.dropped[i] = number
        return played

    def play_round(self) -> RoundPairings:
        """Pair the next round with the real core and play it."""
        pairings = pair_round(self.pairing_input(), round_number=self.next_round, seed=self.seed)
        self.play(pairings)
        return pairings
