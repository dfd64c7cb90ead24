"""Forms of the draft pages: the judge's draft options and pod actions, a pick, a bid, the
auction winner's distribution and the deck from the pool. They only check the shape of
the input; every rule is the services'."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from config.number_field import WholeNumberField
from config.numbers import BIGGEST_ID
from drafts.models import Draft
from drafts.services.judge import MAX_EXTENSION
from drafts.services.pools import PoolEntry
from drafts.services.reading import DeckGroup
from rulings.models import Edition

PACKS = 4


class DraftOptionsForm(forms.Form):
    """The options of a booster draft, until it starts."""

    paper = forms.BooleanField(
        label=_("Paper mode (physical boosters: no cards tracked)"), required=False
    )
    auction = forms.BooleanField(label=_("Deck auction before the draft"), required=False)
    bots = WholeNumberField(label=_("Bot seats"), min_value=0, max_value=64)
    pod_rounds = WholeNumberField(label=_("Rounds paired within pods"), min_value=0, max_value=10)
    bid_seconds = WholeNumberField(label=_("Seconds to bid or pass"), min_value=5, max_value=3600)
    distribute_seconds = WholeNumberField(
        label=_("Seconds to distribute cards"), min_value=5, max_value=3600
    )
    review_seconds = WholeNumberField(
        label=_("Seconds to review decks"), min_value=0, max_value=3600
    )
    building_seconds = WholeNumberField(
        label=_("Seconds to build a deck"), min_value=0, max_value=3600
    )

    def __init__(self, *args: Any, draft: Draft | None = None, **kwargs: Any) -> None:
        if draft is not None and not args and "initial" not in kwargs:
            kwargs["initial"] = {
                "paper": draft.paper,
                "auction": draft.auction,
                "bots": draft.bots,
                "pod_rounds": draft.pod_rounds,
                "bid_seconds": draft.bid_seconds,
                "distribute_seconds": draft.distribute_seconds,
                "review_seconds": draft.review_seconds,
                "building_seconds": draft.building_seconds,
                **{f"pack_{i + 1}": code for i, code in enumerate(draft.pack_editions or [])},
            }
        elif draft is None and not args and "initial" not in kwargs:
            defaults = Draft()
            kwargs["initial"] = {
                name: getattr(defaults, name)
                for name in (
                    "auction",
                    "bots",
                    "pod_rounds",
                    "bid_seconds",
                    "distribute_seconds",
                    "review_seconds",
                    "building_seconds",
                )
            }
        super().__init__(*args, **kwargs)
        editions = [("", "—")] + [
            (e.code, f"{e.code} · {e.name}") for e in Edition.objects.order_by("code")
        ]
        for i in range(PACKS):
            self.fields[f"pack_{i + 1}"] = forms.ChoiceField(
                label=_("Pack %(n)s") % {"n": i + 1}, choices=editions, required=False
            )
        self.order_fields([f"pack_{i + 1}" for i in range(PACKS)])

    def options(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        codes = [data.pop(f"pack_{i + 1}") for i in range(PACKS)]
        data["pack_editions"] = codes if any(codes) else []
        return data

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        codes = [data.get(f"pack_{i + 1}") for i in range(PACKS)]
        if any(codes) and not all(codes):
            raise forms.ValidationError(_("Name the edition of each of the four packs."))
        return data


class PickForm(forms.Form):
    pack_round = WholeNumberField(min_value=1, max_value=4)
    pick_number = WholeNumberField(min_value=1, max_value=99)
    card_instance = WholeNumberField(min_value=1, max_value=BIGGEST_ID)


class BidForm(forms.Form):
    auction = WholeNumberField(min_value=1)
    amount = WholeNumberField(label=_("Your bid"), min_value=1, max_value=54, required=False)
    action = forms.ChoiceField(choices=[("bid", "bid"), ("pass", "pass")])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if (
            data.get("action") == "bid"
            and data.get("amount") is None
            and "amount" not in self.errors
        ):
            self.add_error("amount", _("Say how much you bid, or pass."))
        return data


class DistributeForm(forms.Form):
    """The winner's deck and, for each card of it, how many copies go to each other deck
    still on the table."""

    auction = WholeNumberField(min_value=1)
    deck = WholeNumberField(min_value=1, max_value=BIGGEST_ID)

    def __init__(
        self, *args: Any, groups: list[DeckGroup], targets: list[tuple[int, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.groups = groups
        self.targets = targets
        self.rows: list[tuple[DeckGroup, list[forms.BoundField]]] = []
        for index, group in enumerate(groups):
            bound = []
            for deck_id, name in targets:
                key = f"move_{index}_{deck_id}"
                self.fields[key] = WholeNumberField(
                    label=_("%(card)s to %(deck)s") % {"card": group.name, "deck": name},
                    min_value=0,
                    max_value=len(group.instance_ids),
                    required=False,
                    initial=0,
                )
                bound.append(self[key])
            self.rows.append((group, bound))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for index, group in enumerate(self.groups):
            total = sum(data.get(f"move_{index}_{d}") or 0 for d, _name in self.targets)
            if total > len(group.instance_ids):
                raise forms.ValidationError(
                    _("The deck has %(n)s of %(card)s; you moved %(m)s.")
                    % {"n": len(group.instance_ids), "card": group.name, "m": total}
                )
        return data

    def moves(self) -> dict[int, int]:
        """Card instance id -> target deck id."""
        moves: dict[int, int] = {}
        for index, group in enumerate(self.groups):
            ids = iter(group.instance_ids)
            for deck_id, _name in self.targets:
                for _i in range(self.cleaned_data.get(f"move_{index}_{deck_id}") or 0):
                    moves[next(ids)] = deck_id
        return moves


class DeckForm(forms.Form):
    """How many copies of each card of the pool go in the deck."""

    def __init__(
        self,
        *args: Any,
        entries: list[PoolEntry],
        saved: dict[str, int] | None = None,
        **kwargs: Any,
    ) -> None:
        """``saved``: the seat's last saved deck, which the page starts from (else the deck
        won at the auction)."""
        super().__init__(*args, **kwargs)
        self.entries = entries
        self.rows: list[tuple[PoolEntry, forms.BoundField]] = []
        for entry in entries:
            key = f"card_{entry.card.pk}"
            self.fields[key] = WholeNumberField(
                label=entry.card.name,
                min_value=0,
                max_value=entry.count,
                required=False,
                initial=saved.get(str(entry.card.pk), 0) if saved is not None else entry.auction,
            )
            self.rows.append((entry, self[key]))

    def quantities(self) -> dict[int, int]:
        return {
            entry.card.pk: self.cleaned_data.get(f"card_{entry.card.pk}") or 0
            for entry in self.entries
        }


class PodExtendForm(forms.Form):
    seconds = WholeNumberField(label=_("Extra seconds"), min_value=1, max_value=MAX_EXTENSION)
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)


class SeatBotForm(forms.Form):
    seat = WholeNumberField(min_value=1, max_value=BIGGEST_ID)
    bot = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1")
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)
