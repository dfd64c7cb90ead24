"""A fast yes/no check of a whole format-1 record, for bulk validation.

:func:`fast_score` reads the raw JSON data in one pass, with no intermediate
values, and returns the replayed final score when the record is well formed,
every step is legal *and* its ``result`` matches, or ``None`` as soon as
anything is off. It gives no reason: :func:`games.engines.qiahn.replay.check_record`
calls it first and, when it answers ``None``, replays the record step by step
with :class:`~games.engines.qiahn.state.Game` (the authority on the rules) to
name the first illegal step.

The two must agree on every record; the property tests check it on random
legal games and on every single mutation of them. Keep this module in step
with ``record.py`` and ``state.py``.
"""

# ruff: noqa: SIM102, SIM109 - explicit comparisons are the fast path here

from __future__ import annotations

from typing import Any

from games.engines.qiahn.types import (
    COUNTERS,
    DIE_SIDES,
    FAMILY,
    RULEBOOK,
    SIDES,
)

_TOP_KEYS = frozenset(("format", "game", "ruleset", "squad", "initiative", "rounds", "result"))
_ROUND_KEYS = frozenset(("uncover", "deploy", "outfit", "rolls"))
_SIDE_KEYS = frozenset(SIDES)
_PLACE_KEYS = frozenset(("counter", "on"))
_WATER_KEYS = frozenset(("counter", "on", "copy"))
_COUNTER_SET = frozenset(COUNTERS)
_OWNED = {
    "heads": frozenset(("sword", "shield", "water", "wind")),
    "tails": frozenset(("sword", "shield", "earth", "fire")),
}
_IDS = {side: [f"{side[0].upper()}{k}" for k in range(7)] for side in SIDES}
_RULESETS = frozenset((RULEBOOK, FAMILY))
_EMPTY: Any = {}  # shared, never mutated: "no outfit, no counters"
_ABSENT: Any = object()  # "the key is not there"


def fast_score(data: Any) -> dict[str, int] | None:
    """The final score if ``data`` is a fully legal record whose result matches, else None."""
    try:
        return _fast_score(data)
    except (TypeError, AttributeError, KeyError, ValueError, IndexError):
        # A value of the wrong JSON type: subscripting a non-object with a key,
        # hashing an array, unpacking the wrong length... Not a legal record; the
        # step-by-step replay will say why.
        return None


def _fast_score(data: Any) -> dict[str, int] | None:
    # Shapes are checked the cheap way: a required key is read with [] (a KeyError if
    # it is missing, a TypeError if the value is not an object) and the object's length
    # says there is nothing else. Membership in a set of strings implies a string.
    if len(data) != 7:
        return None
    if type(data["format"]) is not int or data["format"] != 1 or data["game"] != "qiahn-tactics":
        return None
    ruleset = data["ruleset"]
    squad = data["squad"]
    first = data["initiative"]
    if ruleset not in _RULESETS or first not in _SIDE_KEYS:
        return None
    if type(squad) is not int or (squad != 3 and squad != 6):
        return None
    result = data["result"]
    if len(result) != 2 or type(result["heads"]) is not int or type(result["tails"]) is not int:
        return None
    rounds = data["rounds"]
    if type(rounds) is not list or len(rounds) != squad:
        return None

    rulebook = ruleset == RULEBOOK
    # Per side: face-up tokens in play (token -> die sides), types uncovered so far,
    # token ids by round, counters not used yet. "_a" is the attacker's, "_d" the
    # defender's; they swap every round.
    alive_h: dict[str, int] = {}
    alive_t: dict[str, int] = {}
    seen_h = dict.fromkeys(DIE_SIDES, 0)  # an unknown type is a KeyError
    seen_t = dict.fromkeys(DIE_SIDES, 0)
    left_h = set(_OWNED["heads"])  # an unknown or reused counter is not in it
    left_t = set(_OWNED["tails"])
    heads_first = (
        "heads",
        "tails",
        alive_h,
        alive_t,
        seen_h,
        seen_t,
        _IDS["heads"],
        _IDS["tails"],
        left_h,
        left_t,
    )
    tails_first = (
        "tails",
        "heads",
        alive_t,
        alive_h,
        seen_t,
        seen_h,
        _IDS["tails"],
        _IDS["heads"],
        left_t,
        left_h,
    )
    # Round k's roles: the initiative attacks in odd rounds.
    roles = (tails_first, heads_first) if first == "heads" else (heads_first, tails_first)

    number = 0
    for entry in rounds:
        number += 1
        attacker, defender, alive_a, alive_d, seen_a, seen_d, ids_a, ids_d, left_a, left_d = roles[
            number & 1
        ]
        uncover = entry["uncover"]
        deploy = entry["deploy"]
        size = len(entry)
        if size == 4:
            outfit = entry["outfit"]
            rolls = entry["rolls"]
        else:
            outfit = entry.get("outfit", _ABSENT)
            rolls = entry.get("rolls", _ABSENT)
            if size != 2 + (outfit is not _ABSENT) + (rolls is not _ABSENT):
                return None
        if len(uncover) != 2 or len(deploy) != 2:
            return None
        # Uncover: a known type, at most two of a type per side.
        kind = uncover[attacker]
        n = seen_a[kind]
        if n == 2:
            return None
        seen_a[kind] = n + 1
        alive_a[ids_a[number]] = DIE_SIDES[kind]
        kind = uncover[defender]
        n = seen_d[kind]
        if n == 2:
            return None
        seen_d[kind] = n + 1
        alive_d[ids_d[number]] = DIE_SIDES[kind]
        # Deploy: 1 to 3 distinct face-up tokens of one's own still in play.
        att_line = deploy[attacker]
        def_line = deploy[defender]
        if type(att_line) is not list or type(def_line) is not list:
            return None
        n = len(att_line)
        if n == 1:
            if att_line[0] not in alive_a:
                return None
        elif n == 2:
            a, b = att_line
            if a == b or a not in alive_a or b not in alive_a:
                return None
        elif n == 3:
            a, b, c = att_line
            if a == b or a == c or b == c or a not in alive_a or b not in alive_a:
                return None
            if c not in alive_a:
                return None
        else:
            return None
        n = len(def_line)
        if n == 1:
            if def_line[0] not in alive_d:
                return None
        elif n == 2:
            a, b = def_line
            if a == b or a not in alive_d or b not in alive_d:
                return None
        elif n == 3:
            a, b, c = def_line
            if a == b or a == c or b == c or a not in alive_d or b not in alive_d:
                return None
            if c not in alive_d:
                return None
        else:
            return None
        # Outfit.
        magic = _EMPTY
        water_carrier = water_copy = sent_back = sword_on = shield_on = None
        ended = False
        if outfit is not _ABSENT and outfit:
            att_p = outfit.get(attacker, _ABSENT)  # AttributeError unless an object
            def_p = outfit.get(defender, _ABSENT)
            if len(outfit) != (att_p is not _ABSENT) + (def_p is not _ABSENT):
                return None
            magic = {}
            for side, placements, mine, theirs, left in (
                (attacker, att_p, att_line, def_line, left_a),
                (defender, def_p, def_line, att_line, left_d),
            ):
                if type(placements) is not list:
                    if placements is _ABSENT:
                        continue
                    return None
                for placed in placements:
                    if ended:
                        return None
                    counter = placed["counter"]
                    on = placed["on"]
                    if counter not in left:
                        return None
                    if counter == "water":
                        if len(placed) != 3:
                            return None
                    elif len(placed) != 2:
                        return None
                    left.remove(counter)
                    if counter == "wind":
                        if on not in theirs or on in magic or on == water_copy:
                            return None
                        sent_back = on
                        magic[on] = counter
                        if len(theirs) == 1:
                            ended = True
                        continue
                    if on not in mine or on == sent_back:
                        return None
                    # One sword and one shield a side, the sword only for the attacker and
                    # the shield only for the defender: no combatant can get two gears.
                    if counter == "sword":
                        if side != attacker:
                            return None
                        sword_on = on
                        continue
                    if counter == "shield":
                        if side == attacker:
                            return None
                        shield_on = on
                        continue
                    if on in magic:
                        return None
                    magic[on] = counter
                    if counter == "water":
                        copy = placed["copy"]
                        if copy == on or copy == sent_back:
                            return None
                        if copy not in att_line and copy not in def_line:
                            return None
                        water_carrier = on
                        water_copy = copy
        elif outfit is not _ABSENT and type(outfit) is not dict:
            return None
        # Combat.
        if ended:
            if rolls is not _ABSENT and (type(rolls) is not dict or rolls):
                return None
            continue
        if type(rolls) is not dict:
            return None
        if not magic:
            # No magic this round (the common case): every fighter rolls one face.
            att_total = 3 if sword_on is not None else 0
            for token in att_line:
                faces = rolls[token]
                if type(faces) is not list or len(faces) != 1:
                    return None
                value = faces[0]
                if type(value) is not int or not 0 < value <= alive_a[token]:
                    return None
                att_total += value
            def_total = 3 if shield_on is not None else 0
            for token in def_line:
                faces = rolls[token]
                if type(faces) is not list or len(faces) != 1:
                    return None
                value = faces[0]
                if type(value) is not int or not 0 < value <= alive_d[token]:
                    return None
                def_total += value
            if len(rolls) != len(att_line) + len(def_line):
                return None
            if att_total != def_total:
                if att_total > def_total:
                    for token in def_line:
                        del alive_d[token]
                else:
                    for token in att_line:
                        del alive_a[token]
            continue
        present = 0
        copied = 0
        att_total = 3 if sword_on is not None and sword_on != sent_back else 0
        def_total = 3 if shield_on is not None and shield_on != sent_back else 0
        for line, alive in ((att_line, alive_a), (def_line, alive_d)):
            total = 0
            for token in line:
                if token == sent_back:
                    continue
                if magic and token in magic:
                    kind = magic[token]
                    if kind == "water":
                        faces = rolls.get(token, _ABSENT)
                        if faces is not _ABSENT:
                            if faces != [] or type(faces) is not list:
                                return None
                            present += 1
                        continue
                    if kind == "fire":
                        a, b = rolls[token]
                        top = alive[token]
                        if type(a) is not int or type(b) is not int:
                            return None
                        if not (0 < a <= top and 0 < b <= top):
                            return None
                        present += 1
                        value = a + b
                        total += value
                        if token == water_copy:
                            copied = value
                        continue
                faces = rolls[token]
                if type(faces) is not list or len(faces) != 1:
                    return None
                value = faces[0]
                if type(value) is not int or not 0 < value <= alive[token]:
                    return None
                present += 1
                total += value
                if token == water_copy:
                    copied = value
            if line is att_line:
                att_total += total
            else:
                def_total += total
        if len(rolls) != present:
            # Only a combatant sent back by wind may be listed besides the fighters, with [].
            if len(rolls) != present + 1 or rolls.get(sent_back) != []:
                return None
        if water_carrier is not None:
            if water_carrier in att_line:
                att_total += copied
            else:
                def_total += copied
        if att_total != def_total:
            if att_total > def_total:
                loser, line, gone = defender, def_line, alive_d
            else:
                loser, line, gone = attacker, att_line, alive_a
            spared = None
            if loser == "tails" and magic and "earth" in magic.values():
                if rulebook:
                    gone = None
                else:
                    for token, kind in magic.items():
                        if kind == "earth":
                            spared = token
            if gone is not None:
                for token in line:
                    if token != sent_back and token != spared:
                        del gone[token]

    if len(alive_h) != result["heads"] or len(alive_t) != result["tails"]:
        return None
    return {"heads": result["heads"], "tails": result["tails"]}
