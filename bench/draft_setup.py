"""The benchmark's drafters: a booster draft event of simulated players on a fresh draft, each
with a signed-in session (the page's cookie) and an API token (the picks), and where each
pod stands."""

from __future__ import annotations

import datetime as dt
import random


class Drafter:
    """One drafter's page: its pod, the version it shows, its credentials, how often it
    polls and the pack it showed when it was loaded."""

    def __init__(self, event: int, pod: int, version: int, cookie: str, token: str) -> None:
        self.event, self.pod, self.version = event, pod, version
        self.cookie, self.token = cookie, token
        self.interval = 1.0
        # (pack round, pick number, card instance ids, when the step opened) on the page
        self.first: tuple[int, int, list[int], float | None] | None = None


def prepare(pods: int) -> tuple[int, list[tuple[object, Drafter]]]:
    """A started draft of ``pods`` pods of 8 (no auction, no review) and its drafters."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore
    from rest_framework.authtoken.models import Token

    from drafts.models import DraftSeat
    from drafts.services import draft_configure, draft_start
    from rulings.demo import load_rulings_data
    from tournaments.models.choices import EventFormat
    from tournaments.services.events import event_create
    from tournaments.services.simulation import add_simulated_players, simulation_organiser

    load_rulings_data(sample=True)
    organiser = simulation_organiser(0)
    event = event_create(
        actor=organiser, name="live bench", date=dt.date.today(), format=EventFormat.BOOSTER_DRAFT
    )
    add_simulated_players(event, 8 * pods)
    draft_configure(
        actor=organiser,
        event_id=event.pk,
        pack_editions=["DV", "DV", "SU", "SU"],
        auction=False,
        review_seconds=0,
    )
    draft_start(actor=organiser, event_id=event.pk)
    drafters = []
    for seat in DraftSeat.objects.filter(pod__draft__event=event).select_related(
        "registration__player", "pod"
    ):
        user = seat.registration.player
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        token, _created = Token.objects.get_or_create(user=user)
        drafters.append(
            (
                seat,
                Drafter(
                    event.pk,
                    seat.pod_id,
                    seat.pod.version,
                    f"{settings.SESSION_COOKIE_NAME}={session.session_key}",
                    token.key,
                ),
            )
        )
    return event.pk, drafters


def current_steps(drafters: list) -> dict[int, tuple[int, int, int, int]]:
    """For each seat still to pick at its pod's step: (pack round, pick number, a random card
    of its pack, cards in the pack)."""
    from drafts.models import Pod
    from drafts.services.flow import step_view

    steps = {}
    pods = {p.pk: p for p in Pod.objects.filter(pk__in={d.pod for _s, d in drafters})}
    views = {pk: step_view(p) for pk, p in pods.items()}
    for seat, d in drafters:
        pod = pods[d.pod]
        cards = views[pod.pk].cards.get(seat.pk) or []
        if cards and seat.pk not in views[pod.pk].picked:
            steps[seat.pk] = (
                pod.pack_round,
                pod.pick_number,
                random.choice(cards).pk,
                len(cards),
            )
    return steps
