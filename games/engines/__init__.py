"""Pure-Python rules engines for the games the site validates.

Nothing in or below this package imports Django: the engines are plain
functions and values, tested fast on their own, and the ``games`` app wraps
them for the pages, the API and the ``check_record`` command.

Entry points:

- :func:`games.engines.registry.check_record` replays any supported record
  (dispatching on its ``game`` key) and returns a :class:`Verdict`.
- ``games.engines.qiahn`` is Qíahn Tactics, first edition (record format 1,
  legal actions, random playouts, reachable scores, exact odds).
- ``games.engines.goblin`` is Qíahn Tactics Goblin II (card catalogue, its own
  record format, legal actions, random playouts).
"""

from games.engines.errors import (
    EngineError,
    IllegalStepError,
    OddsInputError,
    RecordError,
    RecordSyntaxError,
    ResultMismatchError,
    UnreachableScoreError,
    UnsupportedGameError,
)
from games.engines.verdict import Place, Verdict

__all__ = [
    "EngineError",
    "IllegalStepError",
    "OddsInputError",
    "Place",
    "RecordError",
    "RecordSyntaxError",
    "ResultMismatchError",
    "UnreachableScoreError",
    "UnsupportedGameError",
    "Verdict",
]
