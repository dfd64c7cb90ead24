"""Writes for deck lists: submission (all lines parse or nothing is saved), card pools,
random deck checks. Locks: the event row first, then the player's list or pool."""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import ConflictError, DomainError, ForbiddenError
from decklists.extensions import hooks
from decklists.models import CardPool, CardPoolEntry, DeckCheckPick, DeckList, DeckListEntry
from decklists.selectors import (
    event_deck_format,
    event_lists_locked,
    event_takes_deck_lists,
    latest_pick_batch,
    pool_for,
)
from rulings.core.issues import issue
from rulings.deckcheck import (
    MAX_POOL_LINE_QUANTITY,
    ParsedDeckList,
    line_quantity_limit,
    parse_deck_list,
    pool_shortfalls,
)
from rulings.errors import DeckListInvalid
from rulings.models import Card
from rulings.selectors import card_index
from tournaments.models import AuditEntry, Event, Registration
from tournaments.models.choices import EventFormat, RegistrationStatus
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event
from tournaments.services.own_match import judge_action, refuse_if_party

if TYPE_CHECKING:
    from accounts.models import User


def _lock_event(event: Event) -> Event:
    """The event row, locked the way every tournament service locks it (event first)."""
    return lock_event(event.pk)


def _parse_or_refuse(text: str, max_quantity: int) -> ParsedDeckList:
    parsed = parse_deck_list(text, card_index(), max_quantity=max_quantity)
    if not parsed.ok:
        raise DeckListInvalid(
            ngettext(
                "The list has %(count)s problem; nothing was saved.",
                "The list has %(count)s problems; nothing was saved.",
                len(parsed.errors),
            )
            % {"count": len(parsed.errors)},
            parsed.errors,
            field="text",
            code="deck_list_invalid",
        )
    return parsed


def _card_ids(parsed: ParsedDeckList) -> dict[tuple[str, int], int]:
    keys = {e.card.key for e in parsed.entries()}
    rows = Card.objects.filter(
        edition__code__in={k[0] for k in keys}, number__in={k[1] for k in keys}
    ).values_list("edition__code", "number", "id")
    return {(code, number): pk for code, number, pk in rows if (code, number) in keys}


def _refuse_outside_draft_pool(event: Event, player: User, parsed: ParsedDeckList) -> None:
    """A booster draft deck is built from the player's pool (DAR 4.1.3), whichever route
    the list comes by: a list with a card, or more copies, than the recorded pool holds is
    refused, naming the cards. Drafting records every seat's pool when it ends; a draft
    with paper boosters records none (a judge may set one), so its lists go unchecked."""
    pool = pool_for(event, player)
    if pool is None:
        if hooks.expects_pool(event):
            raise ConflictError(
                _(
                    "Your draft pool is not recorded yet: submit your deck once your pod "
                    "has finished drafting."
                ),
                field="text",
                code="no_draft_pool",
            )
        return
    shortfalls = pool_shortfalls(parsed.entries(), pool)
    if shortfalls:
        raise DeckListInvalid(
            ngettext(
                "%(count)s card of the list is not in your draft pool; nothing was saved.",
                "%(count)s cards of the list are not in your draft pool; nothing was saved.",
                len(shortfalls),
            )
            % {"count": len(shortfalls)},
            shortfalls,
            field="text",
            code="not_in_pool",
        )


@judge_action("deck_list.enter")
@transaction.atomic
def deck_list_submit(
    *, event: Event, player: User, text: str, actor: User, from_draft_builder: bool = False
) -> tuple[DeckList, ParsedDeckList]:
    """Save a player's deck list for an event, replacing any earlier one.

    Refused, with nothing saved, when the event takes no lists, the lists are
    locked (the event has started), the player is not registered, any line
    does not parse, the list names more than one Sanctuary, or (a booster draft)
    it is not contained in the player's pool. A list that parses is saved even if
    its check finds errors: the player sees why.

    A judge of the event may enter a registered player's list for them (a walk-in
    without a phone): the same checks and locks apply, and the audit log says who
    entered it. Anybody else is refused. It is the judge action ``deck_list.enter``: the
    apps built on deck lists may refuse it too (a booster draft: not by a judge with a seat
    in the drafter's pod, nor after the drafter's deck-building time).
    """
    on_behalf = actor.pk != player.pk
    if on_behalf and not actor.has_perm("decklists.enter_deck_list", event):
        raise ForbiddenError(
            _("Only the event's judges can enter a deck list for another player."),
            code="not_event_judge",
        )
    event = _lock_event(event)
    if not event_takes_deck_lists(event):
        raise DomainError(_("This event takes no deck lists."), code="no_deck_lists")
    if event_lists_locked(event):
        raise ConflictError(
            _("Deck lists are locked: the event has started."), code="deck_lists_locked"
        )
    registered = Registration.objects.filter(
        event=event,
        player=player,
        status__in=[RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN],
    ).exists()
    if not registered:
        raise DomainError(
            _("Only players registered for this event can submit a deck list."),
            code="not_registered",
        )
    if not from_draft_builder and actor.pk == player.pk:
        # A drafter's deck building is timed (the draft's deck page checks it itself).
        hooks.refuse_submission(event, player)
    if on_behalf:
        hooks.refuse_entry(event, player, actor)
    text = text.replace("\r\n", "\n").strip()
    deck_format = event_deck_format(event)
    copy_limit = deck_format.copy_limit if deck_format is not None else None
    parsed = _parse_or_refuse(text, line_quantity_limit(copy_limit))
    entries = parsed.entries()
    sanctuaries = [e for e in entries if e.card.is_sanctuary]
    if sum(e.quantity for e in sanctuaries) > 1:
        raise DeckListInvalid(
            _("A deck has exactly one Sanctuary; nothing was saved."),
            [
                issue(
                    "second_sanctuary",
                    count=sum(e.quantity for e in sanctuaries),
                    cards=", ".join(f"{e.quantity} x {e.card.label}" for e in sanctuaries),
                )
            ],
            field="text",
            code="second_sanctuary",
        )
    if event.format == EventFormat.BOOSTER_DRAFT:
        _refuse_outside_draft_pool(event, player, parsed)
    deck_list = DeckList.objects.select_for_update().filter(event=event, player=player).first()
    before = None if deck_list is None else {"cards": deck_list.card_count}
    if deck_list is None:
        deck_list = DeckList.objects.create(
            event=event, player=player, text=text, submitted_by=actor
        )
    else:
        deck_list.text = text
        deck_list.submitted_by = actor
        deck_list.save(update_fields=["text", "submitted_by", "updated_at"])
        deck_list.entries.all().delete()
    ids = _card_ids(parsed)
    DeckListEntry.objects.bulk_create(
        DeckListEntry(
            deck_list=deck_list, card_id=ids[e.card.key], quantity=e.quantity, line=e.line
        )
        for e in entries
    )
    if on_behalf:
        audit_record(
            event=event,
            actor=actor,
            action="deck_list.enter",
            target=player.public_name,
            before=before,
            after={"cards": sum(e.quantity for e in entries)},
        )
    return deck_list, parsed


@judge_action("card_pool.set")
@transaction.atomic
def card_pool_set(
    *, event: Event, player: User, text: str, actor: User, source: str = "judge"
) -> CardPool:
    """Record the cards a player may build from (sealed product or drafted cards)."""
    event = _lock_event(event)
    registration = event.registrations.select_related("player").filter(player=player).first()
    if registration is not None:
        refuse_if_party(actor, event=event, registration=registration)
    parsed = _parse_or_refuse(text.replace("\r\n", "\n").strip(), MAX_POOL_LINE_QUANTITY)
    pool, _created = CardPool.objects.select_for_update().get_or_create(
        event=event, player=player, defaults={"source": source}
    )
    before = {f"{c.card.edition.code} {c.card.number}": c.quantity for c in pool.entries.all()}
    pool.source = source
    pool.save(update_fields=["source", "updated_at"])
    pool.entries.all().delete()
    ids = _card_ids(parsed)
    entries = parsed.entries()
    CardPoolEntry.objects.bulk_create(
        CardPoolEntry(pool=pool, card_id=ids[e.card.key], quantity=e.quantity) for e in entries
    )
    AuditEntry.objects.create(
        event=event,
        actor=actor,
        action="card_pool.set",
        target=str(player),
        before=before or None,
        after={f"{e.card.edition} {e.card.number}": e.quantity for e in entries},
    )
    return pool


@transaction.atomic
def deck_check_pick_random(
    *, event: Event, count: int, actor: User, rng: random.Random | None = None
) -> list[DeckList]:
    """Draw ``count`` deck lists for a deck check, preferring lists not drawn before."""
    if count < 1 or count > 50:
        raise DomainError(
            _("Choose between 1 and 50 lists to check."), field="count", code="bad_count"
        )
    event = _lock_event(event)
    lists = list(DeckList.objects.filter(event=event).select_related("player").order_by("pk"))
    if not lists:
        raise DomainError(_("No deck lists have been submitted for this event."), code="no_lists")
    picked_before = set(
        DeckCheckPick.objects.filter(deck_list__event=event).values_list("deck_list_id", flat=True)
    )
    fresh = [dl for dl in lists if dl.pk not in picked_before]
    pool = fresh if fresh else lists
    rng = rng or secrets.SystemRandom()
    chosen = rng.sample(pool, min(count, len(pool)))
    batch = latest_pick_batch(event) + 1
    DeckCheckPick.objects.bulk_create(
        DeckCheckPick(deck_list=dl, picked_by=actor, batch=batch) for dl in chosen
    )
    AuditEntry.objects.create(
        event=event,
        actor=actor,
        action="deck_check.random_pick",
        target=_("draw %(batch)s") % {"batch": batch},
        after={"players": [dl.player.public_name for dl in chosen]},
    )
    return chosen
