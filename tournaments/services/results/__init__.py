"""Match results: reports by both players, confirmation, disputes and judge overrides.

The match row is locked for every change, so two players reporting at the
same instant, a judge override racing a player's report, or a double-clicked
submit all end in one consistent result. Reports are idempotent: sending the
same report again changes nothing.

A result's checks are in ``validation``, the players' reports and one-tap confirmation in
``players``, the judge's entry or override in ``judge``, and the writing of a confirmed
result in ``storing``.
"""

from tournaments.services.results.judge import match_set_result, refuse_own_match
from tournaments.services.results.players import (
    Confirmation,
    match_confirm_report,
    match_report,
    players_reports,
)
from tournaments.services.results.validation import (
    ReportedResult,
    ignored_game_losses,
    refusal_of,
)

__all__ = [
    "Confirmation",
    "ReportedResult",
    "ignored_game_losses",
    "match_confirm_report",
    "match_report",
    "match_set_result",
    "players_reports",
    "refusal_of",
    "refuse_own_match",
]
