"""Which round the standings are after: the last completed one.

This module owns when a round's results count. They count once the round is complete,
all together, not one by one while it is played: a bye is confirmed the moment its round
is paired, and a few matches end early, so counting them at once would rank the player
who lost round 1 and has the round-2 bye first (1-1-0, OMW 100% from the round-1 winner
they lost to) above every 1-0 player still at the table. So the standings shown while a
round is played are those after the last completed round (its byes included), and the
running round's results, byes and matches already confirmed alike, wait until it ends.

* A round is complete when it has ended (the next round was paired, the top cut started
  or the event was finished, whatever results were then missing) or when every one of
  its matches has its result.
* The standings are after the last round that is complete together with every round
  before it (0 before any round is complete). A reader may ask for an earlier round,
  never a later one: asking for the round being played gives the last completed one.
* Only published Swiss rounds are given: an unpublished round is not being played, and
  top-cut rounds do not count in the Swiss standings.

Pairing a round reads the standings after the round before it, which the judge may pair
before all its results are in: that is the service's explicit ``as_of_round``, not this
rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.standings.records import InvalidRoundError

__all__ = ["RoundProgress", "StandingsRound", "standings_round"]


@dataclass(frozen=True, slots=True)
class RoundProgress:
    """A published Swiss round: its number, whether it has ended, and how many of its
    matches still wait for their result."""

    number: int
    ended: bool
    open_matches: int

    @property
    def complete(self) -> bool:
        return self.ended or self.open_matches == 0


@dataclass(frozen=True, slots=True)
class StandingsRound:
    """``after``: the round the standings are after (0 before any round is complete);
    ``latest``: the last completed round (``after`` unless an earlier one was asked for);
    ``playing``: the round being played after ``latest``, if any."""

    after: int
    latest: int
    playing: int | None = None

    @property
    def is_latest(self) -> bool:
        return self.after == self.latest


def standings_round(
    rounds: Iterable[RoundProgress], *, requested: int | None = None
) -> StandingsRound:
    """The standings' round: the last completed one, or ``requested`` if it is earlier."""
    if requested is not None and (type(requested) is not int or requested < 0):
        raise InvalidRoundError(
            f"standings after round {requested!r}: a round number is 0 or more",
            round=requested,
        )
    latest, playing = 0, None
    for progress in sorted(rounds, key=lambda r: r.number):
        if not progress.complete:
            playing = progress.number
            break
        latest = progress.number
    after = latest if requested is None else min(requested, latest)
    return StandingsRound(after, latest, playing)
