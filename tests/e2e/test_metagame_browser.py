"""A site admin reads the metagame: the charts are drawn (the vendored Chart.js runs under
the site's content security policy), each beside its table, and a watch-listed card's trend
reads before and since it was listed."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import login
from tests.factories import DEMO_PASSWORD, UserFactory
from tests.metagame.world import World

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def scene(db):
    from rulings.models import DocumentEntry, DocumentVersion, RulingsDocument

    admin = UserFactory(username="boss", display_name="Site Boss", is_staff=True, is_superuser=True)
    w = World(admin)
    doc, _ = RulingsDocument.objects.get_or_create(
        slug="humankind-dar", defaults={"title_en": "DAR", "title_es": "DAR"}
    )
    version = DocumentVersion.objects.create(
        document=doc, number=1, status="published", published_on=dt.date(2026, 1, 31)
    )
    DocumentEntry.objects.create(version=version, section="watch_list", key="x", card=w.x)
    for day in (dt.date(2026, 1, 10), dt.date(2026, 2, 14)):
        event = w.event(day)
        q = [w.player(event, w.sq, {w.x: 3}) for _ in range(2)]
        c = [w.player(event, w.sc) for _ in range(2)]
        w.match(q[0], c[0], "a")
        w.match(q[1], c[1], "b")
    return admin


def test_admin_reads_the_charts_and_a_watch_listed_cards_trend(site, page, scene):
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    login(page, site, "boss", DEMO_PASSWORD)
    page.goto(f"{site}/rulings/metagame/")
    expect(page.get_by_test_id("metagame-totals")).to_have_text("8 deck lists, 4 played matches.")
    # Chart.js drew the share chart: it marks the canvas it owns.
    chart = page.locator("#chart-sanctuaries")
    expect(chart).to_have_attribute("role", "img")
    page.wait_for_function(
        "() => window.Chart && Chart.getChart('chart-sanctuaries') !== undefined"
    )
    page.wait_for_function("() => Chart.getChart(document.querySelector('canvas.chart-watch'))")
    watch = page.get_by_test_id("metagame-watch")
    expect(watch).to_contain_text("Card X")
    # listed on 2026-02-01: January's event before, February's since
    expect(
        watch.get_by_role("row", name=re.compile("^Card X 2026-02-01 Before 2026-01-01"))
    ).to_be_visible()
    expect(
        watch.get_by_role("row", name=re.compile("^Card X 2026-02-01 Since 2026-02-01"))
    ).to_be_visible()
    expect(page.get_by_test_id("metagame-heat")).to_contain_text("mirror: 0")
    assert not [e for e in errors if "Content Security Policy" in e or "Chart" in e], errors
