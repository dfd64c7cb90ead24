"""Write a legal random game record to standard output: ``playout_record --game G --seed S``.

The same seed always gives the same record, so anyone can produce test
records for ``check_record``, the validation API or the record checker page.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.core.management.base import BaseCommand

from config.numbers import whole_number_argument
from games.engines.anachronism import playout as anachronism_playout
from games.engines.anachronism.record import GAME as ANACHRONISM
from games.engines.goblin import playout as goblin_playout
from games.engines.goblin.record import GAME as GOBLIN
from games.engines.qiahn import playout as qiahn_playout
from games.engines.qiahn.record import GAME as QIAHN

if TYPE_CHECKING:
    from django.core.management.base import CommandParser

PLAYOUTS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    QIAHN: qiahn_playout.random_record,
    GOBLIN: goblin_playout.random_record,
    ANACHRONISM: anachronism_playout.random_record,
}
# Short names accepted on the command line.
ALIASES = {"qiahn": QIAHN, "goblin": GOBLIN, "anachronism": ANACHRONISM}


SEED = whole_number_argument(minimum=None, maximum=None)  # any integer


class Command(BaseCommand):
    help = (
        "Write a legal random game record (JSON) to standard output. "
        "--game: qiahn, goblin or anachronism (or a full game key); --seed: an integer."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--game", required=True, choices=sorted({*ALIASES, *PLAYOUTS}), help="which game"
        )
        parser.add_argument("--seed", type=SEED, default=0, help="random seed (default 0)")

    def handle(self, *args: Any, **options: Any) -> None:
        game = ALIASES.get(options["game"], options["game"])
        record = PLAYOUTS[game](random.Random(options["seed"]))
        self.stdout.write(json.dumps(record, ensure_ascii=False, indent=1))
