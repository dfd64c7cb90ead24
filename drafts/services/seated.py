"""A judge who drafts never acts on their own pod: the event's one own-match rule
(``tournaments.services.own_match``) for draft pods.

A staff member with a seat in a pod may run every other pod, but not pause, resume or
extend theirs, start its picking, end its deck building or give one of its seats more time,
change its seats, replace its packs, nor enter the deck list of one of its drafters:
another judge of the event, or the head judge, does it. Each of those services is a judge
action (``judge_action``) and calls ``refuse_if_seated`` once it holds the pod; the refusal
is the rule's own (403 ``own_match``, audited after the rollback)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from drafts.models import DraftSeat, Pod
from tournaments.services.own_match import refuse_if_party

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User


@dataclass(frozen=True)
class PodSeating:
    """A pod as the own-match rule's ``Seating``: whoever has a seat in it (a seat a bot
    now runs for them included) is a party to it."""

    pod: Pod

    def has_seat(self, user: User) -> bool:
        return DraftSeat.objects.filter(
            pod_id=self.pod.pk, registration__player_id=user.pk
        ).exists()

    def audit_target(self) -> str:
        return f"pod {self.pod.number}"

    def seated_words(self) -> str:
        return _("You have a seat in draft pod %(pod)s") % {"pod": self.pod.number}


def refuse_if_seated(actor: User | AnonymousUser, pod: Pod) -> None:
    """Refuse the current judge action on ``pod`` (its ``draft.event`` loaded, as the judge
    services hold it) when ``actor`` runs the event and has a seat in the pod."""
    refuse_if_party(actor, event=pod.draft.event, seating=PodSeating(pod))
