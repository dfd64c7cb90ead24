"""The top cut: single elimination seeded from the Swiss standings (1-8, 4-5, 2-7, 3-6),
with the same match rules; winners of tables 2i-1 and 2i meet at table i of the next round."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config import clock
from config.errors import ConflictError
from tournaments import pairing
from tournaments.core import CoreError
from tournaments.core_messages import core_error
from tournaments.happenings import Happening, happened
from tournaments.models import Event, Round
from tournaments.models.choices import EventStatus, MatchStatus, RoundKind, RoundStatus
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event
from tournaments.services.permissions import ensure_allowed
from tournaments.services.rounds import finish_round, persist_round, swiss_rounds_planned
from tournaments.services.standings import compute_event_standings
from tournaments.standings import bracket_positions, top_cut_seeds


def _last_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def _require_complete(round_: Round) -> None:
    if round_.status == RoundStatus.DRAFT:
        raise ConflictError(_("%(round)s is not published yet.") % {"round": round_.title})
    missing = list(
        round_.matches.exclude(status=MatchStatus.CONFIRMED)
        .order_by("table")
        .values_list("table", flat=True)
    )
    if missing:
        raise ConflictError(
            _("%(round)s still has results missing at tables %(tables)s.")
            % {"round": round_.title, "tables": ", ".join(map(str, missing))},
            extra={"missing_tables": missing},
        )


@transaction.atomic
def topcut_start(*, actor: User, event_id: int) -> Round:
    """After the last Swiss round: seed the bracket from the final standings."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if event.status != EventStatus.RUNNING:
        raise ConflictError(_("The top cut starts after the Swiss rounds."))
    if not event.top_cut:
        raise ConflictError(_("This event has no top cut."))
    last = _last_round(event)
    if last is None or last.number < swiss_rounds_planned(event):
        raise ConflictError(_("Play every Swiss round before the top cut."))
    _require_complete(last)
    # Seeds from the standings after the last Swiss round, now complete (every result in).
    standings = compute_event_standings(event, as_of_round=last.number)
    try:
        seeds = top_cut_seeds(standings, event.top_cut)
        order = bracket_positions(event.top_cut)
    except CoreError as exc:
        raise core_error(exc) from exc
    pairings = [
        pairing.Pairing(
            table=i + 1, player_a=seeds[order[2 * i] - 1], player_b=seeds[order[2 * i + 1] - 1]
        )
        for i in range(event.top_cut // 2)
    ]
    finish_round(last)
    event.status = EventStatus.TOP_CUT
    event.save(update_fields=["status"])
    round_ = persist_round(event, last.number + 1, last.seed, pairings, kind=RoundKind.TOP_CUT)
    for i, match in enumerate(round_.matches.order_by("table")):
        match.flags = [{"code": "seeds", "params": {"a": order[2 * i], "b": order[2 * i + 1]}}]
        match.save(update_fields=["flags"])
    audit_record(
        event=event,
        actor=actor,
        action="topcut.start",
        target=str(event),
        after={"seeds": list(seeds)},
    )
    return round_


@transaction.atomic
def topcut_advance(*, actor: User, event_id: int) -> Round | None:
    """Pair the next bracket round from the winners, or finish the event after the final."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if event.status != EventStatus.TOP_CUT:
        raise ConflictError(_("The event is not in its top cut."))
    last = _last_round(event)
    _require_complete(last)
    matches = list(last.matches.order_by("table"))
    winners = [m.player_a_id if m.winner == "a" else m.player_b_id for m in matches]
    finish_round(last)
    if len(winners) == 1:
        _close(event, actor, after={"winner": winners[0]})
        return None
    pairings = [
        pairing.Pairing(table=i + 1, player_a=winners[2 * i], player_b=winners[2 * i + 1])
        for i in range(len(winners) // 2)
    ]
    round_ = persist_round(event, last.number + 1, last.seed, pairings, kind=RoundKind.TOP_CUT)
    audit_record(event=event, actor=actor, action="topcut.advance", target=f"round {round_.number}")
    return round_


@transaction.atomic
def event_finish(*, actor: User, event_id: int) -> Event:
    """Close an event without a top cut once its last Swiss round is complete."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if event.status == EventStatus.FINISHED:
        return event
    if event.status != EventStatus.RUNNING:
        raise ConflictError(_("Only a running event can be finished this way."))
    if event.top_cut:
        raise ConflictError(_("This event has a top cut: start it instead."))
    last = _last_round(event)
    if last is None:
        raise ConflictError(_("No round has been played."))
    _require_complete(last)
    finish_round(last)
    _close(event, actor, after={"finished_at": clock.now().isoformat()})
    return event


def _close(event: Event, actor: User, *, after: dict) -> None:
    event.status = EventStatus.FINISHED
    event.save(update_fields=["status"])
    audit_record(event=event, actor=actor, action="event.finish", target=str(event), after=after)
    happened(event, Happening.EVENT_FINISHED)
