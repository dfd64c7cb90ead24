"""Brute-force protection for every login path (the login page, the admin, the API token).

django-axes records failed logins in the database (so every app server sees them) and
refuses further attempts once a limit is reached, the right password included, until the
cool-off ends or a judge or an admin unlocks the account (which leaves the address's
count as it was: ``unlock_login``). Two limits apply, whichever is reached first:

- by account: ``LOGIN_FAILURES_PER_ACCOUNT`` failures for one username (from anywhere);
- by address: ``LOGIN_FAILURES_PER_ADDRESS`` failures from one client address (for any
  usernames). Higher, because a venue's players share one address behind its router.

This module holds what axes lets a project decide: the client address behind trusted
proxies, the two limits, and the translated lockout answer (a page or a JSON body).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import CharField, Sum, Value
from django.db.models.functions import Cast, Concat
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _


class AccountOrAddressHandler(AxesDatabaseHandler):
    """Axes' database handler with a limit of its own for each lockout parameter.

    ``AXES_LOCKOUT_PARAMETERS`` is ``["username", "ip_address"]``, so the handler gets
    one queryset of attempts per parameter in that order. Axes compares one number with
    ``AXES_FAILURE_LIMIT`` (the account limit); an address over its own limit counts as
    at the account limit.
    """

    def get_failures(self, request: HttpRequest, credentials: dict | None = None) -> int:
        by_account, by_address = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        if by_address >= settings.LOGIN_FAILURES_PER_ADDRESS:
            return max(by_account, settings.LOGIN_FAILURES_PER_ACCOUNT)
        return by_account


# What axes' records hold of a username (``AccessAttempt.username``).
ATTEMPT_USERNAME_CHARS = 255


def attempted_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """Axes' ``AXES_USERNAME_CALLABLE``: the username tried, read as axes reads it, cut to
    what its records hold. No account has a longer one (150 at most), so the login fails
    either way; uncut, PostgreSQL refuses to store it and the login page was a server
    error."""
    field = settings.AXES_USERNAME_FORM_FIELD
    if credentials:
        username = credentials.get(field)
    else:
        username = getattr(request, "data", request.POST).get(field)
    return username[:ATTEMPT_USERNAME_CHARS] if isinstance(username, str) else username


def lockout_message(request: HttpRequest | None = None) -> str:
    minutes = math.ceil(get_cool_off(request).total_seconds() / 60)
    return _(
        "Too many failed logins for this account or from this address. Try again in "
        "%(minutes)s minutes, or ask a judge or an admin to unlock the account."
    ) % {"minutes": minutes}


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """429 with the reason: JSON on the API, the login page with the message elsewhere."""
    message = lockout_message(request)
    retry_after = str(int(get_cool_off(request).total_seconds()))
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"detail": message, "code": "login_locked"}, status=429
        )
    else:
        form = AuthenticationForm(request)
        if credentials and credentials.get("username"):
            form.initial["username"] = credentials["username"]
        response = render(
            request,
            "accounts/login.html",
            {"form": form, "lockout_message": message, "next": request.POST.get("next", "")},
            status=429,
        )
    response["Retry-After"] = retry_after
    return response


# Failed logins of an account whose lock was lifted are kept under this name (and the
# record's id): no account can have it, since usernames hold no "#".
RELEASED_MARK = "#unlocked-"


def unlock_login(username: str) -> int:
    """Lift one account's lock, so it can log in at once: its failed logins stop counting
    for the account but keep counting for the addresses they came from, so lifting a lock
    never gives a guessing address a fresh allowance. Returns how many attempt records were
    released (0 when it had none)."""
    return AccessAttempt.objects.filter(username=username).update(
        username=Concat(Value(username), Value(RELEASED_MARK), Cast("pk", output_field=CharField()))
    )


def account_failure_limit(request: HttpRequest | None, credentials: dict | None) -> int:
    """Axes' ``AXES_FAILURE_LIMIT``: the account limit, read when used (tests change it)."""
    return settings.LOGIN_FAILURES_PER_ACCOUNT


def locked_usernames(usernames: Iterable[str]) -> set[str]:
    """Which of these accounts are locked now (failures within the cool-off), in one query."""
    since = timezone.now() - get_cool_off()
    totals = (
        AccessAttempt.objects.filter(username__in=list(usernames), attempt_time__gte=since)
        .values("username")
        .annotate(total=Sum("failures_since_start"))
    )
    return {
        row["username"] for row in totals if row["total"] >= settings.LOGIN_FAILURES_PER_ACCOUNT
    }
