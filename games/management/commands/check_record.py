"""Check game record files offline, as the site would: ``check_record FILE... [--json]``.

Any supported game (dispatching on the record's ``game`` key); ``-`` reads
standard input. ``--json`` prints a JSON array with one verdict object per
file, in the order given (``file``, ``valid``, then ``result`` or ``error``,
then details). Exit status: 0 every record valid, 1 some record invalid,
2 some input unreadable (no such file, not UTF-8 text, not JSON).
"""

from __future__ import annotations

import json
import sys
from typing import IO, TYPE_CHECKING, Any

from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _

from games.engines.errors import RecordSyntaxError
from games.engines.registry import check_record, loads_record, supported_games
from games.messages import error_text, score_text, verdict_payload

if TYPE_CHECKING:
    from django.core.management.base import CommandParser

VALID, INVALID, UNREADABLE = 0, 1, 2


class Unreadable(Exception):
    """The input cannot be read as JSON text."""


class Command(BaseCommand):
    help = (
        f"Replay game record files (any supported game: {', '.join(supported_games())}) and "
        "report each verdict: the replayed result, or the first illegal step. '-' reads "
        "standard input. Exit 0 all valid, 1 some invalid, 2 some input unreadable."
    )
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="record files; - for stdin")
        parser.add_argument(
            "--json", action="store_true", help="print a JSON array, one verdict per file"
        )
        parser.add_argument(
            "--rounds", action="store_true", help="with --json, add each round's replay"
        )
        parser.add_argument(
            "--language",
            choices=["en", "es"],
            help="language of the messages (default: the site's)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        stdin = options.get("stdin") or sys.stdin
        language = options.get("language")
        with translation.override(language) if language else _nullcontext():
            verdicts, status = [], VALID
            for name in options["files"]:
                entry, code = self._check(name, stdin, with_rounds=options["rounds"])
                verdicts.append(entry)
                status = max(status, code)
                if not options["json"]:
                    self._print_line(entry, code)
            if options["json"]:
                self.stdout.write(json.dumps(verdicts, ensure_ascii=False, indent=2))
        if status != VALID:
            sys.exit(status)

    def _read(self, name: str, stdin: IO[str] | IO[bytes]) -> str:
        try:
            if name == "-":
                data = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
            else:
                with open(name, "rb") as handle:
                    data = handle.read()
        except OSError as exc:
            raise Unreadable(exc.strerror or str(exc)) from exc
        if isinstance(data, bytes):
            try:
                data = data.decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise Unreadable(_("not UTF-8 text")) from exc
        return data

    def _check(
        self, name: str, stdin: IO[str] | IO[bytes], *, with_rounds: bool
    ) -> tuple[dict[str, Any], int]:
        try:
            text = self._read(name, stdin)
        except Unreadable as exc:
            reason = _("cannot read %(file)s: %(reason)s") % {"file": name, "reason": exc}
            return {"file": name, "valid": False, "readable": False, "error": reason}, UNREADABLE
        try:
            data = loads_record(text)
        except RecordSyntaxError as err:
            entry = {"file": name, "valid": False, "readable": err.code != "record.not_json"}
            entry["error"] = error_text(err)
            return entry, UNREADABLE if err.code == "record.not_json" else INVALID
        verdict = check_record(data)
        entry = {"file": name, **verdict_payload(verdict, with_rounds=with_rounds)}
        return entry, VALID if verdict.valid else INVALID

    def _print_line(self, entry: dict[str, Any], code: int) -> None:
        name = entry["file"]
        if code == VALID:
            line = _("%(file)s: valid (%(game)s): %(score)s") % {
                "file": name,
                "game": entry.get("game"),
                "score": score_text(entry["result"]),
            }
            self.stdout.write(line)
        elif code == UNREADABLE:
            self.stderr.write(_("%(file)s: unreadable: %(error)s") % {"file": name, **entry})
        else:
            self.stdout.write(_("%(file)s: invalid: %(error)s") % {"file": name, **entry})


class _nullcontext:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None
