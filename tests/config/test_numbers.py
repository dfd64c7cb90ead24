"""The one reading of a whole number someone typed (``config.numbers``): ASCII digits only,
a bounded length, within bounds; anything else is ``None`` (a form error, a command's usage
error), never ``int``'s own errors."""

from __future__ import annotations

import argparse

import pytest
from django import forms
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from config.number_field import WholeNumberField
from config.numbers import (
    BIGGEST_ID,
    MAX_DIGITS,
    MAX_INTEGER,
    ascii_digits,
    parse_whole_number,
    whole_number_argument,
)
from rulings.deckcheck.index import CardIndex
from rulings.deckcheck.parser import parse_deck_list
from tournaments.forms import ClockAdjustForm, EventForm, FixedTableForm

NOT_ASCII_DIGITS = ["²", "٣", "３", "१", "¹", "½", "Ⅻ", "𝟗"]


@pytest.mark.parametrize(
    ("text", "number"), [("0", 0), ("42", 42), (" 7 ", 7), ("007", 7), ("2147483647", MAX_INTEGER)]
)
def test_ascii_digits_are_read(text, number):
    assert parse_whole_number(text) == number


@pytest.mark.parametrize(
    "text",
    [
        *NOT_ASCII_DIGITS,
        *(f"1{digit}" for digit in NOT_ASCII_DIGITS),
        *("", " ", None, "-1", "+1", "1.0", "1e3", "1_000", "1 000", "0x10", "12a"),
        "2147483648",  # past the default maximum, the largest PostgreSQL ``integer``
        "9" * (MAX_DIGITS + 1),
        "9" * 5000,  # ``int`` refuses more than 4,300 digits with an error of its own
    ],
)
def test_anything_else_is_none(text):
    assert parse_whole_number(text) is None


def test_the_bounds_and_the_length_are_the_callers():
    assert parse_whole_number("9" * 20, maximum=None) == 10**20 - 1
    assert parse_whole_number(str(BIGGEST_ID), maximum=BIGGEST_ID) == BIGGEST_ID
    assert parse_whole_number(str(BIGGEST_ID + 1), maximum=BIGGEST_ID) is None
    assert parse_whole_number("0", minimum=1) is None
    assert parse_whole_number("12", maximum=10) is None
    assert parse_whole_number("123", max_digits=2) is None
    assert parse_whole_number("-12", minimum=-120) == -12  # a sign, when negatives may be
    assert parse_whole_number("-121", minimum=-120) is None
    assert parse_whole_number("-٣", minimum=None) is None
    assert parse_whole_number("--1", minimum=None) is None


@given(st.integers(min_value=0, max_value=BIGGEST_ID))
def test_every_number_reads_back(number):
    assert parse_whole_number(str(number), maximum=None) == number


@given(st.text())
def test_no_text_raises_and_only_ascii_digits_read(text):
    number = parse_whole_number(text, minimum=None, maximum=None)
    if number is not None:
        assert ascii_digits(text.strip().removeprefix("-"))
        assert str(abs(number)) == text.strip().removeprefix("-").lstrip("0") or number == 0


def test_ascii_digits_however_many():
    assert ascii_digits("9" * 5000)
    assert not ascii_digits("")
    assert not any(ascii_digits(d) for d in NOT_ASCII_DIGITS)


# --- the form field -------------------------------------------------------------------------
class NumberForm(forms.Form):
    n = WholeNumberField(min_value=1, max_value=120)
    free = WholeNumberField(required=False)


@pytest.mark.parametrize("text", [*NOT_ASCII_DIGITS, "9" * 5000, "5.0", "+5", "1e2"])
def test_the_form_field_refuses_what_is_no_number(text):
    form = NumberForm({"n": text})
    assert not form.is_valid()
    assert form.errors["n"] == ["Enter a whole number."]


def test_the_form_field_bounds_have_their_messages_in_both_languages():
    form = NumberForm({"n": "9" * 20, "free": "9" * 20})
    assert not form.is_valid()
    assert form.errors["n"] == ["Ensure this value is less than or equal to 120."]
    # Without a maximum of its own, what any integer column holds.
    assert form.errors["free"] == [f"Ensure this value is less than or equal to {MAX_INTEGER}."]
    with translation.override("es"):
        form = NumberForm({"n": "²"})
        assert form.errors["n"] == ["Escribe un número entero."]


def test_the_form_field_reads_numbers_as_before():
    form = NumberForm({"n": " 12 ", "free": "-3"})
    assert form.is_valid()
    assert form.cleaned_data == {"n": 12, "free": -3}
    assert ClockAdjustForm({"minutes": "-5"}).is_valid()
    assert not ClockAdjustForm({"minutes": "-٥"}).is_valid()
    assert FixedTableForm({"table": ""}).is_valid()
    assert not FixedTableForm({"table": "３"}).is_valid()


def test_the_event_form_reads_its_integer_columns_with_it():
    form = EventForm()
    assert isinstance(form.fields["swiss_rounds"], WholeNumberField)
    assert form.fields["swiss_rounds"].min_value == 0


# --- commands and pasted text ---------------------------------------------------------------
def test_a_command_argument_is_read_the_same_way():
    read = whole_number_argument(minimum=1, maximum=BIGGEST_ID)
    assert read("12") == 12
    for text in ("²", "٣", "0", "9" * 5000):
        with pytest.raises(argparse.ArgumentTypeError, match="not a whole number from 1"):
            read(text)


@pytest.mark.django_db
@pytest.mark.parametrize("argument", ["²", "٣", "9" * 5000], ids=["²", "٣", "5000-digits"])
def test_a_command_refuses_an_event_id_that_is_no_number(argument):
    with pytest.raises(CommandError, match="is not a whole number"):
        call_command("export_event", argument, "--what", "players")


def test_a_deck_list_quantity_is_ascii_digits():
    parsed = parse_deck_list("٣ Esporas\n" + "9" * 30 + " Esporas\n2 Esporas", CardIndex([]))
    assert [i.code for i in parsed.errors].count("bad_quantity") == 2


# --- pages ----------------------------------------------------------------------------------
NO_NUMBERS = {
    "superscript-two": "²",
    "arabic-indic": "٣",
    "full-width": "３",
    "5000-digits": "9" * 5000,
}


@pytest.mark.django_db
@pytest.mark.parametrize("value", list(NO_NUMBERS.values()), ids=list(NO_NUMBERS))
def test_an_optional_number_filter_that_is_no_number_is_ignored(round1, value):
    client = Client()
    event = round1.event
    response = client.get(reverse("tournaments:standings", args=[event.pk]), {"round": value})
    assert response.status_code == 200
    csv = client.get(f"/events/{event.pk}/export/standings.csv", {"round": value})
    assert csv.status_code == 200
    assert csv["Content-Disposition"].endswith('standings.csv"')  # not "-round-N"
    screen = client.get(reverse("screen:screen", args=[event.pk]), {"page_seconds": value})
    assert screen.status_code == 200


@pytest.mark.django_db
def test_a_round_no_event_has_is_not_found_however_many_digits(round1):
    client = Client()
    for number in ("99", "9" * 20):
        url = reverse("tournaments:standings", args=[round1.event.pk])
        assert client.get(url, {"round": number}).status_code == 404
        csv = f"/events/{round1.event.pk}/export/standings.csv"
        assert client.get(csv, {"round": number}).status_code == 404


@pytest.mark.django_db
def test_a_bulk_line_of_too_many_digits_is_refused_in_the_preview(event, judge, as_user):
    """The bulk add's preview reads a 4,400-digit line as a number nobody has (never ``int``
    past its limit) and the other line as a walk-in; nothing is created before the judge
    confirms."""
    response = as_user(judge).post(
        reverse("tournaments:judge_players", args=[event.pk]),
        {"lines": "9" * 4400 + "\nWalk In"},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Nobody has the player number 9999" in page
    assert "Walk In" in page
    assert not event.registrations.exists()
