"""Browser tests: Playwright drives Debian's chromium against the live test server.

Playwright's sync API runs inside an event loop; Django refuses database calls
from such a thread unless told that this is on purpose (the test thread only
sets up data, the live server serves requests in its own thread).
"""

from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import expect

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Playwright's assertions wait 5 s by default; under the whole suite on two cores a page
# that answers in a second alone has been seen to take longer, so they wait as long as the
# pages' own actions do (10 s).
expect.set_options(timeout=10_000)

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not os.path.exists(CHROMIUM):
        raise RuntimeError(
            "Debian's chromium is needed for the browser tests: `apt-get install chromium` "
            "(make test does it)."
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "locale": "en-GB", "timezone_id": "Europe/Madrid"}


@pytest.fixture
def site(live_server, page):
    """The live server's base URL, with the page's default timeout kept short."""
    page.set_default_timeout(10_000)
    return live_server.url


def login(page, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_test_id("submit").click()
    page.wait_for_selector("[data-testid=who]")


@pytest.fixture
def new_context(browser, browser_context_args):
    """More browser contexts (other people at the same event), all closed with the test: a
    page left open would keep polling the live server after the test's database is gone."""
    contexts = []

    def make():
        context = browser.new_context(**browser_context_args)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
