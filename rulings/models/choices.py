"""Django choices built from the pure vocabularies, with translated labels."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from rulings.core.cards import CardType, Faction, Rarity
from rulings.core.document import Section


class CardTypeChoice(models.TextChoices):
    PERSONAJE = CardType.CHARACTER.value, _("Personaje (Character)")
    TECNOLOGIA = CardType.TECHNOLOGY.value, _("Tecnología (Technology)")
    MANIPULACION = CardType.MANIPULATION.value, _("Manipulación (Manipulation)")
    ADITAMENTO = CardType.ATTACHMENT.value, _("Aditamento (Attachment)")
    SANTUARIO = CardType.SANCTUARY.value, _("Santuario (Sanctuary)")


class FactionChoice(models.TextChoices):
    QUIMERA = Faction.QUIMERA.value, "Quimera"
    CORPORACION = Faction.CORPORACION.value, "Corporación"
    ABISMALES = Faction.ABISMALES.value, "Abismales"
    ACRACIA = Faction.ACRACIA.value, "Acracia"


class RarityChoice(models.TextChoices):
    COMMON = Rarity.COMMON.value, _("Common")
    UNCOMMON = Rarity.UNCOMMON.value, _("Uncommon")
    RARE = Rarity.RARE.value, _("Rare")


class SectionChoice(models.TextChoices):
    WATCH_LIST = Section.WATCH_LIST.value, _("Watch list")
    BANNED_LIST = Section.BANNED_LIST.value, _("Banned list")
    ERRATA = Section.ERRATA.value, _("Card errata")
    CARD_CLARIFICATIONS = Section.CARD_CLARIFICATIONS.value, _("Card clarifications")
    RULES_CLARIFICATIONS = (
        Section.RULES_CLARIFICATIONS.value,
        _("Rules and concepts clarifications"),
    )
    TOURNAMENT_RULES = Section.TOURNAMENT_RULES.value, _("Tournament rules")


class VersionStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    PUBLISHED = "published", _("Published")


class DeckFormat(models.TextChoices):
    """The formats a deck is checked against (the codes of ``rulings.deckcheck.FORMATS``)."""

    MONOFACCION = "monofaccion", "Monofacción"
    MULTIFACCION = "multifaccion", "Multifacción"
    SEALED = "sealed", _("Sealed")
    DRAFT = "draft", _("Booster draft")
