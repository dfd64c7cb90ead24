"""Where the apps built on deck lists plug into them (a booster draft: its pools and its
timed deck building). Deck lists import none of those apps; each registers its hooks in its
``AppConfig.ready``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from accounts.models import User
    from tournaments.models import Event


@dataclass
class DeckListHooks:
    # Called before a player's own list is saved (not the draft builder's); refuse by raising.
    submit_guards: list[Callable[[Event, User], None]] = field(default_factory=list)
    # Whether an event's lists must come from a recorded pool that is not there yet.
    pool_expected: list[Callable[[Event], bool]] = field(default_factory=list)
    # Called before a judge's entry of a player's list (event, player, judge), the event
    # locked, inside the judge action ``deck_list.enter``; refuse by raising.
    entry_guards: list[Callable[[Event, User, User], None]] = field(default_factory=list)

    def refuse_submission(self, event: Event, player: User) -> None:
        for guard in self.submit_guards:
            guard(event, player)

    def refuse_entry(self, event: Event, player: User, actor: User) -> None:
        for guard in self.entry_guards:
            guard(event, player, actor)

    def expects_pool(self, event: Event) -> bool:
        return any(hook(event) for hook in self.pool_expected)


hooks = DeckListHooks()
