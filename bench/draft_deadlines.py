"""How soon a Celery worker applies a pick step's deadline: pods of two players who pick
quickly until the 5-second steps, then let them time out, watched in the database every
10 ms with no read that would apply the deadline itself."""

from __future__ import annotations

import datetime as dt
import time


def deadline_bench(pods: int) -> list[float]:
    """Seconds after each deadline at which its step had moved on."""
    from drafts.models import DraftSeat, Pod
    from drafts.services import draft_configure, draft_pick, draft_start
    from drafts.services.flow import step_view
    from tournaments.services.events import event_create
    from tournaments.services.simulation import add_simulated_players, simulation_organiser

    organiser = simulation_organiser(0)
    event = event_create(
        actor=organiser, name="deadline bench", date=dt.date.today(), format="booster-draft"
    )
    add_simulated_players(event, 2 * pods)
    draft_configure(
        actor=organiser,
        event_id=event.pk,
        pack_editions=["DV", "DV", "SU", "SU"],
        auction=False,
        review_seconds=0,
    )
    draft_start(actor=organiser, event_id=event.pk)
    ids = list(Pod.objects.filter(draft__event=event).values_list("pk", flat=True))
    seats = {
        pk: list(DraftSeat.objects.filter(pod_id=pk).select_related("registration__player"))
        for pk in ids
    }
    lags: list[float] = []
    for _pack in range(2):
        # pick through steps 1..9 of the pack (the players are quick)
        for _step in range(9):
            for pk in ids:
                pod = Pod.objects.get(pk=pk)
                view = step_view(pod)
                for seat in seats[pk]:
                    draft_pick(
                        actor=seat.registration.player,
                        pod_id=pk,
                        pack_round=pod.pack_round,
                        pick_number=pod.pick_number,
                        card_instance_id=view.cards[seat.pk][0].pk,
                    )
        # steps 10 and 11 (3 and 2 cards, 5 s each) time out; 12 is taken at once
        for _step in range(2):
            waiting = {
                pk: Pod.objects.filter(pk=pk)
                .values_list("deadline", "pack_round", "pick_number")
                .get()
                for pk in ids
            }
            while waiting:
                time.sleep(0.01)
                now = time.time()
                for pk, (deadline, *step) in list(waiting.items()):
                    moved = Pod.objects.filter(pk=pk).values_list("pack_round", "pick_number")
                    if list(moved.get()) != step:
                        lags.append(now - deadline.timestamp())
                        del waiting[pk]
                    elif now - deadline.timestamp() > 30:
                        raise SystemExit("a deadline was not applied within 30 s")
    return lags
