"""The state of a Goblin II game and the rules for changing it.

:class:`Game` is mutable; each ``apply_*`` method checks one step, raises
:class:`IllegalStepError` (with round, phase and side) if it breaks the rules,
and otherwise performs it. Card effects come from the catalogue
(:mod:`games.engines.goblin.catalogue`).

A round: **uncover** (the attacker reveals its top troop card, then the
defender; then the side with fewer combatants in reserve may reveal more, up
to equal, and says it is done), **vanguard** (the attacker picks 1-3 of its
reserve and 1-3 of the enemy's), **cards** (attacker and defender alternate
turns of zero or more card plays closed by "turno"; the exchange ends when
both pass in a row, when a side concedes, or when air empties a vanguard),
then resolution. The game ends after the round in which a troop ran out.

Readings the rules leave open (``docs/readings.md``, ``docs/goblin-record.md``):
special equipment acts when the exchange ends, so earth played on the same
combatant at any time before blocks it; magic changes the printed value
(copy, multiply) before equipment bonuses are added; a concession defeats
the conceding side's whole vanguard and no card acts; on a tie each side is
credited with the enemy combatants removed; unrevealed troop cards score
nothing.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from games.engines.errors import IllegalStepError
from games.engines.goblin.catalogue import ArsenalCard, Catalogue
from games.engines.steps import END, StepChecks

HEADS = "heads"
TAILS = "tails"
SIDES = (HEADS, TAILS)
OTHER = {HEADS: TAILS, TAILS: HEADS}
PREFIX = {HEADS: "H", TAILS: "T"}

UNCOVER = "uncover"
VANGUARD = "vanguard"
CARDS = "cards"

SURVIVORS = "survivors"
CAPTURES = "captures"

# How a round ended, and its outcome.
BY_COMBAT = "combat"
BY_AIR = "air"
BY_CONCESSION = "concession"
ATTACKER_WINS = "attacker"
DEFENDER_WINS = "defender"
TIE = "tie"
NO_DEFEATS = "none"


class CardPlayed(NamedTuple):
    side: str
    card: str
    on: str
    copy: str | None = None


class RoundReport(NamedTuple):
    """What happened in one round, for the verdict and the replay page."""

    round: int
    attacker: str
    revealed: dict[str, tuple[tuple[str, str], ...]]
    vanguard: dict[str, tuple[str, ...]]
    cards: dict[str, str]
    turns: tuple[tuple[str, tuple[CardPlayed, ...], bool], ...]
    sent_back: tuple[str, ...]
    defeated_by_cards: tuple[str, ...]
    values: dict[str, int]
    sums: dict[str, int] | None
    ended_by: str
    outcome: str
    removed: tuple[str, ...]
    score: dict[str, int]

    @property
    def defender(self) -> str:
        return OTHER[self.attacker]

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "attacker": self.attacker,
            "defender": self.defender,
            "revealed": {
                side: [{"token": t, "card": c} for t, c in pairs]
                for side, pairs in self.revealed.items()
            },
            "vanguard": {side: list(tokens) for side, tokens in self.vanguard.items()},
            "cards": dict(self.cards),
            "turns": [
                {
                    "side": side,
                    "plays": [
                        {k: v for k, v in p._asdict().items() if v is not None and k != "side"}
                        for p in plays
                    ],
                    "concede": conceded,
                }
                for side, plays, conceded in self.turns
            ],
            "sent_back": list(self.sent_back),
            "defeated_by_cards": list(self.defeated_by_cards),
            "values": dict(self.values),
            "sums": None if self.sums is None else dict(self.sums),
            "ended_by": self.ended_by,
            "outcome": self.outcome,
            "removed": list(self.removed),
            "score": dict(self.score),
        }


def side_of(token: str) -> str:
    return HEADS if token[0] == "H" else TAILS


class Game(StepChecks):
    """A Goblin II game in progress (mutable; see the module docstring)."""

    def __init__(
        self,
        catalogue: Catalogue,
        *,
        mode: str,
        scoring: str,
        initiative: str,
        specials: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.catalogue = catalogue
        self.mode = mode
        self.scoring = scoring
        self.initiative = initiative
        self.troop_cards = catalogue.troop_by_id
        self.arsenal_cards = catalogue.arsenal_by_id
        self.round = 1
        self.attacker = initiative
        self.phase = UNCOVER
        self.to_act: str | None = initiative
        self.troop_left = {side: catalogue.troop_size for side in SIDES}
        self.revealed_counts: dict[str, Counter[str]] = {side: Counter() for side in SIDES}
        self.cards: dict[str, str] = {}  # token -> troop card id
        self.reserve: dict[str, list[str]] = {side: [] for side in SIDES}
        self.removed: dict[str, int] = {}
        self.captured: dict[str, list[str]] = {side: [] for side in SIDES}
        self.played: dict[str, Counter[str]] = {side: Counter() for side in SIDES}
        self.kept: dict[str, Counter[str]] | None = None
        self.reports: list[RoundReport] = []
        self.last_end: str | None = None  # how the previous card exchange ended
        if specials is not None:
            self.set_kept_specials(specials)
        self._start_round()

    # --- set-up -------------------------------------------------------------------------

    def set_kept_specials(self, specials: Mapping[str, Sequence[str]]) -> None:
        """Record which special equipment each side kept (open and semi-covered modes)."""
        kept = {}
        for side in SIDES:
            cards = list(specials[side])
            if len(cards) != self.catalogue.specials_kept:
                raise IllegalStepError(
                    "setup.specials_count",
                    {
                        "count": len(cards),
                        "mode": self.mode,
                        "expected": self.catalogue.specials_kept,
                    },
                    phase="setup",
                    side=side,
                )
            counts = Counter(cards)
            for card, n in counts.items():
                info = self.arsenal_cards[card]
                if info.card_class != "special":
                    raise IllegalStepError(
                        "setup.not_special", {"card": card}, phase="setup", side=side
                    )
                if n > info.count:
                    raise IllegalStepError(
                        "setup.too_many_of_card",
                        {"card": card, "count": n, "limit": info.count},
                        phase="setup",
                        side=side,
                    )
            kept[side] = counts
        self.kept = kept

    def _start_round(self) -> None:
        self.vanguard: dict[str, list[str]] = {side: [] for side in SIDES}
        self.picked: dict[str, tuple[str, ...]] = {side: () for side in SIDES}
        self.revealed: dict[str, list[tuple[str, str]]] = {side: [] for side in SIDES}
        self.equipment: dict[str, tuple[str, str]] = {}  # token -> (card, played by)
        self.magic: dict[str, tuple[str, str]] = {}
        self.copies: dict[str, str] = {}
        self.sent_back: list[str] = []
        self.turns: list[tuple[str, list[CardPlayed], bool]] = []
        self.plays_this_turn = 0
        self.passes = 0
        self.extra_side: str | None = None

    # --- reading the state ----------------------------------------------------------------

    @property
    def defender(self) -> str:
        return OTHER[self.attacker]

    @property
    def is_over(self) -> bool:
        return self.phase == END

    def copy(self) -> Game:
        """An independent copy of this state (the catalogue is shared, it never changes)."""
        shared = (self.catalogue, self.troop_cards, self.arsenal_cards)
        return copy.deepcopy(self, {id(obj): obj for obj in shared})

    def value(self, token: str) -> int:
        """The printed fighting value of a revealed combatant."""
        return self.troop_cards[self.cards[token]].value

    def score(self) -> dict[str, int]:
        """Victory points so far, by the game's scoring option."""
        if self.scoring == CAPTURES:
            return {side: sum(self.value(t) for t in self.captured[side]) for side in SIDES}
        return {side: sum(self.value(t) for t in self.reserve[side]) for side in SIDES}

    def remaining_troop(self, side: str) -> dict[str, int]:
        """Troop cards ``side`` has not revealed, by card id."""
        seen = self.revealed_counts[side]
        return {c.id: c.count - seen[c.id] for c in self.catalogue.troop if c.count > seen[c.id]}

    def extra_allowance(self, side: str) -> int:
        """How many more cards ``side`` may reveal now (uncover phase, after both top cards)."""
        if self.phase != UNCOVER or self.extra_side != side:
            return 0
        gap = len(self.reserve[OTHER[side]]) - len(self.reserve[side])
        return max(0, min(gap, self.troop_left[side]))

    def arsenal_left(self, side: str) -> dict[str, int]:
        """Arsenal cards ``side`` may still play, by card id (upper bounds in hidden modes)."""
        out = {}
        for card in self.catalogue.arsenal:
            if self._unavailable(side, card) is None:
                out[card.id] = card.count - self.played[side][card.id]
        return out

    # --- uncover ------------------------------------------------------------------------

    def apply_reveal(self, side: str, card: str) -> str:
        """``side`` reveals its top troop card, ``card``, to its reserve. Returns the token id."""
        self._expect(UNCOVER, side, "revealing a card")
        if self.extra_side == side and self.extra_allowance(side) == 0:
            raise self._illegal(
                "reveal.extra_too_many",
                side,
                {
                    "count": len(self.revealed[side]),
                    "allowed": len(self.revealed[side]) - 1,
                    "other": OTHER[side],
                    "theirs": len(self.reserve[OTHER[side]]),
                },
            )
        if self.troop_left[side] == 0:
            raise self._illegal("reveal.troop_empty", side, {})
        info = self.troop_cards.get(card)
        if info is None:
            raise self._illegal(
                "syntax.choice",
                side,
                {"path": "uncover", "value": card, "allowed": ", ".join(self.troop_cards)},
            )
        if self.revealed_counts[side][card] >= info.count:
            raise self._illegal("reveal.card_exhausted", side, {"card": card, "limit": info.count})
        self.revealed_counts[side][card] += 1
        self.troop_left[side] -= 1
        token = f"{PREFIX[side]}{len(self.cards_of(side)) + 1}"
        self.cards[token] = card
        self.reserve[side].append(token)
        self.revealed[side].append((token, card))
        if self.extra_side is None:
            if side == self.attacker:
                self.to_act = self.defender
            else:
                self._after_top_cards()
        elif self.extra_allowance(side) == 0:
            self._to_vanguard()
        return token

    def cards_of(self, side: str) -> list[str]:
        prefix = PREFIX[side]
        return [t for t in self.cards if t[0] == prefix]

    def _after_top_cards(self) -> None:
        for side in SIDES:
            if len(self.reserve[side]) < len(self.reserve[OTHER[side]]) and self.troop_left[side]:
                self.extra_side = side
                self.to_act = side
                return
        self._to_vanguard()

    def apply_end_uncover(self, side: str) -> None:
        """``side`` reveals no more cards this round."""
        self._expect(UNCOVER, side, "ending the reveals")
        if self.extra_side != side:
            raise self._illegal("step.not_your_turn", side, {"expected": self.to_act, "side": side})
        self._to_vanguard()

    def _to_vanguard(self) -> None:
        self.phase = VANGUARD
        self.to_act = self.attacker

    # --- vanguard ---------------------------------------------------------------------------

    def apply_vanguard(self, own: Sequence[str], enemy: Sequence[str]) -> None:
        """The attacker picks its own vanguard (``own``) and the enemy's (``enemy``)."""
        side = self.attacker
        self._expect(VANGUARD, side, "picking the vanguards")
        for owner, tokens in ((side, own), (self.defender, enemy)):
            if not 1 <= len(tokens) <= 3:
                raise self._illegal(
                    "vanguard.count", side, {"owner": owner, "count": len(tokens)}, f".{owner}"
                )
            for j, token in enumerate(tokens):
                where = f".{owner}[{j}]"
                if token[0] != PREFIX[owner]:
                    raise self._illegal(
                        "vanguard.not_owner", side, {"token": token, "owner": owner}, where
                    )
                if token not in self.reserve[owner]:
                    raise self._illegal(
                        "vanguard.not_in_reserve",
                        side,
                        {
                            "token": token,
                            "owner": owner,
                            "reserve": ", ".join(self.reserve[owner]),
                        },
                        where,
                    )
                if token in tokens[:j]:
                    raise self._illegal("vanguard.duplicate", side, {"token": token}, where)
        for owner, tokens in ((side, own), (self.defender, enemy)):
            self.picked[owner] = tuple(tokens)
            self.vanguard[owner] = list(tokens)
            self.reserve[owner] = [t for t in self.reserve[owner] if t not in tokens]
        self.phase = CARDS
        self.to_act = self.attacker
        self.turns.append((self.attacker, [], False))

    # --- the card exchange ------------------------------------------------------------------

    def _unavailable(self, side: str, card: ArsenalCard) -> tuple[str, dict[str, Any]] | None:
        """Why ``side`` cannot play another ``card`` (code, params), or None if it can."""
        played = self.played[side]
        if played[card.id] >= card.count:
            return "play.used_up", {"card": card.id, "limit": card.count}
        if self.mode == "covered":
            limit = self.catalogue.arsenal_size - self.catalogue.covered_discarded
            if sum(played.values()) >= limit:
                return "play.arsenal_used_up", {"limit": limit}
        elif card.card_class == "special":
            specials = sum(
                n for c, n in played.items() if self.arsenal_cards[c].card_class == "special"
            )
            if specials >= self.catalogue.specials_kept:
                return "play.specials_used_up", {"limit": self.catalogue.specials_kept}
            if self.kept is not None and played[card.id] >= self.kept[side][card.id]:
                kept = ", ".join(sorted(self.kept[side].elements()))
                return "play.special_not_kept", {"card": card.id, "kept": kept}
        return None

    def check_play(self, side: str, card_id: str, on: str, copy: str | None = None) -> None:
        """Raise :class:`IllegalStepError` unless ``side`` may play ``card_id`` on ``on`` now."""
        self._expect(CARDS, side, "playing a card")
        card = self.arsenal_cards.get(card_id)
        if card is None:
            raise self._illegal(
                "syntax.choice",
                side,
                {"path": "card", "value": card_id, "allowed": ", ".join(self.arsenal_cards)},
                ".card",
            )
        why = self._unavailable(side, card)
        if why is not None:
            raise self._illegal(why[0], side, why[1], ".card")
        if card.role is not None and (card.role == "attacker") != (side == self.attacker):
            raise self._illegal("play.role", side, {"card": card_id, "role": card.role}, ".card")
        own = self.vanguard[side]
        enemy = self.vanguard[OTHER[side]]
        allowed_own = "own" in card.targets and on in own
        allowed_enemy = "enemy" in card.targets and on in enemy
        if not (allowed_own or allowed_enemy):
            if card.targets == {"own"}:
                code = "play.target_own"
            elif card.targets == {"enemy"}:
                code = "play.target_enemy"
            else:
                code = "play.target_any"
            raise self._illegal(
                code,
                side,
                {"card": card_id, "token": on, "own": ", ".join(own), "enemy": ", ".join(enemy)},
                ".on",
            )
        slots = self.magic if card.slot == "magic" else self.equipment
        if on in slots:
            code = "play.magic_taken" if card.slot == "magic" else "play.equipment_taken"
            raise self._illegal(code, side, {"token": on, "other": slots[on][0]}, ".on")
        if card.effect == "send-back":
            # Water copies a combatant that fights (as in Qíahn Tactics, where wind cannot
            # send back the one water copies): sending back a copied combatant is refused.
            carrier = next((t for t, copied in self.copies.items() if copied == on), None)
            if carrier is not None:
                raise self._illegal(
                    "play.send_back_copied",
                    side,
                    {"card": card_id, "token": on, "carrier": carrier},
                    ".on",
                )
        if card.effect != "copy" and copy is not None:
            raise self._illegal("play.copy_not_allowed", side, {"card": card_id}, ".copy")
        if card.effect == "copy":
            if copy is None:
                raise self._illegal("play.copy_missing", side, {"card": card_id}, "")
            if copy == on:
                raise self._illegal("play.copy_self", side, {"card": card_id, "token": on}, ".copy")
            if copy not in self.vanguard[HEADS] and copy not in self.vanguard[TAILS]:
                raise self._illegal(
                    "play.copy_not_in_vanguard", side, {"card": card_id, "copy": copy}, ".copy"
                )

    def apply_play(self, side: str, card_id: str, on: str, copy: str | None = None) -> None:
        """``side`` plays ``card_id`` on ``on``; air may end the round at once."""
        self.check_play(side, card_id, on, copy)
        card = self.arsenal_cards[card_id]
        self.played[side][card_id] += 1
        self.plays_this_turn += 1
        self.turns[-1][1].append(CardPlayed(side, card_id, on, copy))
        slots = self.magic if card.slot == "magic" else self.equipment
        slots[on] = (card_id, side)
        if card.effect == "copy":
            self.copies[on] = copy  # type: ignore[assignment]
        elif card.effect == "send-back":
            owner = side_of(on)
            self.vanguard[owner].remove(on)
            self.reserve[owner].append(on)
            self.sent_back.append(on)
            self.equipment.pop(on, None)
            self.magic.pop(on, None)
            self.copies.pop(on, None)
            if not self.vanguard[owner]:
                self._finish(BY_AIR, NO_DEFEATS, [], {}, None, ())

    def apply_end_turn(self, side: str) -> None:
        """``side`` says "turno"; two turns in a row without cards end the exchange."""
        self._expect(CARDS, side, "ending the turn")
        self.passes = self.passes + 1 if self.plays_this_turn == 0 else 0
        if self.passes >= 2:
            self._resolve()
            return
        self.to_act = OTHER[side]
        self.plays_this_turn = 0
        self.turns.append((self.to_act, [], False))

    def apply_concede(self, side: str) -> None:
        """``side`` concedes the round: its whole vanguard is defeated, no card acts."""
        self._expect(CARDS, side, "conceding")
        turn_side, plays, _ = self.turns[-1]
        self.turns[-1] = (turn_side, plays, True)
        winner = OTHER[side]
        removed = tuple(self.vanguard[side])
        self.captured[winner].extend(removed)
        self.reserve[winner].extend(self.vanguard[winner])
        outcome = ATTACKER_WINS if winner == self.attacker else DEFENDER_WINS
        self._finish(BY_CONCESSION, outcome, [], {}, None, removed)

    # --- resolution -------------------------------------------------------------------------

    def _fighting_value(self, token: str) -> int:
        value = self.value(token)
        magic = self.magic.get(token)
        if magic is not None:
            card = self.arsenal_cards[magic[0]]
            if card.effect == "copy":
                value = self.value(self.copies[token])
            elif card.effect == "multiply":
                value *= card.factor
        equipment = self.equipment.get(token)
        if equipment is not None:
            card = self.arsenal_cards[equipment[0]]
            if card.effect == "bonus":
                value += card.amount
        return value

    def _resolve(self) -> None:
        defeated: list[str] = []
        for side in SIDES:
            for token in list(self.vanguard[side]):
                equipment = self.equipment.get(token)
                if equipment is None or self.arsenal_cards[equipment[0]].effect != "defeat":
                    continue
                magic = self.magic.get(token)
                if magic is not None and self.arsenal_cards[magic[0]].effect == "block-special":
                    continue
                defeated.append(token)
                self.captured[equipment[1]].append(token)
                self.vanguard[side].remove(token)
        values = {t: self._fighting_value(t) for side in SIDES for t in self.vanguard[side]}
        sums = {side: sum(values[t] for t in self.vanguard[side]) for side in SIDES}
        attacker, defender = self.attacker, self.defender
        if sums[attacker] > sums[defender]:
            outcome, losers = ATTACKER_WINS, (defender,)
        elif sums[attacker] < sums[defender]:
            outcome, losers = DEFENDER_WINS, (attacker,)
        else:
            outcome, losers = TIE, (attacker, defender)
        removed = list(defeated)
        for side in SIDES:
            if side in losers:
                self.captured[OTHER[side]].extend(self.vanguard[side])
                removed.extend(self.vanguard[side])
            else:
                self.reserve[side].extend(self.vanguard[side])
        self._finish(BY_COMBAT, outcome, defeated, values, sums, tuple(removed))

    def _finish(
        self,
        ended_by: str,
        outcome: str,
        defeated: list[str],
        values: dict[str, int],
        sums: dict[str, int] | None,
        removed: tuple[str, ...],
    ) -> None:
        if ended_by == BY_AIR:
            for side in SIDES:
                self.reserve[side].extend(self.vanguard[side])
        for token in removed:
            self.removed[token] = self.round
        report = RoundReport(
            self.round,
            self.attacker,
            {side: tuple(self.revealed[side]) for side in SIDES},
            dict(self.picked),
            {t: self.cards[t] for side in SIDES for t in self.picked[side]},
            tuple((s, tuple(p), c) for s, p, c in self.turns),
            tuple(self.sent_back),
            tuple(defeated),
            values,
            sums,
            ended_by,
            outcome,
            removed,
            self.score(),
        )
        self.reports.append(report)
        self.last_end = ended_by if ended_by != BY_COMBAT else "passes"
        if any(left == 0 for left in self.troop_left.values()):
            self.phase = END
            self.to_act = None
        else:
            self.round += 1
            self.attacker = OTHER[self.attacker]
            self.phase = UNCOVER
            self.to_act = self.attacker
        self._start_round()
