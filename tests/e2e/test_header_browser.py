"""The top menu fits on one line at 1280 px for the person with the most links (a site
admin who judges, in Spanish, the longer language); on a phone a menu button opens it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import login
from tests.factories import DEMO_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def admin_judge(db):
    from tournaments.models import Event, EventStaff

    user = UserFactory(
        username="menu_admin",
        display_name="Maximiliana Fernández-Villaverde",
        is_staff=True,
        is_superuser=True,
    )
    event = Event.objects.create(name="Menu open", date="2030-01-01", created_by=user)
    EventStaff.objects.create(event=event, user=user, role="organiser")
    return user


def _middles(page) -> set[int]:
    return set(
        page.eval_on_selector_all(
            ".site-nav .brand, .nav-links a, .nav-account > *",
            "nodes => nodes.map(n => {"
            " const r = n.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 2); })",
        )
    )


def test_the_menu_fits_on_one_line_at_1280(site, page, admin_judge):
    page.set_viewport_size({"width": 1280, "height": 800})
    login(page, site, "menu_admin", DEMO_PASSWORD)
    for path in ("/", "/es/"):
        page.goto(f"{site}{path}")
        tops = _middles(page)
        assert max(tops) - min(tops) <= 12, tops
        right = page.eval_on_selector_all(
            ".site-nav .brand, .nav-links a, .nav-account > *",
            "nodes => Math.max(...nodes.map(n => n.getBoundingClientRect().right))",
        )
        assert right <= 1280
        expect(page.get_by_test_id("nav-toggle")).to_be_hidden()


def test_a_phone_gets_a_menu_button(site, page, admin_judge):
    page.set_viewport_size({"width": 390, "height": 800})
    login(page, site, "menu_admin", DEMO_PASSWORD)
    page.goto(f"{site}/es/")
    toggle = page.get_by_test_id("nav-toggle")
    expect(toggle).to_be_visible()
    expect(page.get_by_test_id("nav")).to_be_hidden()
    toggle.click()
    expect(page.get_by_test_id("nav")).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
