"""Tournament data: events, their people, rounds, matches, reports, penalties and the audit log."""

from tournaments.models.archive import EventArchiveBase, InstallIdentity
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
from tournaments.models.match import Game, Match, ResultReport, Seat
from tournaments.models.penalty import Penalty
from tournaments.models.registration import Registration
from tournaments.models.round import Round

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
    "EventStaff",
    "Game",
    "InstallIdentity",
    "Match",
    "Pack",
    "Penalty",
    "Pick",
    "Pod",
    "Registration",
    "ResultReport",
    "ResultsVersion",
    "Round",
    "Seat",
    "TableDeck",
]
