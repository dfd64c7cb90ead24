"""The drafter's page with the stream server, in a real browser: the whole site served by
uvicorn (the ASGI process a production set-up runs the streams on) against the test
database, with Redis carrying the pods' news. The drafter picks and waits; the other drafter
picks through the services in the test's own process; the page shows the next pack within
about a second, though it now polls only every 20 s: it was told by its stream."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from drafts.models import DraftSeat, Pod
from drafts.services import draft_pick, draft_start
from drafts.services.flow import step_view
from drafts.views.drafter import STREAM_SAFETY_POLL_SECONDS
from tests.celery_worker import ROOT, reachable, redis_url
from tests.drafts.helpers import database_url
from tests.e2e.test_draft_browser import booster_event

pytestmark = pytest.mark.django_db(transaction=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def stream_site():
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


def test_the_page_shows_the_next_pack_when_its_stream_says_so(stream_site, page: Page, settings):
    base, url = stream_site
    # This process's picks publish the news and leave the pod's state in the cache the
    # server reads, as the app servers of a site do.
    settings.REDIS_URL = url
    settings.DRAFT_STREAM = True
    settings.CACHES = {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": url}}
    event, judge, regs = booster_event(2, bots=0, auction=False, prefix="e2st")
    draft_start(actor=judge, event_id=event.pk)
    me, other = regs[0].player, regs[1].player
    client = Client()
    client.force_login(me)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if "/live/?v=" in r.url else None)
    page.set_default_timeout(10_000)
    page.goto(f"{base}/events/{event.pk}/draft/")
    live = page.get_by_test_id("draft-live")
    expect(live).to_have_attribute(
        "hx-trigger", f"every {STREAM_SAFETY_POLL_SECONDS}s, op:expired delay:300ms, op:changed"
    )
    expect(page.get_by_test_id("pack-card")).to_have_count(12)
    page.get_by_test_id("pack-card").first.click()  # chosen
    page.get_by_test_id("take-card").click()  # taken
    expect(page.get_by_test_id("waiting")).to_be_visible()
    fetched.clear()

    seat = DraftSeat.objects.get(registration=regs[1])
    card = step_view(Pod.objects.get(pk=seat.pod_id)).cards[seat.pk][0]
    draft_pick(
        actor=other, pod_id=seat.pod_id, pack_round=1, pick_number=1, card_instance_id=card.pk
    )
    told = time.monotonic()
    expect(page.get_by_test_id("step")).to_have_text("Pack 1, pick 2", timeout=5_000)
    shown_after = time.monotonic() - told
    expect(page.get_by_test_id("pack-card")).to_have_count(11)
    assert shown_after < 3, shown_after
    # One fetch of the drafter's part, on the stream's word; no poll in between.
    assert len(fetched) == 1, fetched
    assert Pod.objects.get(pk=seat.pod_id).pick_number == 2
