"""Top cut: single-elimination seeding from the standings, and the bracket's progression.

This module owns the bracket shape. Seeds are the standings order of the
players who make the cut (dropped players are skipped). Brackets have a power
of two size and are laid out so that the best seeds meet as late as possible:
top 8 plays 1-8, 4-5, 2-7, 3-6; top 4 plays 1-4, 2-3. The winners of matches
``2i`` and ``2i + 1`` of a round meet in match ``i`` of the next, as player A
and player B respectively. In round 1 player A is the better seed; later,
``BracketMatch.better_seed`` tells who is (e.g. to let them choose play or draw).

A ``Bracket`` is a value: ``with_winner`` returns a new bracket.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tournaments.core import CoreError, PlayerId
from tournaments.standings.table import Standing

__all__ = [
    "Bracket",
    "BracketMatch",
    "InvalidCutSizeError",
    "NotEnoughPlayersError",
    "WrongWinnerError",
    "bracket_positions",
    "final_placings",
    "top_cut_seeds",
]


class InvalidCutSizeError(CoreError):
    code = "invalid_cut_size"


class NotEnoughPlayersError(CoreError):
    code = "not_enough_players_for_cut"


class WrongWinnerError(CoreError):
    code = "wrong_bracket_winner"


def bracket_positions(size: int) -> tuple[int, ...]:
    """Seeds in bracket order, read in pairs: 8 -> (1, 8, 4, 5, 2, 7, 3, 6)."""
    if size < 2 or size & (size - 1):
        raise InvalidCutSizeError(
            f"a top cut of {size} is not a bracket: use a power of two (2, 4, 8, 16, ...)",
            size=size,
        )
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return tuple(order)


def top_cut_seeds(standings: Sequence[Standing], size: int) -> tuple[PlayerId, ...]:
    """The ``size`` best players who have not dropped, in seed order."""
    bracket_positions(size)
    seeds = tuple(s.player for s in standings if not s.dropped)[:size]
    if len(seeds) < size:
        raise NotEnoughPlayersError(
            f"a top {size} needs {size} players still in the event; there are {len(seeds)}",
            size=size,
            players=len(seeds),
        )
    return seeds


def final_placings(
    swiss_order: Sequence[PlayerId],
    rounds: Sequence[Sequence[tuple[PlayerId, PlayerId, PlayerId | None]]],
) -> tuple[PlayerId, ...] | None:
    """The event's final order once its bracket is decided, or None before the final has
    a winner.

    ``swiss_order`` is every player in Swiss standings order; ``rounds`` the top-cut
    rounds in order, each a sequence of ``(player_a, player_b, winner)``. The winner of
    the final is 1st and its loser 2nd; the players who lost in the round before are next
    (3rd-4th after a semifinal), ordered among themselves by their Swiss rank, and so on
    back to the first bracket round; everyone who did not make the cut follows in Swiss
    order.
    """
    if not rounds or len(rounds[-1]) != 1 or rounds[-1][0][2] is None:
        return None
    position = {player: i for i, player in enumerate(swiss_order)}
    final_a, final_b, champion = rounds[-1][0]
    placed = [champion, final_b if champion == final_a else final_a]
    for round_matches in reversed(rounds[:-1]):
        losers = [b if winner == a else a for a, b, winner in round_matches if winner is not None]
        placed += sorted(losers, key=lambda p: position.get(p, len(position)))
    seen = set(placed)
    return tuple(placed) + tuple(p for p in swiss_order if p not in seen)


@dataclass(frozen=True, slots=True)
class BracketMatch:
    round: int
    index: int
    seed_a: int | None = None
    player_a: PlayerId | None = None
    seed_b: int | None = None
    player_b: PlayerId | None = None
    winner: PlayerId | None = None

    @property
    def better_seed(self) -> PlayerId | None:
        if self.seed_a is None or self.seed_b is None:
            return None
        return self.player_a if self.seed_a < self.seed_b else self.player_b


@dataclass(frozen=True, slots=True)
class Bracket:
    """The matches of every round played or known so far (round 1 first)."""

    rounds: tuple[tuple[BracketMatch, ...], ...]

    @classmethod
    def start(cls, seeds: Sequence[PlayerId]) -> Bracket:
        """The first round for players in seed order (``seeds[0]`` is seed 1)."""
        positions = bracket_positions(len(seeds))
        first = tuple(
            BracketMatch(
                round=1,
                index=i,
                seed_a=positions[2 * i],
                player_a=seeds[positions[2 * i] - 1],
                seed_b=positions[2 * i + 1],
                player_b=seeds[positions[2 * i + 1] - 1],
            )
            for i in range(len(seeds) // 2)
        )
        return cls((first,))

    @property
    def champion(self) -> PlayerId | None:
        last = self.rounds[-1]
        return last[0].winner if len(last) == 1 else None

    def with_winner(self, round_number: int, index: int, winner: PlayerId) -> Bracket:
        """A new bracket with ``winner`` through from match ``index`` of ``round_number``.

        A winner may be corrected until the match it feeds has a winner itself.
        """
        match = self.rounds[round_number - 1][index]
        if match.player_b is None or winner not in (match.player_a, match.player_b):
            raise WrongWinnerError(
                f"round {round_number} match {index + 1}: {winner!r} is not one of its two"
                f" players ({match.player_a!r}, {match.player_b!r})",
                round=round_number,
                match=index + 1,
                winner=winner,
            )
        rounds = [list(r) for r in self.rounds]
        rounds[round_number - 1][index] = replace(match, winner=winner)
        if len(rounds[round_number - 1]) > 1:
            if len(rounds) == round_number:
                size = len(rounds[round_number - 1]) // 2
                rounds.append([BracketMatch(round_number + 1, i) for i in range(size)])
            feeds = rounds[round_number][index // 2]
            if feeds.winner is not None:
                raise WrongWinnerError(
                    f"round {round_number} match {index + 1}: the match it feeds already has"
                    f" a winner ({feeds.winner!r}); correct that one first",
                    round=round_number,
                    match=index + 1,
                    winner=winner,
                )
            seed = match.seed_a if winner == match.player_a else match.seed_b
            if index % 2 == 0:
                feeds = replace(feeds, seed_a=seed, player_a=winner)
            else:
                feeds = replace(feeds, seed_b=seed, player_b=winner)
            rounds[round_number][index // 2] = feeds
        return Bracket(tuple(tuple(r) for r in rounds))
