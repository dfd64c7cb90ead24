"""The admin's rulings editor keeps the site's content security policy: its page breaks
none of it (no inline style, no inline script), in a real browser that enforces it."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import login
from tests.factories import DEMO_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

# Every violation the page reports (the event the browser fires for each one it refuses).
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(
    `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`
  );
});
"""


@pytest.fixture
def draft(db):
    from rulings.demo import load_rulings_data
    from rulings.models import RulingsDocument
    from rulings.services.documents import document_version_start_draft

    load_rulings_data()
    admin = UserFactory(username="boss", display_name="Site Boss", is_staff=True, is_superuser=True)
    document = RulingsDocument.objects.get()
    return document_version_start_draft(document=document, actor=admin)


def violations(page) -> list[str]:
    return page.evaluate("window.__cspViolations")


def test_the_rulings_editor_breaks_no_content_security_policy(site, page, draft):
    page.add_init_script(RECORD_VIOLATIONS)
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    login(page, site, "boss", DEMO_PASSWORD)
    editor = f"{site}/admin/rulings/documentversion/{draft.pk}/change/"
    for section in ("", "?section=banned_list", "?section=tournament_rules"):
        page.goto(editor + section)
        sections = page.get_by_test_id("entry-sections")
        sections.wait_for()
        assert violations(page) == [], section
        # The look the inline styles gave, now from the admin's stylesheet: one row of
        # links, the section shown in bold.
        assert sections.locator("ul").evaluate("e => getComputedStyle(e).display") == "flex"
        current = sections.locator("a[aria-current=page]")
        assert current.evaluate("e => getComputedStyle(e).fontWeight") == "700"
    page.goto(f"{site}/admin/rulings/documentversion/")
    assert violations(page) == []
    assert refused == []
