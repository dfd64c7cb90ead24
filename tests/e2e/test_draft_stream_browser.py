"""The drafter's page with the stream server, in a real browser: the whole site served by
uvicorn (the ASGI process a production set-up runs the streams on) against the test
database, with Redis carrying the pods' news. The drafter picks and waits; the other drafter
picks through the services in the test's own process, which ends the step; the stream sends
the drafter's next pack as data and the page draws it from the card list it loaded, without
fetching its part (counted from the browser's own requests), exactly as the part would show
it. A change that sends no pack (a judge's extension) makes the page fetch its part, as
before."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from drafts.models import DraftSeat, Pick, Pod
from drafts.services import draft_pick, draft_start, pod_extend
from drafts.services.flow import step_view
from drafts.views.drafter import STREAM_SAFETY_POLL_SECONDS
from tests.celery_worker import ROOT, reachable, redis_url
from tests.drafts.helpers import database_url
from tests.e2e.test_draft_browser import booster_event
from tests.e2e.test_swiss_event_browser import watch
from tests.rulings.pictures import give_odd_cards_a_picture

pytestmark = pytest.mark.django_db(transaction=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def stream_site(settings):
    url = redis_url()
    if not reachable(url):
        pytest.skip(f"no Redis at {url}")
    port = free_port()
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "uvicorn", "config.asgi:application"),
            *("--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"),
        ],
        cwd=ROOT,
        env={
            **os.environ,
            "DATABASE_URL": database_url(),
            "REDIS_URL": url,
            "DRAFT_STREAM": "1",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            # the test run's uploaded pictures
            "MEDIA_ROOT": str(settings.MEDIA_ROOT),
            "SERVE_MEDIA": "1",
        },
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield base, url
    finally:
        server.terminate()
        server.wait(10)


# What a part of the page looks like, attribute by attribute and text by text (whitespace
# folded), leaving out what differs between two renderings of the same state: the CSRF
# token (each page has its own) and the countdown's server time and ticking text.
DESCRIBE = """root => {
  const out = [];
  const walk = node => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent.replace(/\\s+/g, " ").trim();
      if (text && !(node.parentElement && node.parentElement.classList.contains("countdown"))) {
        out.push("text " + text);
      }
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) { return; }
    const attrs = Array.from(node.attributes)
      .filter(a => !["data-server-now", "style"].includes(a.name))
      .filter(a => !(a.name === "value" && node.name === "csrfmiddlewaretoken"))
      .filter(a => !(a.name === "class" && node.classList.contains("countdown")))
      .map(a => a.name + "=" + a.value).sort();
    out.push("<" + node.tagName.toLowerCase() + " " + attrs.join(" "));
    node.childNodes.forEach(walk);
  };
  walk(root);
  return out;
}"""


def fragment_as_the_page_reads_it(page: Page, client: Client, language: str) -> list[str]:
    """The drafter's part as the server renders it now (asked by the test's own client, so
    the browser sends nothing), described in the page as ``DESCRIBE`` reads the page's."""
    url = page.get_by_test_id("draft-live").get_attribute("hx-get").split("?")[0] + "?v=0"
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return page.evaluate(
        f"""html => {{
          const box = document.createElement("div");
          box.innerHTML = html;
          return ({DESCRIBE})(box.firstElementChild);
        }}""",
        html,
    )


def other_picks(seat: DraftSeat, player, step: tuple[int, int]) -> None:
    card = step_view(Pod.objects.get(pk=seat.pod_id)).cards[seat.pk][0]
    draft_pick(
        actor=player,
        pod_id=seat.pod_id,
        pack_round=step[0],
        pick_number=step[1],
        card_instance_id=card.pk,
    )


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en-GB", ("Pack 1, pick 2", "Pack 1, pick 3", "40 seconds for this pick")),
        ("es-ES", ("Sobre 1, elección 2", "Sobre 1, elección 3", "40 segundos para esta elección")),
    ],
)
def test_the_page_draws_each_next_pack_from_its_stream(
    stream_site, browser, browser_context_args, settings, locale, words
):
    base, url = stream_site
    # This process's picks publish the news and leave the pod's state in the cache the
    # server reads, as the app servers of a site do.
    settings.REDIS_URL = url
    settings.DRAFT_STREAM = True
    settings.CACHES = {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": url}}
    event, judge, regs = booster_event(2, bots=0, auction=False, prefix=f"e2st{locale[:2]}")
    give_odd_cards_a_picture()  # cards drawn with their picture, others with their text
    draft_start(actor=judge, event_id=event.pk)
    language = locale[:2]
    client = Client()
    client.force_login(regs[0].player)
    context = browser.new_context(**{**browser_context_args, "locale": locale})
    try:
        drafting(context.new_page(), base, client, event, judge, regs, language, words)
    finally:
        context.close()


def drafting(page: Page, base: str, client: Client, event, judge, regs, language, words):
    other = regs[1].player
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    problems: list[str] = []
    watch(page, problems)
    fetched: list[str] = []  # the drafter's part fetched (a 200 with the fragment)
    page.on(
        "response",
        lambda r: fetched.append(r.url) if "/live/?v=" in r.url and r.status == 200 else None,
    )
    page.set_default_timeout(10_000)
    page.goto(f"{base}/events/{event.pk}/draft/")
    live = page.get_by_test_id("draft-live")
    expect(live).to_have_attribute(
        "hx-trigger", f"every {STREAM_SAFETY_POLL_SECONDS}s, op:expired delay:300ms, op:changed"
    )
    expect(page.get_by_test_id("pack-card")).to_have_count(12)
    pod = Pod.objects.get(draft__event=event)
    # The stream is open once it has said the pod's version (its subscription made first).
    expect(page.locator("[data-pod-stream]")).to_have_attribute("data-heard", str(pod.version))
    seat = DraftSeat.objects.get(registration=regs[1])

    for pick, heading, cards in ((1, words[0], 11), (2, words[1], 10)):
        page.get_by_test_id("pack-card").first.click()  # chosen
        page.get_by_test_id("take-card").click()  # taken, through the page's script
        expect(page.get_by_test_id("waiting")).to_be_visible()
        other_picks(seat, other, (1, pick))  # the step ends
        expect(page.get_by_test_id("step")).to_have_text(heading)
        expect(page.get_by_test_id("pack-card")).to_have_count(cards)
        version = Pod.objects.get(pk=seat.pod_id).version
        expect(live).to_have_attribute("data-version", str(version))
        # Drawn from the stream's data, not fetched; and just as the fragment shows it.
        assert fetched == []
        drawn = live.evaluate(DESCRIBE)
        assert drawn == fragment_as_the_page_reads_it(page, client, language)
        assert any(line.startswith("text ") and heading in line for line in drawn)
    expect(page.get_by_test_id("clock")).to_have_text(re.compile(r"^\d+:\d\d$"))  # it counts
    expect(page.get_by_test_id("direction")).to_contain_text(words[2])

    # A change that sends no pack: the page fetches its part, as without the data.
    pod_extend(actor=judge, pod_id=seat.pod_id, seconds=60)
    version = Pod.objects.get(pk=seat.pod_id).version
    expect(live).to_have_attribute("data-version", str(version))
    assert len(fetched) == 1, fetched
    expect(page.get_by_test_id("pack-card")).to_have_count(10)
    # The drawn form picks like the rendered one.
    page.get_by_test_id("pack-card").first.click()
    page.get_by_test_id("take-card").click()
    expect(page.get_by_test_id("waiting")).to_be_visible()
    assert Pick.objects.filter(seat__registration=regs[0], pick_number=3).exists()
    assert problems == []
