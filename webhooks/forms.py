"""The organiser's webhook form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from config.converters import BIGGEST_ID
from config.number_field import WholeNumberField
from webhooks.core.addresses import MAX_URL_LENGTH
from webhooks.kinds import Kind


class EndpointForm(forms.Form):
    url = forms.CharField(
        label=_("URL"),
        max_length=MAX_URL_LENGTH,
        help_text=_("Where the site sends a signed POST for each event chosen below."),
    )
    description = forms.CharField(label=_("Description"), max_length=100, required=False)
    kinds = forms.MultipleChoiceField(
        label=_("Send"),
        choices=Kind.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=list(Kind.values),
    )
    active = forms.BooleanField(label=_("Active"), required=False, initial=True)


class NewEndpointForm(EndpointForm):
    all_events = forms.BooleanField(
        label=_("For all my events"),
        required=False,
        help_text=_("Also for every event you organise, now and later."),
    )


class DeliveryForm(forms.Form):
    delivery = WholeNumberField(min_value=1, max_value=BIGGEST_ID)
