"""Accessibility checks for the browser tests: axe-core (bundled by the PyPI package
axe-playwright-python) run on a page, and a bounded crawl of the pages a person reaches
from the home page by following links."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import parse_qsl, urldefrag, urlsplit

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# What fails the run; "moderate" and "minor" findings are not counted.
SERIOUS = ("serious", "critical")

# Links not followed: leaving the session, files rather than pages (card pictures under
# /media/ too), the language switch and the live streams, the API's own pages, the feed
# (XML), and Django admin's pages past its index (Django's own templates). No link changes
# anything: every change is a form posted (the views refuse a GET), so none is left out for
# that.
SKIPPED_PATH = re.compile(
    r"(/logout/|/i18n/|^/live/|^/api/|^/media/|/feed/$|\.(csv|xlsx|json|xml|txt|svg|png|pdf|webp)$)"
)
LANGUAGE_PREFIX = re.compile(r"^/[a-z]{2}/")
ADMIN = re.compile(r"^/admin/")
ADMIN_INDEX = re.compile(r"^/admin/$")
# Pages that read the same whoever reads them (the rulings and the games' tools, which link
# only to each other; the header aside, which every other page shows): crawled by the
# anonymous reader only (not the metagame desk: site admins see more there).
SAME_FOR_EVERYONE = re.compile(r"^/(rulings/(?!events/|decks/|metagame/)|games/)")
# An event's own front pages (public and staff) show what state it is in (registration,
# rounds, a draft) and link to the pages of that state: one for each event.
EVENT_FRONT = re.compile(r"^/events/\d+/(judge/)?$")
NUMBER = re.compile(r"/\d+(?=/|$)")
# Query parameters that choose which rows a page shows, or where to go next, not what the
# page is made of: left out of the route, as ids are.
ROW_CHOICES = {"next", "round", "page", "q", "edition", "status"}

_AXE = Axe()

# Clears every timer the page has set (polls, countdowns, the big screen's paging): nothing
# changes the page while axe reads it. Timer ids are counted up per window, and
# setTimeout and setInterval share them.
_HOLD_STILL = """() => {
  const last = window.setTimeout(() => {}, 0);
  for (let id = 0; id <= last; id++) { window.clearTimeout(id); window.clearInterval(id); }
}"""

# axe.run, refused if it has not answered within a minute (a wait with no end otherwise).
_RUN = """options => Promise.race([
  axe.run(document, options),
  new Promise((_, refuse) => window.setTimeout(() => refuse(new Error("axe: no answer")), 60000)),
])"""


@dataclass(frozen=True)
class Finding:
    rule: str
    impact: str
    page: str
    size: str
    target: str
    help: str

    def line(self) -> str:
        return f"{self.rule} ({self.impact}) {self.page} [{self.size}]: {self.target} — {self.help}"


def route_key(url: str, *, anonymous: bool) -> str | None:
    """The route a link leads to, ids, query values and ROW_CHOICES left out (an event's
    front pages keep the event's id), or None for a link not to follow."""
    parts = urlsplit(url)
    path = LANGUAGE_PREFIX.sub("/", parts.path)  # a crawl keeps to one language
    if SKIPPED_PATH.search(path):
        return None
    if ADMIN.search(path) and not ADMIN_INDEX.search(path):
        return None
    if not anonymous and SAME_FOR_EVERYONE.search(path):
        return None
    names = sorted(
        {name for name, _value in parse_qsl(parts.query, keep_blank_values=True)} - ROW_CHOICES
    )
    route = path if EVENT_FRONT.search(path) else NUMBER.sub("/<id>", path)
    return route + ("?" + "&".join(names) if names else "")


def axe_findings(page: Page, size: str) -> list[Finding]:
    """The serious and critical violations axe finds on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_AXE.axe_script)
    results = page.evaluate(_RUN, {"resultTypes": ["violations"]})
    path = urlsplit(page.url)
    where = path.path + (f"?{path.query}" if path.query else "")
    return [
        Finding(
            rule=violation["id"],
            impact=violation["impact"],
            page=where,
            size=size,
            target=" ".join(str(part) for part in node["target"]),
            help=violation["help"],
        )
        for violation in results["violations"]
        if violation["impact"] in SERIOUS
        for node in violation["nodes"]
    ]


# Counts the page's own requests still out (fetch and XMLHttpRequest, htmx's included).
COUNT_REQUESTS = """(() => {
  window.__pending = 0;
  const done = () => { window.__pending -= 1; };
  const fetch = window.fetch;
  window.fetch = function (...args) {
    window.__pending += 1;
    return fetch.apply(this, args).finally(done);
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    window.__pending += 1;
    this.addEventListener("loadend", done, { once: true });
    return send.apply(this, args);
  };
})();"""


def hold_still(page: Page) -> None:
    """Stop the page's timers, then wait until the requests it has already sent are back
    (the context runs COUNT_REQUESTS in every page)."""
    page.evaluate(_HOLD_STILL)
    page.wait_for_function("() => window.__pending === 0")


def same_site_links(page: Page, origin: str) -> list[str]:
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    found = []
    for href in hrefs:
        url, _fragment = urldefrag(href)
        if url.startswith(origin + "/"):
            found.append(url)
    return found


def crawl(
    page: Page, origin: str, start: str, *, anonymous: bool, limit: int
) -> Iterator[tuple[str, str]]:
    """Open each route reachable from ``start`` once (the first link found to it), breadth
    first; yields the route and the URL with the page loaded, for the caller to check it.
    Stops with an error past ``limit`` routes, so a link pattern the keys do not fold shows
    at once."""
    queue = [(route_key(origin + start, anonymous=anonymous), origin + start)]
    seen = {queue[0][0]}
    while queue:
        key, url = queue.pop(0)
        response = page.goto(url, wait_until="load")
        assert response is not None and response.ok, f"{url}: {response and response.status}"
        yield key, url
        for link in same_site_links(page, origin):
            key = route_key(link, anonymous=anonymous)
            if key is None or key in seen:
                continue
            seen.add(key)
            assert len(seen) <= limit, f"more than {limit} routes from {start}: {sorted(seen)}"
            queue.append((key, link))
