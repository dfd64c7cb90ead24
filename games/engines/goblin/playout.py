"""Random legal Goblin II games, and writing a played game as a record.

:func:`random_game` deals a real game: shuffled troops, and each side's
arsenal as its mode sets it up (the kept specials, or the ten cards left in
the covered mode), so that a player only plays cards it really holds. Players
choose at random among legal moves. :func:`record_of_game` writes a played
game as a :class:`~games.engines.goblin.record.Record` and
:func:`random_record` returns it as JSON data.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.engines.goblin.catalogue import Catalogue, default_catalogue
from games.engines.goblin.legal import legal_plays, vanguard_choices
from games.engines.goblin.record import Play, Record, RoundEntry, Turn, record_to_dict
from games.engines.goblin.state import CARDS, END, SIDES, UNCOVER, VANGUARD, Game


class Dealt:
    """What chance dealt each side at set-up: the troop order and the arsenal in hand."""

    def __init__(self, catalogue: Catalogue, mode: str, rng: random.Random) -> None:
        self.troop = {}
        self.hand: dict[str, Counter[str]] = {}
        self.specials: dict[str, list[str]] = {}
        for side in SIDES:
            troop = [c.id for c in catalogue.troop for _ in range(c.count)]
            rng.shuffle(troop)
            self.troop[side] = troop
            arsenal = [c.id for c in catalogue.arsenal for _ in range(c.count)]
            specials = [c for c in arsenal if catalogue.arsenal_by_id[c].card_class == "special"]
            if mode == "covered":
                rng.shuffle(arsenal)
                hand = arsenal[catalogue.covered_discarded :]
            else:
                rng.shuffle(specials)
                kept = specials[: catalogue.specials_kept]
                self.specials[side] = sorted(kept)
                hand = [
                    c for c in arsenal if catalogue.arsenal_by_id[c].card_class != "special"
                ] + kept
            self.hand[side] = Counter(hand)


def random_game(
    rng: random.Random,
    *,
    catalogue: Catalogue | None = None,
    mode: str = "open",
    scoring: str = "survivors",
    initiative: str | None = None,
    play_rate: float = 0.5,
    concede_rate: float = 0.02,
    extra_rate: float = 0.5,
) -> tuple[Game, Dealt]:
    """Play a random legal game to its end; returns the game and what was dealt."""
    catalogue = catalogue or default_catalogue()
    dealt = Dealt(catalogue, mode, rng)
    game = Game(
        catalogue,
        mode=mode,
        scoring=scoring,
        initiative=initiative or rng.choice(SIDES),
        specials=dealt.specials if mode == "open" else None,
    )
    while game.phase != END:
        side = game.to_act
        assert side is not None
        if game.phase == UNCOVER:
            if game.extra_side == side and rng.random() >= extra_rate:
                game.apply_end_uncover(side)
            else:
                game.apply_reveal(side, dealt.troop[side].pop(0))
        elif game.phase == VANGUARD:
            choices = list(vanguard_choices(game))
            choice = rng.choice(choices)
            game.apply_vanguard(choice.own, choice.enemy)
        elif game.phase == CARDS:
            roll = rng.random()
            plays = []
            if roll < play_rate:
                plays = [p for p in legal_plays(game) if dealt.hand[side][p.card] > 0]
            if plays:
                play = rng.choice(plays)
                dealt.hand[side][play.card] -= 1
                game.apply_play(side, play.card, play.on, play.copy)
            elif rng.random() < concede_rate:
                game.apply_concede(side)
            else:
                game.apply_end_turn(side)
    return game, dealt


def record_of_game(game: Game, specials: dict[str, list[str]] | None = None) -> Record:
    """The record of the rounds ``game`` has finished, with its current score."""
    rounds = []
    for report in game.reports:
        turns = tuple(
            Turn(side, tuple(Play(p.card, p.on, p.copy) for p in plays), conceded)
            for side, plays, conceded in report.turns
        )
        rounds.append(
            RoundEntry(
                {side: tuple(card for _, card in report.revealed[side]) for side in SIDES},
                dict(report.vanguard),
                turns,
            )
        )
    setup = None
    if specials is not None:
        setup = {side: tuple(specials[side]) for side in SIDES}
    return Record(
        game.catalogue.id,
        game.mode,
        game.scoring,
        game.initiative,
        setup,
        tuple(rounds),
        game.score(),
    )


def random_record(rng: random.Random, **options: Any) -> dict[str, Any]:
    """A random legal game as Goblin II record JSON data (see :func:`random_game`)."""
    game, dealt = random_game(rng, **options)
    specials = None
    if game.mode == "open" or (game.mode == "semi-covered" and rng.random() < 0.5):
        specials = dealt.specials
    return record_to_dict(record_of_game(game, specials))
