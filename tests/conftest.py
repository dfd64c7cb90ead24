"""Fixtures shared by the whole suite."""

from __future__ import annotations

import copy
import itertools
import os

import pytest
from django.db import connection
from django.test import override_settings
from hypothesis import settings as hypothesis_settings

from tests.factories import DEMO_PASSWORD, UserFactory

pytest_plugins = ["tests.event_fixtures", "tests.rulings_fixtures"]

# No property test races the wall clock: hypothesis's default 200 ms deadline per example
# fails a test whose example merely ran on a busy machine (CI shares two cores).
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")


def pytest_report_header(config: pytest.Config) -> str:
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    broker = settings.CELERY_BROKER_URL or "none (deadlines settle lazily)"
    return f"database backend: {engine}; broker: {broker.split('@')[-1]}"


_tests_run = itertools.count()


@pytest.fixture(autouse=True)
def _own_cache_keys():
    """Test processes share one Redis on CI, and their databases hand out the same primary
    keys (SQLite even within a process, once a test's rows are rolled back): each test keeps
    its cache keys (standings, live numbers, cached page parts) under its own prefix."""
    from django.conf import settings

    caches = copy.deepcopy(settings.CACHES)
    caches["default"]["KEY_PREFIX"] = f"test{os.getpid()}-{next(_tests_run)}"
    with override_settings(CACHES=caches):
        yield


@pytest.fixture(autouse=True, scope="session")
def _media_in_a_temporary_folder(tmp_path_factory):
    """Uploaded files (card pictures) go to a folder of the test run, never the project's."""
    with override_settings(MEDIA_ROOT=str(tmp_path_factory.mktemp("media"))):
        yield


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _english_by_default():
    """Each test starts in the default language, whatever the previous one activated."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture
def password() -> str:
    return DEMO_PASSWORD


@pytest.fixture
def player(db):
    return UserFactory(username="player", display_name="Pat Player")


@pytest.fixture
def other_player(db):
    return UserFactory(username="other", display_name="Olive Other")


@pytest.fixture
def site_admin(db):
    return UserFactory(username="admin", display_name="Ada Admin", is_staff=True, is_superuser=True)


@pytest.fixture
def db_vendor(db) -> str:
    return connection.vendor
