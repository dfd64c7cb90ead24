"""What one reader may see of one event, decided in one place.

Pages, the JSON API, the CSV exports (page, API and command), print views and
feeds all ask the reader's ``EventVisibility`` instead of deciding for
themselves, so no path shows what another hides:

- unpublished (draft) pairings: the event's judges only;
- a drop reason and a disqualification: the event's judges and that player
  (to anyone else a disqualified player has simply dropped);
- round seeds (from which the pairings can be re-derived): the event's judges,
  and everyone once the event is finished;
- a booster draft (DAR 4.1.1: no notes, no reviewing picks until drafting is complete):
  while a pod drafts, a player sees only the pack in front of their own seat. A seat's
  pool and picks are for the event's judges at any time, for the seat's player once the
  pod's drafting is complete, and for everyone else once the event is finished (unless
  the event keeps them private for good): opponents in the Swiss rounds must not read
  each other's pools;
- judge calls: the event's judges see every call; a player sees only their own;
- penalties: the event's judges see every penalty; a player sees only their own (on
  their match page, in the API and in the exports); anyone else sees none.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tournaments.models.choices import EventStatus

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User
    from tournaments.models import Event


@dataclass(frozen=True)
class EventVisibility:
    runs_event: bool
    own_registration_ids: frozenset[int]
    event_finished: bool
    # the event's option: pools and picks stay private even once it is finished
    draft_cards_private: bool = False

    @property
    def draft_rounds(self) -> bool:
        return self.runs_event

    @property
    def seeds(self) -> bool:
        return self.runs_event or self.event_finished

    def draft_cards(self, seat_registration_id: int | None, *, drafting_complete: bool) -> bool:
        """Whether the reader sees this seat's pool and picks (``None``: a bot's seat)."""
        if self.runs_event:
            return True
        if not drafting_complete:
            return False
        if seat_registration_id is not None and seat_registration_id in self.own_registration_ids:
            return True
        return self.draft_cards_public

    @property
    def draft_cards_public(self) -> bool:
        """Whether every seat's pool and picks are for every reader (once the pods have
        finished drafting): once the event is finished, unless it keeps them private."""
        return self.runs_event or (self.event_finished and not self.draft_cards_private)

    def pack_in_front(self, seat_registration_id: int | None) -> bool:
        """Whether the reader sees the pack in front of this seat during the draft."""
        return self.runs_event or (
            seat_registration_id is not None and seat_registration_id in self.own_registration_ids
        )

    def auction_deck(self, seat_registration_id: int | None) -> bool:
        """Whether the reader sees the cards of the deck this seat won at the auction (said
        out loud at the table; the DAR gives every player time to review their own)."""
        return self.pack_in_front(seat_registration_id)

    def judge_call(self, caller_registration_id: int) -> bool:
        """Whether the reader sees this judge call (its reason, note, state and answer)."""
        return self.runs_event or caller_registration_id in self.own_registration_ids

    def penalty(self, registration_id: int) -> bool:
        """Whether the reader sees this penalty given to this player."""
        return self.runs_event or registration_id in self.own_registration_ids

    def private_of(self, registration_id: int | None) -> bool:
        """Whether the reader sees this player's drop reason and disqualification."""
        return self.runs_event or registration_id in self.own_registration_ids

    @property
    def shared_class(self) -> str:
        """The name of the readers who see the same shared parts of the event's pages (the
        parts cached for all of them): the event's judges, or everyone else."""
        return "judges" if self.runs_event else "public"

    def shared(self) -> EventVisibility:
        """What every reader of :attr:`shared_class` sees: this view without the reader's
        own registrations, so a part rendered with it holds nothing private to one person."""
        return replace(self, own_registration_ids=frozenset())


def everything(event: Event) -> EventVisibility:
    """The operator's view (management commands run on the server)."""
    return EventVisibility(
        runs_event=True,
        own_registration_ids=frozenset(),
        event_finished=event.status == EventStatus.FINISHED,
        draft_cards_private=event.draft_cards_private,
    )


def visibility_for(user: User | AnonymousUser, event: Event) -> EventVisibility:
    """The reader's view of the event (one permission check, one small query at most)."""
    own: frozenset[int] = frozenset()
    if user.is_authenticated:
        own = frozenset(event.registrations.filter(player=user).values_list("pk", flat=True))
    return EventVisibility(
        runs_event=user.has_perm("tournaments.run_event", event),
        own_registration_ids=own,
        event_finished=event.status == EventStatus.FINISHED,
        draft_cards_private=event.draft_cards_private,
    )
