"""Sign up, log in, switch language and the role-specific navigation, in a real browser."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import login
from tests.factories import DEMO_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_sign_up_then_log_out_and_in_again(site, page):
    page.goto(f"{site}/")
    page.get_by_test_id("signup-link").click()
    page.get_by_label("Username").fill("browser_bea")
    page.get_by_label("Display name").fill("Bea Browser")
    page.get_by_label("E-mail address").fill("bea@example.org")
    page.get_by_label("Password", exact=True).fill("tabletop-Swiss-77")
    page.get_by_label("Password confirmation").fill("tabletop-Swiss-77")
    page.get_by_test_id("submit").click()
    expect(page.get_by_test_id("who")).to_have_text("Bea Browser")
    expect(page.locator(".message.success")).to_contain_text("Your player number is")
    page.get_by_test_id("logout").click()
    expect(page.get_by_test_id("login-link")).to_be_visible()
    login(page, site, "browser_bea", "tabletop-Swiss-77")
    expect(page.get_by_test_id("who")).to_have_text("Bea Browser")


def test_sign_up_with_a_weak_password_shows_why(site, page):
    page.goto(f"{site}/accounts/signup/")
    page.get_by_label("Username").fill("weak")
    page.get_by_label("Display name").fill("Weak")
    page.get_by_label("E-mail address").fill("weak@example.org")
    page.get_by_label("Password", exact=True).fill("password")
    page.get_by_label("Password confirmation").fill("password")
    page.get_by_test_id("submit").click()
    expect(page.locator(".error").first).to_contain_text("too common")
    expect(page.get_by_test_id("login-link")).to_be_visible()


def test_wrong_password_is_refused(site, page):
    UserFactory(username="pablo", display_name="Pablo")
    page.goto(f"{site}/accounts/login/")
    page.get_by_label("Username").fill("pablo")
    page.get_by_label("Password").fill("wrong-password")
    page.get_by_test_id("submit").click()
    expect(page.locator(".form-errors")).to_contain_text("correct username and password")


def test_switch_language_to_spanish_and_back(site, page):
    page.goto(f"{site}/")
    page.get_by_test_id("lang-es").click()
    expect(page).to_have_url(re.compile(r"/es/$"))
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_test_id("login-link")).to_have_text("Iniciar sesión")
    page.get_by_test_id("lang-en").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("login-link")).to_have_text("Log in")


def test_navigation_depends_on_the_role(site, page):
    UserFactory(username="plain", display_name="Plain Player")
    UserFactory(username="boss", display_name="Site Boss", is_staff=True, is_superuser=True)
    nav = page.get_by_test_id("nav")
    page.goto(f"{site}/")
    expect(nav.locator("[data-nav=admin]")).to_have_count(0)
    expect(nav.locator("[data-nav=profile]")).to_have_count(0)

    login(page, site, "plain", DEMO_PASSWORD)
    expect(nav.locator("[data-nav=profile]")).to_be_visible()
    expect(nav.locator("[data-nav=admin]")).to_have_count(0)
    page.get_by_test_id("logout").click()

    login(page, site, "boss", DEMO_PASSWORD)
    expect(nav.locator("[data-nav=admin]")).to_be_visible()
    nav.locator("[data-nav=admin]").click()
    expect(page).to_have_url(re.compile(r"/admin/$"))


def test_on_a_phone_the_header_is_short_and_every_link_is_reachable(
    site, browser, browser_context_args
):
    UserFactory(username="phone", display_name="Phone Player")
    context = browser.new_context(
        **{**browser_context_args, "viewport": {"width": 390, "height": 844}}
    )
    try:
        phone = context.new_page()
        login(phone, site, "phone", DEMO_PASSWORD)
        header = phone.locator(".site-header").bounding_box()
        assert header["height"] < 130, header
        # The links are behind the menu button, not in a clipped strip.
        expect(phone.get_by_test_id("nav")).to_be_hidden()
        phone.get_by_test_id("nav-toggle").click()
        links = phone.get_by_test_id("nav").locator("a")
        last = links.nth(links.count() - 1)
        last.scroll_into_view_if_needed()
        expect(last).to_be_in_viewport()
        last.click()
        expect(phone).not_to_have_url(re.compile(r"/accounts/login/$"))
    finally:
        context.close()


def test_a_spanish_browser_following_an_english_link_reads_spanish(
    site, browser, browser_context_args
):
    context = browser.new_context(**{**browser_context_args, "locale": "es-CL"})
    try:
        page = context.new_page()
        page.goto(f"{site}/events/")
        expect(page).to_have_url(re.compile(r"/es/events/$"))
        expect(page.get_by_test_id("login-link")).to_have_text("Iniciar sesión")
        page.get_by_test_id("lang-en").click()
        expect(page.get_by_test_id("login-link")).to_have_text("Log in")
        page.goto(f"{site}/events/")
        expect(page).to_have_url(f"{site}/events/")
        expect(page.locator("html")).to_have_attribute("lang", "en")
    finally:
        context.close()
