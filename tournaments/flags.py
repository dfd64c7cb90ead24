"""Pairing flags as sentences: each stored flag (``{"code", "params"}``) explained in the
user's language, with registration ids in the params turned into names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

if TYPE_CHECKING:
    from collections.abc import Callable

    from tournaments.models import Match

LABELS = {
    "paired_down": gettext_lazy("Paired down"),
    "bye": gettext_lazy("Bye"),
    "rematch_forced": gettext_lazy("Rematch (unavoidable)"),
    "rematch": gettext_lazy("Rematch"),
    "fixed_table": gettext_lazy("Fixed table"),
    "fixed_table_conflict": gettext_lazy("Fixed table not kept"),
    "seeds": gettext_lazy("Seeds"),
    "other_pod": gettext_lazy("Across pods"),
    "no_legal_deck": gettext_lazy("No legal deck"),
}

# Flags shown as a warning: the pairing breaks a preference the event asked for, or a
# judge must act before the match.
SEVERE = {"rematch", "fixed_table_conflict", "no_legal_deck"}


@dataclass(frozen=True)
class FlagText:
    code: str
    label: str
    sentence: str
    severe: bool


def _bye_sentence(params: Mapping[str, Any], name: Callable[[Any], str], bye_player: str) -> str:
    reason = params.get("reason")
    values = {"player": bye_player, "preferred": name(params.get("preferred_player"))}
    if reason == "random_first_round":
        text = _("Bye for %(player)s: an odd number of players in round 1, drawn at random.")
    elif reason == "lowest_ranked_without_bye":
        text = _("Bye for %(player)s: the lowest-ranked player who has not had a bye.")
    elif reason == "everyone_had_bye":
        text = _(
            "Bye for %(player)s: everyone still in the event has had a bye, so the "
            "lowest-ranked player gets another."
        )
    elif reason == "avoids_rematch":
        text = _(
            "Bye for %(player)s rather than %(preferred)s: giving it to %(preferred)s "
            "would have forced a rematch."
        )
    elif reason == "judge_assigned":
        text = _("Bye for %(player)s, assigned by a judge (it would have gone to %(preferred)s).")
    else:
        text = _("Bye for %(player)s.")
    text = text % values
    if params.get("had_bye_before"):
        text += " " + _("%(player)s has had a bye before.") % values
    return text


def flag_sentence(
    flag: Mapping[str, Any], names: Mapping[int, str], *, bye_player: str = ""
) -> str:
    """One flag as a sentence. ``names`` maps registration ids to names."""
    code = flag.get("code", "")
    params = flag.get("params") or {}

    def name(pid: Any) -> str:
        if pid is None:
            return "?"
        return names.get(pid) or names.get(_int(pid)) or str(pid)

    if code == "paired_down":
        return _(
            "%(player)s (%(high)s points) was paired down against an opponent with %(low)s."
        ) % {
            "player": name(params.get("player")),
            "high": params.get("from_points"),
            "low": params.get("to_points"),
        }
    if code == "bye":
        return _bye_sentence(params, name, bye_player)
    if code == "rematch_forced":
        return _("Rematch: no pairing of this round could avoid every rematch.")
    if code == "rematch":
        return _("Rematch that another pairing would have avoided.")
    if code == "fixed_table":
        return _("%(player)s keeps fixed table %(table)s.") % {
            "player": name(params.get("player")),
            "table": params.get("table"),
        }
    if code == "fixed_table_conflict":
        return _("%(player)s could not be seated at fixed table %(table)s.") % {
            "player": name(params.get("player")),
            "table": params.get("table"),
        }
    if code == "other_pod":
        players = params.get("players") or [None, None]
        return _(
            "%(a)s and %(b)s are from different pods: each was the odd one out of their pod."
        ) % {"a": name(players[0]), "b": name(players[-1])}
    if code == "no_legal_deck":
        return _(
            "%(player)s had no legal deck when deck building ended: a judge decides before "
            "the match starts."
        ) % {"player": name(params.get("player"))}
    if code == "seeds":
        return _("Seed %(a)s against seed %(b)s.") % {"a": params.get("a"), "b": params.get("b")}
    return str(code)


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def describe(
    flags: Iterable[Mapping[str, Any]] | None, names: Mapping[int, str], *, bye_player: str = ""
) -> list[FlagText]:
    return [
        FlagText(
            code=flag.get("code", ""),
            label=str(LABELS.get(flag.get("code", ""), flag.get("code", ""))),
            sentence=flag_sentence(flag, names, bye_player=bye_player),
            severe=flag.get("code") in SEVERE,
        )
        for flag in flags or []
    ]


def describe_match(match: Match, names: Mapping[int, str]) -> list[FlagText]:
    """The flags of a match; the bye sentence names the match's player A."""
    return describe(match.flags, names, bye_player=match.player_a.name)
