"""The state of an Anachronism game: set-up, assaults, initiative, discards and the end.

Line numbers cite the Spanish rules text (``anachronism.es.txt``); where it is
silent the project's readings apply (``docs/readings.md``, ``docs/anachronism-record.md``).

The game runs: set-up rolls until the totals differ (line 40), the lower
roller places its warrior on its back line first, then the other; five
assaults (line 86). In assaults 1-4 each side reveals its leftmost face-down
support (line 52); the higher revealed initiative acts first (line 53),
assault 5 by experience (line 87), ties by experience then by re-rolls
without modifiers (lines 83-84). A reveal that breaks the card limits
(lines 89-91) forces discards, after the initiative and before the reveal
abilities (line 92). Each side then takes a turn of ``speed`` actions
(line 56). A warrior at 0 life loses at once; after assault 5 more life wins,
then more experience, else a draw.

The rules of a turn's actions (move, turn, attack, abilities, pass) are in
:mod:`.actions`, mixed into :class:`Game`.

Every ``apply_*`` method checks its step and raises
:class:`~games.engines.errors.IllegalStepError` (changing nothing) when the
rules refuse it; ``check_*`` methods only check.
"""

from __future__ import annotations

from typing import Any

from games.engines.anachronism.actions import ActionRules
from games.engines.anachronism.catalogue import Catalogue, Grid, Support, Warrior
from games.engines.anachronism.combat import Dice, tie_winner_by_experience
from games.engines.anachronism.reports import AssaultReport, Step
from games.engines.anachronism.types import (
    ACTIONS,
    ASSAULTS,
    BY_DRAW,
    BY_EXPERIENCE,
    BY_KNOCKOUT,
    BY_LIFE,
    DEFAULT_ARENA,
    DISCARD,
    INITIATIVE,
    MAX_HANDS,
    NORTH,
    OTHER,
    PLACEMENT,
    REVEAL_ASSAULTS,
    SIDES,
    SOUTH,
    parse_square,
    square_name,
)
from games.engines.steps import END

_DIE_FACES = frozenset(range(1, 7))


class Game(ActionRules):
    """A game in progress. ``round`` is the assault (0 during set-up)."""

    def __init__(
        self,
        catalogue: Catalogue,
        warriors: dict[str, str],
        supports: dict[str, tuple[str, ...]],
        *,
        arena: int = DEFAULT_ARENA,
    ) -> None:
        self.catalogue = catalogue
        self.arena = arena
        self.warrior: dict[str, Warrior] = {s: catalogue.warriors[warriors[s]] for s in SIDES}
        self.deck: dict[str, tuple[Support, ...]] = {
            s: tuple(catalogue.supports[c] for c in supports[s]) for s in SIDES
        }
        self.life = {s: self.warrior[s].life for s in SIDES}
        self.position: dict[str, tuple[int, int] | None] = {NORTH: None, SOUTH: None}
        self.facing = {NORTH: "south", SOUTH: "north"}
        self.in_play: dict[str, list[Support]] = {NORTH: [], SOUTH: []}
        self.discarded: dict[str, list[str]] = {NORTH: [], SOUTH: []}
        self.round = 0
        self.phase = PLACEMENT
        self.to_act: str | None = None
        self.placement_rolls: list[tuple[Dice, Dice]] = []
        self.placed: list[str] = []
        self.order: tuple[str, str] = (NORTH, SOUTH)
        self.turn_index = 0
        self.actions_left = 0
        self.weapon_used = False
        self.abilities_used: set[tuple[str, str]] = set()
        self.reports: list[AssaultReport] = []
        self.current: AssaultReport | None = None
        self.winner: str | None = None
        self.ended_by: str | None = None

    # --- reading the state -----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == END

    def back_rank(self, side: str) -> int:
        """The 0-based rank of a side's back line: south on rank 1, north on the last."""
        return 0 if side == SOUTH else self.arena - 1

    def static_bonus(self, side: str, kind: str) -> int:
        """The sum of a side's static ``kind`` abilities (warrior and cards in play)."""
        total = 0
        for ability in self.warrior[side].abilities:
            if ability.effect == kind:
                total += ability.amount
        for card in self.in_play[side]:
            for ability in card.abilities:
                if ability.effect == kind:
                    total += ability.amount
        return total

    def speed(self, side: str) -> int:
        """Actions per turn: the warrior's speed plus speed bonuses (line 56)."""
        return self.warrior[side].speed + self.static_bonus(side, "speed-bonus")

    def weapon(self, side: str) -> Support | None:
        for card in self.in_play[side]:
            if card.type == "weapon":
                return card
        return None

    def attack_bonus(self, side: str, weapon: str | None) -> int | None:
        """The target square's bonus on the grid of the attack (line 74), None if out of reach."""
        grid: Grid | None
        if weapon is None:
            grid = self.warrior[side].grid
        else:
            card = self.weapon(side)
            grid = card.grid if card is not None and card.id == weapon else None
        me, enemy = self.position[side], self.position[OTHER[side]]
        if grid is None or me is None or enemy is None:
            return None
        return grid.bonus(self.facing[side], enemy[0] - me[0], enemy[1] - me[1])

    def limit_breaches(self, side: str) -> list[tuple[str, str]]:
        """Which card limits a side's face-up supports break (lines 89-91), as (limit, value)."""
        out: list[tuple[str, str]] = []
        types: set[str] = set()
        traits: set[str] = set()
        hands = 0
        for card in self.in_play[side]:
            if card.type in types:
                out.append(("type", card.type))
            types.add(card.type)
            if card.trait is not None:
                if card.trait in traits:
                    out.append(("trait", card.trait))
                traits.add(card.trait)
            hands += card.hands
        if hands > MAX_HANDS:
            out.append(("hands", str(hands)))
        return out

    def score(self) -> dict[str, int]:
        """The result: 1 for the winner and 0 for the loser; 0 each for a draw."""
        return {side: int(self.winner == side) for side in SIDES}

    def snapshot(self) -> dict[str, Any]:
        """The visible state as JSON-ready data (for the replay page)."""
        return {
            "assault": self.round,
            "phase": self.phase,
            "to_act": self.to_act,
            "actions_left": self.actions_left,
            "arena": self.arena,
            "winner": self.winner,
            "ended_by": self.ended_by,
            "sides": {
                side: {
                    "warrior": self.warrior[side].id,
                    "life": self.life[side],
                    "max_life": self.warrior[side].life,
                    "square": square_name(*pos) if (pos := self.position[side]) else None,
                    "facing": self.facing[side],
                    "in_play": [card.id for card in self.in_play[side]],
                    "face_down": [card.id for card in self.face_down(side)],
                    "discarded": list(self.discarded[side]),
                }
                for side in SIDES
            },
        }

    def face_down(self, side: str) -> tuple[Support, ...]:
        revealed = min(self.round, REVEAL_ASSAULTS) if self.phase != PLACEMENT else 0
        return self.deck[side][revealed:]

    # --- set-up ------------------------------------------------------------------------

    def _dice(self, dice: Any, side: str | None, field: str) -> int:
        if (
            type(dice) is not tuple
            or len(dice) != 2
            or dice[0] not in _DIE_FACES
            or dice[1] not in _DIE_FACES
            or type(dice[0]) is not int
            or type(dice[1]) is not int
        ):
            raise self._illegal("anachronism.dice", side, {"dice": list(dice)}, field)
        return dice[0] + dice[1]

    def apply_placement_roll(self, north: Dice, south: Dice) -> None:
        """Both roll; the lower total places its warrior first (line 40); equal totals re-roll."""
        if self.phase != PLACEMENT or self.to_act is not None:
            raise self._illegal("anachronism.no_placement_roll", None, {})
        n = self._dice(north, NORTH, ".north")
        s = self._dice(south, SOUTH, ".south")
        self.placement_rolls.append((north, south))
        if n != s:
            self.to_act = NORTH if n < s else SOUTH

    def check_place(self, side: str, square: str) -> tuple[int, int]:
        if self.phase == PLACEMENT and self.to_act is None:
            raise self._illegal("anachronism.placement_unrolled", side, {})
        self._expect(PLACEMENT, side, "place")
        where = parse_square(square, self.arena)
        if where is None:
            raise self._illegal("anachronism.square", side, {"square": square, "size": self.arena})
        rank = self.back_rank(side)
        if where[1] != rank:
            raise self._illegal(
                "anachronism.not_back_line", side, {"square": square, "rank": rank + 1}
            )
        return where

    def apply_place(self, side: str, square: str) -> None:
        """Place a warrior on its back line, facing the enemy's (line 40)."""
        where = self.check_place(side, square)
        self.position[side] = where
        self.placed.append(side)
        if len(self.placed) == 1:
            self.to_act = OTHER[side]
        else:
            self._start_assault()

    # --- assaults ----------------------------------------------------------------------

    def _start_assault(self) -> None:
        self.round += 1
        report = AssaultReport(self.round)
        self.current = report
        self.reports.append(report)
        self.to_act = None
        if self.round <= REVEAL_ASSAULTS:
            for side in SIDES:
                card = self.deck[side][self.round - 1]
                self.in_play[side].append(card)
                report.revealed[side] = card.id
            n = self.deck[NORTH][self.round - 1].initiative
            s = self.deck[SOUTH][self.round - 1].initiative
            if n != s:
                self._after_initiative(NORTH if n > s else SOUTH)
                return
        tie = tie_winner_by_experience(
            self.warrior[NORTH].experience, self.warrior[SOUTH].experience
        )
        if tie:
            self._after_initiative(NORTH if tie > 0 else SOUTH)
        else:
            self.phase = INITIATIVE

    def apply_initiative_roll(self, north: Dice, south: Dice) -> None:
        """A re-roll without modifiers for a tied initiative (line 84)."""
        if self.phase != INITIATIVE:
            raise self._illegal("anachronism.no_initiative_roll", None, {})
        n = self._dice(north, NORTH, ".north")
        s = self._dice(south, SOUTH, ".south")
        assert self.current is not None
        self.current.initiative_rolls.append((north, south))
        if n != s:
            self._after_initiative(NORTH if n > s else SOUTH)

    def _after_initiative(self, first: str) -> None:
        assert self.current is not None
        self.current.first = first
        self.order = (first, OTHER[first])
        self._next_discard()

    def _next_discard(self) -> None:
        for side in self.order:
            if self.limit_breaches(side):
                self.phase = DISCARD
                self.to_act = side
                return
        self._reveal_effects()

    def check_discard(self, side: str, card: str) -> int:
        self._expect(DISCARD, side, "discard")
        for i, held in enumerate(self.in_play[side]):
            if held.id == card:
                return i
        raise self._illegal(
            "anachronism.discard_not_in_play",
            side,
            {"card": card, "in_play": ", ".join(c.id for c in self.in_play[side]) or "-"},
        )

    def apply_discard(self, side: str, card: str) -> None:
        """Discard a face-up card while the side's cards break a limit (line 92)."""
        index = self.check_discard(side, card)
        self.in_play[side].pop(index)
        self.discarded[side].append(card)
        assert self.current is not None
        self.current.discards[side].append(card)
        if not self.limit_breaches(side):
            self._next_discard()

    def _reveal_effects(self) -> None:
        """Reveal abilities of the cards revealed this assault and still in play (lines 54, 92)."""
        report = self.current
        assert report is not None
        if self.round <= REVEAL_ASSAULTS:
            for side in self.order:
                card = self.deck[side][self.round - 1]
                if card not in self.in_play[side]:
                    continue
                for ability in card.abilities:
                    if ability.timing != "reveal":
                        continue
                    if ability.effect == "heal":
                        gained = self._heal(side, ability.amount)
                        report.steps.append(
                            Step(side, "reveal-heal", {"card": card.id, "amount": gained})
                        )
                    elif ability.effect == "wound":
                        enemy = OTHER[side]
                        lost = min(ability.amount, self.life[enemy])
                        self.life[enemy] -= lost
                        report.steps.append(
                            Step(side, "reveal-wound", {"card": card.id, "amount": lost})
                        )
                        if self.life[enemy] == 0:
                            self._finish(side, BY_KNOCKOUT)
                            return
        self._start_turn(0)

    def _heal(self, side: str, amount: int) -> int:
        gained = min(amount, self.warrior[side].life - self.life[side])
        self.life[side] += gained
        return gained

    def _start_turn(self, index: int) -> None:
        self.turn_index = index
        side = self.order[index]
        self.phase = ACTIONS
        self.to_act = side
        self.actions_left = self.speed(side)
        self.weapon_used = False
        self.abilities_used = set()

    def _action_done(self) -> None:
        if self.phase == END:
            return
        self.actions_left -= 1
        if self.actions_left > 0:
            return
        if self.turn_index == 0:
            self._start_turn(1)
            return
        assert self.current is not None
        self.current.life = dict(self.life)
        if self.round == ASSAULTS:
            self._finish_after_last_assault()
        else:
            self._start_assault()

    def _finish(self, winner: str | None, how: str) -> None:
        if self.current is not None:
            self.current.life = dict(self.life)
        self.phase = END
        self.to_act = None
        self.actions_left = 0
        self.winner = winner
        self.ended_by = how

    def _finish_after_last_assault(self) -> None:
        n, s = self.life[NORTH], self.life[SOUTH]
        if n != s:
            self._finish(NORTH if n > s else SOUTH, BY_LIFE)
            return
        tie = tie_winner_by_experience(
            self.warrior[NORTH].experience, self.warrior[SOUTH].experience
        )
        if tie:
            self._finish(NORTH if tie > 0 else SOUTH, BY_EXPERIENCE)
        else:
            self._finish(None, BY_DRAW)

    def copy(self) -> Game:
        """An independent copy (cards and catalogue are shared, they never change)."""
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new.life = dict(self.life)
        new.position = dict(self.position)
        new.facing = dict(self.facing)
        new.in_play = {s: list(v) for s, v in self.in_play.items()}
        new.discarded = {s: list(v) for s, v in self.discarded.items()}
        new.placement_rolls = list(self.placement_rolls)
        new.placed = list(self.placed)
        new.abilities_used = set(self.abilities_used)
        new.reports = list(self.reports)
        if self.current is not None:
            new.current = self.current.copy()
            new.reports[-1] = new.current
        return new
