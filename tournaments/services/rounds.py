"""Rounds: starting the event, pairing the next Swiss round, judge edits before publishing,
publishing, and finishing the Swiss part. The pairing itself is the pure core's."""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config import clock
from config.errors import ConflictError, DomainError
from tournaments import pairing
from tournaments.core import CoreError
from tournaments.core_messages import core_error, problem_text
from tournaments.extensions import hooks
from tournaments.happenings import Happening, happened
from tournaments.models import Event, Match, Registration, Round, Seat
from tournaments.models.choices import (
    EventStatus,
    MatchStatus,
    RegistrationStatus,
    ResultSource,
    RoundKind,
    RoundStatus,
)
from tournaments.models.event import recommended_swiss_rounds
from tournaments.notifications import notify_pairings_published
from tournaments.services.audit import audit_record
from tournaments.services.locking import event_of_round, lock_event, lock_round
from tournaments.services.own_match import judge_action, refuse_if_party
from tournaments.services.permissions import ensure_allowed
from tournaments.services.standings import bump_results_version, compute_event_standings

if TYPE_CHECKING:
    from rulings.models import DocumentVersion

ACTIVE = (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)
BYE_SCORE = (2, 0, 0)


def swiss_rounds_planned(event: Event) -> int:
    if event.swiss_rounds:
        return event.swiss_rounds
    players = event.registrations.exclude(status=RegistrationStatus.NO_SHOW).count()
    return recommended_swiss_rounds(players)


def new_round_seed() -> int:
    """A fresh seed per pairing, from the operating system's cryptographic source: a seed
    derived from another would let anyone compute future pairings for hypothetical results.
    It is stored on the round and in the audit log, so the pairing can be re-derived."""
    return secrets.randbelow(2**62)


def _start_event(event: Event, actor: User) -> None:
    no_shows = event.registrations.filter(status=RegistrationStatus.REGISTERED)
    names = list(no_shows.values_list("player__display_name", flat=True))
    no_shows.update(status=RegistrationStatus.NO_SHOW)
    if event.registrations.filter(status=RegistrationStatus.CHECKED_IN).count() < 2:
        raise ConflictError(_("At least two players must be checked in to start the event."))
    hooks.refuse_start(event)  # deck lists required and missing
    event.status = EventStatus.RUNNING
    # The number of Swiss rounds is pinned now: late entries no longer change it.
    event.swiss_rounds = swiss_rounds_planned(event)
    # So is the rulings version (DAR: a version published mid-event does not apply).
    event.rulings_version = rulings_version_in_force(event.date)
    event.save(update_fields=["status", "swiss_rounds", "rulings_version"])
    audit_record(
        event=event,
        actor=actor,
        action="event.start",
        target=str(event),
        after={
            "no_shows": names,
            "swiss_rounds": event.swiss_rounds,
            "rulings_version": event.rulings_version.number if event.rulings_version else None,
        },
    )


def rulings_version_in_force(on_date: date) -> DocumentVersion | None:
    """The published version of the rulings document in force on ``on_date``, if any."""
    from rulings.selectors import document_find, version_in_force

    document = document_find()
    return version_in_force(document, on_date) if document else None


def pairing_players(event: Event, number: int) -> list[pairing.Player]:
    """The players the core pairs for round ``number``: active, entered by then, with their
    points and rank from the standings so far, opponents and byes from every Swiss round."""
    standings = {s.player: s for s in compute_event_standings(event, as_of_round=number - 1)}
    opponents: dict[int, set[int]] = defaultdict(set)
    byes: set[int] = set()
    earlier = Match.objects.filter(
        round__event=event, round__kind=RoundKind.SWISS, round__number__lt=number
    )
    for a, b in earlier.values_list("player_a_id", "player_b_id"):
        if b is None:
            byes.add(a)
        else:
            opponents[a].add(b)
            opponents[b].add(a)
    active = event.registrations.filter(status__in=ACTIVE, first_round__lte=number)
    rows = sorted(
        active.values_list("pk", "fixed_table"),
        key=lambda row: standings[row[0]].rank if row[0] in standings else 10**9,
    )
    return [
        pairing.Player(
            id=pk,
            points=standings[pk].match_points if pk in standings else 0,
            rank=rank,
            opponents=frozenset(opponents[pk]),
            had_bye=pk in byes,
            fixed_table=fixed,
        )
        for rank, (pk, fixed) in enumerate(rows, start=1)
    ]


def persist_round(
    event: Event,
    number: int,
    seed: int,
    pairings: Sequence[pairing.Pairing],
    *,
    kind: str = RoundKind.SWISS,
    forced: bool = False,
) -> Round:
    round_ = Round.objects.create(event=event, number=number, kind=kind, seed=seed, forced=forced)
    now = clock.now()
    matches = Match.objects.bulk_create(
        [
            Match(
                round=round_,
                table=p.table,
                player_a_id=p.player_a,
                player_b_id=p.player_b,
                flags=[flag.as_dict() for flag in p.flags],
                **(
                    {
                        "status": MatchStatus.CONFIRMED,
                        "games_won_a": BYE_SCORE[0],
                        "games_won_b": BYE_SCORE[1],
                        "games_drawn": BYE_SCORE[2],
                        "winner": "a",
                        "result_source": ResultSource.BYE,
                        "confirmed_at": now,
                    }
                    if p.player_b is None
                    else {}
                ),
            )
            for p in pairings
        ]
    )
    if any(m.pk is None for m in matches):  # backends that do not return ids on bulk insert
        matches = list(round_.matches.all())
    Seat.objects.bulk_create(
        [
            Seat(round=round_, registration_id=player, match=m)
            for m in matches
            for player in (m.player_a_id, m.player_b_id)
            if player is not None
        ]
    )
    from tournaments.services.penalties import attach_next_match_penalties

    attach_next_match_penalties(round_)
    if any(p.player_b is None for p in pairings):
        bump_results_version(event.pk)
    return round_


def finish_round(round_: Round) -> None:
    round_.status = RoundStatus.FINISHED
    round_.finished_at = clock.now()
    round_.save(update_fields=["status", "finished_at"])


def _refuse_missing_results(
    event: Event, last: Round, actor: User, force: bool, reason: str
) -> None:
    missing = list(
        last.matches.exclude(status=MatchStatus.CONFIRMED)
        .order_by("table")
        .values_list("table", flat=True)
    )
    if not missing:
        return
    tables = ", ".join(str(t) for t in missing)
    if not force:
        raise ConflictError(
            _(
                "Round %(n)s still has results missing at tables %(tables)s. Enter them, or "
                "pair anyway (a judge decision that is audited)."
            )
            % {"n": last.number, "tables": tables},
            extra={"missing_tables": missing},
        )
    if not reason.strip():
        raise DomainError(_("Say why the round is paired with results missing."), field="reason")
    audit_record(
        event=event,
        actor=actor,
        action="round.force",
        target=f"round {last.number}",
        after={"missing_tables": missing},
        reason=reason,
    )


@transaction.atomic
def round_pair_next(*, actor: User, event_id: int, force: bool = False, reason: str = "") -> Round:
    """Pair the next Swiss round (the first one starts the event). The pairings stay a draft,
    visible to judges only, until they are published."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if event.status == EventStatus.REGISTRATION:
        hooks.start_event(event)  # a draft's decks are in before the lists lock
        _start_event(event, actor)
    elif event.status != EventStatus.RUNNING:
        raise ConflictError(_("The Swiss rounds are over."))
    last = event.rounds.order_by("-number").first()
    if last is not None:
        if last.status == RoundStatus.DRAFT:
            raise ConflictError(
                _("Round %(n)s is not published yet: publish or re-pair it.") % {"n": last.number}
            )
        if last.number >= swiss_rounds_planned(event):
            raise ConflictError(_("All %(n)s Swiss rounds have been played.") % {"n": last.number})
        _refuse_missing_results(event, last, actor, force, reason)
    number = (last.number if last else 0) + 1
    round_ = _pair(event, number, forced=bool(last and force))
    if last is not None:
        finish_round(last)
    audit_record(
        event=event,
        actor=actor,
        action="round.pair",
        target=f"round {number}",
        after={"seed": round_.seed, "tables": round_.matches.count()},
    )
    return round_


def _pair(event: Event, number: int, *, forced: bool = False) -> Round:
    seed = new_round_seed()
    players = pairing_players(event, number)
    if len(players) < 2:
        raise ConflictError(_("There are fewer than two players left to pair."))
    try:
        within_pods = hooks.pair_round(event, number, players, seed)
        if within_pods is not None:
            return persist_round(event, number, seed, within_pods, forced=forced)
        result = pairing.pair_round(players, round_number=number, seed=seed)
    except CoreError as exc:
        raise core_error(exc) from exc
    return persist_round(event, number, seed, result.pairings, forced=forced)


@transaction.atomic
def round_repair(*, actor: User, round_id: int, reason: str = "") -> Round:
    """Throw away a draft round (with any judge edits) and pair it again with a new seed."""
    event = lock_event(event_of_round(round_id))
    round_ = lock_round(round_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if round_.status != RoundStatus.DRAFT or round_.kind != RoundKind.SWISS:
        raise ConflictError(_("Only unpublished Swiss pairings can be paired again."))
    number, forced = round_.number, round_.forced
    had_bye = round_.matches.filter(player_b__isnull=True).exists()
    round_.delete()
    if had_bye:
        bump_results_version(event.pk)
    new = _pair(event, number, forced=forced)
    audit_record(
        event=event,
        actor=actor,
        action="round.repair",
        target=f"round {number}",
        before={"seed": round_.seed},
        after={"seed": new.seed},
        reason=reason,
    )
    return new


def _current_pairings(round_: Round) -> list[pairing.Pairing]:
    return [
        pairing.Pairing(table=m.table, player_a=m.player_a_id, player_b=m.player_b_id)
        for m in round_.matches.order_by("table")
    ]


@judge_action("round.swap")
@transaction.atomic
def round_swap(
    *,
    actor: User,
    round_id: int,
    registration_a: int,
    registration_b: int,
    reason: str = "",
    allow_rematch: bool = False,
) -> Round:
    """Exchange two players' seats in unpublished pairings; the result is checked again and
    each table re-flagged. A swap that pairs two players who already met is refused naming
    them, unless the judge confirms the rematch (``allow_rematch``) with a reason: then it
    stands, flagged, and the audit log keeps the confirmation."""
    event = lock_event(event_of_round(round_id))
    round_ = lock_round(round_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if round_.status != RoundStatus.DRAFT:
        raise ConflictError(_("Published pairings cannot be edited."))
    if registration_a == registration_b:
        raise DomainError(_("Choose two different players."), field="registration_b")
    seats = {
        s.registration_id: s
        for s in round_.seats.select_related("match").filter(
            registration_id__in=[registration_a, registration_b]
        )
    }
    if len(seats) != 2:
        raise DomainError(_("Both players must be paired in this round."), field="registration_b")
    first, second = seats[registration_a].match, seats[registration_b].match
    for match in (first, second):
        refuse_if_party(actor, event=event, match=match)
    tables = sorted({first.table, second.table})
    before = _tables_snapshot(round_, tables)
    if first.pk == second.pk:
        first.player_a_id, first.player_b_id = first.player_b_id, first.player_a_id
        if first.player_a_id is None:
            raise DomainError(_("A bye has only one player."), field="registration_b")
        Match.objects.filter(pk=first.pk).update(
            player_a_id=first.player_a_id, player_b_id=first.player_b_id
        )
    else:
        for match, old, new in (
            (first, registration_a, registration_b),
            (second, registration_b, registration_a),
        ):
            field = "player_a_id" if match.player_a_id == old else "player_b_id"
            setattr(match, field, new)
            Match.objects.filter(pk=match.pk).update(**{field: new})
        Seat.objects.filter(pk=seats[registration_a].pk).update(match=second)
        Seat.objects.filter(pk=seats[registration_b].pk).update(match=first)
    if allow_rematch and not reason.strip():
        raise DomainError(_("Say why these players may meet again."), field="reason")
    rematches = _reflag(round_, event, allow_rematch=allow_rematch)
    if first.pk != second.pk:
        _move_bye_result(first, second)  # bumps the results version: after the match writes
    audit_record(
        event=event,
        actor=actor,
        action="round.swap",
        target=f"round {round_.number}",
        before=before,
        after=_tables_snapshot(round_, tables)
        + ([{"rematch_confirmed": rematches}] if rematches else []),
        reason=reason,
    )
    return round_


def _tables_snapshot(round_: Round, tables: Sequence[int]) -> list[dict[str, object]]:
    """What the audit log keeps of some tables of a round: who sits where, by name."""
    return [
        {
            "table": m.table,
            "player_a": m.player_a.name,
            "player_b": m.player_b.name if m.player_b_id else None,
        }
        for m in round_.matches.filter(table__in=tables)
        .select_related("player_a__player", "player_b__player")
        .order_by("table")
    ]


def _move_bye_result(*matches: Match) -> None:
    """The bye's automatic 2-0 follows whoever now holds the bye."""
    byes = [match for match in matches if match.player_b_id is None]
    for match in byes:
        Match.objects.filter(pk=match.pk).update(
            status=MatchStatus.CONFIRMED,
            games_won_a=BYE_SCORE[0],
            games_won_b=BYE_SCORE[1],
            games_drawn=BYE_SCORE[2],
            winner="a",
            result_source=ResultSource.BYE,
            confirmed_at=clock.now(),
        )
    if byes:
        bump_results_version(byes[0].round.event_id)  # last: after every match it locks


def _reflag(round_: Round, event: Event, *, allow_rematch: bool = False) -> list[dict]:
    """Check the edited pairings and store each table's flags. Avoidable rematches are
    refused naming the players unless ``allow_rematch``; returns the rematches kept."""
    players = pairing_players(event, round_.number)
    check = pairing.check_pairings(players, _current_pairings(round_), round_number=round_.number)
    errors = [p for p in check.problems if p.severity == pairing.Severity.ERROR]
    rematch_code = pairing.ProblemCode.REMATCH
    rematches = [p for p in errors if p.code == rematch_code]
    others = [p for p in errors if p.code != rematch_code]
    names = registration_names(event) if rematches else {}
    met = [
        {
            "table": dict(p.params)["table"],
            "players": [names.get(pid, str(pid)) for pid in dict(p.params)["players"]],
        }
        for p in rematches
    ]
    if others:
        problems = "; ".join(problem_text(p) for p in errors)
        raise ConflictError(
            _("These pairings are not valid: %(problems)s.") % {"problems": problems},
            extra={"problems": [p.as_dict() for p in check.problems]},
        )
    if met and not allow_rematch:
        raise ConflictError(
            _(
                "This swap pairs players who already met: %(pairs)s. Pairings without a "
                "rematch exist; to keep it anyway, confirm the rematch and say why."
            )
            % {
                "pairs": "; ".join(
                    _("%(a)s and %(b)s at table %(t)s")
                    % {"a": m["players"][0], "b": m["players"][1], "t": m["table"]}
                    for m in met
                )
            },
            code="rematch",
            extra={"problems": [p.as_dict() for p in check.problems], "rematches": met},
        )
    flags = {p.table: [flag.as_dict() for flag in p.flags] for p in check.pairings}
    for match in round_.matches.all():
        Match.objects.filter(pk=match.pk).update(flags=flags.get(match.table, []))
    return met


def registration_names(event: Event) -> dict[int, str]:
    return {r.pk: r.name for r in event.registrations.select_related("player")}


@transaction.atomic
def round_publish(*, actor: User, round_id: int) -> Round:
    lock_event(event_of_round(round_id))  # the lock order: a re-pair holds the event first
    round_ = lock_round(round_id)
    ensure_allowed(actor, "tournaments.run_event", round_.event)
    if round_.status != RoundStatus.DRAFT:
        return round_  # idempotent
    round_.status = RoundStatus.PUBLISHED
    round_.published_at = clock.now()
    round_.save(update_fields=["status", "published_at"])
    bump_results_version(round_.event_id)  # its bye now counts in the standings
    audit_record(
        event=round_.event, actor=actor, action="round.publish", target=f"round {round_.number}"
    )
    notify_pairings_published(round_id=round_.pk)
    told = [Happening.ROUND_PUBLISHED]
    if round_.matches.filter(player_b__isnull=True).exists():
        told.append(Happening.STANDINGS_CHANGED)  # its bye counts from now on
    happened(round_.event, *told, round_=round_)
    return round_


def registrations_by_id(event: Event) -> dict[int, Registration]:
    return {r.pk: r for r in event.registrations.select_related("player")}
