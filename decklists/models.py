"""Deck lists of players at events, their card pools (sealed and draft) and deck-check picks."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from rulings.models.catalogue import Card


class DeckList(models.Model):
    event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.CASCADE,
        related_name="deck_lists",
        verbose_name=_("event"),
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="deck_lists",
        verbose_name=_("player"),
    )
    text = models.TextField(_("deck list as submitted"))
    submitted_at = models.DateTimeField(_("submitted at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("last changed at"), auto_now=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )

    class Meta:
        db_table = "rulings_decklist"  # kept when the model moved here
        verbose_name = _("deck list")
        verbose_name_plural = _("deck lists")
        ordering = ["event", "player__display_name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_deck_list_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"

    @property
    def card_count(self) -> int:
        return sum(entry.quantity for entry in self.entries.all())


class DeckListEntry(models.Model):
    deck_list = models.ForeignKey(DeckList, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    quantity = models.PositiveSmallIntegerField(_("quantity"))
    line = models.PositiveIntegerField(_("line"), null=True, blank=True)

    class Meta:
        db_table = "rulings_decklistentry"  # kept when the model moved here
        verbose_name = _("deck list entry")
        verbose_name_plural = _("deck list entries")
        ordering = ["deck_list", "line", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["deck_list", "card"], name="deck_list_card_once"),
            models.CheckConstraint(
                condition=Q(quantity__gte=1), name="deck_entry_quantity_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} {self.card}"


class CardPool(models.Model):
    """The cards a player may build from in a sealed or draft event."""

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="card_pools"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="card_pools"
    )
    source = models.CharField(
        _("source"),
        max_length=10,
        choices=[("sealed", _("Sealed product")), ("draft", _("Draft")), ("judge", _("Judge"))],
        default="judge",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "rulings_cardpool"  # kept when the model moved here
        verbose_name = _("card pool")
        verbose_name_plural = _("card pools")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_card_pool_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"


class CardPoolEntry(models.Model):
    pool = models.ForeignKey(CardPool, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    quantity = models.PositiveSmallIntegerField(_("quantity"))

    class Meta:
        db_table = "rulings_cardpoolentry"  # kept when the model moved here
        constraints = [
            models.UniqueConstraint(fields=["pool", "card"], name="card_pool_card_once"),
            models.CheckConstraint(
                condition=Q(quantity__gte=1), name="pool_entry_quantity_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} {self.card}"


class DeckCheckPick(models.Model):
    """A deck list a judge drew at random for a deck check."""

    deck_list = models.ForeignKey(DeckList, on_delete=models.CASCADE, related_name="picks")
    picked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    picked_at = models.DateTimeField(auto_now_add=True)
    batch = models.PositiveIntegerField(_("draw"))

    class Meta:
        db_table = "rulings_deckcheckpick"  # kept when the model moved here
        verbose_name = _("random deck check")
        verbose_name_plural = _("random deck checks")
        ordering = ["-batch", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["deck_list", "batch"], name="deck_pick_once_per_draw"),
        ]

    def __str__(self) -> str:
        return f"#{self.batch} {self.deck_list}"


class DeckCheckOutcome(models.TextChoices):
    AS_LISTED = "as_listed", _("Deck as listed")
    DISCREPANCIES = "discrepancies", _("Discrepancies found")


class DeckCheck(models.Model):
    """A deck check a judge carried out: whose deck, in which round, when, by whom, what they
    found and the penalty given for it, if any."""

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="deck_checks"
    )
    registration = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.CASCADE,
        related_name="deck_checks",
        verbose_name=_("player"),
    )
    round = models.ForeignKey(
        "tournaments.Round",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="deck_checks",
        verbose_name=_("round"),
    )
    deck_list = models.ForeignKey(
        DeckList, on_delete=models.SET_NULL, null=True, blank=True, related_name="checks"
    )
    drawn_at_random = models.BooleanField(_("drawn at random"), default=False)
    checked_at = models.DateTimeField(_("checked at"))
    checked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("checked by"),
    )
    outcome = models.CharField(_("outcome"), max_length=20, choices=DeckCheckOutcome.choices)
    note = models.CharField(_("note"), max_length=500, blank=True)
    penalty = models.ForeignKey(
        "tournaments.Penalty",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="deck_checks",
        verbose_name=_("penalty"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The same on every install the event is moved to (event archives).
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # The player's deck list as it stood when the check was recorded: its text ("" when
    # they had none) and its cards (``checked_entries``). Not recorded for checks recorded
    # before lists were kept with their checks (their migration set it false).
    list_recorded = models.BooleanField(_("list as checked recorded"), default=True)
    checked_text = models.TextField(_("deck list as checked"), blank=True, default="")

    class Meta:
        db_table = "rulings_deckcheck"  # kept when the model moved here
        verbose_name = _("deck check")
        verbose_name_plural = _("deck checks")
        ordering = ["-checked_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(outcome="as_listed") | ~Q(note=""),
                name="deck_check_discrepancy_has_note",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration} · {self.get_outcome_display()}"


class DeckCheckEntry(models.Model):
    """A card of the deck list as it stood when its check was recorded: a later list
    replaces the list's own entries, never these."""

    deck_check = models.ForeignKey(
        DeckCheck, on_delete=models.CASCADE, related_name="checked_entries"
    )
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    quantity = models.PositiveSmallIntegerField(_("quantity"))
    line = models.PositiveIntegerField(_("line"), null=True, blank=True)

    class Meta:
        verbose_name = _("card of a checked deck list")
        verbose_name_plural = _("cards of checked deck lists")
        ordering = ["deck_check", "line", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["deck_check", "card"], name="deck_check_card_once"),
            models.CheckConstraint(
                condition=Q(quantity__gte=1), name="deck_check_entry_quantity_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} {self.card}"


class DeckListReminder(models.Model):
    """One stage of the reminders before a constructed event's deck-list deadline, dealt
    with for one registration: ``hours`` before ``due``, mailed (``sent``) or not needed
    (the list was legal then). The row is the marker that makes the stage happen once: the
    sweep that inserts it is the one that mails, and a moved deadline is a new stage."""

    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="+"
    )
    due = models.DateTimeField(_("deadline"))
    hours = models.PositiveSmallIntegerField(_("hours before the deadline"))
    sent = models.BooleanField(_("sent"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("deck list reminder")
        verbose_name_plural = _("deck list reminders")
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "due", "hours"], name="deck_list_reminder_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration_id} · {self.hours} h before {self.due:%Y-%m-%d %H:%M}"


class RulingsNoticeKind(models.TextChoices):
    LIST_ILLEGAL = "list_illegal", _("A player's deck list is no longer legal")
    EVENT_CHANGED = "event_changed", _("The rulings the event's lists are checked against changed")


class RulingsNotice(models.Model):
    """What a newly published version of the rulings document does to an event's registered
    lists, stored when it is published: one row per player whose list it makes illegal
    (``player``; the cards and by when the list must change), and one per affected event
    (no player) with the players for its organisers and judges. Pages read these rows, so
    the notices show without a worker; the mails follow after commit."""

    version = models.ForeignKey(
        "rulings.DocumentVersion", on_delete=models.PROTECT, related_name="+"
    )
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="rulings_notices"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rulings_notices",
    )
    kind = models.CharField(_("kind"), max_length=20, choices=RulingsNoticeKind.choices)
    # [{"id", "ref", "label", "why": "banned" | "watched"}]: the player's banned cards, or
    # every card of the change that hits a list of the event.
    cards = models.JSONField(_("cards"), default=list)
    # The event's row: [{"id", "name", "banned": [labels], "watched": [labels]}].
    players = models.JSONField(_("players"), default=list, blank=True)
    illegal_count = models.PositiveIntegerField(default=0)
    watched_count = models.PositiveIntegerField(default=0)
    due = models.DateTimeField(_("list to be changed by"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    dismissed_at = models.DateTimeField(_("dismissed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("rulings notice")
        verbose_name_plural = _("rulings notices")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["version", "event", "player"],
                condition=Q(player__isnull=False),
                name="rulings_notice_once_per_player",
            ),
            models.UniqueConstraint(
                fields=["version", "event"],
                condition=Q(player__isnull=True),
                name="rulings_notice_once_per_event",
            ),
            models.CheckConstraint(
                condition=(Q(kind="list_illegal") & Q(player__isnull=False))
                | (Q(kind="event_changed") & Q(player__isnull=True)),
                name="rulings_notice_kind_matches_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} · {self.event_id} · v{self.version_id}"
