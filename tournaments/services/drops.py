"""What a drop during a round does to the player's match in that round.

A player who drops (or is dropped, or disqualified) while the round is played concedes
their match in it when nothing of it is known yet: no player has reported it and no game
loss was given in it. The opponent wins it with as many games as a match takes (2-0 in a
best of three), confirmed at once, and has nothing to report. A match already reported by
either player (or with a game loss) stays open: a judge settles it (the round dashboard
lists it under *Needs a judge*); the opponent may still report it, and matching reports
confirm it as usual.

Either way the opponent is told on their match page and by e-mail
(``tournaments.notifications.notify_opponent_dropped``). The concession is in the audit
log (``result.concede``) beside the drop.

``registration_drop`` calls these inside its transaction, in the lock order: the match
(``tournaments.selectors.open_match_id`` names it before anything is locked) after the
event and before the registration.
"""

from __future__ import annotations

from accounts.models import User
from tournaments import match_scores
from tournaments.models import Match, Registration
from tournaments.models.choices import MatchStatus, ResultSource, RoundStatus
from tournaments.notifications import notify_opponent_dropped
from tournaments.selectors import concession_allowed, open_match_id
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_match
from tournaments.services.results.judge import result_snapshot
from tournaments.services.results.storing import confirm_result
from tournaments.services.results.validation import ReportedResult


def lock_dropped_match(registration_id: int) -> Match | None:
    """Lock the player's open match of the round being played (after the event, before the
    registration); None when there is none."""
    match_id = open_match_id(registration_id)
    return lock_match(match_id) if match_id is not None else None


def match_settle_after_drop(*, actor: User, match: Match, registration: Registration) -> bool:
    """The player of ``registration`` has just dropped; ``match`` (locked) is their open match
    of the round being played. Concede it to the opponent when nothing of it is known, else
    leave it for a judge; tell the opponent either way. True when it was conceded."""
    if match.status == MatchStatus.CONFIRMED or match.round.status != RoundStatus.PUBLISHED:
        return False  # settled meanwhile (under the lock), or the round ended
    side = match.side_of(registration.pk)
    if side is None or match.is_bye:
        return False
    conceded = concession_allowed(match)
    if conceded:
        wins = match_scores.wins_needed(match.round.event.games_per_match)
        result = (
            ReportedResult(games_won_a=0, games_won_b=wins)
            if side == "a"
            else ReportedResult(games_won_a=wins, games_won_b=0)
        )
        before = result_snapshot(match)
        confirm_result(match, result, (), ResultSource.DROP)
        audit_record(
            event=match.round.event,
            actor=actor,
            action="result.concede",
            target=f"round {match.round.number} table {match.table}",
            before=before,
            after={**result_snapshot(match), "dropped": registration.name},
        )
    opponent = match.player_b if side == "a" else match.player_a
    notify_opponent_dropped(match_id=match.pk, registration_id=opponent.pk)
    return conceded
