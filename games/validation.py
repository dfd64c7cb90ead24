"""Game-record validation for the rest of the site (the tournaments app calls these).

Pure functions over the engines, in the site's terms: a verdict, the reason in
the reader's language, and a :class:`~config.errors.DomainError` to raise when
a reported result must be refused. Nothing here touches the database.

Typical use when a player or judge reports a Qíahn game::

    verdict = validate_match_record(
        event.game, game_record, {"heads": 3, "tails": 1},
        squad=event.qiahn_squad, ruleset=event.qiahn_ruleset,
        require_record=event.record_policy == RecordPolicy.REQUIRE,
    )
    refuse_unless_valid(verdict)        # raises RecordRefused (400, field "record")

With ``record_policy == "ignore"`` the caller simply does not pass the record
(``record=None``); the score is then still checked for reachability.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from config.errors import DomainError
from games.engines.qiahn.reachable import is_reachable
from games.engines.qiahn.record import GAME as QIAHN
from games.engines.registry import ENGINES, check_match_record
from games.engines.verdict import Verdict
from games.messages import error_payload, error_text

SUPPORTED_GAMES = tuple(ENGINES)


def record_sides(game: str) -> tuple[str, str]:
    """The two sides a ``game``'s records and results name, first side first.

    ``("heads", "tails")`` for Qíahn Tactics and Goblin II, ``("north", "south")``
    for Anachronism. Raises KeyError for a game without a rules engine.
    """
    return ENGINES[game].sides


class RecordRefused(DomainError):
    """A reported result refused because of its game record (or its impossible score)."""


def validate_match_record(
    game: str,
    record: dict[str, Any] | None,
    reported_score: Mapping[str, int] | None = None,
    *,
    squad: int | None = None,
    ruleset: str | None = None,
    mode: str | None = None,
    scoring: str | None = None,
    require_record: bool = False,
) -> Verdict:
    """The verdict on one game's reported result.

    ``game`` is the event's game key (``qiahn-tactics``, ``qiahn-goblin-ii``,
    ``anachronism``); ``record`` the submitted record as parsed JSON, or ``None``;
    ``reported_score`` the final score reported for that game by side (see
    :func:`record_sides`): ``{"heads": h, "tails": t}`` (tokens for Qíahn Tactics,
    victory points for Goblin II) or ``{"north": n, "south": s}`` (Anachronism:
    1 for the winner, 0 for the loser, 0 each for a draw), or ``None`` to check
    the record alone. ``squad`` and
    ``ruleset`` are the event's Qíahn Tactics settings: a record with other
    settings is refused, and without a record the score must be reachable
    under them. ``mode`` and ``scoring`` are the event's Goblin II settings: a
    record that plays another mode or scoring is refused. ``require_record``
    refuses a result that comes without a record. Never raises for bad input:
    read ``verdict.valid`` and, when it is false, :func:`refusal_message` (or
    call :func:`refuse_unless_valid`).
    """
    return check_match_record(
        game,
        record,
        reported_score,
        squad=squad,
        ruleset=ruleset,
        mode=mode,
        scoring=scoring,
        require_record=require_record,
    )


def is_reachable_score(game: str, squad: int, ruleset: str, score: Mapping[str, int]) -> bool:
    """Whether a legal ``game`` can end with ``score`` (result-only check).

    Only Qíahn Tactics has a result-only check; any score of another game
    counts as reachable.
    """
    if game != QIAHN:
        return True
    return is_reachable(squad, ruleset, score)


def refusal_message(verdict: Verdict) -> str:
    """Why the verdict refuses the result, in the reader's language ('' if valid)."""
    if verdict.valid or verdict.error is None:
        return ""
    return error_text(verdict.error)


def refuse_unless_valid(verdict: Verdict) -> None:
    """Raise :class:`RecordRefused` (field ``record``, the engine's code) unless valid."""
    if verdict.valid:
        return
    error = verdict.error
    raise RecordRefused(
        refusal_message(verdict) or str(_("The game record was refused.")),
        field="record",
        code=error.code if error is not None else "record",
        extra={"record_error": error_payload(error)} if error is not None else None,
    )
