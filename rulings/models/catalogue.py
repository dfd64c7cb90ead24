"""The card catalogue: editions and their cards."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rulings.core.cards import CardInfo, CardType, Faction, Rarity, normalise
from rulings.faces import CardFace, card_face
from rulings.models.choices import CardTypeChoice, FactionChoice, RarityChoice


class Edition(models.Model):
    code = models.CharField(
        _("code"), max_length=5, unique=True, help_text=_("Short code such as DV, SU or EV.")
    )
    name = models.CharField(_("name"), max_length=80)
    set_size = models.PositiveSmallIntegerField(
        _("set size"), help_text=_("How many cards the edition has (collector numbers 1 to this).")
    )
    release_date = models.DateField(_("release date"), null=True, blank=True)

    class Meta:
        verbose_name = _("edition")
        verbose_name_plural = _("editions")
        ordering = ["code"]
        constraints = [
            models.CheckConstraint(condition=Q(set_size__gte=1), name="edition_set_size_positive"),
            models.CheckConstraint(
                condition=Q(code__regex=r"^[A-Z][A-Z0-9]{0,4}$"), name="edition_code_format"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class Card(models.Model):
    edition = models.ForeignKey(
        Edition, on_delete=models.PROTECT, related_name="cards", verbose_name=_("edition")
    )
    number = models.PositiveSmallIntegerField(_("collector number"))
    name = models.CharField(_("name"), max_length=120)
    # The folded name (no accents, lower case): what deck lists are matched against.
    name_key = models.CharField(max_length=120, db_index=True, editable=False)
    type = models.CharField(_("type"), max_length=12, choices=CardTypeChoice.choices)
    faction = models.CharField(
        _("faction"), max_length=12, choices=FactionChoice.choices, blank=True, default=""
    )
    cost = models.PositiveSmallIntegerField(_("Will cost"), null=True, blank=True)
    rarity = models.CharField(
        _("rarity"),
        max_length=10,
        choices=RarityChoice.choices,
        blank=True,
        default="",
        help_text=_("Empty for cards not found in boosters."),
    )
    sample = models.BooleanField(
        _("sample card"),
        default=False,
        help_text=_("An invented card of the demo catalogue, not a real printed card."),
    )
    attributes_known = models.BooleanField(
        _("type, faction and cost known"),
        default=True,
        help_text=_(
            "Off when the sources do not give them: the card shows them as unknown and deck "
            "checks apply no faction rule to it."
        ),
    )
    text_es = models.TextField(
        _("rules text (Spanish)"),
        blank=True,
        default="",
        help_text=_("The card's text as printed."),
    )
    text_en = models.TextField(
        _("rules text (English)"),
        blank=True,
        default="",
        help_text=_("Optional: English readers see the Spanish text where this is empty."),
    )
    # Written by the picture service only (rulings/services/card_pictures.py): the picture as
    # kept (WebP, at most 750 × 1050) and its thumbnail, named by their content's digest.
    picture = models.ImageField(
        _("picture"),
        upload_to="cards/",
        blank=True,
        default="",
        editable=False,
        width_field="picture_width",
        height_field="picture_height",
    )
    picture_width = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    picture_height = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    thumbnail = models.ImageField(
        _("thumbnail"),
        upload_to="cards/",
        blank=True,
        default="",
        editable=False,
        width_field="thumbnail_width",
        height_field="thumbnail_height",
    )
    thumbnail_width = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    thumbnail_height = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        ordering = ["edition__code", "number"]
        constraints = [
            models.UniqueConstraint(fields=["edition", "number"], name="card_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="card_number_positive"),
            models.CheckConstraint(
                condition=Q(type__in=CardTypeChoice.values), name="card_type_valid"
            ),
            models.CheckConstraint(
                condition=Q(faction__in=[*FactionChoice.values, ""]), name="card_faction_valid"
            ),
            models.CheckConstraint(
                condition=Q(rarity__in=[*RarityChoice.values, ""]), name="card_rarity_valid"
            ),
            models.CheckConstraint(
                condition=Q(cost__isnull=False)
                | Q(type=CardTypeChoice.SANTUARIO)
                | Q(attributes_known=False),
                name="card_cost_unless_sanctuary",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.ref})"

    def save(self, *args, **kwargs) -> None:
        self.name_key = normalise(self.name)
        super().save(*args, **kwargs)

    @property
    def ref(self) -> str:
        return f"{self.edition.code} {self.number}/{self.edition.set_size}"

    @property
    def text(self) -> str:
        """The rules text in the reader's language: Spanish where there is no English."""
        if self.text_en and (get_language() or "").startswith("en"):
            return self.text_en
        return self.text_es

    @property
    def face(self) -> CardFace:
        """The card as pages draw it (``rulings/_card_face.html``)."""
        return card_face(self)

    @property
    def is_sanctuary(self) -> bool:
        return self.type == CardTypeChoice.SANTUARIO

    def as_info(self) -> CardInfo:
        """The pure value the deck-check core works on."""
        return CardInfo(
            edition=self.edition.code,
            number=self.number,
            name=self.name,
            type=CardType(self.type),
            faction=Faction(self.faction) if self.faction else None,
            cost=self.cost,
            rarity=Rarity(self.rarity) if self.rarity else None,
            set_size=self.edition.set_size,
            known=self.attributes_known,
        )
