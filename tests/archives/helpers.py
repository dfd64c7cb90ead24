"""An event run through the real services, for the archive tests; also run on the "venue
laptop" side of the round trip (a ``manage.py shell`` against another database)."""

from __future__ import annotations

import datetime as dt
import random

from decklists.services.checks import deck_check_record
from decklists.services.lists import deck_list_submit
from rulings.demo import load_rulings_data
from tests.rulings_fixtures import quimera_list
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.models import Event, Match
from tournaments.models.choices import MatchStatus, RoundStatus
from tournaments.services.penalties import penalty_issue
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_report
from tournaments.services.rounds import round_pair_next, round_publish, round_repair
from tournaments.services.standings import event_standings

SCORES = [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1)]


def build_central_event() -> Event:
    """A Monofacción event after round 1: a judge, ten players, two deck lists (one
    replaced after its deck check), two deck checks, reports, a penalty, a drop, the
    rulings version pinned."""
    load_rulings_data(sample=True)
    organiser = make_organiser("orga")
    event = make_event(
        organiser,
        name="Archive Open",
        date=dt.date(2026, 12, 5),
        swiss_rounds=4,
        format="monofaccion",
    )
    judge = add_judge(event, "judy")
    regs = add_players(event, 10)
    for reg in regs[:2]:
        deck_list_submit(event=event, player=reg.player, text=quimera_list(), actor=reg.player)
    # Deck checks before the start: one of a list its player then replaced, one of a player
    # with no list.
    for reg in (regs[0], regs[5]):
        deck_check_record(
            actor=judge, event_id=event.pk, registration_id=reg.pk, outcome="as_listed"
        )
    replaced = quimera_list().replace("4 Suero Verde", "2 Suero Verde\n2 Rata Parlante")
    deck_list_submit(event=event, player=regs[0].player, text=replaced, actor=regs[0].player)
    play_rounds(event.uid, rounds=1, seed=1)
    penalty_issue(
        actor=judge,
        registration_id=regs[3].pk,
        reason="Drew an extra card",
        kind="warning",
    )
    registration_drop(actor=judge, registration_id=regs[9].pk, reason="Felt unwell")
    event.refresh_from_db()
    return event


def play_rounds(event_uid: object, *, rounds: int, seed: int) -> None:
    """Pair, publish and have both players report every match, through the services."""
    rng = random.Random(seed)
    event = Event.objects.get(uid=event_uid)
    organiser = event.created_by
    for _ in range(rounds):
        round_ = round_pair_next(actor=organiser, event_id=event.pk)
        round_publish(actor=organiser, round_id=round_.pk)
        for match in round_.matches.exclude(status=MatchStatus.CONFIRMED).select_related(
            "player_a__player", "player_b__player"
        ):
            score = ReportedResult(*rng.choice(SCORES))
            for reg in (match.player_a, match.player_b):
                match_report(actor=reg.player, match_id=match.pk, result=score)


def standings_table(event_uid: object) -> list[tuple]:
    """The standings as a comparable value: rank, player, points and every tiebreak (no
    ids or player numbers, which are the install's own)."""
    event = Event.objects.get(uid=event_uid)
    return [
        (
            row.rank,
            row.registration.player.username,
            row.record,
            row.match_points,
            str(row.omw),
            str(row.gw),
            str(row.ogw),
            row.dropped,
            tuple((k, str(v)) for k, v in row.values),
        )
        for row in event_standings(event)
    ]


def pair_next_round(event_uid: object) -> None:
    """Pair the next round and leave it unpublished (a draft a judge may still re-pair)."""
    event = Event.objects.get(uid=event_uid)
    round_pair_next(actor=event.created_by, event_id=event.pk)


def repair_publish_and_report(event_uid: object, *, seed: int) -> None:
    """Re-pair the event's unpublished round with a new seed, publish it, report it."""
    rng = random.Random(seed)
    event = Event.objects.get(uid=event_uid)
    organiser = event.created_by
    draft = event.rounds.get(status=RoundStatus.DRAFT)
    round_ = round_repair(actor=organiser, round_id=draft.pk, reason="Seating mistake")
    round_publish(actor=organiser, round_id=round_.pk)
    for match in round_.matches.exclude(status=MatchStatus.CONFIRMED).select_related(
        "player_a__player", "player_b__player"
    ):
        score = ReportedResult(*rng.choice(SCORES))
        for reg in (match.player_a, match.player_b):
            match_report(actor=reg.player, match_id=match.pk, result=score)


def pairings(event_uid: object) -> list[list]:
    """Every round's tables as usernames, comparable between installs."""
    event = Event.objects.get(uid=event_uid)
    return [
        [
            m.round.number,
            m.table,
            m.player_a.player.username,
            m.player_b.player.username if m.player_b_id else None,
            m.status,
        ]
        for m in Match.objects.filter(round__event=event)
        .select_related("round", "player_a__player", "player_b__player")
        .order_by("round__number", "table")
    ]


def finish_draft(event_uid: object) -> None:
    """Every pod of the event's draft drafts to the end by its deadlines (every seat times
    out), as the deadline path settles them when the pod is read."""
    from datetime import timedelta

    from django.utils import timezone

    from drafts.models import DraftPhase, Pod
    from drafts.services.reading import pod_version
    from tests.drafts.helpers import move_deadline

    for pod in Pod.objects.filter(draft__event__uid=event_uid):
        for _step in range(300):
            pod.refresh_from_db()
            if pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE):
                break
            move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
            pod_version(pod.pk)
        assert pod.phase == DraftPhase.BUILDING
