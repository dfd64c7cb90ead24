"""The booster draft of the DAR (section 4.1), as pure values (no Django import).

- ``pods``: the fewest pods of at most 8 whose sizes differ by at most one; seeded seating.
- ``timers``: the pick timer by cards left in the pack.
- ``passing``: which way packs travel and which pack is in front of which seat.
- ``boosters``: opening a booster from a per-edition slot configuration and a seed.
- ``picking``: one synchronous pick step (everyone picks, missing seats get a random card).
- ``bots``: how a bot picks, with the reason it gives.
- ``auction``: the deck auction before the draft.
- ``pools``: a seat's pool, and the conservation check (every card in exactly one place).

The site (``drafts.services``) loads rows, calls these and saves the result
inside one transaction; refusals are ``DraftError`` subclasses with a stable code.
"""

from drafts.core.errors import DraftError

__all__ = ["DraftError"]
