"""What deck lists add to their event's own actions (``tournaments.extensions``): an event
that requires lists does not start while one is missing, and a judge is warned before round
1 of missing lists and lists that are not legal."""

from __future__ import annotations

from django.utils.translation import gettext as _

from config.errors import ConflictError
from decklists.selectors import (
    DeckStatus,
    deck_statuses_for_event,
    event_takes_deck_lists,
    players_without_deck_list,
)
from tournaments.extensions import hooks
from tournaments.models import Event
from tournaments.models.choices import EventFormat, RegistrationStatus


def refuse_missing_deck_lists(event: Event) -> None:
    """An event that requires deck lists starts only when every checked-in player has one."""
    if not event.deck_lists_required:
        return
    missing = players_without_deck_list(event) if event_takes_deck_lists(event) else []
    if missing:
        raise ConflictError(
            _("This event requires deck lists; missing from: %(names)s.")
            % {"names": ", ".join(missing)},
            code="deck_lists_missing",
        )


def deck_list_warnings(event: Event) -> list[str]:
    """In a constructed event, checked-in players with no list or a list that is not legal."""
    warnings: list[str] = []
    constructed = event.format in (EventFormat.MONOFACCION, EventFormat.MULTIFACCION)
    if constructed and event_takes_deck_lists(event):
        playing = [
            row
            for row in deck_statuses_for_event(event)
            if row.registration.status == RegistrationStatus.CHECKED_IN
        ]
        missing = [row.registration.name for row in playing if row.status == DeckStatus.MISSING]
        illegal = [row.registration.name for row in playing if row.status == DeckStatus.ILLEGAL]
        if missing:
            warnings.append(_("No deck list from %(names)s.") % {"names": ", ".join(missing)})
        if illegal:
            warnings.append(
                _("Deck lists that are not legal: %(names)s.") % {"names": ", ".join(illegal)}
            )
    return warnings


def connect() -> None:
    """Register the hooks once (``DecklistsConfig.ready``)."""
    if refuse_missing_deck_lists in hooks.start_guards:
        return
    from decklists.rulings_impact import rulings_impact
    from decklists.services.rulings_notices import rulings_notices_create, rulings_notices_told
    from rulings.extensions import hooks as rulings_hooks

    rulings_hooks.impact_readers.append(rulings_impact)
    rulings_hooks.published.append(rulings_notices_create)
    rulings_hooks.told_readers.append(rulings_notices_told)
    hooks.start_guards.append(refuse_missing_deck_lists)
    hooks.start_warnings.append(deck_list_warnings)
