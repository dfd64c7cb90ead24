"""Reads of tournament state for pages, the API and exports (no writes here, except the
lazy application of an expired round clock)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.selectors import can_sign_in, fold
from config import clock
from config.numbers import ascii_digits, parse_whole_number
from tournaments import report_compare
from tournaments.extensions import hooks
from tournaments.infractions import Infraction, infractions_for
from tournaments.match_scores import wins_needed
from tournaments.models import (
    AuditEntry,
    Event,
    EventStaff,
    Match,
    Penalty,
    Registration,
    RegistrationOrigin,
    ResultReport,
    Round,
    Seat,
)
from tournaments.models.choices import (
    EventStatus,
    MatchStatus,
    PenaltyKind,
    RegistrationStatus,
    ResultSource,
    RoundStatus,
)
from tournaments.services.clock import refresh_round_clock

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User
    from tournaments.visibility import EventVisibility

ACTIVE = (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)
MATCH_RELATED = ("player_a__player", "player_b__player")


def registration_closed_by(event: Event) -> str | None:
    """While the event is in registration, why players can no longer register themselves
    (another app has closed it: a booster draft whose draft has started), or None."""
    if event.status != EventStatus.REGISTRATION:
        return None
    for closer in hooks.registration_closers:
        if Event.objects.filter(pk=event.pk).filter(closer.closed_events()).exists():
            return closer.reason()
    return None


def registration_open(event: Event) -> bool:
    """Whether players may register themselves for the event now (the page's Register
    button; the service refuses by the same rule)."""
    return event.status == EventStatus.REGISTRATION and registration_closed_by(event) is None


def open_for_registration(events: QuerySet[Event]) -> QuerySet[Event]:
    """The events of ``events`` that players may register themselves for now."""
    events = events.filter(status=EventStatus.REGISTRATION)
    for closer in hooks.registration_closers:
        events = events.exclude(closer.closed_events())
    return events


def event_list(*, status: str | None = None, game: str | None = None) -> QuerySet[Event]:
    qs = Event.objects.select_related("draft").annotate(
        players=Count("registrations", filter=~Q(registrations__status=RegistrationStatus.NO_SHOW))
    )
    if status:
        qs = qs.filter(status=status)
    if game:
        qs = qs.filter(game=game)
    return qs.order_by("-date", "-pk")


def event_players(event: Event) -> QuerySet[Registration]:
    return event.registrations.select_related("player").order_by("player__display_name", "pk")


def event_rounds(event: Event) -> list[Round]:
    now = clock.now()
    return [refresh_round_clock(r, now) for r in event.rounds.order_by("number")]


def current_round(event: Event, *, published_only: bool = False) -> Round | None:
    qs = event.rounds.order_by("-number")
    if published_only:
        qs = qs.exclude(status=RoundStatus.DRAFT)
    round_ = qs.first()
    return refresh_round_clock(round_) if round_ else None


def round_matches(round_: Round) -> QuerySet[Match]:
    return round_.matches.select_related(*MATCH_RELATED).prefetch_related("games").order_by("table")


def round_matches_by_name(round_: Round) -> list[tuple[Registration, Match]]:
    """Each paired player with their match, alphabetically (for the 'by name' pairings)."""
    rows = []
    for match in round_matches(round_):
        rows.append((match.player_a, match))
        if match.player_b_id:
            rows.append((match.player_b, match))
    rows.sort(key=lambda row: (row[0].player.public_name.casefold(), row[0].pk))
    return rows


def round_progress(round_: Round) -> dict[str, int]:
    counts = dict(round_.matches.values_list("status").annotate(n=Count("pk")))
    return {status: counts.get(status, 0) for status in MatchStatus.values} | {
        "total": sum(counts.values())
    }


def missing_tables(round_: Round) -> list[int]:
    return list(
        round_.matches.exclude(status=MatchStatus.CONFIRMED)
        .order_by("table")
        .values_list("table", flat=True)
    )


def registration_of(event: Event, user: User | AnonymousUser) -> Registration | None:
    if not user.is_authenticated:
        return None
    return event.registrations.filter(player=user).first()


def player_match(round_: Round, registration: Registration) -> Match | None:
    return (
        round_.matches.filter(seats__registration=registration)
        .select_related(*MATCH_RELATED)
        .prefetch_related("reports")
        .first()
    )


def player_history(registration: Registration) -> QuerySet[Match]:
    return (
        Match.objects.filter(seats__registration=registration)
        .select_related("round", *MATCH_RELATED)
        .prefetch_related("games")
        .order_by("round__number")
    )


def event_matches(event: Event) -> QuerySet[Match]:
    return (
        Match.objects.filter(round__event=event)
        .select_related("round", *MATCH_RELATED)
        .prefetch_related(Prefetch("games"))
        .order_by("round__number", "table")
    )


def event_penalties(event: Event) -> QuerySet[Penalty]:
    return event.penalties.select_related(
        "registration__player", "issued_by", "match__round__event", "round__event"
    ).order_by("-created_at")


def visible_penalties(event: Event, *, visibility: EventVisibility) -> list[Penalty]:
    """The event's penalties this reader may see (``EventVisibility.penalty``), the oldest
    first: every one for the event's judges, a player's own for them, none for anyone else."""
    if not visibility.runs_event and not visibility.own_registration_ids:
        return []
    penalties = event_penalties(event).order_by("created_at", "pk")
    return [p for p in penalties if visibility.penalty(p.registration_id)]


def event_audit(event: Event) -> QuerySet[AuditEntry]:
    return event.audit_entries.select_related("actor").order_by("-created_at", "-pk")


def events_judged_by(user: User) -> QuerySet[Event]:
    return Event.objects.filter(staff__user=user).select_related("draft").order_by("-date", "-pk")


def events_played_by(user: User) -> QuerySet[Event]:
    return (
        Event.objects.filter(registrations__player=user)
        .select_related("draft")
        .order_by("-date", "-pk")
    )


def entries_by_others(user: User) -> QuerySet[RegistrationOrigin]:
    """The person's active registrations that someone else made (a judge entered them), for
    the notice on their events page; the newest first."""
    return (
        RegistrationOrigin.objects.filter(
            registration__player=user,
            registration__status__in=ACTIVE,
            self_registered=False,
            added_by__isnull=False,
        )
        .select_related("registration__event", "added_by")
        .order_by("-created_at")
    )


def registration_names(event: Event) -> dict[int, str]:
    """Every registration's public name, by id (for flags that name players)."""
    return {r.pk: r.name for r in event.registrations.select_related("player")}


def visible_rounds(event: Event, *, include_drafts: bool) -> list[Round]:
    """Rounds whose pairings the viewer may see: unpublished ones only for judges."""
    qs = event.rounds.order_by("number")
    if not include_drafts:
        qs = qs.exclude(status=RoundStatus.DRAFT)
    return list(qs)


def event_staff(event: Event) -> QuerySet[EventStaff]:
    return event.staff.select_related("user").order_by("role", "user__display_name")


def round_seats(round_: Round) -> list[Registration]:
    """The players paired in a round, by name (for the judges' swap form)."""
    regs = [
        seat.registration
        for seat in round_.seats.select_related("registration__player").order_by("pk")
    ]
    regs.sort(key=lambda r: (r.name.casefold(), r.pk))
    return regs


def player_matches(registration: Registration, *, include_drafts: bool = False) -> QuerySet[Match]:
    """A player's matches, oldest first; unpublished pairings left out unless asked for."""
    qs = player_history(registration)
    if not include_drafts:
        qs = qs.exclude(round__status=RoundStatus.DRAFT)
    return qs


def reported_match_ids(registration: Registration) -> set[int]:
    """The matches this player has sent a report of."""
    return set(
        ResultReport.objects.filter(registration=registration).values_list("match_id", flat=True)
    )


def waiting_for(match: Match) -> Registration | None:
    """The player whose report a match waits for after the other one reported (reads the
    match's reports; prefetch them for a list)."""
    if match.status != MatchStatus.AWAITING or match.player_b_id is None:
        return None
    reported = {r.registration_id for r in match.reports.all() if r.registration_id}
    if match.player_a_id not in reported:
        return match.player_a
    if match.player_b_id not in reported:
        return match.player_b
    return None


def players_reports_of(match: Match) -> list[ResultReport]:
    """The players' own reports of a match (not judges' entries), player A's first (reads
    the match's reports; prefetch them for a list)."""
    reports = [r for r in match.reports.all() if r.registration_id]
    return sorted(reports, key=lambda r: r.registration_id != match.player_a_id)


def records_differ(match: Match) -> bool:
    """A match confirmed on the score both players reported, whose records of the games
    differ: the record waits for the players to agree on one, or for a judge (reads the
    match's reports; prefetch them for a list)."""
    if match.status != MatchStatus.CONFIRMED or match.result_source != ResultSource.PLAYERS:
        return False
    reports = players_reports_of(match)
    if len(reports) != 2:
        return False
    first, second = (report_compare.Report(r.score, r.games or []) for r in reports)
    return report_compare.records_differ(first, second)


def concession_allowed(match: Match) -> bool:
    """Whether a player who drops during the round concedes this match of theirs: nothing of
    it is known yet (no player reported it, no game loss was given in it)."""
    return not (
        ResultReport.objects.filter(match=match, registration__isnull=False).exists()
        or Penalty.objects.filter(match=match, kind=PenaltyKind.GAME_LOSS).exists()
    )


def open_match_id(registration_id: int) -> int | None:
    """The player's match in the round being played (published, not finished) that has no
    confirmed result yet; None when there is none (a bye has its result)."""
    return (
        Seat.objects.filter(
            registration_id=registration_id,
            round__status=RoundStatus.PUBLISHED,
            match__player_b__isnull=False,
        )
        .exclude(match__status=MatchStatus.CONFIRMED)
        .order_by("-round__number")
        .values_list("match_id", flat=True)
        .first()
    )


@dataclass(frozen=True)
class DropEffect:
    """What dropping now does to the player's match of the round being played."""

    match: Match
    opponent: Registration
    conceded: bool  # the opponent wins it (nothing of it is known yet); else a judge enters it
    score: str  # the opponent's win when conceded, their games first ("2-0")


def drop_effect(registration: Registration) -> DropEffect | None:
    """For the drop page: the player's open match of the round being played and what a drop
    would do to it (``tournaments.services.drops`` does it); None when there is none."""
    if not registration.is_active:
        return None
    match_id = open_match_id(registration.pk)
    if match_id is None:
        return None
    match = Match.objects.select_related("round__event", *MATCH_RELATED).get(pk=match_id)
    opponent = match.player_b if match.player_a_id == registration.pk else match.player_a
    wins = wins_needed(match.round.event.games_per_match)
    return DropEffect(
        match=match, opponent=opponent, conceded=concession_allowed(match), score=f"{wins}-0"
    )


@dataclass(frozen=True)
class JudgeNeeded:
    """A match whose result a judge must enter: a player dropped with it unsettled, or a
    player is a walk-in with no account to report from."""

    match: Match
    dropped: tuple[Registration, ...]
    walk_ins: tuple[Registration, ...]


def judge_needed(match: Match) -> JudgeNeeded | None:
    """Why a judge must enter this match's result; None when its players can (or it has a
    result, or is a bye). Reads the players' accounts: select them for a list."""
    if match.player_b_id is None or match.status == MatchStatus.CONFIRMED:
        return None
    players = (match.player_a, match.player_b)
    dropped = tuple(r for r in players if r.status == RegistrationStatus.DROPPED)
    walk_ins = tuple(r for r in players if r not in dropped and not can_sign_in(r.player))
    if not dropped and not walk_ins:
        return None
    return JudgeNeeded(match=match, dropped=dropped, walk_ins=walk_ins)


def match_penalties(match: Match) -> QuerySet[Penalty]:
    """The penalties given in a match or applied to it (a game loss from an earlier one)."""
    return match.penalties.select_related(
        "registration__player", "issued_by", "round__event", "match__round__event"
    ).order_by("created_at", "pk")


def registration_penalties(registration: Registration) -> QuerySet[Penalty]:
    return registration.penalties.select_related("match__round__event", "round__event").order_by(
        "created_at"
    )


def match_game_losses(match: Match) -> list[Penalty]:
    """The game losses that take a game of ``match``, game by game (a report form marks those
    games; a judge gave them, so the players see them)."""
    return list(
        match.penalties.filter(kind=PenaltyKind.GAME_LOSS)
        .select_related("registration")
        .order_by("game_number", "pk")
    )


def registration_counts(event: Event) -> dict[str, int]:
    counts = dict(event.registrations.values_list("status").annotate(n=Count("pk")))
    result = {status: counts.get(status, 0) for status in RegistrationStatus.values}
    result["active"] = sum(result[s] for s in ACTIVE)
    return result


def start_warnings(event: Event) -> list[str]:
    """What a judge should know before pairing round 1 (nothing here blocks it): in a
    constructed event, checked-in players with no deck list or a list that is not legal
    (from the deck-list app's hook);
    and an event dated another day than today (round 1 fixes the date, and with it the
    rulings version)."""
    from django.utils.formats import date_format

    warnings = hooks.warnings_before_start(event)
    today = timezone.localdate()
    if event.date != today:
        warnings.append(
            _(
                "The event is dated %(date)s, not today (%(today)s): round 1 fixes the date "
                "and the rulings version in force on it."
            )
            % {"date": date_format(event.date), "today": date_format(today)}
        )
    return warnings


@dataclass(frozen=True)
class PenaltyPlayer:
    """A player a judge may penalise, with their table in the round a penalty is given in
    (``None``: not seated in it)."""

    registration: Registration
    table: int | None

    def matches(self, text: str) -> bool:
        """A judge's search: the words of the name (accents and case aside), the player
        number, or the table number."""
        words = fold(text.strip().lstrip("#")).split()
        if not words:
            return True
        if len(words) == 1 and ascii_digits(words[0]):
            number = parse_whole_number(words[0], maximum=None)
            return number in (self.table, self.registration.player.player_number)
        name = fold(self.registration.name)
        return all(word in name for word in words)


def penalty_players(
    event: Event, *, match: Match | None = None, text: str = ""
) -> list[PenaltyPlayer]:
    """Who a judge may give a penalty to: the two players of ``match``, or every player of
    the event but those who did not show up; with ``text``, those a search for it finds.
    Each with their table in the latest published round (the round a penalty is given in),
    by table, then those without a table, by name."""
    if match is not None:
        players = [match.player_a, match.player_b] if match.player_b_id else [match.player_a]
        return [PenaltyPlayer(registration=r, table=match.table) for r in players]
    latest = current_round(event, published_only=True)
    tables = (
        dict(
            latest.seats.filter(match__isnull=False).values_list("registration_id", "match__table")
        )
        if latest is not None
        else {}
    )
    players = [
        PenaltyPlayer(registration=r, table=tables.get(r.pk))
        for r in event_players(event).exclude(status=RegistrationStatus.NO_SHOW)
    ]
    players = [p for p in players if p.matches(text)]
    players.sort(
        key=lambda p: (p.table is None, p.table or 0, fold(p.registration.name), p.registration.pk)
    )
    return players


def event_infractions(event: Event) -> list[Infraction]:
    """The infractions a judge may give a penalty for in this event (``Infraction.applies``)."""
    return infractions_for(game=event.game, format=event.format)


def event_match(event: Event, match_id: int) -> Match | None:
    """One of the event's matches with its players, or ``None``."""
    return (
        Match.objects.select_related("round", *MATCH_RELATED)
        .filter(round__event=event, pk=match_id)
        .first()
    )
