"""What the drafter's page shows of the deck auction: the table, the bid form with its
steppers, and the winner's placement of the removed cards as the server holds it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drafts.core import auction as auction_core
from drafts.models import DraftSeat
from drafts.services.flow import auction_of, held_placement
from drafts.services.reading import auction_view, seat_name, seat_number, table_deck_groups


def bid_words() -> dict[str, str]:
    """The bid in words as the page's script fills it in ("You bid 3 points")."""
    return {
        "one": ngettext("You bid %(n)s point", "You bid %(n)s points", 1) % {"n": 1},
        "other": ngettext("You bid %(n)s point", "You bid %(n)s points", 2) % {"n": "__N__"},
        "range": _("Bid a whole number from %(low)s to %(high)s, or pass."),
    }


def auction_context(seat: DraftSeat, pod: Any, chosen_card: int | None = None) -> dict[str, Any]:
    table = auction_view(pod)
    if table is None:
        return {}
    state = table["state"]
    # names by seat number (from 1), the numbering of the table's view
    names = {
        seat_number(s.position): seat_name(s)
        for s in pod.seats.select_related("registration__player")
    }
    decks = {d["id"]: d for d in table["decks"]}
    my_turn = state.to_act == seat.position and not seat.bot
    min_bid = (table["high_bid"] or 0) + 1
    context: dict[str, Any] = {
        "auction": {
            "number": table["number"],
            "phase": table["phase"],
            "to_act": names.get(table["to_act"], ""),
            "my_turn": my_turn,
            "high_bid": table["high_bid"],
            "high_bidder": names.get(table["high_bidder"], ""),
            "min_bid": min_bid,
            "max_bid": auction_core.MAX_BID,
            "can_pass": table["high_bid"] is not None,
            "bidders": [names[b] for b in table["bidders"]],
            "decks": table["decks"],
            "taken": [{**d, "owner_name": names.get(d["seat"], "")} for d in table["taken"]],
            "log": [
                {**entry, "name": names.get(entry["seat"], "")} for entry in table["log"][-12:]
            ],
        }
    }
    if my_turn and state.phase == auction_core.BIDDING:
        words = bid_words()
        words["range"] = words["range"] % {"low": min_bid, "high": auction_core.MAX_BID}
        context["bidding"] = {"words": words}
    if my_turn and state.phase == auction_core.DISTRIBUTING:
        context.update(_placing(pod, decks, chosen_card))
    return context


def _placing(pod: Any, decks: dict[int, dict], chosen_card: int | None) -> dict[str, Any]:
    """The winner's screen: the decks on the table and, once one is taken, its cards with
    how many of each are still in it, the decks they can go to and the cards placed."""
    state = auction_of(pod)
    on_table = [d for d in state.on_table if d in decks]
    held = held_placement(pod, state)
    context: dict[str, Any] = {"on_table": [decks[d] for d in on_table]}
    if held is None:
        return context
    groups = table_deck_groups(pod, held.deck)
    needed = state.cards_to_remove(sum(len(g.instance_ids) for g in groups))
    placed_in = {i: held.moves[i] for g in groups for i in g.instance_ids if i in held.moves}
    cards = []
    names = {}
    for group in groups:
        left = sum(1 for i in group.instance_ids if i not in placed_in)
        names.update({i: group.name for i in group.instance_ids})
        cards.append(
            {
                "id": group.card_id,
                "name": group.name,
                "ref": group.ref,
                "total": len(group.instance_ids),
                "left": left,
                "chosen": group.card_id == chosen_card and left > 0,
            }
        )
    targets = [{**decks[d], "received": held.received(d)} for d in on_table if d != held.deck]
    context["placing"] = {
        "deck": decks[held.deck],
        "needed": needed,
        "left": held.left(needed),
        "cards": cards,
        "targets": targets,
        "placed": [
            {"instance": i, "name": names.get(i, ""), "to": decks[t]["name"]}
            for i, t in held.moves.items()
            if t in decks
        ],
    }
    return context
