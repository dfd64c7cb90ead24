from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from rest_framework.authtoken.models import Token

from accounts.forms import NotificationPreferencesForm, ProfileForm, SignUpForm
from accounts.selectors import notification_preferences_of
from accounts.services import notification_preferences_set


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    after = safe_next(request)
    if request.user.is_authenticated:
        return HttpResponseRedirect(after or reverse("home"))
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:
            # Two sign-ups with one e-mail at the same instant: the constraint decides.
            form.add_error("email", _("An account with this e-mail address already exists."))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                _("Welcome, %(name)s. Your player number is %(number)s.")
                % {"name": user.public_name, "number": user.player_number},
            )
            return HttpResponseRedirect(after or reverse("home"))
    return render(request, "accounts/signup.html", {"form": form, "next": after or ""})


def safe_next(request: HttpRequest) -> str | None:
    """Where the page that sent the person here asked to return (``?next=``, or the form's
    hidden field), if it is a page of this site; as Django's own log-in view checks it.
    An address, never the name of a URL pattern: redirect it with ``HttpResponseRedirect``
    (``redirect("x")`` would look up a pattern called "x" and fail)."""
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                form.save()
        except IntegrityError:
            form.add_error("email", _("An account with this e-mail address already exists."))
        else:
            messages.success(request, _("Your profile was saved."))
            return redirect("accounts:profile")
    return _profile_page(request, form=form)


def _profile_page(
    request: HttpRequest,
    *,
    form: ProfileForm | None = None,
    notifications_form: NotificationPreferencesForm | None = None,
) -> HttpResponse:
    if notifications_form is None:
        preferences = notification_preferences_of(request.user)
        initial = {"language": request.LANGUAGE_CODE} if preferences._state.adding else {}
        notifications_form = NotificationPreferencesForm(instance=preferences, initial=initial)
    context = {
        "form": form or ProfileForm(instance=request.user),
        "notifications_form": notifications_form,
        "has_token": Token.objects.filter(user=request.user).exists(),
    }
    return render(request, "accounts/profile.html", context)


@login_required
@require_POST
def notification_preferences(request: HttpRequest) -> HttpResponse:
    form = NotificationPreferencesForm(
        request.POST, instance=notification_preferences_of(request.user)
    )
    if not form.is_valid():
        return _profile_page(request, notifications_form=form)
    notification_preferences_set(user=request.user, changes=form.cleaned_data)
    messages.success(request, _("Your e-mail choices were saved."))
    return redirect("accounts:profile")


@login_required
@require_POST
def revoke_token(request: HttpRequest) -> HttpResponse:
    deleted, _rows = Token.objects.filter(user=request.user).delete()
    if deleted:
        messages.success(
            request, _("Your API token was revoked; programs using it are logged out.")
        )
    return redirect("accounts:profile")
