"""Which staff records an import withholds: an archive alone never gives a role here.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any


def staff_withheld(
    records: Mapping[str, Mapping[str, Any]],
    keys: Collection[str],
    *,
    existing: Collection[str],
    granted: Collection[str],
) -> tuple[str, ...]:
    """The staff records among ``keys`` (about to give someone a role on the event here)
    that are not to be written: those naming an account this install already had, unless
    the operator granted it by username. An archive alone never raises the rights of an
    account here; the accounts it creates have no usable password until an admin gives
    them one, so their roles are kept."""
    return tuple(
        key
        for key in keys
        if records[key]["type"] == "staff"
        and records[key]["user"] in existing
        and records[key]["user"] not in granted
    )
