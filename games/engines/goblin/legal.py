"""Legal actions in any Goblin II state, as values, and applying them.

Chance steps are the reveals (the top card of a shuffled troop is any card
not yet revealed, equally likely); everything else is a player's choice. Card
plays are filtered through :meth:`Game.check_play`, the check the replay
uses, so the two cannot disagree. In the hidden modes a player's real hand is
not part of the state: the plays listed are those the visible counts allow.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction
from typing import NamedTuple

from games.engines.errors import IllegalStepError
from games.engines.goblin.state import CARDS, END, HEADS, TAILS, UNCOVER, VANGUARD, Game


class Reveal(NamedTuple):
    """``side`` reveals the top card of its troop; it is ``card`` (chance)."""

    side: str
    card: str


class EndReveals(NamedTuple):
    side: str


class PickVanguard(NamedTuple):
    """The attacker's picks: its own vanguard and the enemy's."""

    own: tuple[str, ...]
    enemy: tuple[str, ...]


class PlayCard(NamedTuple):
    side: str
    card: str
    on: str
    copy: str | None = None


class EndTurn(NamedTuple):
    """The side says "turno"."""

    side: str


class Concede(NamedTuple):
    side: str


Action = Reveal | EndReveals | PickVanguard | PlayCard | EndTurn | Concede


def reveal_odds(game: Game) -> list[tuple[Reveal, Fraction]]:
    """The cards the side to reveal may turn up, with their probabilities."""
    side = game.to_act
    if game.phase != UNCOVER or side is None or game.troop_left[side] == 0:
        return []
    left = game.remaining_troop(side)
    total = sum(left.values())
    return [(Reveal(side, card), Fraction(n, total)) for card, n in left.items()]


def vanguard_choices(game: Game) -> Iterator[PickVanguard]:
    if game.phase != VANGUARD:
        return
    own = game.reserve[game.attacker]
    enemy = game.reserve[game.defender]
    own_picks = [c for n in range(1, min(3, len(own)) + 1) for c in itertools.combinations(own, n)]
    enemy_picks = [
        c for n in range(1, min(3, len(enemy)) + 1) for c in itertools.combinations(enemy, n)
    ]
    for mine in own_picks:
        for theirs in enemy_picks:
            yield PickVanguard(mine, theirs)


def legal_plays(game: Game) -> list[PlayCard]:
    """Every card play the side to act may make now."""
    side = game.to_act
    if game.phase != CARDS or side is None:
        return []
    everyone = game.vanguard[HEADS] + game.vanguard[TAILS]
    out = []
    for card in game.catalogue.arsenal:
        for on in everyone:
            copies = [c for c in everyone if c != on] if card.effect == "copy" else [None]
            for copy in copies:
                try:
                    game.check_play(side, card.id, on, copy)
                except IllegalStepError:
                    continue
                out.append(PlayCard(side, card.id, on, copy))
    return out


def legal_actions(game: Game) -> Iterator[Action]:
    """Every legal next action, lazily."""
    side = game.to_act
    if game.phase == END or side is None:
        return
    if game.phase == UNCOVER:
        for action, _ in reveal_odds(game):
            yield action
        if game.extra_side == side:
            yield EndReveals(side)
    elif game.phase == VANGUARD:
        yield from vanguard_choices(game)
    elif game.phase == CARDS:
        yield from legal_plays(game)
        yield EndTurn(side)
        yield Concede(side)


def apply_action(game: Game, action: Action) -> None:
    """Perform ``action`` on ``game`` (mutating it); raises IllegalStepError if illegal."""
    if isinstance(action, Reveal):
        game.apply_reveal(action.side, action.card)
    elif isinstance(action, EndReveals):
        game.apply_end_uncover(action.side)
    elif isinstance(action, PickVanguard):
        game.apply_vanguard(action.own, action.enemy)
    elif isinstance(action, PlayCard):
        game.apply_play(action.side, action.card, action.on, action.copy)
    elif isinstance(action, EndTurn):
        game.apply_end_turn(action.side)
    elif isinstance(action, Concede):
        game.apply_concede(action.side)
    else:
        raise TypeError(f"not a Goblin II action: {action!r}")


def after(game: Game, action: Action) -> Game:
    """A new game: ``game`` after ``action`` (``game`` itself is unchanged)."""
    new = game.copy()
    apply_action(new, action)
    return new


__all__ = [
    "Action",
    "Concede",
    "EndReveals",
    "EndTurn",
    "PickVanguard",
    "PlayCard",
    "Reveal",
    "after",
    "apply_action",
    "legal_actions",
    "legal_plays",
    "reveal_odds",
    "vanguard_choices",
]
