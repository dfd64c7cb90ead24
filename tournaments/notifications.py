"""The event-day e-mails: what each one says and to whom, built from the rows once the
action's transaction commits, and handed to ``accounts.notifications.notify`` (which checks
each person's preferences and address, and sends through Celery).

Every function here takes ids only and reads nothing until the commit, so a service calls
it in one line, inside its transaction, at no cost to its locks; a rolled-back action
sends nothing. Pages linked are the player's own: the event, their match, their deck list.

A mail says only what its reader may read on the site (``tournaments/visibility.py``):
pairings once published (never a draft round's), their own match and opponent, and of a
deck check only that a problem was found (the judge's note stays with the judges).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.db import transaction

from accounts.models import SecurityNotice
from accounts.notifications import notify
from accounts.selectors import notification_recipients
from tournaments.models import Event, Match, Registration, RegistrationOrigin, Round, Seat
from tournaments.models.choices import MatchStatus, ResultSource, RoundStatus


def _after_commit(build: Callable[[], None]) -> None:
    transaction.on_commit(build, robust=True)


def notify_registration_confirmed(*, registration_id: int) -> None:
    """The player's registration for an event is in (their own, or a judge's entry)."""
    _after_commit(functools.partial(_registration_confirmed, registration_id))


def _registration_confirmed(registration_id: int) -> None:
    registration = (
        Registration.objects.select_related("event", "player").filter(pk=registration_id).first()
    )
    if registration is None or not registration.is_active:
        return
    notify(
        kind="registration_confirmed",
        user_ids=[registration.player_id],
        context={
            "event_name": registration.event.name,
            "player_number": registration.player.player_number,
        },
        link=("tournaments:event_detail", {"pk": registration.event_id}),
    )


def notify_entered_by_someone_else(*, registration_id: int) -> None:
    """A judge entered an existing account in an event: its holder is told who and where,
    whatever their preferences (a security notice), and may leave if they did not ask."""
    _after_commit(functools.partial(_entered_by_someone_else, registration_id))


def _entered_by_someone_else(registration_id: int) -> None:
    origin = (
        RegistrationOrigin.objects.select_related("registration__event", "added_by")
        .filter(registration_id=registration_id)
        .first()
    )
    if origin is None or not origin.registration.is_active:
        return
    registration = origin.registration
    notify(
        kind=SecurityNotice.ADDED_TO_EVENT,
        user_ids=[registration.player_id],
        context={
            "event_name": registration.event.name,
            "added_by": origin.added_by.public_name if origin.added_by else "",
        },
        link=("tournaments:event_detail", {"pk": registration.event_id}),
    )


def notify_pairings_published(*, round_id: int) -> None:
    """A round's pairings are out: each player who asked for it learns their table and
    opponent (or bye). Off by default."""
    _after_commit(functools.partial(_pairings_published, round_id))


def _pairings_published(round_id: int) -> None:
    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None or round_.status == RoundStatus.DRAFT:
        return
    players = Seat.objects.filter(round=round_).values_list("registration__player_id", flat=True)
    if not notification_recipients(kind="pairings_published", user_ids=players):
        return  # the usual case (the mail is opt-in): nothing more is read
    matches = Match.objects.filter(round=round_).select_related(
        "player_a__player", "player_b__player"
    )
    per_user: dict[int, dict[str, object]] = {}
    for match in matches:
        a, b = match.player_a, match.player_b
        per_user[a.player_id] = {"table": 0 if b is None else match.table, "opponent": ""}
        if b is not None:
            per_user[a.player_id]["opponent"] = b.name
            per_user[b.player_id] = {"table": match.table, "opponent": a.name}
    notify(
        kind="pairings_published",
        user_ids=per_user,
        context={"event_name": round_.event.name, "round_number": round_.number},
        link=("tournaments:my_match", {"pk": round_.event_id}),
        per_user=per_user,
    )


def notify_result_disputed(*, match_id: int) -> None:
    """The two players' reports of a match disagree: both hear of it."""
    _after_commit(functools.partial(_result_disputed, match_id))


def _result_disputed(match_id: int) -> None:
    match = (
        Match.objects.select_related("round__event", "player_a__player", "player_b__player")
        .filter(pk=match_id)
        .first()
    )
    if match is None or match.status != MatchStatus.DISPUTED or match.player_b is None:
        return  # settled meanwhile (a correction, a judge): nothing to say any more
    a, b = match.player_a, match.player_b
    notify(
        kind="result_disputed",
        user_ids=[a.player_id, b.player_id],
        context={
            "event_name": match.round.event.name,
            "round_number": match.round.number,
            "table": match.table,
        },
        link=("tournaments:my_match", {"pk": match.round.event_id}),
        per_user={a.player_id: {"opponent": b.name}, b.player_id: {"opponent": a.name}},
    )


def notify_deck_problem(*, registration_id: int, round_number: int | None = None) -> None:
    """A judge's deck check found the deck does not match the player's list. The mail says
    so and no more: the judge's note stays with the judges."""
    _after_commit(functools.partial(_deck_problem, registration_id, round_number))


def _deck_problem(registration_id: int, round_number: int | None) -> None:
    registration = Registration.objects.select_related("event").filter(pk=registration_id).first()
    if registration is None:
        return
    notify(
        kind="deck_problem",
        user_ids=[registration.player_id],
        context={"event_name": registration.event.name, "round_number": round_number or 0},
        link=("decklists:my_deck", {"event_id": registration.event_id}),
    )


def notify_judge_call_answered(
    *,
    user_id: int,
    event_id: int,
    match_id: int | None = None,
    outcome_text: str = "",
    extension_minutes: int | None = None,
) -> None:
    """A judge answered the person's call (for the judge-call service to call when a call
    is resolved; safe inside or after its transaction). ``outcome_text`` is quoted in the
    mail as it is: the judge's own words (the ruling), in whatever language they wrote it.
    ``extension_minutes``, when time was added to the match, is said in the reader's
    language. The round and table come from ``match_id`` when the call was about a match."""
    _after_commit(
        functools.partial(
            _judge_call_answered, user_id, event_id, match_id, outcome_text, extension_minutes
        )
    )


def _judge_call_answered(
    user_id: int,
    event_id: int,
    match_id: int | None,
    outcome_text: str,
    extension_minutes: int | None,
) -> None:
    event = Event.objects.filter(pk=event_id).only("name").first()
    if event is None:
        return
    context: dict[str, object] = {
        "event_name": event.name,
        "outcome_text": str(outcome_text),
        "extension_minutes": int(extension_minutes or 0),
        "round_number": 0,
        "table": 0,
    }
    if match_id is not None:
        match = Match.objects.select_related("round").filter(pk=match_id).first()
        if match is not None and match.round.event_id == event_id:
            context.update(round_number=match.round.number, table=match.table)
    notify(
        kind="judge_call_answered",
        user_ids=[user_id],
        context=context,
        link=("tournaments:my_match", {"pk": event_id}),
    )


def notify_opponent_dropped(*, match_id: int, registration_id: int) -> None:
    """The opponent of ``registration_id`` in ``match_id`` dropped during the round: the
    player hears what happens to the match (conceded to them, or a judge enters it)."""
    _after_commit(functools.partial(_opponent_dropped, match_id, registration_id))


def _opponent_dropped(match_id: int, registration_id: int) -> None:
    match = (
        Match.objects.select_related("round__event", "player_a__player", "player_b__player")
        .filter(pk=match_id)
        .first()
    )
    if match is None or match.player_b is None:
        return
    side = match.side_of(registration_id)
    if side is None:
        return
    me, opponent = (
        (match.player_a, match.player_b) if side == "a" else (match.player_b, match.player_a)
    )
    conceded = match.status == MatchStatus.CONFIRMED and match.result_source == ResultSource.DROP
    if match.status == MatchStatus.CONFIRMED and not conceded:
        return  # settled meanwhile by the players or a judge: nothing left to say
    score = (match.games_won_a, match.games_won_b)
    mine, theirs = score if side == "a" else score[::-1]
    notify(
        kind="opponent_dropped",
        user_ids=[me.player_id],
        context={
            "event_name": match.round.event.name,
            "round_number": match.round.number,
            "table": match.table,
            "opponent": opponent.name,
            "conceded": conceded,
            "score": f"{mine}-{theirs}" if conceded else "",
        },
        link=("tournaments:my_match", {"pk": match.round.event_id}),
    )
