from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.db import connection

from accounts.models import User
from config.prepared import hot_cursor

pytestmark = pytest.mark.django_db


def test_healthz_tells_anonymous_callers_only_the_status(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() in ({"status": "ok"}, {"status": "degraded"})


def test_healthz_answers_plain_http_in_production_while_pages_redirect(tmp_path):
    """Behind the production HTTPS redirect a load balancer probing over HTTP still gets
    200 (or 503), never a 301 it would read as neither."""
    script = (
        "import django; django.setup()\n"
        "from django.test import Client\n"
        "c = Client()\n"
        "print(c.get('/healthz').status_code, c.get('/events/').status_code)\n"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": "x" * 50,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'probe.sqlite3'}",
    }
    env.pop("REDIS_URL", None)
    env.pop("CELERY_BROKER_URL", None)
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["200", "301"]


def test_healthz_reports_database_and_broker_to_staff(client, site_admin, settings):
    client.force_login(site_admin)
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200
    assert body["database"] == "ok"
    assert body["database_vendor"] == connection.vendor
    expected_broker = {"ok"} if settings.CELERY_BROKER_URL else {"not configured"}
    assert body["broker"] in expected_broker


def test_healthz_says_degraded_when_the_broker_is_down(client, site_admin, settings):
    client.force_login(site_admin)
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    from config.celery import app

    app.conf.broker_url = settings.CELERY_BROKER_URL
    try:
        body = client.get("/healthz").json()
    finally:
        app.conf.broker_url = os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL")
    assert body["status"] == "degraded"
    assert body["broker"].startswith("down")


def test_the_suite_runs_on_the_configured_database():
    """In CI DATABASE_URL points at PostgreSQL: this proves the suite really ran there."""
    url = os.environ.get("DATABASE_URL", "sqlite://")
    expected = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
    assert connection.vendor == expected


def test_hot_statements_become_prepared_statements_on_postgresql():
    """A hot statement run five times on a connection is planned once (PostgreSQL) and
    still answers the same; SQLite has no prepared statements to count."""
    sql = "SELECT id FROM accounts_user WHERE username = %s"
    for _ in range(6):
        with hot_cursor() as cursor:
            cursor.execute(sql, ["nobody"])
            assert cursor.fetchall() == []
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
            ["%accounts_user WHERE username%"],
        )
        assert cursor.fetchone()[0] == 1


def test_the_orm_takes_more_parameters_than_server_side_binding_allows():
    """PostgreSQL's protocol caps bound parameters at 65,535; the ORM binds client-side,
    so a large ``__in`` (or a prefetch over a big event) still runs."""
    count = 70_000 if connection.vendor == "postgresql" else 30_000
    assert User.objects.filter(pk__in=range(-count, 0)).count() == 0


def test_security_headers_are_sent(client):
    response = client.get("/")
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp
    assert "script-src 'self'" in csp
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
