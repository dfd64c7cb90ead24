"""Booster draft events (DAR 4.1): the draft of an event, its pods and seats, the auction
decks on the table, the boosters, every physical card (a card instance) and the pick log.

Every card instance is in exactly one place at every moment: a pack, a deck on the auction
table, or a seat's pool. The row has one column per kind of place and a check constraint
that exactly one of them is set, so no write can leave a card in two places or none.
A pick is unique per seat, pack round and pick number, and per card instance.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.names import validate_name
from tournaments.models.event import Event
from tournaments.models.registration import Registration


def _new_seed() -> int:
    return secrets.randbelow(2**62)


class DraftPhase(models.TextChoices):
    AUCTION = "auction", _("Deck auction")
    REVIEW = "review", _("Reviewing auction decks")
    DRAFTING = "drafting", _("Drafting")
    BUILDING = "building", _("Deck building")
    DONE = "done", _("Done")


class PickKind(models.TextChoices):
    PLAYER = "player", _("Player")
    BOT = "bot", _("Bot")
    TIMEOUT = "timeout", _("Time ran out (random card)")
    LAST = "last", _("Last card (taken at once)")


class DeckState(models.TextChoices):
    """Where a seat's deck building stands: open until the seat's time is over, then the
    seat has its deck (a legal one) or none."""

    BUILDING = "", _("Building")
    DECK = "deck", _("Deck in")
    NO_LEGAL_DECK = "no_legal_deck", _("No legal deck")


class CardSource(models.TextChoices):
    AUCTION = "auction", _("Auction")
    DRAFT = "draft", _("Draft")


class AuctionDeck(models.Model):
    """A preconstructed deck put on the table in the deck auction (defined by admins)."""

    name = models.CharField(_("name"), max_length=80, unique=True, validators=[validate_name])
    active = models.BooleanField(_("in use"), default=True)

    class Meta:
        db_table = "tournaments_auctiondeck"  # kept when the model moved here
        verbose_name = _("auction deck")
        verbose_name_plural = _("auction decks")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class AuctionDeckCard(models.Model):
    deck = models.ForeignKey(AuctionDeck, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey("rulings.Card", on_delete=models.PROTECT, related_name="+")
    quantity = models.PositiveSmallIntegerField(
        _("quantity"), validators=[MinValueValidator(1), MaxValueValidator(60)]
    )

    class Meta:
        db_table = "tournaments_auctiondeckcard"  # kept when the model moved here
        constraints = [
            models.UniqueConstraint(fields=["deck", "card"], name="auction_deck_card_once"),
            models.CheckConstraint(condition=Q(quantity__gte=1), name="auction_deck_qty_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} {self.card}"


class BoosterConfig(models.Model):
    """The slots of an edition's booster by rarity, e.g. ``{"rare": 1, "uncommon": 3,
    "common": 8}``. An edition without a row uses that default."""

    edition = models.OneToOneField(
        "rulings.Edition", on_delete=models.CASCADE, related_name="booster_config"
    )
    slots = models.JSONField(_("slots by rarity"))

    class Meta:
        db_table = "tournaments_boosterconfig"  # kept when the model moved here
        verbose_name = _("booster configuration")
        verbose_name_plural = _("booster configurations")

    def __str__(self) -> str:
        return f"{self.edition.code}: {self.slots}"


class Draft(models.Model):
    """The draft settings and state of a booster draft event."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="draft")
    pack_editions = models.JSONField(
        _("edition of each pack"),
        default=list,
        help_text=_("Four edition codes, e.g. DV DV SU SU."),
    )
    paper = models.BooleanField(
        _("paper mode"),
        default=False,
        help_text=_("Physical boosters: the site runs seating, order and timers, no cards."),
    )
    auction = models.BooleanField(_("deck auction before the draft"), default=True)
    bots = models.PositiveSmallIntegerField(
        _("bot seats"),
        default=0,
        validators=[MaxValueValidator(64)],
        help_text=_("Empty seats filled by bots, seated with the players."),
    )
    pod_rounds = models.PositiveSmallIntegerField(
        _("rounds paired within pods"),
        default=1,
        validators=[MaxValueValidator(10)],
        help_text=_("Round 1 pairs across the table; later pod rounds are Swiss within the pod."),
    )
    bid_seconds = models.PositiveSmallIntegerField(
        _("seconds to bid or pass"), default=60, validators=[MinValueValidator(5)]
    )
    distribute_seconds = models.PositiveSmallIntegerField(
        _("seconds to distribute cards"), default=120, validators=[MinValueValidator(5)]
    )
    review_seconds = models.PositiveSmallIntegerField(
        _("seconds to review decks"), default=120, validators=[MinValueValidator(0)]
    )
    building_seconds = models.PositiveSmallIntegerField(
        _("seconds to build a deck"), default=120, validators=[MinValueValidator(0)]
    )
    seed = models.PositiveBigIntegerField(_("random seed"), default=_new_seed, editable=False)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_draft"  # kept when the model moved here
        verbose_name = _("draft")
        verbose_name_plural = _("drafts")

    def __str__(self) -> str:
        return f"{self.event.name} · {_('draft')}"


class Pod(models.Model):
    """One table of the draft. All its packs pass at once, at the end of each step; the
    step's deadline is a timestamp (empty, with ``paused_remaining`` set, while paused)."""

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="pods")
    number = models.PositiveSmallIntegerField(_("pod"))
    phase = models.CharField(max_length=10, choices=DraftPhase.choices, default=DraftPhase.AUCTION)
    pack_round = models.PositiveSmallIntegerField(default=1)
    pick_number = models.PositiveSmallIntegerField(default=1)
    auction_state = models.JSONField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    paused_remaining = models.DurationField(null=True, blank=True)
    # Bumped by every change a drafter's page shows: the cheap "anything new?" answer.
    version = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "tournaments_pod"  # kept when the model moved here
        verbose_name = _("pod")
        verbose_name_plural = _("pods")
        ordering = ["draft", "number"]
        constraints = [
            models.UniqueConstraint(fields=["draft", "number"], name="one_pod_number_per_draft"),
            models.CheckConstraint(
                condition=Q(pack_round__gte=1, pack_round__lte=4), name="pod_pack_round_1_to_4"
            ),
            models.CheckConstraint(
                condition=Q(pick_number__gte=1), name="pod_pick_number_positive"
            ),
        ]
        indexes = [
            models.Index(
                fields=["deadline"],
                condition=Q(paused_remaining__isnull=True) & ~Q(phase="done"),
                name="pod_open_deadline",
            )
        ]

    def __str__(self) -> str:
        return f"{_('pod')} {self.number}"

    @property
    def is_paused(self) -> bool:
        return self.paused_remaining is not None

    def remaining(self, now: datetime) -> timedelta | None:
        if self.paused_remaining is not None:
            return self.paused_remaining
        if self.deadline is None:
            return None
        return max(self.deadline - now, timedelta(0))


class DraftSeat(models.Model):
    """A seat at a pod: a player's, or a bot's (an empty seat, or a player handed to a bot
    by a judge; ``bot`` set with a registration means the player can be given it back)."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    registration = models.OneToOneField(
        Registration,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="draft_seat",
    )
    bot = models.BooleanField(_("bot"), default=False)
    # Deck building: the builder's last saved deck (card id -> copies), a judge's extra
    # time for this seat alone, and where the seat's building stands.
    saved_deck = models.JSONField(null=True, blank=True)
    building_until = models.DateTimeField(null=True, blank=True)
    deck_state = models.CharField(
        max_length=16, choices=DeckState.choices, blank=True, default=DeckState.BUILDING
    )

    class Meta:
        db_table = "tournaments_draftseat"  # kept when the model moved here
        ordering = ["pod", "position"]
        constraints = [
            models.UniqueConstraint(fields=["pod", "position"], name="one_player_per_pod_seat"),
            models.CheckConstraint(
                condition=Q(registration__isnull=False) | Q(bot=True), name="empty_seat_is_a_bot"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pod} · {_('seat')} {self.position + 1}"


class TableDeck(models.Model):
    """An auction deck on a pod's table; ``owner`` once a player has it."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="table_decks")
    name = models.CharField(max_length=80, validators=[validate_name])
    owner = models.OneToOneField(
        DraftSeat, on_delete=models.CASCADE, null=True, blank=True, related_name="auction_deck"
    )

    class Meta:
        db_table = "tournaments_tabledeck"  # kept when the model moved here
        ordering = ["pod", "pk"]

    def __str__(self) -> str:
        return self.name


class Pack(models.Model):
    """A booster opened by ``opener`` in ``pack_round``. A pack a judge replaced keeps its
    row (``replaced``) for the record; its cards leave the event."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="packs")
    opener = models.ForeignKey(DraftSeat, on_delete=models.CASCADE, related_name="opened_packs")
    pack_round = models.PositiveSmallIntegerField()
    edition = models.CharField(max_length=5)
    replaced = models.BooleanField(default=False)
    replacement = models.PositiveSmallIntegerField(default=0)

    class Meta:
        db_table = "tournaments_pack"  # kept when the model moved here
        ordering = ["pod", "pack_round", "opener__position"]
        constraints = [
            models.UniqueConstraint(
                fields=["opener", "pack_round"],
                condition=Q(replaced=False),
                name="one_live_pack_per_seat_and_round",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} ({self.edition}, {self.pack_round})"


class CardInstance(models.Model):
    """One physical card. Exactly one of ``pack``, ``table_deck`` and ``owner`` is set."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="card_instances")
    card = models.ForeignKey("rulings.Card", on_delete=models.PROTECT, related_name="+")
    pack = models.ForeignKey(
        Pack, on_delete=models.CASCADE, null=True, blank=True, related_name="cards"
    )
    table_deck = models.ForeignKey(
        TableDeck, on_delete=models.CASCADE, null=True, blank=True, related_name="cards"
    )
    owner = models.ForeignKey(
        DraftSeat, on_delete=models.CASCADE, null=True, blank=True, related_name="pool"
    )
    source = models.CharField(max_length=8, choices=CardSource.choices, blank=True, default="")

    class Meta:
        db_table = "tournaments_cardinstance"  # kept when the model moved here
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(pack__isnull=False, table_deck__isnull=True, owner__isnull=True)
                    | Q(pack__isnull=True, table_deck__isnull=False, owner__isnull=True)
                    | Q(pack__isnull=True, table_deck__isnull=True, owner__isnull=False)
                ),
                name="card_instance_in_exactly_one_place",
            ),
            models.CheckConstraint(
                condition=Q(owner__isnull=True, source="")
                | Q(owner__isnull=False, source__in=CardSource.values),
                name="card_instance_pool_source",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk}"


class Pick(models.Model):
    """One line of the pick log."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="picks")
    seat = models.ForeignKey(DraftSeat, on_delete=models.CASCADE, related_name="picks")
    pack_round = models.PositiveSmallIntegerField()
    pick_number = models.PositiveSmallIntegerField()
    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="picks")
    card_instance = models.OneToOneField(
        CardInstance, on_delete=models.CASCADE, related_name="pick"
    )
    kind = models.CharField(max_length=8, choices=PickKind.choices)
    reason = models.CharField(max_length=200, blank=True)
    seconds_allowed = models.PositiveSmallIntegerField()
    picked_at = models.DateTimeField()

    class Meta:
        db_table = "tournaments_pick"  # kept when the model moved here
        ordering = ["pod", "pack_round", "pick_number", "seat__position"]
        constraints = [
            models.UniqueConstraint(
                fields=["seat", "pack_round", "pick_number"], name="one_pick_per_seat_and_step"
            ),
            models.CheckConstraint(
                condition=Q(pack_round__gte=1, pack_round__lte=4), name="pick_pack_round_1_to_4"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seat} {self.pack_round}.{self.pick_number}"
