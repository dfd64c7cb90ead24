from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_event


@pytest.fixture
def event(organiser):
    """The pages' event has three Swiss rounds and a top 4 (the shared one has neither)."""
    return make_event(organiser, top_cut=4, swiss_rounds=3)
