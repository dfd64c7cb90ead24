"""What the big screen shows (pure: no Django import).

A judge picks the screen's mode from a phone: one of the views, or ``auto``, which follows
the event: the draft pods while a pod drafts or builds its decks (until a round is
published); the pairings once a round is published; the tables still playing once time is
called or only a few tables are left; the standings once every result of a Swiss round is
in (and at the end of the event). A view with nothing to show (standings before any round,
pods in an event that has none) gives way to ``waiting``: the event's name, the QR code and
the announcement.
"""

from __future__ import annotations

from dataclasses import dataclass

# Modes a judge may choose (the model's choices use the same codes).
AUTO = "auto"
PAIRINGS = "pairings"
STANDINGS = "standings"
PLAYING = "playing"
DRAFT = "draft"
MODES = (AUTO, PAIRINGS, STANDINGS, PLAYING, DRAFT)

# Views the screen can show: every mode but ``auto``, and ``waiting``.
WAITING = "waiting"
VIEWS = (WAITING, PAIRINGS, STANDINGS, PLAYING, DRAFT)

# "Only a few tables left": at most this share of the round's tables (and at least this
# many tables, so a small event switches too), and never more than half of them.
FEW_TABLES_SHARE = 0.1
FEW_TABLES_MIN = 2


@dataclass(frozen=True)
class RoundFacts:
    """The latest round an anonymous reader may see."""

    swiss: bool
    tables: int
    tables_playing: int
    time_called: bool = False


@dataclass(frozen=True)
class ScreenFacts:
    round: RoundFacts | None = None
    pods: int = 0
    pods_drafting: int = 0
    standings: bool = False
    event_finished: bool = False


def few_tables_left(tables: int, playing: int) -> bool:
    """Whether so few tables are still playing that the screen lists them (``auto``)."""
    if tables <= 0 or playing <= 0:
        return False
    few = max(FEW_TABLES_MIN, int(tables * FEW_TABLES_SHARE))
    return playing <= few and playing * 2 <= tables


def choose_view(mode: str, facts: ScreenFacts) -> str:
    """The view the screen shows in ``mode``, given the event's state."""
    if mode not in MODES:
        raise ValueError(f"unknown screen mode {mode!r}; expected one of {', '.join(MODES)}")
    round_ = facts.round
    if mode == PAIRINGS:
        return PAIRINGS if round_ is not None else WAITING
    if mode == PLAYING:
        return PLAYING if round_ is not None else WAITING
    if mode == STANDINGS:
        return STANDINGS if facts.standings else WAITING
    if mode == DRAFT:
        return DRAFT if facts.pods else WAITING
    # auto: a draft comes before round 1 (which cannot be paired while a pod drafts), so
    # once a round is published the rounds take over, even from a pod still building decks
    if round_ is None:
        if facts.pods_drafting:
            return DRAFT
        return STANDINGS if facts.event_finished and facts.standings else WAITING
    if round_.tables_playing:
        if round_.time_called or few_tables_left(round_.tables, round_.tables_playing):
            return PLAYING
        return PAIRINGS
    if facts.standings and (round_.swiss or facts.event_finished):
        return STANDINGS
    return PAIRINGS
