"""How a bot picks, by a rule simple enough to explain in the pick log:

- each card is rated by rarity (rare 3, uncommon 2, common 1, anything else 1);
- a bot leans to the faction of its strongest picks: a card of the faction whose picks so
  far add up to the highest rating gets +1.5 (+0.75 for a faction-less card, which fits
  any deck), so after a few picks the bot stays near one faction;
- ties go to the card that sorts first, so a bot's choice is reproducible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from drafts.core.order import stable_order

I = TypeVar("I", bound=Hashable)  # noqa: E741

RARITY_RATING: dict[str, float] = {"rare": 3.0, "uncommon": 2.0, "common": 1.0}
FACTION_BONUS = 1.5
NEUTRAL_BONUS = 0.75


@dataclass(frozen=True)
class BotCard(Generic[I]):
    id: I
    rarity: str
    faction: str  # "" for a card with no faction
    name: str = ""


@dataclass(frozen=True)
class BotChoice(Generic[I]):
    card: I
    reason: str  # English; the log shows it as written by the rule


def rating(rarity: str) -> float:
    return RARITY_RATING.get(rarity, 1.0)


def leading_faction(picked: Sequence[BotCard[I]]) -> str:
    """The faction whose picks add up to the highest rating ('' while there is none)."""
    totals: Counter[str] = Counter()
    for card in picked:
        if card.faction:
            totals[card.faction] += rating(card.rarity)
    if not totals:
        return ""
    best = max(totals.values())
    return min(faction for faction, total in totals.items() if total == best)


def bot_pick(pack: Sequence[BotCard[I]], picked: Sequence[BotCard[I]]) -> BotChoice[I]:
    if not pack:
        raise ValueError("a bot cannot pick from an empty pack")
    faction = leading_faction(picked)

    def score(card: BotCard[I]) -> float:
        value = rating(card.rarity)
        if faction and card.faction == faction:
            value += FACTION_BONUS
        elif faction and not card.faction:
            value += NEUTRAL_BONUS
        return value

    best = max(pack, key=lambda c: (score(c), -_order(pack, c)))
    if faction and best.faction == faction:
        reason = f"{best.rarity} card of {faction}, the faction of its strongest picks"
    elif faction and not best.faction:
        reason = f"{best.rarity} card with no faction, which fits its {faction} picks"
    else:
        reason = f"highest rarity in the pack ({best.rarity})"
    return BotChoice(best.id, reason)


def _order(pack: Sequence[BotCard[I]], card: BotCard[I]) -> int:
    return sorted(pack, key=lambda c: stable_order(c.id)).index(card)
