"""A fast yes/no check of a whole Anachronism record, for bulk validation.

:func:`fast_score` reads the raw JSON data in one pass, with no intermediate
values, and returns the replayed final score when the record is well formed,
every step is legal *and* its ``result`` matches, or ``None`` as soon as
anything is off. It gives no reason:
:func:`games.engines.anachronism.replay.check_record` calls it first and, when
it answers ``None``, parses and replays the record step by step with
:class:`~games.engines.anachronism.state.Game` (the authority on the rules) to
name the first illegal step.

The two must agree on every record; the property tests check it on random
legal games and on single mutations of them. Keep this module in step with
``record.py`` and ``state.py``. It expects data as ``json.loads`` builds it
(plain ``dict``, ``list``, ``str``, ``int``...).

The card numbers it needs are read once per catalogue into :class:`Tables`:
squares are names (``"c3"``) with precomputed neighbours, and offsets between
squares are small integers (``dx + 32 * dy``) that index each grid directly.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engines.anachronism.catalogue import (
    FACINGS,
    SUPPORT_TYPES,
    TRAITS,
    Catalogue,
    Grid,
    default_catalogue,
)
from games.engines.anachronism.record import GAME, RULESETS
from games.engines.anachronism.types import (
    ARENA_SIZES,
    ASSAULTS,
    DEFAULT_ARENA,
    MAX_HANDS,
    REVEAL_ASSAULTS,
    square_name,
)

_WIDE = 32  # a square's code is x + _WIDE * y; offsets between codes are unique
_FACES = frozenset(FACINGS)
_DIE = frozenset(range(1, 7))  # faces of a die (after the integer type check)
_RULESETS = frozenset(RULESETS)
_ARENA_SET = frozenset(ARENA_SIZES)
# Static effects, in the order of a card's ``statics`` tuple.
_STATICS = ("attack-bonus", "defense-bonus", "damage-bonus", "armor", "speed-bonus")
_BITS = {name: 1 << k for k, name in enumerate((*SUPPORT_TYPES, *TRAITS))}


class _Warrior(NamedTuple):
    life: int
    speed: int
    experience: int
    damage: int
    grid: dict[str, dict[int, int]]
    statics: tuple[int, int, int, int, int]
    actions: dict[tuple[str, str], tuple[str, int]]
    profile: tuple[Any, ...]  # with no card in play (see _profile)


class _Support(NamedTuple):
    id: str
    type: str
    initiative: int
    hands: int
    trait: str | None
    damage: int
    grid: dict[str, dict[int, int]] | None
    statics: tuple[int, int, int, int, int]
    reveals: tuple[tuple[str, int], ...]
    actions: dict[tuple[str, str], tuple[str, int]]
    bits: int  # one bit for its type and one for its trait: a repeated bit breaks a limit
    changes: tuple[tuple[int, int], ...]  # (profile index, amount) of its static bonuses


class _Arena(NamedTuple):
    code: dict[str, int]
    orthogonal: dict[str, frozenset[str]]
    diagonal: dict[str, frozenset[str]]
    back: tuple[frozenset[str], frozenset[str]]  # north's, south's


class Tables(NamedTuple):
    """A catalogue's numbers as the fast check reads them."""

    catalogue: str
    warriors: dict[str, _Warrior]
    supports: dict[str, _Support]


def _grid(grid: Grid) -> dict[str, dict[int, int]]:
    return {
        facing: {dx + _WIDE * dy: bonus for (dx, dy), bonus in grid.squares(facing).items()}
        for facing in FACINGS
    }


def _statics(abilities: Any) -> tuple[int, int, int, int, int]:
    totals = dict.fromkeys(_STATICS, 0)
    for ability in abilities:
        if ability.timing == "static" and ability.effect in totals:
            totals[ability.effect] += ability.amount
    return tuple(totals[kind] for kind in _STATICS)  # type: ignore[return-value]


def _actions(card_id: str, abilities: Any) -> dict[tuple[str, str], tuple[str, int]]:
    return {(card_id, a.id): (a.effect, a.amount) for a in abilities if a.timing == "action"}


def build_tables(catalogue: Catalogue) -> Tables:
    """Read a catalogue's numbers into the shape the fast check uses."""
    warriors = {}
    for w in catalogue.warriors.values():
        card = _Warrior(
            w.life,
            w.speed,
            w.experience,
            w.damage,
            _grid(w.grid),
            _statics(w.abilities),
            _actions(w.id, w.abilities),
            (),
        )
        attack, defense, damage, armor, speed = card.statics
        base = (0, 0, attack, defense, damage, armor, w.speed + speed, None, card.actions)
        warriors[w.id] = card._replace(profile=base)
    supports = {
        s.id: _Support(
            s.id,
            s.type,
            s.initiative,
            s.hands,
            s.trait,
            s.damage,
            None if s.grid is None else _grid(s.grid),
            _statics(s.abilities),
            tuple((a.effect, a.amount) for a in s.abilities if a.timing == "reveal"),
            _actions(s.id, s.abilities),
            _BITS[s.type] | (0 if s.trait is None else _BITS[s.trait]),
            tuple((2 + k, v) for k, v in enumerate(_statics(s.abilities)) if v),
        )
        for s in catalogue.supports.values()
    }
    return Tables(catalogue.id, warriors, supports)


def _arena(size: int) -> _Arena:
    names = {(x, y): square_name(x, y) for x in range(size) for y in range(size)}

    def around(x: int, y: int, steps: tuple[tuple[int, int], ...]) -> frozenset[str]:
        return frozenset(names[(x + dx, y + dy)] for dx, dy in steps if (x + dx, y + dy) in names)

    orthogonal = ((0, 1), (1, 0), (0, -1), (-1, 0))
    diagonal = ((1, 1), (1, -1), (-1, -1), (-1, 1))
    return _Arena(
        {name: x + _WIDE * y for (x, y), name in names.items()},
        {name: around(x, y, orthogonal) for (x, y), name in names.items()},
        {name: around(x, y, diagonal) for (x, y), name in names.items()},
        (
            frozenset(names[(x, size - 1)] for x in range(size)),
            frozenset(names[(x, 0)] for x in range(size)),
        ),
    )


_ARENAS = {size: _arena(size) for size in ARENA_SIZES}
_ABSENT: Any = object()  # "the key is not there"
_cache: tuple[Any, Any] = (None, None)  # (catalogue, its tables), replaced as one value


def tables_for(catalogue: Catalogue) -> Tables:
    """The (cached) tables of ``catalogue``."""
    global _cache
    cached = _cache
    if cached[0] is not catalogue:
        cached = (catalogue, build_tables(catalogue))
        _cache = cached
    return cached[1]


def fast_score(data: Any, catalogue: Catalogue | None = None) -> dict[str, int] | None:
    """The final score if ``data`` is a fully legal record whose result matches, else None."""
    tables = tables_for(catalogue or default_catalogue())
    try:
        return _fast_score(data, tables)
    except (TypeError, AttributeError, KeyError, ValueError, IndexError):
        # A value of the wrong JSON type or shape (subscripting a list with a key,
        # hashing a list, an unknown card id...): not a legal record; the
        # step-by-step replay will say why.
        return None


def _dice(value: Any) -> int:
    """The total of two dice ``[a, b]`` (1 to 6 each); 0 if they are not that."""
    if type(value) is not list or len(value) != 2:
        return 0
    a, b = value
    if type(a) is not int or type(b) is not int or not 0 < a < 7 or not 0 < b < 7:
        return 0
    return a + b


def _rolls_until_different(rolls: Any, first: str, second: str) -> int:
    """Rolls repeated while the totals are equal: 1 if ``first`` wins, -1 if ``second``, 0 if bad.

    Every roll is an object with exactly the two keys; only the last may differ.
    """
    if type(rolls) is not list or not rolls:
        return 0
    last = len(rolls) - 1
    for k, roll in enumerate(rolls):
        if len(roll) != 2:
            return 0
        x = _dice(roll[first])
        y = _dice(roll[second])
        if not x or not y:
            return 0
        if x != y:
            return (1 if x > y else -1) if k == last else 0
    return 0


def _breaks_limits(cards: list[_Support]) -> bool:
    """Whether face-up cards break a card limit (one of each type and trait, two hands)."""
    if len(cards) < 2:
        return bool(cards) and cards[0].hands > MAX_HANDS
    types = set()
    traits = set()
    hands = 0
    for card in cards:
        if card.type in types:
            return True
        types.add(card.type)
        trait = card.trait
        if trait is not None:
            if trait in traits:
                return True
            traits.add(trait)
        hands += card.hands
    return hands > MAX_HANDS


# A side's profile while its cards in play keep to the limits, as a list indexed by
# literal numbers in the hot loop: 0 type and trait bits, 1 hands, 2 attack bonus,
# 3 defence bonus, 4 damage bonus, 5 armour, 6 speed, 7 weapon, 8 Action abilities.


def _profile(warrior: _Warrior, cards: list[_Support]) -> list[Any] | None:
    """A side's profile with these cards in play, or None if they break a card limit."""
    now = list(warrior.profile)
    for card in cards:
        if card.bits & now[0]:
            return None
        now[0] |= card.bits
        now[1] += card.hands
        for k, amount in card.changes:
            now[k] += amount
        if card.type == "weapon":
            now[7] = card
        if card.actions:
            now[8] = {**now[8], **card.actions}
    if now[1] > MAX_HANDS:
        return None
    return now


def _reveal_effects(
    number: int,
    order: tuple[int, int],
    deck: tuple[tuple[_Support, ...], ...],
    in_play: list[list[_Support]],
    life: list[int],
    warrior: tuple[_Warrior, _Warrior],
) -> int:
    """Apply the reveal abilities of assault ``number``'s cards still in play, first side
    first; the side that knocked the other out, or -1."""
    for side in order:
        card = deck[side][number - 1]
        if not card.reveals or card not in in_play[side]:
            continue
        for effect, amount in card.reveals:
            if effect == "heal":
                life[side] = min(warrior[side].life, life[side] + amount)
            elif effect == "wound":
                enemy = 1 - side
                life[enemy] = max(0, life[enemy] - amount)
                if life[enemy] == 0:
                    return side
    return -1


def _fast_score(data: Any, tables: Tables) -> dict[str, int] | None:
    size = len(data)
    if size == 8:
        arena_size = DEFAULT_ARENA
    elif size == 9:
        arena_size = data["arena"]
        if type(arena_size) is not int or arena_size not in _ARENA_SET:
            return None
    else:
        return None
    fmt = data["format"]
    if type(fmt) is not int or fmt != 1 or data["game"] != GAME:
        return None
    # Membership in a table of strings implies a string (JSON has no other value equal
    # to one), so ids and names need no separate type check.
    if data["ruleset"] not in _RULESETS or data["catalogue"] != tables.catalogue:
        return None
    arena = _ARENAS[arena_size]
    code = arena.code
    orthogonal = arena.orthogonal
    diagonal = arena.diagonal
    faces = _FACES
    die = _DIE

    # Sides: index 0 is north, 1 is south.
    sides = data["sides"]
    if len(sides) != 2:
        return None
    north = sides["north"]
    south = sides["south"]
    if len(north) != 2 or len(south) != 2:
        return None
    warriors = tables.warriors
    supports = tables.supports
    warrior = (warriors[north["warrior"]], warriors[south["warrior"]])
    cards = north["supports"]
    other = south["supports"]
    if type(cards) is not list or type(other) is not list:
        return None
    n1, n2, n3, n4 = cards  # a ValueError unless exactly four
    s1, s2, s3, s4 = other
    deck = (
        (supports[n1], supports[n2], supports[n3], supports[n4]),
        (supports[s1], supports[s2], supports[s3], supports[s4]),
    )

    result = data["result"]
    if len(result) != 2:
        return None
    result_north = result["north"]
    result_south = result["south"]
    if type(result_north) is not int or type(result_south) is not int:
        return None

    # Placement: rolls while equal, the lower total places first; each on its back line.
    placement = data["placement"]
    if len(placement) != 3:
        return None
    if not _rolls_until_different(placement["rolls"], "north", "south"):
        return None
    start_north = placement["north"]
    start_south = placement["south"]
    if start_north not in arena.back[0] or start_south not in arena.back[1]:
        return None
    pos = [start_north, start_south]
    facing = ["south", "north"]
    life = [warrior[0].life, warrior[1].life]
    experience = (warrior[0].experience, warrior[1].experience)
    in_play: list[list[_Support]] = [[], []]
    profile: list[Any] = [list(warrior[0].profile), list(warrior[1].profile)]
    winner = -1  # set when a warrior is knocked out

    assaults = data["assaults"]
    if type(assaults) is not list or len(assaults) > ASSAULTS:
        return None
    last_assault = len(assaults) - 1
    number = 0
    for entry in assaults:
        number += 1
        if type(entry) is not dict:
            return None
        turns = entry["turns"]
        if len(entry) == 1:
            rolls = discards = _ABSENT
        else:
            rolls = entry.get("initiative_rolls", _ABSENT)
            discards = entry.get("discards", _ABSENT)
            if len(entry) != 1 + (rolls is not _ABSENT) + (discards is not _ABSENT):
                return None
        if type(turns) is not list:
            return None

        # Reveal (assaults 1-4): a card that repeats a type or trait bit, or takes a
        # third hand, breaks the limits (the profile is None until the discards).
        first = -1
        breach = waited = False
        if number <= REVEAL_ASSAULTS:
            for side in (0, 1):
                card = deck[side][number - 1]
                in_play[side].append(card)
                now = profile[side]
                if card.bits & now[0] or now[1] + card.hands > MAX_HANDS:
                    profile[side] = None
                    breach = True
                    continue
                now[0] |= card.bits
                now[1] += card.hands
                for k, amount in card.changes:
                    now[k] += amount
                if card.type == "weapon":
                    now[7] = card
                if card.actions:
                    now[8] = {**now[8], **card.actions}
            north_card = deck[0][number - 1].initiative
            south_card = deck[1][number - 1].initiative
            if north_card != south_card:
                first = 0 if north_card > south_card else 1
        # Initiative: the higher card, then experience, then re-rolls.
        if first < 0 and experience[0] != experience[1]:
            first = 0 if experience[0] > experience[1] else 1
        if first < 0:
            won = _rolls_until_different(rolls, "north", "south")
            if not won:
                return None
            first = 0 if won > 0 else 1
            waited = True  # for the record's re-rolls (see the reveal below)
        elif rolls is not _ABSENT and (type(rolls) is not list or rolls):
            return None
        order = (first, 1 - first)

        # Forced discards: exactly those that bring the side back within the limits.
        if discards is not _ABSENT:
            if type(discards) is not dict:
                return None
            given = (discards.get("north", _ABSENT), discards.get("south", _ABSENT))
            if len(discards) != (given[0] is not _ABSENT) + (given[1] is not _ABSENT):
                return None
            for side in (0, 1):
                cards = given[side]
                if cards is _ABSENT:
                    if profile[side] is None:
                        return None
                    continue
                if type(cards) is not list:
                    return None
                if profile[side] is not None:
                    if cards:
                        return None
                    continue
                # Removing cards never breaks a limit, so the discards are exactly
                # right when the cards still break one before the last discard and
                # keep to them after it.
                held = in_play[side]
                last = len(cards) - 1
                for k, name in enumerate(cards):
                    if k == last and k and not _breaks_limits(held):
                        return None
                    for i, card in enumerate(held):
                        if card.id == name:
                            del held[i]
                            break
                    else:
                        return None
                now = _profile(warrior[side], held)
                if now is None:
                    return None
                profile[side] = now
        elif breach:
            return None

        # Reveal abilities of the revealed cards still in play.
        if number <= REVEAL_ASSAULTS and (
            deck[0][number - 1].reveals or deck[1][number - 1].reveals
        ):
            winner = _reveal_effects(number, order, deck, in_play, life, warrior)
            if winner >= 0:
                # Only an assault that waited for re-rolls or discards has an entry
                # when a reveal ends the game; otherwise it ended before this entry.
                if not (breach or waited) or turns or number - 1 != last_assault:
                    return None
                break

        # The two turns.
        if not 0 < len(turns) <= 2:
            return None
        for t, turn in enumerate(turns):
            me = order[t]
            them = 1 - me
            if len(turn) != 2 or turn["side"] != ("north", "south")[me]:
                return None
            actions = turn["actions"]
            if type(actions) is not list:
                return None
            _, _, attack_b, _, damage_b, _, speed, weapon, abilities = profile[me]
            theirs = profile[them]
            defense_b = theirs[3]
            armor_b = theirs[5]
            fighter = warrior[me]
            here = pos[me]
            there = pos[them]
            face_now = facing[me]
            weapon_used = False
            used_abilities: set[Any] | None = None
            count = 0
            if len(actions) > speed:
                return None
            for action in actions:
                count += 1
                do = action["do"]
                keys = len(action)
                if do == "move":
                    to = action["to"]
                    face = action["face"]
                    if keys != 3 or to not in orthogonal[here] or to == there:
                        return None
                    if face not in faces:
                        return None
                    here = to
                    face_now = face
                elif do == "attack":
                    if keys == 3:
                        rerolls = None
                    elif keys == 4:
                        rerolls = action["rerolls"]
                        if type(rerolls) is not list:
                            return None
                    else:
                        return None
                    dice = action["dice"]
                    if len(dice) != 2:
                        return None
                    ours = dice["attacker"]
                    other = dice["defender"]
                    if type(ours) is not list or type(other) is not list:
                        return None
                    a1, a2 = ours  # a ValueError unless two dice
                    d1, d2 = other
                    if type(a1) is not int or type(a2) is not int:
                        return None
                    if type(d1) is not int or type(d2) is not int:
                        return None
                    if a1 not in die or a2 not in die or d1 not in die or d2 not in die:
                        return None
                    used = action["with"]
                    if used == "basic":
                        grid = fighter.grid
                        base = fighter.damage
                    else:
                        if weapon is None or used != weapon.id or weapon_used:
                            return None
                        weapon_used = True
                        grid = weapon.grid
                        base = weapon.damage
                    square = grid[face_now].get(code[there] - code[here])
                    if square is None:
                        return None
                    a = a1 + a2 + square + attack_b
                    d = d1 + d2 + defense_b
                    if a != d:
                        hit = a > d
                        if rerolls:
                            return None
                    elif experience[me] != experience[them]:
                        hit = experience[me] > experience[them]
                        if rerolls:
                            return None
                    else:
                        won = _rolls_until_different(rerolls, "attacker", "defender")
                        if not won:
                            return None
                        hit = won > 0
                    if hit:
                        damage = (base + base if a1 == a2 else base) + damage_b - armor_b
                        if damage > 0:
                            left = life[them] - damage
                            if left <= 0:
                                # A knockout ends the game: nothing may follow it.
                                if count != len(actions):
                                    return None
                                life[them] = 0
                                winner = me
                            else:
                                life[them] = left
                elif do == "turn":
                    face = action["face"]
                    if keys != 2 or face not in faces or face == face_now:
                        return None
                    face_now = face
                elif do == "pass":
                    if keys != 1:
                        return None
                elif do == "ability":
                    key = (action["card"], action["ability"])
                    effect, amount = abilities[key]
                    to = action.get("to")
                    face = action.get("face")
                    if keys != 3 + ("to" in action) + ("face" in action):
                        return None
                    if used_abilities is None:
                        used_abilities = {key}
                    elif key in used_abilities:
                        return None
                    else:
                        used_abilities.add(key)
                    if effect == "heal":
                        if "to" in action or "face" in action:  # a null square too
                            return None
                        life[me] = min(fighter.life, life[me] + amount)
                    else:
                        if to not in diagonal[here] or to == there or face not in faces:
                            return None
                        here = to
                        face_now = face
                else:
                    return None
            pos[me] = here
            facing[me] = face_now
            if winner >= 0:
                if t != len(turns) - 1 or number - 1 != last_assault:
                    return None
            elif count != speed:
                return None
        if winner >= 0:
            break
        if len(turns) != 2:
            return None

    if winner < 0 and number < ASSAULTS:
        # The record may stop before an assault (even the first) that began with a
        # knockout by a reveal needing no initiative re-roll and no discard.
        number += 1
        if number > REVEAL_ASSAULTS:
            return None
        revealed = (deck[0][number - 1], deck[1][number - 1])
        in_play[0].append(revealed[0])
        in_play[1].append(revealed[1])
        if revealed[0].initiative != revealed[1].initiative:
            first = 0 if revealed[0].initiative > revealed[1].initiative else 1
        elif experience[0] != experience[1]:
            first = 0 if experience[0] > experience[1] else 1
        else:
            return None
        if _breaks_limits(in_play[0]) or _breaks_limits(in_play[1]):
            return None
        winner = _reveal_effects(number, (first, 1 - first), deck, in_play, life, warrior)
        if winner < 0:
            return None
    if winner < 0:
        if life[0] != life[1]:
            winner = 0 if life[0] > life[1] else 1
        elif experience[0] != experience[1]:
            winner = 0 if experience[0] > experience[1] else 1
        else:
            winner = 2  # a draw
    score_north = 1 if winner == 0 else 0
    score_south = 1 if winner == 1 else 0
    if result_north != score_north or result_south != score_south:
        return None
    return {"north": score_north, "south": score_south}
