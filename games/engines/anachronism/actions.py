"""A turn's actions: the values a record's steps become, and the rules that check and apply them.

Each side's turn is ``speed`` actions (line 56): move one orthogonal square and face
any way, turn, attack (lines 67-84), use an ability marked Action, or pass.
:class:`ActionRules` holds these rules; :class:`~games.engines.anachronism.state.Game`
mixes it in, and every ``check_*`` method only checks (raising
:class:`~games.engines.errors.IllegalStepError`) while :meth:`ActionRules.apply`
performs the action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from games.engines.anachronism.catalogue import FACINGS, Support, Warrior
from games.engines.anachronism.combat import (
    AttackOutcome,
    Dice,
    damage_dealt,
    tie_winner_by_experience,
)
from games.engines.anachronism.reports import AssaultReport, Step
from games.engines.anachronism.types import (
    ACTIONS,
    BY_KNOCKOUT,
    OTHER,
    parse_square,
    square_name,
)
from games.engines.steps import StepChecks

_ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
_DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
_FACING_SET = frozenset(FACINGS)


class Move(NamedTuple):
    """Move one orthogonal square, then face any way (line 63)."""

    to: str
    face: str


class Turn(NamedTuple):
    """Use the move action only to face another way (line 63)."""

    face: str


class Attack(NamedTuple):
    """A basic attack (``weapon`` None) or an attack with the face-up weapon, with its dice."""

    weapon: str | None
    attacker: Dice
    defender: Dice
    rerolls: tuple[tuple[Dice, Dice], ...] = ()


class UseAbility(NamedTuple):
    """An ability marked Action of the warrior or a face-up support (``to``/``face`` to move)."""

    card: str
    ability: str
    to: str | None = None
    face: str | None = None


class Pass(NamedTuple):
    pass


Action = Move | Turn | Attack | UseAbility | Pass


class ActionRules(StepChecks):
    """The rules of a turn's actions, mixed into ``Game``, which holds the state below and
    provides the helpers declared for type checkers (dice, healing, the end of an action
    and of the game)."""

    arena: int
    warrior: dict[str, Warrior]
    life: dict[str, int]
    position: dict[str, tuple[int, int] | None]
    facing: dict[str, str]
    in_play: dict[str, list[Support]]
    weapon_used: bool
    abilities_used: set[tuple[str, str]]
    current: AssaultReport | None

    if TYPE_CHECKING:

        def _dice(self, dice: Any, side: str | None, field: str) -> int: ...
        def _heal(self, side: str, amount: int) -> int: ...
        def _action_done(self) -> None: ...
        def _finish(self, winner: str | None, how: str) -> None: ...
        def weapon(self, side: str) -> Support | None: ...
        def static_bonus(self, side: str, kind: str) -> int: ...
        def attack_bonus(self, side: str, weapon: str | None) -> int | None: ...

    def _facing(self, side: str, face: Any) -> str:
        if face not in _FACING_SET:
            raise self._illegal("anachronism.facing", side, {"face": face}, ".face")
        return face

    def _destination(
        self, side: str, to: Any, steps: tuple[tuple[int, int], ...], how: str
    ) -> tuple[int, int]:
        where = parse_square(to, self.arena)
        if where is None:
            raise self._illegal(
                "anachronism.square", side, {"square": to, "size": self.arena}, ".to"
            )
        me = self.position[side]
        assert me is not None
        if (where[0] - me[0], where[1] - me[1]) not in steps:
            raise self._illegal(
                how,
                side,
                {"square": to, "from": square_name(*me)},
                ".to",
            )
        if where == self.position[OTHER[side]]:
            raise self._illegal("anachronism.move_occupied", side, {"square": to}, ".to")
        return where

    def check_move(self, side: str, move: Move) -> tuple[int, int]:
        self._expect(ACTIONS, side, "move")
        where = self._destination(side, move.to, _ORTHOGONAL, "anachronism.move_orthogonal")
        self._facing(side, move.face)
        return where

    def check_turn(self, side: str, turn: Turn) -> None:
        self._expect(ACTIONS, side, "turn")
        face = self._facing(side, turn.face)
        if face == self.facing[side]:
            raise self._illegal("anachronism.turn_same", side, {"face": face}, ".face")

    def check_attack(self, side: str, attack: Attack) -> int:
        """Check an attack's weapon and reach (lines 67-76); returns the square's bonus."""
        self._expect(ACTIONS, side, "attack")
        weapon = attack.weapon
        if weapon is not None:
            card = self.weapon(side)
            if card is None or card.id != weapon:
                raise self._illegal(
                    "anachronism.weapon_not_in_play",
                    side,
                    {"card": weapon, "weapon": card.id if card else "-"},
                    ".with",
                )
            if self.weapon_used:
                raise self._illegal("anachronism.weapon_twice", side, {"card": weapon}, ".with")
        bonus = self.attack_bonus(side, weapon)
        if bonus is None:
            enemy = self.position[OTHER[side]]
            raise self._illegal(
                "anachronism.out_of_reach",
                side,
                {
                    "grid": weapon or self.warrior[side].id,
                    "square": square_name(*enemy) if enemy else "-",
                    "face": self.facing[side],
                },
                ".with",
            )
        return bonus

    def resolve_attack(self, side: str, attack: Attack, bonus: int) -> AttackOutcome:
        """The dice of an attack (lines 78-84); checks them, changes nothing."""
        enemy = OTHER[side]
        a = self._dice(attack.attacker, side, ".dice.attacker") + bonus
        a += self.static_bonus(side, "attack-bonus")
        d = self._dice(attack.defender, enemy, ".dice.defender")
        d += self.static_bonus(enemy, "defense-bonus")
        rerolls = attack.rerolls
        if a != d:
            hit = a > d
            needed = False
        else:
            tie = tie_winner_by_experience(
                self.warrior[side].experience, self.warrior[enemy].experience
            )
            hit = tie > 0
            needed = tie == 0
        if not needed and rerolls:
            raise self._illegal(
                "anachronism.reroll_not_needed",
                side,
                {"attack": a, "defense": d},
                ".rerolls",
            )
        if needed:
            hit = None  # type: ignore[assignment]
            for k, (ra, rd) in enumerate(rerolls):
                if hit is not None:
                    raise self._illegal(
                        "anachronism.reroll_extra", side, {"count": k}, f".rerolls[{k}]"
                    )
                x = self._dice(ra, side, f".rerolls[{k}].attacker")
                y = self._dice(rd, enemy, f".rerolls[{k}].defender")
                if x != y:
                    hit = x > y
            if hit is None:
                raise self._illegal(
                    "anachronism.reroll_missing", side, {"attack": a, "defense": d}, ".rerolls"
                )
        critical = hit and attack.attacker[0] == attack.attacker[1]
        damage = 0
        if hit:
            card = self.weapon(side) if attack.weapon is not None else None
            base = card.damage if card is not None else self.warrior[side].damage
            damage = damage_dealt(
                base,
                critical,
                self.static_bonus(side, "damage-bonus"),
                self.static_bonus(enemy, "armor"),
            )
        return AttackOutcome(a, d, hit, critical, damage, len(rerolls))

    def check_ability(self, side: str, use: UseAbility) -> Any:
        self._expect(ACTIONS, side, "ability")
        owner: Warrior | Support | None = None
        if use.card == self.warrior[side].id:
            owner = self.warrior[side]
        else:
            for card in self.in_play[side]:
                if card.id == use.card:
                    owner = card
                    break
        if owner is None:
            raise self._illegal("anachronism.ability_card", side, {"card": use.card}, ".card")
        ability = next((a for a in owner.abilities if a.id == use.ability), None)
        if ability is None or ability.timing != "action":
            raise self._illegal(
                "anachronism.ability_not_action",
                side,
                {"card": use.card, "ability": use.ability},
                ".ability",
            )
        if (use.card, use.ability) in self.abilities_used:
            raise self._illegal(
                "anachronism.ability_twice", side, {"ability": use.ability}, ".ability"
            )
        if ability.effect == "diagonal-move":
            if use.to is None or use.face is None:
                raise self._illegal(
                    "anachronism.ability_needs_square", side, {"ability": use.ability}, ""
                )
            self._destination(side, use.to, _DIAGONAL, "anachronism.move_diagonal")
            self._facing(side, use.face)
        elif use.to is not None or use.face is not None:
            raise self._illegal("anachronism.ability_no_square", side, {"ability": use.ability}, "")
        return ability

    def apply(self, side: str, action: Action) -> None:
        """Perform one action of ``side``'s turn (line 57); raises IllegalStepError."""
        report = self.current
        kind = type(action)
        if kind is Move:
            where = self.check_move(side, action)  # type: ignore[arg-type]
            self.position[side] = where
            self.facing[side] = action.face  # type: ignore[union-attr]
            detail: dict[str, Any] = {"to": action.to, "face": action.face}  # type: ignore[union-attr]
            name = "move"
        elif kind is Turn:
            self.check_turn(side, action)  # type: ignore[arg-type]
            self.facing[side] = action.face  # type: ignore[union-attr]
            detail = {"face": action.face}  # type: ignore[union-attr]
            name = "turn"
        elif kind is Attack:
            bonus = self.check_attack(side, action)  # type: ignore[arg-type]
            outcome = self.resolve_attack(side, action, bonus)  # type: ignore[arg-type]
            if action.weapon is not None:  # type: ignore[union-attr]
                self.weapon_used = True
            enemy = OTHER[side]
            self.life[enemy] = max(0, self.life[enemy] - outcome.damage)
            target = self.position[enemy]
            detail = {
                "with": action.weapon,  # type: ignore[union-attr]
                "target": square_name(*target) if target else None,
                "bonus": bonus,
                "attack": outcome.attack_total,
                "defense": outcome.defense_total,
                "hit": outcome.hit,
                "critical": outcome.critical,
                "damage": outcome.damage,
            }
            name = "attack"
            if self.life[enemy] == 0:
                if report is not None:
                    report.steps.append(Step(side, name, detail))
                self._finish(side, BY_KNOCKOUT)
                return
        elif kind is UseAbility:
            ability = self.check_ability(side, action)  # type: ignore[arg-type]
            self.abilities_used.add((action.card, action.ability))  # type: ignore[union-attr]
            detail = {"card": action.card, "ability": action.ability}  # type: ignore[union-attr]
            if ability.effect == "heal":
                detail["amount"] = self._heal(side, ability.amount)
            else:
                self.position[side] = parse_square(action.to, self.arena)  # type: ignore[union-attr,arg-type]
                self.facing[side] = action.face  # type: ignore[union-attr,assignment]
                detail.update(to=action.to, face=action.face)  # type: ignore[union-attr]
            name = "ability"
        elif kind is Pass:
            self._expect(ACTIONS, side, "pass")
            detail = {}
            name = "pass"
        else:
            raise TypeError(f"not an Anachronism action: {action!r}")
        if report is not None:
            report.steps.append(Step(side, name, detail))
        self._action_done()
