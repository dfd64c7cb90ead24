from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rulings.core.csvimport import MAX_CSV_BYTES


class DateForm(forms.Form):
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )


class PublishForm(forms.Form):
    published_on = forms.DateField(
        label=_("Publication date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("The version is in force from the day after. It cannot be in the past."),
    )
    confirm = forms.BooleanField(
        label=_("I have checked the changes: publish this version and freeze it."),
        required=True,
    )


class CatalogueImportForm(forms.Form):
    editions = forms.FileField(
        label=_("Editions file (CSV)"),
        required=False,
        help_text=_("Columns: code, name, set_size, release_date."),
    )
    cards = forms.FileField(
        label=_("Cards file (CSV)"),
        required=False,
        help_text=_(
            "Columns: edition, number, name, type, faction, cost, rarity, sample; optionally "
            "the rules texts text_es and text_en (a file without them keeps the cards' texts). "
            "Pictures are given on each card's page, or many at once with the "
            "import_card_pictures command."
        ),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("editions") and not data.get("cards"):
            raise forms.ValidationError(_("Choose an editions file, a cards file or both."))
        for name in ("editions", "cards"):
            upload = data.get(name)
            if upload and upload.size > MAX_CSV_BYTES:  # False: a "-clear" box sent
                self.add_error(
                    name,
                    _("The file is too large (%(size)s bytes; at most %(limit)s).")
                    % {"size": upload.size, "limit": MAX_CSV_BYTES},
                )
        return data
