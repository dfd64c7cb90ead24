"""Forms of deck lists, card pools and deck checks."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from decklists.models import DeckCheckOutcome
from rulings.deckcheck import MAX_LIST_CHARS

DECK_LIST_HELP = _(
    "One line per card with its quantity: “3 Garphades”, “3x Garphades”, “2 DV 60” or "
    "“1 Sartre (DV 60/280)”. Include your Sanctuary. Names may leave out accents; lines "
    "starting with # are ignored."
)


class DeckListForm(forms.Form):
    text = forms.CharField(
        label=_("Deck list"),
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}),
        max_length=MAX_LIST_CHARS,
        help_text=DECK_LIST_HELP,
    )


class PlayerDeckListForm(forms.Form):
    """A judge enters a player's list: typed, pasted or uploaded as a text file."""

    text = forms.CharField(
        label=_("Deck list"),
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}),
        max_length=MAX_LIST_CHARS,
        required=False,
        help_text=DECK_LIST_HELP,
    )
    upload = forms.FileField(
        label=_("Or upload a text file"),
        required=False,
        help_text=_("A plain text file (.txt) in the same shape; it replaces the text above."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("upload")
        if upload is not None:
            if upload.size > MAX_LIST_CHARS * 4:
                self.add_error(
                    "upload",
                    forms.ValidationError(
                        _("The file is too large for a deck list."), code="too_large"
                    ),
                )
                return data
            try:
                # Strict UTF-8: bytes that are not text, an encoded lone surrogate among
                # them, are refused here.
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error(
                    "upload",
                    forms.ValidationError(
                        _("The file is not plain text (UTF-8)."), code="not_text"
                    ),
                )
                return data
            try:
                # The typed text's own checks (its length, NUL characters), with the same
                # messages: an uploaded list is text like a typed one.
                data["text"] = self.fields["text"].clean(text)
            except forms.ValidationError as exc:
                self.add_error("upload", exc)
                return data
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Type, paste or upload the list."), code="empty")
        return data


class CardPoolForm(forms.Form):
    text = forms.CharField(
        label=_("Card pool"),
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}),
        max_length=MAX_LIST_CHARS,
        help_text=_("Every card the player may build from, in the same shape as a deck list."),
    )
    source = forms.ChoiceField(
        label=_("Source"),
        choices=[("sealed", _("Sealed product")), ("draft", _("Draft")), ("judge", _("Judge"))],
        initial="sealed",
    )


class RandomPickForm(forms.Form):
    count = forms.IntegerField(label=_("How many lists"), min_value=1, max_value=50, initial=2)


class DeckCheckForm(forms.Form):
    """A deck check as the judge records it; the service checks it against the event."""

    registration = forms.TypedChoiceField(label=_("Player"), coerce=int)
    outcome = forms.ChoiceField(
        label=_("Outcome"), choices=DeckCheckOutcome.choices, widget=forms.RadioSelect
    )
    note = forms.CharField(
        label=_("Note"),
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Required when discrepancies were found: what differed from the list."),
    )
    round = forms.TypedChoiceField(label=_("Round"), coerce=int, required=False, empty_value=None)
    penalty = forms.TypedChoiceField(
        label=_("Penalty given"), coerce=int, required=False, empty_value=None
    )
    checked_at = forms.DateTimeField(
        label=_("Checked at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Leave empty for now."),
    )
    drawn_at_random = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        players: list[tuple[int, str]],
        rounds: list[tuple[int, str]],
        penalties: list[tuple[int, str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["registration"].choices = [("", "—"), *players]
        self.fields["round"].choices = [("", _("The current round")), *rounds]
        self.fields["penalty"].choices = [("", _("None")), *penalties]
