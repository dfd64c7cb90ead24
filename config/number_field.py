"""Whole numbers in forms: ``config.numbers.parse_whole_number`` as a form field, and a
model form's integer columns read by it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import models

from config.numbers import MAX_INTEGER, parse_whole_number


class WholeNumberField(forms.IntegerField):
    """A form's whole number, read by ``parse_whole_number``: Django's ``IntegerField``
    takes the digits of any script and "5.0". Bounded by ``min_value`` and ``max_value``
    with Django's messages; the maximum defaults to ``MAX_INTEGER`` (what every integer
    column holds), the minimum to ``-MAX_INTEGER - 1``."""

    def __init__(
        self,
        *,
        max_value: int | None = MAX_INTEGER,
        min_value: int | None = -MAX_INTEGER - 1,
        **kwargs: Any,
    ) -> None:
        super().__init__(max_value=max_value, min_value=min_value, **kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value  # an initial value, or data given as numbers
        number = parse_whole_number(str(value), minimum=None, maximum=None)
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number


def whole_number_formfield(db_field: models.Field, **kwargs: Any) -> forms.Field | None:
    """A model form's ``formfield_callback``: an integer column without choices is read
    by ``WholeNumberField``, every other column by its usual form field."""
    if isinstance(db_field, models.IntegerField) and not db_field.choices:
        kwargs.setdefault("form_class", WholeNumberField)
    return db_field.formfield(**kwargs)
