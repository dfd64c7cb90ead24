"""Round reports and verdicts shaped for the pages, with every game word translated.

The engines speak in record words (``heads``, ``wizard``, ``sword``); the
pages show them in the reader's language, next to the ids the record uses.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engines.goblin.catalogue import default_catalogue
from games.engines.verdict import Verdict
from games.messages import error_text, phase_label, score_text, side_label

TOKEN_TYPES = {
    "wizard": gettext_lazy("Wizard"),
    "paladin": gettext_lazy("Paladin"),
    "knight": gettext_lazy("Knight"),
    "beast": gettext_lazy("Beast"),
    "archer": gettext_lazy("Archer"),
    "footman": gettext_lazy("Footman"),
}
COUNTERS = {
    "sword": gettext_lazy("sword"),
    "shield": gettext_lazy("shield"),
    "water": gettext_lazy("water"),
    "wind": gettext_lazy("wind"),
    "earth": gettext_lazy("earth"),
    "fire": gettext_lazy("fire"),
}
RULESETS = {
    "rulebook-1": gettext_lazy("Rulebook, first edition (earth turns a defeat into a draw)"),
    "family-1": gettext_lazy("Family instructions (earth saves only its carrier)"),
}
MODES = {
    "open": gettext_lazy("open"),
    "semi-covered": gettext_lazy("semi-covered"),
    "covered": gettext_lazy("covered"),
}
SCORINGS = {
    "survivors": gettext_lazy("survivors (own combatants still in play)"),
    "captures": gettext_lazy("captures (enemy combatants defeated)"),
}
GAME_NAMES = {
    "qiahn-tactics": "Qíahn Tactics",
    "qiahn-goblin-ii": "Qíahn Tactics Goblin II",
    "anachronism": "Anachronism",
}
# Games whose round reports the checker page lists (Anachronism assaults are drawn on the
# replay page, games/anachronism_replay.py).
ROUND_PRESENTED = ("qiahn-tactics", "qiahn-goblin-ii")
ANACHRONISM_RULESETS = {
    "rulebook-1": gettext_lazy("Rules text, as the project reads it"),
}


def _type(kind: str) -> str:
    return str(TOKEN_TYPES.get(kind, kind))


def _counter(counter: str) -> str:
    return str(COUNTERS.get(counter, counter))


def _card(card_id: str) -> str:
    catalogue = default_catalogue()
    card = catalogue.troop_by_id.get(card_id) or catalogue.arsenal_by_id.get(card_id)
    if card is None:
        return card_id
    from django.utils.translation import get_language

    language = (get_language() or "en")[:2]
    return card.name.get(language) or card.name.get("en") or card_id


def _outcome(report: Any) -> str:
    winner = getattr(report, "winner", None)
    if report.outcome == "attacker" or report.outcome == "defender":
        winner = report.attacker if report.outcome == "attacker" else report.defender
        if report.outcome == "attacker":
            return _("%(side)s wins as the attacker") % {"side": side_label(winner).capitalize()}
        return _("%(side)s wins as the defender") % {"side": side_label(winner).capitalize()}
    if report.outcome == "tie":
        return _("Tie: both vanguards are defeated")
    if report.outcome == "none":
        return _("No defeats")
    return _("Draw")


def qiahn_round(report: Any) -> dict[str, Any]:
    """One Qíahn Tactics round for the replay page."""
    sides = (report.attacker, report.defender)
    deployed = []
    for side in sides:
        tokens = [f"{t} ({_type(report.types[t])})" for t in report.deployed[side]]
        deployed.append({"side": side_label(side), "tokens": ", ".join(tokens)})
    uncovered = [
        {
            "side": side_label(side),
            "type": _type(report.uncovered[side]),
            "token": f"{side[0].upper()}{report.round}",
        }
        for side in sides
    ]
    counters = []
    for placed in report.counters:
        if placed.copy:
            text = _("%(side)s: %(counter)s on %(token)s, copying %(copy)s") % {
                "side": side_label(placed.side),
                "counter": _counter(placed.counter),
                "token": placed.on,
                "copy": placed.copy,
            }
        else:
            text = _("%(side)s: %(counter)s on %(token)s") % {
                "side": side_label(placed.side),
                "counter": _counter(placed.counter),
                "token": placed.on,
            }
        counters.append(text)
    dice = []
    for token, total in report.dice_totals.items():
        faces = report.dice.get(token, ())
        if faces:
            shown = " + ".join(str(f) for f in faces)
            dice.append({"token": token, "faces": shown, "total": total, "copied": False})
        else:
            dice.append({"token": token, "faces": "", "total": total, "copied": True})
    notes = []
    if report.ended_by == "wind":
        notes.append(
            _(
                "Wind sent %(token)s back: it was the only combatant, so the round ends as a draw "
                "with no dice."
            )
            % {"token": report.sent_back}
        )
    elif report.sent_back:
        notes.append(_("Wind sent %(token)s back to its reserve.") % {"token": report.sent_back})
    if report.earth == "defeat-to-draw":
        notes.append(_("Earth turned the defeat into a draw."))
    elif report.earth == "carrier-survives":
        notes.append(_("Earth saved its carrier; the rest of the vanguard is removed."))
    return {
        "number": report.round,
        "attacker": side_label(report.attacker),
        "uncovered": uncovered,
        "deployed": deployed,
        "counters": counters,
        "dice": dice,
        "totals": None
        if report.totals is None
        else [{"side": side_label(s), "total": report.totals[s]} for s in sides],
        "outcome": _outcome(report),
        "outcome_code": report.outcome,
        "notes": notes,
        "removed": ", ".join(report.removed),
        "score": score_text(report.score),
    }


def goblin_round(report: Any) -> dict[str, Any]:
    """One Goblin II round for the replay page."""
    sides = (report.attacker, report.defender)
    revealed = [
        {
            "side": side_label(side),
            "cards": ", ".join(f"{t} ({_card(c)})" for t, c in report.revealed[side]),
        }
        for side in sides
    ]
    vanguard = [
        {
            "side": side_label(side),
            "tokens": ", ".join(f"{t} ({_card(report.cards[t])})" for t in report.vanguard[side]),
        }
        for side in sides
    ]
    turns = []
    for side, plays, conceded in report.turns:
        if conceded:
            text = _("concedes the round")
        elif not plays:
            text = _("passes")
        else:
            parts = []
            for play in plays:
                if play.copy:
                    parts.append(
                        _("%(card)s on %(token)s, copying %(copy)s")
                        % {"card": _card(play.card), "token": play.on, "copy": play.copy}
                    )
                else:
                    parts.append(
                        _("%(card)s on %(token)s") % {"card": _card(play.card), "token": play.on}
                    )
            text = "; ".join(parts)
        turns.append({"side": side_label(side), "text": text})
    notes = []
    if report.sent_back:
        notes.append(_("Sent back by air: %(tokens)s.") % {"tokens": ", ".join(report.sent_back)})
    if report.defeated_by_cards:
        notes.append(
            _("Defeated by special equipment: %(tokens)s.")
            % {"tokens": ", ".join(report.defeated_by_cards)}
        )
    return {
        "number": report.round,
        "attacker": side_label(report.attacker),
        "revealed": revealed,
        "vanguard": vanguard,
        "turns": turns,
        "values": [{"token": t, "value": v} for t, v in report.values.items()],
        "sums": None
        if report.sums is None
        else [{"side": side_label(s), "total": report.sums[s]} for s in sides],
        "ended_by": report.ended_by,
        "outcome": _outcome(report),
        "outcome_code": report.outcome,
        "notes": notes,
        "removed": ", ".join(report.removed),
        "score": score_text(report.score),
    }


def verdict_context(verdict: Verdict) -> dict[str, Any]:
    """Everything the verdict template shows."""
    present = goblin_round if verdict.game == "qiahn-goblin-ii" else qiahn_round
    rounds = (
        [present(report) for report in verdict.rounds] if verdict.game in ROUND_PRESENTED else []
    )
    anachronism = verdict.game == "anachronism"
    settings = []
    for key, value in verdict.settings.items():
        if value is None:
            continue
        if key == "ruleset":
            labels = ANACHRONISM_RULESETS if anachronism else RULESETS
            settings.append((_("Ruleset"), labels.get(value, value)))
        elif key == "arena":
            settings.append((_("Arena"), f"{value} x {value}"))
        elif key == "squad":
            settings.append((_("Squad"), value))
        elif key == "initiative":
            settings.append((_("Initiative (attacks in round 1)"), side_label(value)))
        elif key == "mode":
            settings.append((_("Mode"), MODES.get(value, value)))
        elif key == "scoring":
            settings.append((_("Scoring"), SCORINGS.get(value, value)))
        elif key == "catalogue":
            settings.append((_("Card catalogue"), value))
    error = verdict.error
    return {
        "valid": verdict.valid,
        "game": GAME_NAMES.get(verdict.game or "", verdict.game),
        "game_key": verdict.game,
        "result": score_text(verdict.result) if verdict.result else "",
        "error": error_text(error) if error is not None else "",
        "error_path": getattr(error, "path", None) if error is not None else None,
        "error_code": error.code if error is not None else None,
        "error_phase": phase_label(getattr(getattr(error, "place", None), "phase", None)),
        "replayed": score_text(verdict.replayed) if verdict.replayed else "",
        "settings": settings,
        "rounds": rounds,
        "is_goblin": verdict.game == "qiahn-goblin-ii",
    }
