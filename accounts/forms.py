from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import NotificationKind, NotificationPreferences, User
from accounts.selectors import email_in_use


class SignUpForm(UserCreationForm):
    class Meta:
        model = User
        fields = ("username", "display_name", "email")
        help_texts = {"username": _("Letters, digits and @/./+/-/_ only; used to log in.")}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].required = True
        self.fields["display_name"].required = True

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if email_in_use(email):
            raise forms.ValidationError(
                _("An account with this e-mail address already exists."), code="duplicate_email"
            )
        return email


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if email_in_use(email, exclude_pk=self.instance.pk):
            raise forms.ValidationError(
                _("An account with this e-mail address already exists."), code="duplicate_email"
            )
        return email


class NotificationPreferencesForm(forms.ModelForm):
    """Which e-mails the person wants, one checkbox per kind, and their language."""

    class Meta:
        model = NotificationPreferences
        fields = (*NotificationKind.values, "language")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [("", _("The site's language")), *settings.LANGUAGES]
