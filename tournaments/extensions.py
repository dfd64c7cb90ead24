"""Where the apps built on events plug into them.

Events and Swiss play know nothing of booster drafts, judge calls or deck lists: those apps
import this one, never the other way round (the import contracts in ``pyproject.toml``
say so). Where an event's own action must ask them something (may this player check in?
who plays whom in a draft's first rounds?), the event calls the hooks registered here, and
each app registers its own in its ``AppConfig.ready``.

Hooks run inside the caller's transaction and keep the one lock order
(``tournaments.services.locking``); a hook refuses by raising the project's errors.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from django.db.models import Q

    from accounts.models import User
    from tournaments.models import Event, Registration
    from tournaments.pairing import Pairing, Player


class DropHook(Protocol):
    """Something a registration holds that must follow its drop (a draft seat)."""

    def lock_for_drop(self, registration_id: int) -> Any | None:
        """Lock what the registration holds, after its event and before the registration;
        None when it holds nothing of this kind."""

    def dropped(self, *, actor: User, held: Any, registration_id: int, reason: str) -> None:
        """The registration is being dropped (or withdrawn): hand over what it held."""


class RegistrationCloser(Protocol):
    """Closes players' own registration for events still in registration (a booster draft
    whose draft has started): judges may still add a player."""

    def closed_events(self) -> Q:
        """The events whose registration this closes, as a filter on events (one query for a
        list of events: the home page's)."""

    def reason(self) -> str:
        """Why, in the reader's language, for the player who tries."""


# (event, round number, players, seed) -> the round's pairings, or None to leave it to Swiss.
RoundPairer = Callable[["Event", int, "Sequence[Player]", int], "list[Pairing] | None"]


@dataclass
class EventHooks:
    # Called before players of one event are checked in (one, or everyone at once), their
    # rows locked; refuse by raising.
    check_in_guards: list[Callable[[Sequence[Registration]], None]] = field(default_factory=list)
    drop_hooks: list[DropHook] = field(default_factory=list)
    # Called under the event's lock just before its first round is paired.
    event_starting: list[Callable[[Event], None]] = field(default_factory=list)
    round_pairers: list[RoundPairer] = field(default_factory=list)
    # Called under the event's lock as it starts (no-shows marked, before it runs); refuse
    # by raising (deck lists required and missing).
    start_guards: list[Callable[[Event], None]] = field(default_factory=list)
    # What a judge should know before pairing round 1, nothing of it blocking.
    start_warnings: list[Callable[[Event], list[str]]] = field(default_factory=list)
    # Close players' own registration before the event leaves registration.
    registration_closers: list[RegistrationCloser] = field(default_factory=list)
    # For the demo's summary: an event's state in a few words before its first round, and
    # how many seats no person holds (a draft's bots).
    describe_state: list[Callable[[Event], str | None]] = field(default_factory=list)
    count_bots: list[Callable[[Event], int]] = field(default_factory=list)

    def refuse_check_in(self, registrations: Sequence[Registration]) -> None:
        for guard in self.check_in_guards:
            guard(registrations)

    def start_event(self, event: Event) -> None:
        for hook in self.event_starting:
            hook(event)

    def refuse_start(self, event: Event) -> None:
        for guard in self.start_guards:
            guard(event)

    def warnings_before_start(self, event: Event) -> list[str]:
        return [warning for hook in self.start_warnings for warning in hook(event)]

    def pair_round(
        self, event: Event, number: int, players: Sequence[Player], seed: int
    ) -> list[Pairing] | None:
        for pairer in self.round_pairers:
            pairings = pairer(event, number, players, seed)
            if pairings is not None:
                return pairings
        return None

    def state_words(self, event: Event) -> str | None:
        return next((words for hook in self.describe_state if (words := hook(event))), None)

    def bots(self, event: Event) -> int:
        return sum(hook(event) for hook in self.count_bots)


hooks = EventHooks()
