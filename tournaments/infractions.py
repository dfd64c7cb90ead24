"""The infractions a judge picks from when issuing a penalty, each with its default penalty.

Where the Humankind DAR states the rule broken, the infraction uses its wording and cites
it (``dar``); the others carry the names usual in trading-card-game tournaments. The
default is what a judge gives for a first, ordinary case; the judge may raise or lower it,
saying why (the penalty keeps that reason, and the audit log too).

Some infractions belong to one game or format: the DAR's are Humankind's, its draft rules
apply to a booster draft only, a deck list problem needs a deck list. ``applies`` decides
which ones an event offers, in one place: the penalty forms list only those, and the
penalties service refuses the others (``tournaments.services.penalties``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models.choices import EventFormat, GameKind, PenaltyKind

HUMANKIND = frozenset({GameKind.HUMANKIND})
DRAFT = frozenset({EventFormat.BOOSTER_DRAFT})
# The formats whose players bring a deck the event knows (a Standard event has none).
WITH_DECKS = frozenset(
    {
        EventFormat.MONOFACCION,
        EventFormat.MULTIFACCION,
        EventFormat.SEALED,
        EventFormat.BOOSTER_DRAFT,
    }
)


@dataclass(frozen=True)
class Infraction:
    code: str
    label: Promise
    default: str  # a PenaltyKind value
    dar: str = ""  # the DAR rule it breaks, when the DAR states one
    # The games it belongs to (empty: every game) and, of a Humankind event, the formats
    # (empty: every format; an event of another game has no format).
    games: frozenset[str] = frozenset()
    formats: frozenset[str] = frozenset()

    def applies(self, *, game: str, format: str) -> bool:
        """Whether an event of this game and format can have this infraction."""
        if self.games and game not in self.games:
            return False
        return not self.formats or (game == GameKind.HUMANKIND and format in self.formats)


INFRACTIONS: tuple[Infraction, ...] = (
    # Worded after the DAR's tournament rules.
    Infraction(
        "play_draw_after_looking",
        _("Chose to play or draw after looking at the hand"),
        PenaltyKind.WARNING,
        dar="1",
        games=HUMANKIND,
    ),
    Infraction(
        "first_turn_attack",
        _("Attacked with a Character in their own first turn"),
        PenaltyKind.WARNING,
        dar="2",
        games=HUMANKIND,
    ),
    Infraction(
        "deck_not_legal",
        _("Deck not legal for the format (Monofacción or Multifacción)"),
        PenaltyKind.GAME_LOSS,
        dar="3.1",
        games=HUMANKIND,
        formats=frozenset({EventFormat.MONOFACCION, EventFormat.MULTIFACCION}),
    ),
    # DAR 4.1.1 names the draft's conduct rules but no penalty for them: the default is
    # a warning, as for the other draft procedure rules; a judge raises it (saying why)
    # when the player gained from it.
    Infraction(
        "draft_notes",
        _("Took notes during the draft or deck building"),
        PenaltyKind.WARNING,
        dar="4.1.1",
        games=HUMANKIND,
        formats=DRAFT,
    ),
    Infraction(
        "draft_showing_cards",
        _("Showed their picks or the booster being drafted to another drafter"),
        PenaltyKind.WARNING,
        dar="4.1.1",
        games=HUMANKIND,
        formats=DRAFT,
    ),
    Infraction(
        "draft_signals",
        _("Signalled to another drafter about their picks or what others should pick"),
        PenaltyKind.WARNING,
        dar="4.1.1",
        games=HUMANKIND,
        formats=DRAFT,
    ),
    Infraction(
        "draft_reviewing_picks",
        _("Looked through their picks before drafting was complete"),
        PenaltyKind.WARNING,
        dar="4.1.1",
        games=HUMANKIND,
        formats=DRAFT,
    ),
    Infraction(
        "draft_pick_time",
        _("Did not put the booster down when pick time was up"),
        PenaltyKind.WARNING,
        dar="4.1.2",
        games=HUMANKIND,
        formats=DRAFT,
    ),
    Infraction(
        "deck_building_time",
        _("Deck not built within the 2 minutes of deck building"),
        PenaltyKind.WARNING,
        dar="4.1.3",
        games=HUMANKIND,
        formats=DRAFT,
    ),
    # The usual tournament infractions.
    Infraction("tardiness", _("Tardiness"), PenaltyKind.GAME_LOSS),
    Infraction("game_rule_violation", _("Game rule violation"), PenaltyKind.WARNING),
    Infraction(
        "failure_to_maintain_game_state",
        _("Failure to maintain the game state"),
        PenaltyKind.WARNING,
    ),
    Infraction(
        "looking_at_extra_cards", _("Looking at extra cards"), PenaltyKind.WARNING, games=HUMANKIND
    ),
    Infraction(
        "drawing_extra_cards", _("Drawing extra cards"), PenaltyKind.GAME_LOSS, games=HUMANKIND
    ),
    Infraction(
        "deck_list_problem",
        _("Deck list problem"),
        PenaltyKind.GAME_LOSS,
        games=HUMANKIND,
        formats=WITH_DECKS,
    ),
    Infraction(
        "deck_problem",
        _("Deck does not match its list"),
        PenaltyKind.GAME_LOSS,
        games=HUMANKIND,
        formats=WITH_DECKS,
    ),
    Infraction(
        "marked_cards",
        _("Marked cards"),
        PenaltyKind.WARNING,
        games=frozenset({GameKind.HUMANKIND, GameKind.ANACHRONISM}),
    ),
    Infraction(
        "insufficient_shuffling", _("Insufficient shuffling"), PenaltyKind.WARNING, games=HUMANKIND
    ),
    Infraction("slow_play", _("Slow play"), PenaltyKind.WARNING),
    Infraction("outside_assistance", _("Outside assistance"), PenaltyKind.MATCH_LOSS),
    Infraction("unsporting_conduct_minor", _("Unsporting conduct (minor)"), PenaltyKind.WARNING),
    Infraction("unsporting_conduct_major", _("Unsporting conduct (major)"), PenaltyKind.MATCH_LOSS),
    Infraction(
        "improperly_determining_a_winner",
        _("Improperly determining a winner"),
        PenaltyKind.DISQUALIFICATION,
    ),
    Infraction("bribery_and_wagering", _("Bribery or wagering"), PenaltyKind.DISQUALIFICATION),
    Infraction("stalling", _("Stalling"), PenaltyKind.DISQUALIFICATION),
    Infraction("cheating", _("Cheating"), PenaltyKind.DISQUALIFICATION),
    Infraction("aggressive_behaviour", _("Aggressive behaviour"), PenaltyKind.DISQUALIFICATION),
    Infraction("other", _("Other (describe it in the reason)"), PenaltyKind.WARNING),
)

BY_CODE: dict[str, Infraction] = {i.code: i for i in INFRACTIONS}


def infraction_choices() -> list[tuple[str, Promise]]:
    return [(i.code, i.label) for i in INFRACTIONS]


def infractions_for(*, game: str, format: str) -> list[Infraction]:
    """The infractions an event of this game and format offers, in the list's order."""
    return [i for i in INFRACTIONS if i.applies(game=game, format=format)]


def get_infraction(code: str) -> Infraction | None:
    return BY_CODE.get(code)
