"""The Django admin for booster drafts: admins define the auction decks and booster slots; a
draft's own rows are read-only (the judge pages and the API change them, audited)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from drafts.core.boosters import BoosterSlots
from drafts.core.errors import DraftError
from drafts.models import AuctionDeck, AuctionDeckCard, BoosterConfig, Draft
from rulings.models.choices import RarityChoice
from tournaments.admin import ReadOnlyAdmin


# --- Booster drafts: what admins define (auction decks, booster slots); the rest read-only.
class AuctionDeckCardInline(admin.TabularInline):
    model = AuctionDeckCard
    extra = 1
    autocomplete_fields = ("card",)


@admin.register(AuctionDeck)
class AuctionDeckAdmin(admin.ModelAdmin):
    list_display = ("name", "active", "card_count")
    list_filter = ("active",)
    search_fields = ("name",)
    inlines = [AuctionDeckCardInline]

    @admin.display(description=_("cards"))
    def card_count(self, obj: AuctionDeck) -> int:
        return sum(obj.cards.values_list("quantity", flat=True))


class BoosterConfigForm(forms.ModelForm):
    class Meta:
        model = BoosterConfig
        fields = ("edition", "slots")
        help_texts = {
            "slots": _(
                'Cards of each rarity in a booster, e.g. {"rare": 1, "uncommon": 3, "common": 8}.'
            )
        }

    def clean_slots(self) -> Any:
        slots = self.cleaned_data["slots"]
        refusal = forms.ValidationError(
            _(
                "Give a whole number of cards (0 to 30) for each rarity (common, uncommon, "
                "rare), at least one card in all."
            )
        )
        if not isinstance(slots, dict) or not slots:
            raise refusal
        for rarity, count in slots.items():
            if rarity not in RarityChoice.values or isinstance(count, bool):
                raise refusal
            if not isinstance(count, int) or not 0 <= count <= 30:
                raise refusal
        try:
            BoosterSlots.of(slots)
        except DraftError as exc:
            raise refusal from exc
        return slots


@admin.register(BoosterConfig)
class BoosterConfigAdmin(admin.ModelAdmin):
    form = BoosterConfigForm
    list_display = ("edition", "slots")
    autocomplete_fields = ("edition",)


@admin.register(Draft)
class DraftAdmin(ReadOnlyAdmin):
    list_display = ("event", "paper", "auction", "bots", "started_at")
    list_select_related = ("event",)
