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


class PlaceForm(forms.Form):
    """One tap of the auction's winner placing the removed cards: which button was pressed
    says what to do (take ``deck``; move the chosen ``card`` to ``target``; take ``back`` a
    placed card; ``spread`` the rest; ``done``)."""

    auction = WholeNumberField(min_value=1)
    deck = WholeNumberField(min_value=1, max_value=BIGGEST_ID, required=False)
    card = WholeNumberField(min_value=1, max_value=BIGGEST_ID, required=False)
    target = WholeNumberField(min_value=1, max_value=BIGGEST_ID, required=False)
    back = WholeNumberField(min_value=1, max_value=BIGGEST_ID, required=False)
    spread = forms.BooleanField(required=False)
    done = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors and self.action() is None:
            raise forms.ValidationError(_("Tap a card, then the deck it goes to."))
        return data

    def action(self) -> str | None:
        data = self.cleaned_data
        if data.get("done"):
            return "done"
        if data.get("spread"):
            return "spread"
        if data.get("back") is not None:
            return "back"
        if data.get("target") is not None:
            return "place" if data.get("card") is not None else None
        if data.get("deck") is not None:
            return "deck"
        return None

    def service_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        action = self.action()
        return {
            "auction": data["auction"],
            "action": action,
            "deck": data.get("deck"),
            "card": data.get("back") if action == "back" else data.get("card"),
            "target": data.get("target"),
        }


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
