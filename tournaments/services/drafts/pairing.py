"""Swiss rounds of a booster draft paired within each pod first (an event option): round 1
across the table (seat i against seat i + n/2 of the pod's players, as draft events
usually do), later pod rounds by the Swiss core within each pod; then the whole field."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from config.errors import ConflictError
from tournaments import pairing
from tournaments.models import Draft, DraftSeat, Event
from tournaments.models.choices import EventFormat
from tournaments.models.draft import DraftPhase


def pod_members(event: Event, active: set[int]) -> list[list[int]] | None:
    """The active players of each pod in seat order, or None when the event does not pair
    within pods."""
    if event.format != EventFormat.BOOSTER_DRAFT:
        return None
    pods: dict[int, list[int]] = {}
    for pod_id, reg in (
        DraftSeat.objects.filter(pod__draft__event=event, registration__isnull=False)
        .order_by("pod__number", "position")
        .values_list("pod_id", "registration_id")
    ):
        if reg in active:
            pods.setdefault(pod_id, []).append(reg)
    return list(pods.values()) or None


def across_the_table(members: Sequence[int]) -> list[tuple[int, int | None]]:
    """Seat i against seat i + n/2; an odd player out (the last seat) gets the bye."""
    n = len(members)
    half = n // 2
    pairs: list[tuple[int, int | None]] = [(members[i], members[i + half]) for i in range(half)]
    if n % 2:
        pairs.append((members[-1], None))
    return pairs


def pod_pairings(
    event: Event, number: int, players: list[pairing.Player], seed: int
) -> list[pairing.Pairing] | None:
    """The pairings of round ``number`` within pods, or None to pair the whole field."""
    draft = Draft.objects.filter(event=event).first()
    if draft is None:
        return None
    if number == 1 and (
        draft.started_at is None
        or draft.pods.exclude(phase__in=[DraftPhase.BUILDING, DraftPhase.DONE]).exists()
    ):
        raise ConflictError(
            _("Finish the draft in every pod before pairing round 1."), code="draft_not_done"
        )
    if number > draft.pod_rounds:
        return None
    by_id = {p.id: p for p in players}
    pods = pod_members(event, set(by_id))
    if not pods:
        return None
    result: list[pairing.Pairing] = []
    table = 0
    byes: list[pairing.Pairing] = []
    for members in pods:
        if number == 1:
            pairs = across_the_table(members)
        else:
            ranked = sorted((by_id[m] for m in members), key=lambda p: p.rank)
            local = [
                pairing.Player(
                    id=p.id,
                    points=p.points,
                    rank=i,
                    opponents=p.opponents,
                    had_bye=p.had_bye,
                    fixed_table=None,
                )
                for i, p in enumerate(ranked, start=1)
            ]
            pod_result = pairing.pair_round(local, round_number=number, seed=seed)
            pairs = [(p.player_a, p.player_b) for p in pod_result.pairings]
        for a, b in pairs:
            if b is None:
                byes.append(pairing.Pairing(table=0, player_a=a, player_b=None))
                continue
            table += 1
            result.append(pairing.Pairing(table=table, player_a=a, player_b=b))
    for bye in byes:
        table += 1
        result.append(pairing.Pairing(table=table, player_a=bye.player_a, player_b=None))
    return result
