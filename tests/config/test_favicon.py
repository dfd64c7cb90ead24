"""The site's icon: at /favicon.ico for whatever asks there, and linked from every kind of
page (the site's, the print pages, the admin), so no browser asks for a missing one."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_favicon_ico_is_served_at_the_root(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] in {"image/x-icon", "image/vnd.microsoft.icon"}
    body = b"".join(response.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00"  # an ICO file's header


ICON_LINK = 'rel="icon"'


def test_the_print_pages_link_the_icon(event, judge, regs, round1, as_user):
    client = as_user(judge)
    for name in ("print_pairings", "print_standings", "print_slips"):
        page = client.get(reverse(f"tournaments:{name}", args=[event.pk])).content.decode()
        assert ICON_LINK in page and "favicon.svg" in page, name


def test_the_admin_pages_link_the_icon(client, site_admin, as_user):
    login = client.get(reverse("admin:login"))
    assert login.status_code == 200
    pages = [login] + [as_user(site_admin).get(path) for path in ("/admin/", "/admin/rulings/")]
    for response in pages:
        assert response.status_code == 200
        page = response.content.decode()
        assert ICON_LINK in page and "favicon.svg" in page, response.request["PATH_INFO"]


def test_the_site_pages_link_the_icon(client):
    page = client.get(reverse("home")).content.decode()
    assert ICON_LINK in page and "favicon.svg" in page
