"""Which of an event's settings mean something for its game and format, decided in one
place: the event forms show those of the game and format chosen (and ignore the others),
and the events service refuses a value for one that does not apply
(``tournaments.services.events``).

The deck-list settings are Humankind's where players bring a deck (a Standard event has
none; a booster draft's minimum is the DAR's 41, not a setting), the draft's privacy is a
booster draft's, the play-or-draw record is Humankind's (the DAR's rule), and the game
records and their rules are those of the games a rules engine replays.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models.choices import EventFormat, GameKind

HUMANKIND = frozenset({GameKind.HUMANKIND})
QIAHN_GAMES = frozenset({GameKind.QIAHN_TACTICS, GameKind.QIAHN_GOBLIN_II})
RECORD_GAMES = QIAHN_GAMES | {GameKind.ANACHRONISM}
# The Humankind formats whose players bring a deck the event knows.
WITH_DECKS = frozenset(
    {
        EventFormat.MONOFACCION,
        EventFormat.MULTIFACCION,
        EventFormat.SEALED,
        EventFormat.BOOSTER_DRAFT,
    }
)
# A game other than Humankind has no formats: its events are "Standard (no deck)".
FORMATLESS = EventFormat.STANDARD


@dataclass(frozen=True)
class Scope:
    """The games a setting belongs to, and of a Humankind event the formats (empty: all)."""

    games: frozenset[str]
    formats: frozenset[str] = frozenset()

    def applies(self, *, game: str, format: str) -> bool:
        if game not in self.games:
            return False
        return not self.formats or format in self.formats


SETTING_SCOPES: dict[str, Scope] = {
    "format": Scope(HUMANKIND),
    "min_deck_size": Scope(
        HUMANKIND,
        frozenset({EventFormat.MONOFACCION, EventFormat.MULTIFACCION, EventFormat.SEALED}),
    ),
    "deck_lists_required": Scope(HUMANKIND, WITH_DECKS),
    "draft_cards_private": Scope(HUMANKIND, frozenset({EventFormat.BOOSTER_DRAFT})),
    "play_draw_required": Scope(HUMANKIND),
    "record_policy": Scope(RECORD_GAMES),
    "qiahn_ruleset": Scope(QIAHN_GAMES),
    "qiahn_squad": Scope(QIAHN_GAMES),
    "goblin_mode": Scope(frozenset({GameKind.QIAHN_GOBLIN_II})),
    "goblin_scoring": Scope(frozenset({GameKind.QIAHN_GOBLIN_II})),
}


def setting_applies(name: str, *, game: str, format: str) -> bool:
    """Whether the setting means something for an event of this game and format (a setting
    of every event always does)."""
    scope = SETTING_SCOPES.get(name)
    return scope is None or scope.applies(game=game, format=format)


def game_and_format_words(game: str, format: str) -> str:
    """An event's game, and its format where the game has formats: "Humankind · Sealed"."""
    game_label = GameKind(game).label if game in GameKind.values else game
    if game != GameKind.HUMANKIND:
        return str(game_label)
    format_label = EventFormat(format).label if format in EventFormat.values else format
    return f"{game_label} · {format_label}"
