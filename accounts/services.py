"""Writes of the accounts app."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.login_lockout import locked_usernames, unlock_login
from accounts.models import (
    LoginUnlock,
    NotificationKind,
    NotificationPreferences,
    SecurityNotice,
    User,
)
from accounts.notifications import notify
from accounts.rules import has_site_role
from config.errors import ConflictError, DomainError

PREFERENCE_FIELDS = frozenset([*NotificationKind.values, "language"])


@transaction.atomic
def notification_preferences_set(
    *, user: User, changes: Mapping[str, object]
) -> NotificationPreferences:
    """Change some of a person's notification preferences (the others keep their values).

    The row is created on the first change; only the named fields are written, so two
    changes at once (two tabs, the page and the API) each keep what they changed."""
    unknown = sorted(set(changes) - PREFERENCE_FIELDS)
    if unknown:
        raise DomainError(
            _("There is no notification preference %(name)s.") % {"name": unknown[0]},
            field=unknown[0],
        )
    preferences, _created = NotificationPreferences.objects.get_or_create(user=user)
    if changes:
        NotificationPreferences.objects.filter(pk=preferences.pk).update(
            **changes, updated_at=timezone.now()
        )
        preferences.refresh_from_db()
    return preferences


def password_reset_hint() -> str:
    """Where a refused unlock sends the account holder: the reset by e-mail."""
    return _(
        "They can choose a new password by e-mail (“Forgot your password?” on the "
        "login page), which lifts the lock at once."
    )


@transaction.atomic
def login_unlock(*, actor: User, account: User, event_name: str = "") -> LoginUnlock:
    """Lift ``account``'s login lockout, record who did it and mail the holder after the
    commit. The failures stop counting for the account, never for their addresses
    (``accounts.login_lockout.unlock_login``).

    A site admin may do it for anyone, any number of times. Anyone else is a judge whose
    right to it over this player the caller has checked (``tournaments.unlock_login``); for
    them an account with a site role is refused here too, and the lock is lifted at most
    once per account and day: a second time is a ``ConflictError``, decided by a unique
    constraint, so two judges at once cannot both succeed. ``event_name`` is the event
    the judge acted from, for the mail."""
    by_site_admin = actor.is_site_admin
    if not by_site_admin and has_site_role(account):
        raise PermissionDenied(_("You do not have permission to do this."))
    username = account.get_username()
    if not locked_usernames([username]):
        raise ConflictError(
            _("%(name)s can log in: the account is not locked.") % {"name": account.public_name}
        )
    try:
        with transaction.atomic():
            record = LoginUnlock.objects.create(
                account=account,
                unlocked_by=actor,
                by_site_admin=by_site_admin,
                day=timezone.localdate(),
            )
    except IntegrityError as exc:
        raise ConflictError(
            _(
                "A judge already lifted the login lockout of %(name)s today; a judge can do "
                "it once a day."
            )
            % {"name": account.public_name}
            + " "
            + password_reset_hint()
        ) from exc
    unlock_login(username)
    notify(
        kind=SecurityNotice.LOGIN_UNLOCKED,
        user_ids=[account.pk],
        # A site admin is named as one, not as a judge of the event they acted from.
        context={
            "unlocked_by": actor.public_name,
            "event_name": "" if by_site_admin else event_name,
        },
        link=("accounts:password_reset", {}),
    )
    return record
