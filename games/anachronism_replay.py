"""The Anachronism replay page's content: every step of a record as an arena drawing.

:func:`replay_context` replays a record with
:func:`~games.engines.anachronism.replay.replay_frames` and shapes each frame
for the template: the arena as SVG geometry (squares, warriors with a facing
arrow and a life bar, the attacked square highlighted), both warriors' cards,
and a sentence saying what the step did, in the reader's language. The page
shows one frame at a time; links step forward and back.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.engines.anachronism.catalogue import Catalogue, default_catalogue
from games.engines.anachronism.record import GAME, parse_record
from games.engines.anachronism.replay import check_record, replay_frames
from games.engines.anachronism.types import NORTH, SIDES, SOUTH
from games.engines.errors import RecordError
from games.messages import error_text, phase_label, score_text, side_label

MAX_FRAMES = 300  # a record may repeat tied rolls; the page shows this many steps at most
CELL = 64
MARGIN = 24
TOKEN = 22
BAR = 44

FACING_LABELS = {
    "north": gettext_lazy("north"),
    "east": gettext_lazy("east"),
    "south": gettext_lazy("south"),
    "west": gettext_lazy("west"),
}
ENDINGS = {
    "knockout": gettext_lazy("the other warrior has no life left"),
    "life": gettext_lazy("more life left after assault 5"),
    "experience": gettext_lazy("equal life, more experience"),
}
# Unit vectors of a facing on the drawing (y grows downwards; north is up).
_ARROWS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
_PATH_PART = re.compile(r"[^.\[\]]+|\[\d+\]")
_ASSAULT_PATH = re.compile(r"^assaults\[(\d+)\]")
# The phase a step belongs to, by the frame's label.
_STEP_PHASES = {
    "start": "",
    "placement-roll": "placement",
    "place": "placement",
    "initiative-roll": "initiative",
    "discard": "discard",
    "action": "actions",
}


def _step_assault(path: str | None) -> int:
    """The assault a step of the record belongs to (0 for the set-up)."""
    found = _ASSAULT_PATH.match(path or "")
    return int(found.group(1)) + 1 if found else 0


def _at(data: Any, path: str | None) -> Any:
    """The value at a JSON path (``assaults[1].discards.south[0]``) of ``data``, or None."""
    if not path:
        return None
    value = data
    for token in _PATH_PART.findall(path):
        try:
            value = value[int(token[1:-1])] if token.startswith("[") else value[token]
        except (KeyError, IndexError, TypeError, ValueError):
            return None
    return value


class _Names:
    """Card names in the reader's language (the record's id when the catalogue has none)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.language = (get_language() or "en")[:2]
        self.abilities: dict[tuple[str, str], dict[str, str]] = {}
        for card in (*catalogue.warriors.values(), *catalogue.supports.values()):
            for ability in card.abilities:
                self.abilities[(card.id, ability.id)] = ability.name

    def _pick(self, names: dict[str, str] | None, fallback: str) -> str:
        if not names:
            return fallback
        return names.get(self.language) or names.get("en") or fallback

    def card(self, card_id: str | None) -> str:
        if card_id is None:
            return ""
        card = self.catalogue.warriors.get(card_id) or self.catalogue.supports.get(card_id)
        return self._pick(card.name if card else None, card_id)

    def ability(self, card_id: str, ability_id: str) -> str:
        return self._pick(self.abilities.get((card_id, ability_id)), ability_id)


def _dice_total(dice: Any) -> str:
    if isinstance(dice, list) and all(type(d) is int for d in dice):
        return f"{sum(dice)} ({'+'.join(str(d) for d in dice)})"
    return "?"


def _rolls(value: Any) -> str:
    if not isinstance(value, dict):
        return ""
    return ", ".join(f"{side_label(side)} {_dice_total(value.get(side))}" for side in SIDES)


def _action_text(event: dict[str, Any], frame: dict[str, Any], names: _Names) -> str:
    side = event.get("side")
    who = {
        "side": side_label(side),
        "warrior": names.card(frame["sides"][side]["warrior"]) if side in SIDES else "",
    }
    kind = event.get("kind")
    if kind == "move":
        return _("%(warrior)s (%(side)s) moves to %(square)s and faces %(face)s.") % {
            **who,
            "square": event.get("to"),
            "face": FACING_LABELS.get(event.get("face"), event.get("face")),
        }
    if kind == "turn":
        return _("%(warrior)s (%(side)s) turns to face %(face)s.") % {
            **who,
            "face": FACING_LABELS.get(event.get("face"), event.get("face")),
        }
    if kind == "pass":
        return _("%(warrior)s (%(side)s) passes.") % who
    if kind == "ability":
        text = _("%(warrior)s (%(side)s) uses %(ability)s (%(card)s).") % {
            **who,
            "ability": names.ability(event.get("card", ""), event.get("ability", "")),
            "card": names.card(event.get("card")),
        }
        if "amount" in event:
            text += " " + _("Life +%(amount)s.") % {"amount": event["amount"]}
        if event.get("to"):
            text += " " + _("Now on %(square)s, facing %(face)s.") % {
                "square": event["to"],
                "face": FACING_LABELS.get(event.get("face"), event.get("face")),
            }
        return text
    if kind == "attack":
        weapon = event.get("with")
        text = _(
            "%(warrior)s (%(side)s) attacks %(square)s with %(weapon)s: "
            "%(attack)s against %(defense)s."
        ) % {
            **who,
            "square": event.get("target"),
            "weapon": names.card(weapon) if weapon else _("a basic attack"),
            "attack": event.get("attack"),
            "defense": event.get("defense"),
        }
        if not event.get("hit"):
            return text + " " + _("Missed.")
        if event.get("critical"):
            return text + " " + _("Critical hit: %(damage)s damage.") % {"damage": event["damage"]}
        return text + " " + _("Hit: %(damage)s damage.") % {"damage": event.get("damage")}
    return str(kind)


def _effect_text(step: dict[str, Any], names: _Names) -> str:
    values = {
        "side": side_label(step.get("side")),
        "card": names.card(step.get("card")),
        "amount": step.get("amount"),
    }
    if step.get("kind") == "reveal-heal":
        return _("%(card)s (%(side)s) heals %(amount)s life.") % values
    if step.get("kind") == "reveal-wound":
        return _("%(card)s (%(side)s) wounds the enemy: %(amount)s life.") % values
    return ""


def _describe(
    frame: dict[str, Any], previous: dict[str, Any] | None, data: Any, names: _Names
) -> list[str]:
    label = frame["label"]
    path = frame["path"] or ""
    lines: list[str] = []
    if label == "start":
        lines.append(_("The cards are laid face down; the warriors are not in the arena yet."))
    elif label == "placement-roll":
        lines.append(_("Placement roll: %(rolls)s.") % {"rolls": _rolls(_at(data, path))})
        if frame["to_act"]:
            lines.append(
                _("%(side)s rolled lower and places first.") % {"side": side_label(frame["to_act"])}
            )
    elif label == "place":
        side = path.rsplit(".", 1)[-1]
        lines.append(
            _("%(side)s places %(warrior)s on %(square)s.")
            % {
                "side": side_label(side),
                "warrior": names.card(frame["sides"][side]["warrior"]),
                "square": frame["sides"][side]["square"],
            }
        )
    elif label == "initiative-roll":
        lines.append(_("Tied initiative, re-roll: %(rolls)s.") % {"rolls": _rolls(_at(data, path))})
    elif label == "discard":
        side = NORTH if ".north[" in path else SOUTH
        lines.append(
            _("%(side)s discards %(card)s: the cards face up broke a card limit.")
            % {"side": side_label(side), "card": names.card(_at(data, path))}
        )
    elif frame["event"]:
        lines.append(_action_text(frame["event"], frame, names))
    if previous is not None and frame["assault"] > previous["assault"]:
        revealed = [
            capfirst(
                _("%(side)s reveals %(card)s.")
                % {"side": side_label(side), "card": names.card(previous_face_down(previous, side))}
            )
            for side in SIDES
            if previous_face_down(previous, side) and frame["assault"] <= 4
        ]
        lines.append(" ".join([_("Assault %(n)s begins.") % {"n": frame["assault"]}, *revealed]))
    lines.extend(text for text in (_effect_text(s, names) for s in frame["effects"]) if text)
    if frame["phase"] == "end":
        if frame["winner"]:
            lines.append(
                _("The game is over: %(side)s wins (%(how)s).")
                % {
                    "side": side_label(frame["winner"]),
                    "how": ENDINGS.get(frame["ended_by"], frame["ended_by"]),
                }
            )
        else:
            lines.append(_("The game is over: a draw (equal life and experience)."))
    return lines


def previous_face_down(frame: dict[str, Any], side: str) -> str | None:
    """The card a side reveals next (its leftmost face-down support), if any."""
    cards = frame["sides"][side]["face_down"]
    return cards[0] if cards else None


def _arena(frame: dict[str, Any], names: _Names) -> dict[str, Any]:
    """SVG geometry of one frame: squares, file and rank labels, warriors, the target."""
    size = frame["arena"]
    event = frame["event"] or {}
    target = event.get("target") if event.get("kind") == "attack" else None
    hit = bool(event.get("hit"))
    squares = []
    for row in range(size):
        for x in range(size):
            y = size - 1 - row
            name = f"{chr(97 + x)}{y + 1}"
            squares.append(
                {
                    "x": MARGIN + x * CELL,
                    "y": row * CELL,
                    "name": name,
                    "dark": (x + y) % 2 == 0,
                    "target": name == target,
                    "hit": name == target and hit,
                }
            )
    files = [
        {"x": MARGIN + x * CELL + CELL // 2, "y": size * CELL + 17, "text": chr(97 + x)}
        for x in range(size)
    ]
    ranks = [
        {"x": MARGIN // 2, "y": (size - 1 - y) * CELL + CELL // 2 + 5, "text": str(y + 1)}
        for y in range(size)
    ]
    warriors = []
    for side in SIDES:
        info = frame["sides"][side]
        square = info["square"]
        if not square:
            continue
        x, y = ord(square[0]) - 97, int(square[1:]) - 1
        cx = MARGIN + x * CELL + CELL // 2
        cy = (size - 1 - y) * CELL + CELL // 2 - 4
        dx, dy = _ARROWS[info["facing"]]
        tip = (cx + dx * (TOKEN + 9), cy + dy * (TOKEN + 9))
        left = (cx + dx * (TOKEN - 2) - dy * 7, cy + dy * (TOKEN - 2) + dx * 7)
        right = (cx + dx * (TOKEN - 2) + dy * 7, cy + dy * (TOKEN - 2) - dx * 7)
        share = info["life"] / info["max_life"] if info["max_life"] else 0
        warriors.append(
            {
                "side": side,
                "cx": cx,
                "cy": cy,
                "r": TOKEN,
                "letter": side_label(side)[:1].upper(),
                "arrow": " ".join(f"{px},{py}" for px, py in (tip, left, right)),
                "bar_x": cx - BAR // 2,
                "bar_y": cy + TOKEN + 5,
                "bar_w": BAR,
                "life_w": round(BAR * share, 1),
                "low": share <= 0.34,
                "title": _(
                    "%(warrior)s (%(side)s) on %(square)s facing %(face)s, life %(life)s/%(max)s"
                )
                % {
                    "warrior": names.card(info["warrior"]),
                    "side": side_label(side),
                    "square": square,
                    "face": FACING_LABELS[info["facing"]],
                    "life": info["life"],
                    "max": info["max_life"],
                },
            }
        )
    return {
        "width": MARGIN + size * CELL + 4,
        "height": size * CELL + 24,
        "cell": CELL,
        "squares": squares,
        "files": files,
        "ranks": ranks,
        "warriors": warriors,
        "label": "; ".join(w["title"] for w in warriors)
        or _("The arena, before the warriors are placed."),
    }


def _sides(frame: dict[str, Any], names: _Names) -> list[dict[str, Any]]:
    out = []
    for side in SIDES:
        info = frame["sides"][side]
        out.append(
            {
                "side": side,
                "label": side_label(side),
                "warrior": names.card(info["warrior"]),
                "life": info["life"],
                "max_life": info["max_life"],
                "square": info["square"] or "—",
                "facing": FACING_LABELS[info["facing"]],
                "in_play": [names.card(card) for card in info["in_play"]],
                "face_down": len(info["face_down"]),
                "discarded": [names.card(card) for card in info["discarded"]],
                "acting": frame["to_act"] == side,
            }
        )
    return out


def replay_context(data: Any, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """What the replay page shows for Anachronism record ``data`` (parsed JSON).

    ``error`` is set (and there are no frames) when the record is not one the
    page can draw: another game, or a shape the parser refuses. Otherwise
    ``frames`` are the steps up to the first illegal one, and ``verdict`` says
    whether the record is legal, with the located reason when it is not.
    """
    catalogue = catalogue or default_catalogue()
    if not isinstance(data, dict) or data.get("game") != GAME:
        game = data.get("game") if isinstance(data, dict) else None
        return {
            "error": _("This page replays Anachronism records; this record's game is %(game)s.")
            % {"game": game if isinstance(game, str) else "—"},
            "frames": [],
        }
    try:
        record = parse_record(data, catalogue)
    except RecordError as err:
        return {"error": error_text(err), "error_path": getattr(err, "path", None), "frames": []}
    verdict = check_record(data, catalogue)
    raw, _illegal = replay_frames(record, catalogue)
    cut = len(raw) > MAX_FRAMES
    raw = raw[:MAX_FRAMES]
    names = _Names(catalogue)
    frames = []
    assaults = []
    for k, frame in enumerate(raw):
        previous = raw[k - 1] if k else None
        assault = _step_assault(frame["path"])
        if assault and (not assaults or assaults[-1]["number"] != assault):
            assaults.append({"number": assault, "step": k})
        frames.append(
            {
                "number": k,
                "position": k + 1,
                "id": f"step-{k}",
                "previous": f"step-{k - 1}" if k else None,
                "next": f"step-{k + 1}" if k + 1 < len(raw) else None,
                "assault": assault,
                "phase": phase_label(_STEP_PHASES.get(frame["label"], frame["phase"])) or "",
                "to_act": side_label(frame["to_act"]) if frame["to_act"] else "",
                "path": frame["path"],
                "lines": [capfirst(line) for line in _describe(frame, previous, data, names)],
                "arena": _arena(frame, names),
                "sides": _sides(frame, names),
            }
        )
    error = verdict.error
    return {
        "error": "",
        "frames": frames,
        "assaults": assaults,
        "cut": cut,
        "total": len(frames),
        "verdict": {
            "valid": verdict.valid,
            "result": score_text(verdict.result) if verdict.result else "",
            "error": error_text(error) if error is not None else "",
            "error_path": getattr(error, "path", None) if error is not None else None,
        },
        "warriors": {side: names.card(record.warriors[side]) for side in SIDES},
    }
