"""People: one account per person, with the public name and player number used at events."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from config.names import validate_name

PLAYER_NUMBER_BASE = 100_000


class User(AbstractUser):
    email = models.EmailField(_("e-mail address"))
    display_name = models.CharField(
        _("display name"),
        max_length=80,
        help_text=_("The name shown on pairings, standings and exports."),
        validators=[validate_name],
    )
    player_number = models.PositiveIntegerField(
        _("player number"), unique=True, null=True, blank=True, editable=False
    )

    objects = UserManager()

    REQUIRED_FIELDS = ["email"]

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        constraints = [
            models.UniqueConstraint(Lower("email"), name="accounts_user_email_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.public_name

    def save(self, *args, **kwargs) -> None:
        # set_password() since the last save, on an account that existed (a new one has no
        # token and no lockout to lift).
        password_changed = self._password is not None and not self._state.adding
        super().save(*args, **kwargs)
        if password_changed:
            # Every path that changes a password (the profile, a reset, the admin, the
            # changepassword command) ends here: API tokens issued before it stop working.
            # A new password also lifts a lockout for failed logins: whoever chose it
            # (the owner by e-mail, an admin) has shown the right to the account.
            from rest_framework.authtoken.models import Token

            from accounts.login_lockout import unlock_login

            Token.objects.filter(user=self).delete()
            unlock_login(self.get_username())
        if self.player_number is None:
            # Derived from the primary key, so two sign-ups at once can never
            # draw the same number.
            self.player_number = PLAYER_NUMBER_BASE + self.pk
            type(self).objects.filter(pk=self.pk).update(player_number=self.player_number)

    @property
    def public_name(self) -> str:
        return self.display_name or self.get_full_name() or self.username

    @property
    def is_site_admin(self) -> bool:
        return self.is_active and (self.is_superuser or self.is_staff)


class NotificationKind(models.TextChoices):
    """The e-mails the site sends about events. Each person can turn each one off."""

    REGISTRATION_CONFIRMED = "registration_confirmed", _("Registration confirmed")
    PAIRINGS_PUBLISHED = "pairings_published", _("Pairings published")
    DECK_PROBLEM = "deck_problem", _("A judge found a problem with my deck list")
    RESULT_DISPUTED = "result_disputed", _("A result of mine is disputed")
    JUDGE_CALL_ANSWERED = "judge_call_answered", _("My judge call was answered")
    OPPONENT_DROPPED = "opponent_dropped", _("My opponent dropped out of our match")
    DECK_LIST_DUE = "deck_list_due", _("My deck list is due soon and is missing or not legal")
    RULINGS_LIST_ILLEGAL = (
        "rulings_list_illegal",
        _("A new version of the rulings makes my deck list illegal"),
    )
    RULINGS_EVENT_LISTS = (
        "rulings_event_lists",
        _("A new version of the rulings makes deck lists at an event I run illegal"),
    )


class SecurityNotice(models.TextChoices):
    """Mails about something someone else did with the person's own account. Always sent
    (to an active account with a real address), whatever the preferences: nobody is
    entered in an event, or has their login lockout lifted, without being told."""

    ADDED_TO_EVENT = "added_to_event", _("Entered in an event by someone else")
    LOGIN_UNLOCKED = "login_unlocked", _("Login lockout lifted")


# What a person who never chose gets: everything except the pairings of every round.
NOTIFICATION_DEFAULTS: dict[str, bool] = {
    NotificationKind.REGISTRATION_CONFIRMED: True,
    NotificationKind.PAIRINGS_PUBLISHED: False,
    NotificationKind.DECK_PROBLEM: True,
    NotificationKind.RESULT_DISPUTED: True,
    NotificationKind.JUDGE_CALL_ANSWERED: True,
    NotificationKind.OPPONENT_DROPPED: True,
    NotificationKind.DECK_LIST_DUE: True,
    NotificationKind.RULINGS_LIST_ILLEGAL: True,
    NotificationKind.RULINGS_EVENT_LISTS: True,
}


class NotificationPreferences(models.Model):
    """Which e-mails a person wants, and in which language. No row means the defaults
    (``NOTIFICATION_DEFAULTS``, the site's language)."""

    user = models.OneToOneField(
        User, on_delete=models.CASCADE, primary_key=True, related_name="notification_preferences"
    )
    registration_confirmed = models.BooleanField(
        NotificationKind.REGISTRATION_CONFIRMED.label,
        default=NOTIFICATION_DEFAULTS[NotificationKind.REGISTRATION_CONFIRMED],
    )
    pairings_published = models.BooleanField(
        NotificationKind.PAIRINGS_PUBLISHED.label,
        default=NOTIFICATION_DEFAULTS[NotificationKind.PAIRINGS_PUBLISHED],
        help_text=_("One e-mail per round with your table and opponent."),
    )
    deck_problem = models.BooleanField(
        NotificationKind.DECK_PROBLEM.label,
        default=NOTIFICATION_DEFAULTS[NotificationKind.DECK_PROBLEM],
    )
    result_disputed = models.BooleanField(
        NotificationKind.RESULT_DISPUTED.label,
        default=NOTIFICATION_DEFAULTS[NotificationKind.RESULT_DISPUTED],
    )
    judge_call_answered = models.BooleanField(
        NotificationKind.JUDGE_CALL_ANSWERED.label,
        default=NOTIFICATION_DEFAULTS[NotificationKind.JUDGE_CALL_ANSWERED],
    )
    opponent_dropped = models.BooleanField(
        NotificationKind.OPPONENT_DROPPED.label,
        default=NOTIFICATION_DEFAULTS[NotificationKind.OPPONENT_DROPPED],
        help_text=_("Whether you win the match or a judge enters its result."),
    )
    deck_list_due = models.BooleanField(
        NotificationKind.DECK_LIST_DUE.label,
        default=NOTIFICATION_DEFAULTS[NotificationKind.DECK_LIST_DUE],
        help_text=_("A day and two hours before a constructed event's deck lists are due."),
    )
    rulings_list_illegal = models.BooleanField(
        NotificationKind.RULINGS_LIST_ILLEGAL.label,
        default=NOTIFICATION_DEFAULTS[NotificationKind.RULINGS_LIST_ILLEGAL],
        help_text=_("Which card, why, and by when the list must change."),
    )
    rulings_event_lists = models.BooleanField(
        NotificationKind.RULINGS_EVENT_LISTS.label,
        default=NOTIFICATION_DEFAULTS[NotificationKind.RULINGS_EVENT_LISTS],
        help_text=_("For organisers and judges: the players whose lists must change."),
    )
    language = models.CharField(
        _("language of e-mails"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("Empty: the site's language."),
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("notification preferences")
        verbose_name_plural = _("notification preferences")

    def __str__(self) -> str:
        return str(self.user)

    def wants(self, kind: str) -> bool:
        return bool(getattr(self, NotificationKind(kind).value))


class LoginUnlock(models.Model):
    """A login lockout lifted by someone: whose, by whom, when. A judge lifts at most one a
    day per account (the constraint decides, so two judges at once cannot both succeed); a
    site admin is not limited. A new password lifts a lockout too, and is not recorded here.
    """

    account = models.ForeignKey(User, on_delete=models.CASCADE, related_name="login_unlocks")
    unlocked_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    by_site_admin = models.BooleanField(default=False)
    # The site's calendar day (TIME_ZONE) the lock was lifted on.
    day = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("lifted login lockout")
        verbose_name_plural = _("lifted login lockouts")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["account", "day"],
                condition=models.Q(by_site_admin=False),
                name="one_judge_login_unlock_per_account_and_day",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.account} {self.created_at:%Y-%m-%d %H:%M}"
