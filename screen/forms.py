"""The judges' form for the big screen (its shape only; ``screen_set`` decides the rest)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from screen.models import ANNOUNCEMENT_MAX_LENGTH, ScreenMode
from tournaments.models import Event
from tournaments.models.choices import EventFormat


class ScreenForm(forms.Form):
    mode = forms.ChoiceField(label=_("View"), widget=forms.RadioSelect)
    paging_paused = forms.BooleanField(
        label=_("Pause paging (stay on the page shown)"), required=False
    )
    announcement = forms.CharField(
        label=_("Announcement"),
        required=False,
        max_length=ANNOUNCEMENT_MAX_LENGTH,
        help_text=_("One line at the foot of the screen; leave it empty to show none."),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["mode"].choices = [
            (value, label)
            for value, label in ScreenMode.choices
            if value != ScreenMode.DRAFT or event.format == EventFormat.BOOSTER_DRAFT
        ]
