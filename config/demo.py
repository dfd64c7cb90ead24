"""Demo data: people first, then whatever each app registers (events, catalogue, ...).

``python manage.py demo_data`` runs every loader in order; each loader is
idempotent, so running the command twice changes nothing the second time. Then it
prints what each registered summary reads from the database: what is there now, not
what a loader meant to create (a second run, or a demo played with since, differs).
``--reset`` empties the database first (``flush``) and loads everything again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Loader = Callable[["DemoContext"], list[str]]
Summary = Callable[[], list[str]]


@dataclass
class DemoContext:
    """What the loaders share: the demo people by role, and lines to print at the end."""

    admin: object = None
    judges: list = field(default_factory=list)
    players: list = field(default_factory=list)


_loaders: list[tuple[int, str, Loader]] = []
_summaries: list[tuple[int, str, Summary]] = []


def register(name: str, loader: Loader, *, order: int = 50) -> None:
    global _loaders
    _loaders = [item for item in _loaders if item[1] != name]
    _loaders.append((order, name, loader))


def loaders() -> list[tuple[str, Loader]]:
    return [(name, loader) for _order, name, loader in sorted(_loaders, key=lambda i: i[:2])]


def register_summary(name: str, summary: Summary, *, order: int = 50) -> None:
    """A function that describes, from the database, the demo rows of one app."""
    global _summaries
    _summaries = [item for item in _summaries if item[1] != name]
    _summaries.append((order, name, summary))


def summaries() -> list[tuple[str, Summary]]:
    return [(name, summary) for _order, name, summary in sorted(_summaries, key=lambda i: i[:2])]
