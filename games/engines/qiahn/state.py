"""The state of a Qíahn Tactics game and the rules for changing it.

:class:`Game` is mutable: every ``apply_*`` method checks one step against
the rules (``docs/readings.md``), raises :class:`IllegalStepError` with the place
(round, phase, side) if it is illegal (the state is then unchanged), and
otherwise performs it. ``check_place`` checks a counter placement without
performing it; :meth:`Game.copy` gives an independent copy.

A round goes: uncover (attacker, defender), deploy (attacker, defender),
outfit (attacker places counters then ends its turn, then the defender),
combat (the dice of every fighter, a chance step), then regroup, which
:meth:`Game.apply_rolls` performs at once. Wind that sends back the enemy's
only vanguard combatant ends the round as a draw on the spot. After round
``squad`` the game is over and :meth:`Game.score` is the final result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from games.engines.qiahn.combat import apply_earth, decide, faces_rolled, loser_role
from games.engines.qiahn.types import (
    ATTACKER_WINS,
    BY_COMBAT,
    BY_WIND,
    COPIES_PER_TYPE,
    COUNTERS_OF,
    DEFENDER_WINS,
    DIE_SIDES,
    DRAW,
    EARTH,
    EARTH_CARRIER_SURVIVES,
    GEAR,
    GEAR_BONUS,
    HEADS,
    MAX_VANGUARD,
    OTHER_SIDE,
    RULESETS,
    SHIELD,
    SIDES,
    SQUADS,
    SWORD,
    TAILS,
    TOKEN_IDS,
    TOKEN_TYPES,
    WATER,
    WIND,
    parse_token_id,
    token_id,
)
from games.engines.steps import END, StepChecks

UNCOVER = "uncover"
DEPLOY = "deploy"
OUTFIT = "outfit"
COMBAT = "combat"
PHASES = (UNCOVER, DEPLOY, OUTFIT, COMBAT, END)


class CounterPlaced(NamedTuple):
    """A counter placed in a round: by ``side``, on ``on``; ``copy`` for water."""

    side: str
    counter: str
    on: str
    copy: str | None = None


class RoundReport(NamedTuple):
    """What happened in one round, for the verdict and the replay page."""

    round: int
    attacker: str
    uncovered: dict[str, str]
    deployed: dict[str, tuple[str, ...]]
    types: dict[str, str]
    counters: tuple[CounterPlaced, ...]
    sent_back: str | None
    ended_by: str
    dice: dict[str, tuple[int, ...]]
    dice_totals: dict[str, int]
    totals: dict[str, int] | None
    outcome: str
    earth: str | None
    removed: tuple[str, ...]
    score: dict[str, int]

    @property
    def defender(self) -> str:
        return OTHER_SIDE[self.attacker]

    @property
    def winner(self) -> str | None:
        """The side that won the round, or None for a draw."""
        if self.outcome == ATTACKER_WINS:
            return self.attacker
        if self.outcome == DEFENDER_WINS:
            return self.defender
        return None

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "attacker": self.attacker,
            "defender": self.defender,
            "uncovered": dict(self.uncovered),
            "deployed": {side: list(ids) for side, ids in self.deployed.items()},
            "types": dict(self.types),
            "counters": [
                {k: v for k, v in c._asdict().items() if v is not None} for c in self.counters
            ],
            "sent_back": self.sent_back,
            "ended_by": self.ended_by,
            "dice": {token: list(faces) for token, faces in self.dice.items()},
            "dice_totals": dict(self.dice_totals),
            "totals": None if self.totals is None else dict(self.totals),
            "outcome": self.outcome,
            "winner": self.winner,
            "earth": self.earth,
            "removed": list(self.removed),
            "score": dict(self.score),
        }


class Game(StepChecks):
    """A Qíahn Tactics game in progress (mutable; see the module docstring)."""

    __slots__ = (
        "attacker",
        "gear",
        "in_play",
        "initiative",
        "magic",
        "phase",
        "placements",
        "removed",
        "reports",
        "round",
        "ruleset",
        "sent_back",
        "squad",
        "to_act",
        "type_counts",
        "types",
        "uncovered",
        "used",
        "vanguard",
        "water",
    )

    def __init__(self, squad: int, ruleset: str, initiative: str) -> None:
        if squad not in SQUADS:
            raise ValueError(f"squad must be one of {SQUADS}, not {squad!r}")
        if ruleset not in RULESETS:
            raise ValueError(f"ruleset must be one of {RULESETS}, not {ruleset!r}")
        if initiative not in SIDES:
            raise ValueError(f"initiative must be one of {SIDES}, not {initiative!r}")
        self.squad = squad
        self.ruleset = ruleset
        self.initiative = initiative
        self.round = 1
        self.attacker = initiative
        self.phase = UNCOVER
        self.to_act: str | None = initiative
        # Uncovered tokens: id -> type; per side, type -> how many uncovered.
        self.types: dict[str, str] = {}
        self.type_counts: dict[str, dict[str, int]] = {HEADS: {}, TAILS: {}}
        # Face-up tokens still in play, per side (the score).
        self.in_play: dict[str, int] = {HEADS: 0, TAILS: 0}
        self.removed: dict[str, int] = {}
        self.used: dict[tuple[str, str], int] = {}
        self._start_round()
        self.reports: list[RoundReport] = []

    def _start_round(self) -> None:
        self.uncovered: dict[str, str] = {}
        self.vanguard: dict[str, tuple[str, ...]] = {HEADS: (), TAILS: ()}
        self.gear: dict[str, str] = {}
        self.magic: dict[str, str] = {}
        self.water: tuple[str, str] | None = None  # (carrier, copied)
        self.sent_back: str | None = None
        self.placements: list[CounterPlaced] = []

    # --- reading the state ------------------------------------------------------------

    @property
    def defender(self) -> str:
        return OTHER_SIDE[self.attacker]

    @property
    def is_over(self) -> bool:
        return self.phase == END

    def role(self, side: str) -> str:
        """``'attacker'`` or ``'defender'`` in the current round."""
        return "attacker" if side == self.attacker else "defender"

    def score(self) -> dict[str, int]:
        """Face-up tokens each side has in play (the final result once the game is over)."""
        return dict(self.in_play)

    def reserve(self, side: str) -> list[str]:
        """Ids of ``side``'s face-up tokens in play and not in the vanguard."""
        prefix = "H" if side == HEADS else "T"
        on_line = self.vanguard[side]
        return [
            token
            for k in range(1, self.round + 1)
            if (token := f"{prefix}{k}") in self.types
            and token not in self.removed
            and token not in on_line
        ]

    def remaining_types(self, side: str) -> dict[str, int]:
        """How many tokens of each type ``side`` has not uncovered (out of two each)."""
        counts = self.type_counts[side]
        return {t: COPIES_PER_TYPE - counts.get(t, 0) for t in TOKEN_TYPES}

    def fighters(self) -> list[str]:
        """This round's fighters: attacker's vanguard then defender's, minus wind's victim."""
        sent_back = self.sent_back
        return [
            token
            for side in (self.attacker, self.defender)
            for token in self.vanguard[side]
            if token != sent_back
        ]

    def copy(self) -> Game:
        """An independent copy of this state."""
        other = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other.type_counts = {side: dict(c) for side, c in self.type_counts.items()}
        for name in ("types", "in_play", "removed", "used", "uncovered", "vanguard"):
            setattr(other, name, dict(getattr(self, name)))
        other.gear = dict(self.gear)
        other.magic = dict(self.magic)
        other.placements = list(self.placements)
        other.reports = list(self.reports)
        return other

    # --- turns --------------------------------------------------------------------------

    def _advance_turn(self, next_phase: str) -> None:
        if self.to_act == self.attacker:
            self.to_act = self.defender
        else:
            self.phase = next_phase
            self.to_act = self.attacker if next_phase != COMBAT else None

    # --- phase 1: uncover -----------------------------------------------------------------

    def apply_uncover(self, side: str, kind: str) -> str:
        """``side`` turns a face-down token over; it is ``kind``. Returns its id."""
        self._expect(UNCOVER, side, "uncover")
        if kind not in DIE_SIDES:
            raise self._illegal(
                "syntax.choice",
                side,
                {"path": "uncover", "value": kind, "allowed": ", ".join(TOKEN_TYPES)},
            )
        counts = self.type_counts[side]
        seen = counts.get(kind, 0)
        if seen >= COPIES_PER_TYPE:
            same = [t for t, k in self.types.items() if k == kind and t[0] == side[0].upper()]
            raise self._illegal(
                "uncover.type_exhausted",
                side,
                {"type": kind, "limit": COPIES_PER_TYPE, "tokens": ", ".join(same)},
            )
        counts[kind] = seen + 1
        token = token_id(side, self.round)
        self.types[token] = kind
        self.in_play[side] += 1
        self.uncovered[side] = kind
        self._advance_turn(DEPLOY)
        return token

    # --- phase 2: deploy ------------------------------------------------------------------

    def apply_deploy(self, side: str, tokens: Sequence[str]) -> None:
        """``side`` sends 1 to 3 of its face-up reserve combatants to the vanguard."""
        self._expect(DEPLOY, side, "deploy")
        if not 1 <= len(tokens) <= MAX_VANGUARD:
            raise self._illegal(
                "deploy.count", side, {"count": len(tokens), "ids": ", ".join(tokens) or "none"}
            )
        seen: list[str] = []
        for j, token in enumerate(tokens):
            self._check_deployable(side, token, seen, j)
            seen.append(token)
        self.vanguard[side] = tuple(tokens)
        self._advance_turn(OUTFIT)

    def _check_deployable(self, side: str, token: str, seen: list[str], j: int) -> None:
        if token in self.types and token[0] == ("H" if side == HEADS else "T"):
            if token in self.removed:
                raise self._illegal(
                    "deploy.removed",
                    side,
                    {"token": token, "removed_round": self.removed[token]},
                    f"[{j}]",
                )
            if token in seen:
                raise self._illegal("deploy.duplicate", side, {"token": token}, f"[{j}]")
            return
        parsed = TOKEN_IDS.get(token) or parse_token_id(token)
        if parsed is None:
            raise self._illegal(
                "syntax.token_id", side, {"path": "deploy", "value": token}, f"[{j}]"
            )
        owner, k = parsed
        if owner != side:
            raise self._illegal("deploy.not_own", side, {"token": token}, f"[{j}]")
        if k > self.squad:
            raise self._illegal(
                "deploy.not_in_squad", side, {"token": token, "squad": self.squad}, f"[{j}]"
            )
        raise self._illegal(
            "deploy.face_down", side, {"token": token, "uncover_round": k}, f"[{j}]"
        )

    # --- phase 3: outfit ------------------------------------------------------------------

    def check_place(self, side: str, counter: str, on: str, copy: str | None = None) -> None:
        """Raise :class:`IllegalStepError` unless ``side`` may place ``counter`` on ``on`` now."""
        self._expect(OUTFIT, side, "placing a counter")
        if counter not in COUNTERS_OF[side]:
            raise self._illegal(
                "outfit.not_owned",
                side,
                {"counter": counter, "owned": ", ".join(COUNTERS_OF[side])},
                ".counter",
            )
        used_in = self.used.get((side, counter))
        if used_in is not None:
            raise self._illegal(
                "outfit.counter_used", side, {"counter": counter, "used_round": used_in}, ".counter"
            )
        if counter == SWORD and side != self.attacker:
            raise self._illegal("outfit.sword_defending", side, {"token": on}, ".counter")
        if counter == SHIELD and side == self.attacker:
            raise self._illegal("outfit.shield_attacking", side, {"token": on}, ".counter")
        if counter == WIND:
            enemy = OTHER_SIDE[side]
            if on not in self.vanguard[enemy]:
                raise self._illegal(
                    "outfit.wind_not_enemy",
                    side,
                    {"token": on, "vanguard": ", ".join(self.vanguard[enemy])},
                    ".on",
                )
        elif on not in self.vanguard[side]:
            raise self._illegal(
                "outfit.not_own_vanguard",
                side,
                {"counter": counter, "token": on, "vanguard": ", ".join(self.vanguard[side])},
                ".on",
            )
        if on == self.sent_back:
            raise self._illegal("outfit.sent_back", side, {"token": on}, ".on")
        if counter in GEAR:
            if on in self.gear:
                raise self._illegal(
                    "outfit.gear_taken", side, {"token": on, "other": self.gear[on]}, ".on"
                )
        elif on in self.magic:
            raise self._illegal(
                "outfit.magic_taken", side, {"token": on, "other": self.magic[on]}, ".on"
            )
        if counter != WATER and copy is not None:
            raise self._illegal(
                "outfit.copy_not_water", side, {"counter": counter, "token": on}, ".copy"
            )
        if counter == WATER:
            if copy is None:
                raise self._illegal("outfit.copy_missing", side, {"token": on}, "")
            if copy == on:
                raise self._illegal("outfit.copy_self", side, {"token": on}, ".copy")
            if copy is not None and copy == self.sent_back:
                raise self._illegal("outfit.copy_sent_back", side, {"copy": copy}, ".copy")
            if copy not in self.vanguard[HEADS] and copy not in self.vanguard[TAILS]:
                raise self._illegal(
                    "outfit.copy_not_fighting",
                    side,
                    {"copy": copy, "fighting": ", ".join(self.fighters())},
                    ".copy",
                )
        elif counter == WIND and self.water is not None and self.water[1] == on:
            raise self._illegal(
                "outfit.wind_on_copy_target", side, {"token": on, "carrier": self.water[0]}, ".on"
            )

    def apply_place(self, side: str, counter: str, on: str, copy: str | None = None) -> None:
        """``side`` places ``counter`` on ``on`` (water copies ``copy``); wind may end the round."""
        self.check_place(side, counter, on, copy)
        self.used[(side, counter)] = self.round
        if counter in GEAR:
            self.gear[on] = counter
        else:
            self.magic[on] = counter
        self.placements.append(CounterPlaced(side, counter, on, copy))
        if counter == WATER:
            self.water = (on, copy)  # type: ignore[assignment]
        elif counter == WIND:
            self.sent_back = on
            if len(self.vanguard[OTHER_SIDE[side]]) == 1:
                self._finish_round(BY_WIND, DRAW, {}, {}, None, None, ())

    def apply_end_outfit(self, side: str) -> None:
        """``side`` says "turn": it places no more counters this round."""
        self._expect(OUTFIT, side, "ending the outfit turn")
        self._advance_turn(COMBAT)

    # --- phase 4: combat, then phase 5: regroup --------------------------------------------

    def expected_faces(self, token: str) -> int:
        """How many die faces the fighter ``token`` rolls this round."""
        return faces_rolled(self.magic.get(token))

    def apply_rolls(self, rolls: Mapping[str, Sequence[int]]) -> RoundReport:
        """The dice of every fighter; resolves combat and regroups. Returns the round's report.

        ``rolls`` maps each fighter to its faces (two for fire); a water carrier
        and a combatant sent back by wind may be absent or map to no faces.
        """
        self._expect(COMBAT, None, "rolling the dice")
        fighters = self.fighters()
        water_carrier = self.water[0] if self.water is not None else None
        dice: dict[str, int] = {}
        faces_of: dict[str, tuple[int, ...]] = {}
        for token in fighters:
            faces = rolls.get(token)
            expected = faces_rolled(self.magic.get(token))
            if faces is None:
                if expected:
                    raise self._illegal("combat.roll_missing", None, {"token": token}, "")
                faces = ()
            elif len(faces) != expected:
                raise self._illegal(
                    _FACE_COUNT_CODES[expected],
                    None,
                    {
                        "token": token,
                        "count": len(faces),
                        "copy": self.water[1] if self.water is not None else None,
                    },
                    f".{token}",
                )
            kind = self.types[token]
            sides = DIE_SIDES[kind]
            total = 0
            for j, face in enumerate(faces):
                if not 1 <= face <= sides:
                    raise self._illegal(
                        "combat.face_range",
                        None,
                        {"face": face, "token": token, "type": kind, "sides": sides},
                        f".{token}[{j}]",
                    )
                total += face
            dice[token] = total
            faces_of[token] = tuple(faces)
        if len(rolls) > len(fighters) - (1 if water_carrier and water_carrier not in rolls else 0):
            for token, faces in rolls.items():
                if token not in dice and not (token == self.sent_back and not faces):
                    raise self._illegal(
                        "combat.not_fighting",
                        None,
                        {"token": token, "fighting": ", ".join(fighters)},
                        f".{token}",
                    )
        if water_carrier is not None:
            dice[water_carrier] = dice[self.water[1]]  # type: ignore[index]
        totals = {HEADS: 0, TAILS: 0}
        gear = self.gear
        for token in fighters:
            side = HEADS if token[0] == "H" else TAILS
            totals[side] += dice[token] + (GEAR_BONUS if token in gear else 0)
        outcome = decide(totals[self.attacker], totals[self.defender])
        earth_carrier = None
        for token, counter in self.magic.items():
            if counter == EARTH:
                earth_carrier = token
        earth_role = None
        if earth_carrier is not None:
            earth_role = self.role(HEADS if earth_carrier[0] == "H" else TAILS)
        outcome, earth = apply_earth(outcome, earth_role, self.ruleset)
        lost = loser_role(outcome)
        removed: tuple[str, ...] = ()
        if lost is not None:
            losing_side = self.attacker if lost == "attacker" else self.defender
            spared = earth_carrier if earth == EARTH_CARRIER_SURVIVES else None
            removed = tuple(
                t for t in self.vanguard[losing_side] if t != self.sent_back and t != spared
            )
        return self._finish_round(BY_COMBAT, outcome, faces_of, dice, totals, earth, removed)

    def _finish_round(
        self,
        ended_by: str,
        outcome: str,
        faces: dict[str, tuple[int, ...]],
        dice: dict[str, int],
        totals: dict[str, int] | None,
        earth: str | None,
        removed: tuple[str, ...],
    ) -> RoundReport:
        for token in removed:
            self.removed[token] = self.round
            self.in_play[HEADS if token[0] == "H" else TAILS] -= 1
        types = self.types
        report = RoundReport(
            self.round,
            self.attacker,
            self.uncovered,
            self.vanguard,
            {t: types[t] for side in SIDES for t in self.vanguard[side]},
            tuple(self.placements),
            self.sent_back,
            ended_by,
            faces,
            dice,
            totals,
            outcome,
            earth,
            removed,
            dict(self.in_play),
        )
        self.reports.append(report)
        if self.round == self.squad:
            self.phase = END
            self.to_act = None
        else:
            self.round += 1
            self.attacker = OTHER_SIDE[self.attacker]
            self.phase = UNCOVER
            self.to_act = self.attacker
        self._start_round()
        return report


_FACE_COUNT_CODES = {0: "combat.water_faces", 1: "combat.face_count", 2: "combat.fire_faces"}
