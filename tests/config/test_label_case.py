"""Labels read as labels: every form label, legend, table and list heading of the pages
starts with a capital letter, in English and in Spanish ("Tiebreaks", not "tiebreaks")."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

LABEL_TAGS = {"label", "legend", "th", "dt", "caption", "summary", "h1", "h2", "h3"}


class _Labels(HTMLParser):
    """The text of each label-like element (nested ones each on their own)."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[list[str]] = []
        self.texts: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in LABEL_TAGS:
            self.open.append([tag, ""])

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index][0] == tag:
                name, text = self.open.pop(index)
                self.texts.append((name, " ".join(text.split())))
                return

    def handle_data(self, data: str) -> None:
        for item in self.open:
            item[1] += data


def lowercase_labels(html: str) -> list[tuple[str, str]]:
    parser = _Labels()
    parser.feed(html)
    return [(tag, text) for tag, text in parser.texts if text[:1].isalpha() and text[:1].islower()]


def _page(client, name: str, *args, language: str) -> str:
    with translation.override(language):
        path = reverse(name, args=args)
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_event_forms_labels_start_with_a_capital(organiser, event, as_user, language):
    client = as_user(organiser)
    for name, args in (("tournaments:event_new", ()), ("tournaments:event_edit", (event.pk,))):
        page = _page(client, name, *args, language=language)
        assert 'name="tiebreaks"' in page
        assert lowercase_labels(page) == [], name


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_rulings_diff_labels_start_with_a_capital(rulings_data, client, language):
    page = _page(client, "rulings:diff", language=language)
    assert 'id="diff-to"' in page
    assert lowercase_labels(page) == []
