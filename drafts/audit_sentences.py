"""The audit log's sentences for a booster draft's actions (``draft.*``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.audit_presenter import Sentence

SIMPLE_SENTENCES = {
    "draft.configure": gettext_lazy("%(actor)s set up the booster draft."),
    "draft.start": gettext_lazy("%(actor)s started the booster draft."),
    "draft.pause": gettext_lazy("%(actor)s paused draft pod %(pod)s."),
    "draft.resume": gettext_lazy("%(actor)s resumed draft pod %(pod)s."),
    "draft.begin_picking": gettext_lazy("%(actor)s started the picks in draft pod %(pod)s."),
    "draft.replace_pack": gettext_lazy("%(actor)s replaced a pack in draft pod %(pod)s."),
    "draft.end_building": gettext_lazy("%(actor)s ended deck building in draft pod %(pod)s."),
    "draft.enter_without_seat": gettext_lazy(
        "%(actor)s entered %(person)s for the Swiss rounds without a draft seat."
    ),
}


def draft_sentence(
    action: str, values: dict[str, Any], before: Any, after: dict[str, Any]
) -> Sentence | None:
    if action == "draft.extend":
        text = _("%(actor)s gave draft pod %(pod)s %(seconds)s more seconds.") % {
            **values,
            "seconds": after.get("seconds", "?"),
        }
        return Sentence(text)
    if action in ("draft.seat_player", "draft.extend_seat_building"):
        template = (
            _("%(actor)s seated %(player)s in the bot's seat %(seat)s of draft pod %(pod)s.")
            if action == "draft.seat_player"
            else _(
                "%(actor)s gave %(player)s (seat %(seat)s of draft pod %(pod)s) deck-building "
                "time until %(until)s."
            )
        )
        player = after.get("player") or "—"
        text = template % {
            **values,
            "seat": after.get("seat", "?"),
            "player": player,
            "until": after.get("until", "?"),
        }
        return Sentence(text, people=(player,))
    if action in ("draft.seat_to_bot", "draft.seat_to_player"):
        template = (
            _("%(actor)s handed seat %(seat)s of draft pod %(pod)s (%(player)s) to a bot.")
            if action == "draft.seat_to_bot"
            else _("%(actor)s gave seat %(seat)s of draft pod %(pod)s back to %(player)s.")
        )
        player = after.get("player") or "—"
        text = template % {**values, "seat": after.get("seat", "?"), "player": player}
        return Sentence(text, people=(player,))
    if action in SIMPLE_SENTENCES:
        return Sentence(str(SIMPLE_SENTENCES[action]) % values)
    return None
