"""Tournament data: events, their people, rounds, matches, reports, penalties and the audit log."""

from tournaments.models.audit import AuditEntry
from tournaments.models.event import Event, EventStaff, ResultsVersion
from tournaments.models.match import Game, Match, ResultReport, Seat, SupersededReportKey
from tournaments.models.penalty import Penalty
from tournaments.models.registration import Registration, RegistrationOrigin
from tournaments.models.round import Round

__all__ = [
    "AuditEntry",
    "Event",
    "EventStaff",
    "Game",
    "Match",
    "Penalty",
    "Registration",
    "RegistrationOrigin",
    "ResultReport",
    "ResultsVersion",
    "Round",
    "Seat",
    "SupersededReportKey",
]
