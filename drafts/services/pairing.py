"""Swiss rounds of a booster draft paired within each pod first (an event option): round 1
across the table, later pod rounds Swiss within each pod, the pods' odd ones out paired
across pods (``drafts.core.rounds``); then the whole field."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from django.utils.translation import gettext as _

from config import clock
from config.errors import ConflictError
from drafts.core.rounds import pair_within_pods
from drafts.models import DeckState, Draft, DraftPhase, DraftSeat, Pod
from drafts.services.building import building_over
from drafts.services.closing import close_building
from drafts.services.flow import save_pod, settle
from drafts.services.locking import lock_pod
from tournaments import pairing
from tournaments.models import Event
from tournaments.models.choices import EventFormat


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


def pod_pairings(
    event: Event, number: int, players: list[pairing.Player], seed: int
) -> list[pairing.Pairing] | None:
    """The pairings of round ``number`` within pods, or None to pair the whole field.

    Every active player is paired or has the bye: one with no seat (a judge entered them
    for the Swiss rounds) is paired with the pods' odd ones out."""
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
    seated = {reg for members in pods for reg in members}
    unseated = [[p] for p in players if p.id not in seated]
    result = pair_within_pods(
        [[by_id[reg] for reg in members] for members in pods] + unseated,
        round_number=number,
        seed=seed,
    )
    ensure_everyone_paired(event, set(by_id), result)
    if number == 1:
        result = _flag_no_legal_deck(event, result)
    return list(result)


def end_deck_building(event: Event) -> None:
    """Round 1 waits for deck building (the event locked by the caller, still taking deck
    lists): every pod's deadline applied first; a pod whose time is not up pairs only once
    every player there has a deck in (its building then ends now), unless a judge ended it
    early. Refused before every pod has finished drafting."""
    draft = Draft.objects.filter(event=event).first()
    if draft is None or event.format != EventFormat.BOOSTER_DRAFT:
        return
    if (
        draft.started_at is None
        or draft.pods.exclude(phase__in=[DraftPhase.BUILDING, DraftPhase.DONE]).exists()
    ):
        raise ConflictError(
            _("Finish the draft in every pod before pairing round 1."), code="draft_not_done"
        )
    now = clock.now()
    waiting = []
    for pod_id in (
        Pod.objects.filter(draft__event=event).order_by("pk").values_list("pk", flat=True)
    ):
        pod = lock_pod(pod_id)
        pod.draft.event = event
        changed = settle(pod, now)
        if pod.phase == DraftPhase.BUILDING and building_over(pod):
            close_building(pod, now, everyone=True)
            changed = True
        if changed:
            save_pod(pod)
        if pod.phase != DraftPhase.DONE:
            waiting.append(pod.number)
    if waiting:
        raise ConflictError(
            _(
                "Deck building is still under way at pod %(pods)s. Pair round 1 when its time "
                "is up or every player there has a deck in, or end its building early (with a "
                "reason) on the draft console."
            )
            % {"pods": ", ".join(str(n) for n in waiting)},
            code="deck_building",
        )


def _flag_no_legal_deck(
    event: Event, pairings: Sequence[pairing.Pairing]
) -> tuple[pairing.Pairing, ...]:
    """Round 1 shows a judge who has no legal deck: a flag on that player's match."""
    missing = set(
        DraftSeat.objects.filter(
            pod__draft__event=event, deck_state=DeckState.NO_LEGAL_DECK
        ).values_list("registration_id", flat=True)
    )
    if not missing:
        return tuple(pairings)
    flagged = []
    for m in pairings:
        flags = list(m.flags)
        for player in (m.player_a, m.player_b):
            if player in missing:
                flags.append(pairing.Flag.make(pairing.FlagCode.NO_LEGAL_DECK, player=player))
        flagged.append(replace(m, flags=tuple(flags)))
    return tuple(flagged)


def ensure_everyone_paired(
    event: Event, active: set[int], pairings: Sequence[pairing.Pairing]
) -> None:
    """The invariant of a round: every active player exactly once (paired or the bye);
    otherwise refuse the round, naming who would be left out or listed twice."""
    listed = [p for m in pairings for p in (m.player_a, m.player_b) if p is not None]
    missing = active - set(listed)
    twice = {p for p in listed if listed.count(p) > 1}
    if missing or twice or set(listed) - active:
        names = sorted(
            r.name
            for r in event.registrations.filter(pk__in=missing | twice).select_related("player")
        )
        raise ConflictError(
            _("This round would leave out or pair twice: %(names)s. Nothing was paired.")
            % {"names": ", ".join(names) or "?"},
            code="round_incomplete",
        )
