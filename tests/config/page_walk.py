"""Walks the site's pages (not the API, whose schema ``schema_walk`` walks): every URL pattern
filled with real objects, the parameters each view reads from the query string and the form
body (recorded as it reads them), and the forms each page renders.

A view's reads are found by running it: ``request.GET`` and ``request.POST`` are query dicts
that note every name asked for (``get``, ``[]``, ``getlist``, ``in``), so a parameter read
only when another is present (``"lines" in request.POST``) is found by asking again with that
one given. Forms are read from the rendered HTML, their hidden fields and defaults kept, so a
form posted with one field changed reaches the view as a browser's would.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlencode, urlsplit

import django.core.handlers.wsgi
import django.http.request
import pytest
from django.http import HttpResponse, QueryDict
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404

FORM = "application/x-www-form-urlencoded"
# Not pages: the API (walked through its schema), Django's admin, the draft's event stream
# (served by the ASGI server, it holds the connection open) and uploaded files (pictures).
NOT_PAGES = ("api/", "admin/", "^admin/", "live/", "media/")


# --- the URL map ---------------------------------------------------------------------------
def _routes(patterns: list, prefix: str = "") -> Iterator[tuple[str, str]]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern.lookup_str


def page_routes() -> list[tuple[str, str]]:
    """(route, the view's dotted path) of every page of the site."""
    return [
        (route, view)
        for route, view in _routes(get_resolver().url_patterns)
        if not route.startswith(NOT_PAGES)
    ]


PARAMETER = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")


def fill_route(route: str, values: dict[str, list[str]]) -> list[str]:
    """Every path the route gives with ``values[name]`` in place of each ``<converter:name>``
    (all combinations; a name without values makes no path)."""
    paths = ["/" + route]
    for match in PARAMETER.finditer(route):
        choices = values.get(match.group("name"), [])
        paths = [p.replace(match.group(0), str(v), 1) for p in paths for v in choices]
    return paths


# --- what a view reads ---------------------------------------------------------------------
@dataclass
class Reads:
    """The names a request's view asked for, by where: "GET" (the query) or "POST" (the
    body); ``tested`` those it asked about with ``in`` (a branch: "lines" in request.POST)."""

    names: dict[str, list[str]] = field(default_factory=lambda: {"GET": [], "POST": []})
    tested: dict[str, list[str]] = field(default_factory=lambda: {"GET": [], "POST": []})

    def note(self, where: str, name: object, *, tested: bool = False) -> None:
        if isinstance(name, str):
            for kept in (self.names, self.tested) if tested else (self.names,):
                if name not in kept[where]:
                    kept[where].append(name)


_reads = Reads()


def _recording(where: str) -> type[QueryDict]:
    class Recording(QueryDict):
        def __getitem__(self, key):  # type: ignore[no-untyped-def]
            _reads.note(where, key)
            return super().__getitem__(key)

        def get(self, key, default=None):  # type: ignore[no-untyped-def]
            _reads.note(where, key)
            return super().get(key, default)

        def getlist(self, key, default=None):  # type: ignore[no-untyped-def]
            _reads.note(where, key)
            return super().getlist(key, default)

        def __contains__(self, key):  # type: ignore[no-untyped-def]
            _reads.note(where, key, tested=True)
            return super().__contains__(key)

    Recording.__name__ = f"Recording{where}"
    return Recording


def record_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on (to the end of the test), every request's query and form body (url-encoded:
    the walk sends no files) note the names read from them."""
    monkeypatch.setattr(django.core.handlers.wsgi, "QueryDict", _recording("GET"))
    monkeypatch.setattr(django.http.request, "QueryDict", _recording("POST"))


# --- forms in a page -----------------------------------------------------------------------
@dataclass
class PageForm:
    method: str
    action: str
    fields: list[tuple[str, str, str]]  # (name, value, kind: the input's type or the tag)


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[PageForm] = []
        self._select: str | None = None
        self._first_option = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(PageForm(a.get("method", "get").lower(), a.get("action", ""), []))
        elif not self.forms:
            return
        elif tag in ("input", "button", "textarea") and a.get("name"):
            kind = a.get("type", "text" if tag == "input" else tag).lower()
            if kind in ("checkbox", "radio") and "checked" not in a:
                kind = f"unchecked {kind}"
            if tag == "button" and kind not in ("submit", "button"):
                kind = "submit"
            self.forms[-1].fields.append((a["name"], a.get("value", ""), kind))
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
            self._first_option = True
            self.forms[-1].fields.append((a["name"], "", "select"))
        elif tag == "option" and self._select and self._first_option:
            name, _value, kind = self.forms[-1].fields[-1]
            self.forms[-1].fields[-1] = (name, a.get("value", ""), kind)
            self._first_option = "selected" in a
        elif tag == "option" and self._select and "selected" in a:
            name, _value, kind = self.forms[-1].fields[-1]
            self.forms[-1].fields[-1] = (name, a.get("value", ""), kind)

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def page_forms(html: str, page_path: str) -> list[PageForm]:
    """The forms of a page, each with its action made a path (empty: the page itself)."""
    parser = _Forms()
    parser.feed(html)
    for form in parser.forms:
        action = urlsplit(form.action or page_path)
        form.action = (action.path or page_path) + (f"?{action.query}" if action.query else "")
    return parser.forms


def form_fields(form: PageForm) -> tuple[dict[str, str], list[str]]:
    """What a browser submits with the form, split in two: the fields kept as they are (the
    first submit button, hidden fields that are no number: which action the form is for),
    and the names of the others, which a person or a page's script may fill."""
    kept: dict[str, str] = {}
    filled: list[str] = []
    buttons = [f for f in form.fields if f[2] == "submit"]
    for name, value, kind in form.fields:
        if name in kept or name in filled or kind in ("file", "button"):
            continue
        if kind == "submit":
            if (name, value, kind) == buttons[0]:
                kept[name] = value
        elif kind == "hidden" and not (value.isascii() and value.isdigit()):
            kept[name] = value
        else:
            filled.append(name)
    return kept, filled


def route_of(path: str) -> str | None:
    """The URL pattern a path resolves to, or None outside the site's pages."""
    try:
        match = resolve(urlsplit(path).path)
    except Resolver404:
        return None
    return match.route


# --- requests ------------------------------------------------------------------------------
def _request(client: Client, method: str, path: str, data: dict[str, str]) -> HttpResponse:
    """One request (a form body for a POST) that leaves the client's cookies as they were:
    logging out, or in as someone else, is undone with the rest."""
    cookies = copy.deepcopy(client.cookies)
    try:
        if method == "get":
            return client.get(path, data)
        return client.post(path, urlencode(data), content_type=FORM)
    finally:
        client.cookies = cookies


def send(client: Client, method: str, path: str, data: dict[str, str]) -> int:
    """The status one request got."""
    return _request(client, method, path, data).status_code


def reads_of(
    client: Client, method: str, path: str, data: dict[str, str]
) -> tuple[HttpResponse, Reads]:
    """The response to one request and the names its view read."""
    global _reads
    _reads = Reads()
    return _request(client, method, path, data), _reads
