"""People: one account per person, with the public name and player number used at events."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

PLAYER_NUMBER_BASE = 100_000


class User(AbstractUser):
    email = models.EmailField(_("e-mail address"))
    display_name = models.CharField(
        _("display name"),
        max_length=80,
        help_text=_("The name shown on pairings, standings and exports."),
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
