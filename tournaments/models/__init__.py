"""Tournament data: events, their people, rounds, matches, reports, penalties and the audit log."""

from tournaments.models.archive import EventArchiveBase, InstallIdentity, WithheldStaff
from tournaments.models.audit import AuditEntry
from tournaments.models.draft import (
    AuctionDeck,
    AuctionDeckCard,
    BoosterConfig,
    CardInstance,
    Draft,
    DraftSeat,
    Pack,
    Pick,
    Pod,
    TableDeck,
)
from tournaments.models.event import Event, EventStaff, ResultsVersion
from tournaments.models.judge_call import JudgeCall
from tournaments.models.match import Game, Match, ResultReport, Seat, SupersededReportKey
from tournaments.models.penalty import Penalty
from tournaments.models.registration import Registration, RegistrationOrigin
from tournaments.models.round import Round
from tournaments.models.screen import EventScreen, ScreenMode

__all__ = [
    "AuctionDeck",
    "AuctionDeckCard",
    "AuditEntry",
    "BoosterConfig",
    "CardInstance",
    "Draft",
    "DraftSeat",
    "Event",
    "EventArchiveBase",
    "EventScreen",
    "EventStaff",
    "Game",
    "InstallIdentity",
    "JudgeCall",
    "Match",
    "Pack",
    "Penalty",
    "Pick",
    "Pod",
    "Registration",
    "RegistrationOrigin",
    "ResultReport",
    "ResultsVersion",
    "Round",
    "ScreenMode",
    "Seat",
    "SupersededReportKey",
    "TableDeck",
    "WithheldStaff",
]
