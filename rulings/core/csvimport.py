"""Read, validate and write the card catalogue as CSV (pure: no Django import).

Two files: editions (``code,name,set_size,release_date``) and cards
(``edition,number,name,type,faction,cost,rarity,sample``, and optionally the rules texts
``text_es,text_en``). Headers are matched without regard to case or accents, and the
Spanish headers (``edicion,numero,nombre,tipo,faccion,coste,rareza,muestra,texto_es,
texto_en``) work too. A cards file without a text column leaves the cards' texts as they
are; with it, an empty cell clears the text.

A file is all or nothing: ``read_*`` returns every good row and an issue for
every bad one (with its line in the file), and a caller imports only when
there are no issues. Line numbers count the header as line 1 and follow
quoted fields that span lines.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from config.numbers import parse_whole_number
from rulings.core.cards import (
    UNKNOWN_MARK,
    CardType,
    Faction,
    Rarity,
    normalise,
    parse_card_type,
    parse_faction,
    parse_rarity,
)
from rulings.core.csv_cells import starts_like_a_formula, write_rows
from rulings.core.issues import Issue, issue

MAX_CSV_BYTES = 5_000_000
MAX_CSV_ROWS = 50_000
MAX_SET_SIZE = 9_999
MAX_COST = 99
MAX_NAME = 120
MAX_EDITION_NAME = 80
MAX_TEXT = 2000
EDITION_CODE_RE = re.compile(r"^[A-Z][A-Z0-9]{0,4}$")

EDITION_COLUMNS = ("code", "name", "set_size", "release_date")
EDITION_REQUIRED = ("code", "name", "set_size")
CARD_COLUMNS = (
    "edition",
    "number",
    "name",
    "type",
    "faction",
    "cost",
    "rarity",
    "sample",
    "text_es",
    "text_en",
)
TEXT_COLUMNS = ("text_es", "text_en")
CARD_REQUIRED = ("edition", "number", "name", "type")

_HEADER_ALIASES = {
    "codigo": "code",
    "nombre": "name",
    "tamano": "set_size",
    "set size": "set_size",
    "cartas": "set_size",
    "fecha": "release_date",
    "lanzamiento": "release_date",
    "release date": "release_date",
    "edicion": "edition",
    "edition code": "edition",
    "numero": "number",
    "collector number": "number",
    "tipo": "type",
    "faccion": "faction",
    "coste": "cost",
    "will cost": "cost",
    "voluntad": "cost",
    "rareza": "rarity",
    "muestra": "sample",
    "texto": "text_es",
    "texto_es": "text_es",
    "texto_en": "text_en",
}
_YES = {"1", "yes", "y", "true", "si", "s", "x"}
_NO = {"", "0", "no", "n", "false"}


@dataclass(frozen=True)
class EditionRow:
    line: int
    code: str
    name: str
    set_size: int
    release_date: dt.date | None


@dataclass(frozen=True)
class CardRow:
    line: int
    edition: str
    number: int
    name: str
    type: CardType
    faction: Faction | None
    cost: int | None
    rarity: Rarity | None
    sample: bool
    #: False when the file marks the type, faction and cost as unknown ("?").
    known: bool = True
    #: The rules texts; None where the file has no such column (the card's text is kept).
    text_es: str | None = None
    text_en: str | None = None


@dataclass(frozen=True)
class CsvResult:
    rows: tuple
    errors: tuple[Issue, ...]

    @property
    def ok(self) -> bool:
        return not self.errors


def _decode(data: bytes | str) -> tuple[str | None, Issue | None]:
    if isinstance(data, str):
        if len(data.encode("utf-8", "surrogatepass")) > MAX_CSV_BYTES:
            return None, issue("csv_too_large", size=len(data), limit=MAX_CSV_BYTES)
        return data.lstrip("\ufeff"), None
    if len(data) > MAX_CSV_BYTES:
        return None, issue("csv_too_large", size=len(data), limit=MAX_CSV_BYTES)
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError:
        return None, issue("csv_not_utf8")


def _control_character(cells: list[str]) -> str | None:
    """The first control character in a row (a NUL, say), as ``U+0000``; tabs and line
    breaks inside a quoted cell are the CSV's own business."""
    for cell in cells:
        for char in cell:
            if char not in "\t\n\r" and unicodedata.category(char) == "Cc":
                return f"U+{ord(char):04X}"
    return None


def _column_name(raw: str) -> str:
    key = normalise(raw)
    return _HEADER_ALIASES.get(key, key.replace(" ", "_"))


def _records(
    text: str, columns: tuple[str, ...], required: tuple[str, ...]
) -> tuple[list[tuple[int, dict[str, str]]], list[Issue]]:
    """Yield ``(line, {column: value})``; header problems go into the errors list first."""
    errors: list[Issue] = []
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    records: list[tuple[int, dict[str, str]]] = []
    header: list[str] | None = None
    last_line = 0
    try:
        for raw in reader:
            start = last_line + 1
            last_line = reader.line_num
            if not raw or all(not cell.strip() for cell in raw):
                continue
            if header is None:
                header = [_column_name(cell) for cell in raw]
                seen: set[str] = set()
                for name, cell in zip(header, raw, strict=True):
                    if name not in columns:
                        errors.append(issue("csv_unknown_column", column=cell.strip()))
                    elif name in seen:
                        errors.append(issue("csv_duplicate_column", column=cell.strip()))
                    seen.add(name)
                for name in required:
                    if name not in seen:
                        errors.append(issue("csv_missing_column", column=name))
                if errors:
                    return [], errors
                continue
            if len(raw) != len(header):
                errors.append(
                    issue("csv_field_count", line=start, count=len(raw), expected=len(header))
                )
                continue
            control = _control_character(raw)
            if control is not None:
                errors.append(issue("csv_control_character", line=start, char=control))
                continue
            records.append((start, {h: cell.strip() for h, cell in zip(header, raw, strict=True)}))
            if len(records) > MAX_CSV_ROWS:
                too_many = issue("csv_too_many_rows", count=f"> {MAX_CSV_ROWS}", limit=MAX_CSV_ROWS)
                return [], [too_many]
    except csv.Error as exc:
        errors.append(issue("csv_unreadable", line=reader.line_num, reason=str(exc)))
        return [], errors
    if header is None or (not records and not errors):
        return [], [issue("csv_empty")]
    return records, errors


def _positive_int(value: str, limit: int) -> int | None:
    if (number := parse_whole_number(value, minimum=1, maximum=limit, max_digits=6)) is not None:
        return number
    return None


def read_editions_csv(data: bytes | str) -> CsvResult:
    """Validate an editions file; ``rows`` are ``EditionRow`` values."""
    text, problem = _decode(data)
    if problem:
        return CsvResult((), (problem,))
    records, errors = _records(text, EDITION_COLUMNS, EDITION_REQUIRED)
    rows: list[EditionRow] = []
    first_line: dict[str, int] = {}
    for line, rec in records:
        bad = False
        code = rec.get("code", "").upper()
        if not EDITION_CODE_RE.match(code):
            errors.append(issue("csv_bad_code", line=line, value=rec.get("code", "")))
            bad = True
        elif code in first_line:
            errors.append(
                issue("csv_duplicate_code", line=line, value=code, first_line=first_line[code])
            )
            bad = True
        else:
            first_line[code] = line
        name = rec.get("name", "")
        if not name:
            errors.append(issue("csv_missing_value", line=line, column="name"))
            bad = True
        elif len(name) > MAX_EDITION_NAME:
            errors.append(
                issue("csv_value_too_long", line=line, column="name", limit=MAX_EDITION_NAME)
            )
            bad = True
        elif starts_like_a_formula(name):
            errors.append(issue("csv_formula", line=line, column="name", value=name))
            bad = True
        set_size = _positive_int(rec.get("set_size", ""), MAX_SET_SIZE)
        if set_size is None:
            errors.append(
                issue(
                    "csv_bad_set_size", line=line, value=rec.get("set_size", ""), limit=MAX_SET_SIZE
                )
            )
            bad = True
        release: dt.date | None = None
        raw_date = rec.get("release_date", "")
        if raw_date:
            try:
                release = dt.date.fromisoformat(raw_date)
            except ValueError:
                errors.append(issue("csv_bad_date", line=line, value=raw_date))
                bad = True
        if not bad:
            rows.append(EditionRow(line, code, name, set_size, release))  # type: ignore[arg-type]
    return CsvResult(tuple(rows), tuple(sorted(errors, key=_error_order)))


def read_cards_csv(data: bytes | str, *, editions: Mapping[str, int]) -> CsvResult:
    """Validate a cards file against ``editions`` (code → set size); rows are ``CardRow``."""
    text, problem = _decode(data)
    if problem:
        return CsvResult((), (problem,))
    records, errors = _records(text, CARD_COLUMNS, CARD_REQUIRED)
    editions = {code.upper(): size for code, size in editions.items()}
    type_choices = ", ".join(t.spanish for t in CardType)
    faction_choices = ", ".join(f.label for f in Faction)
    rarity_choices = ", ".join(r.value for r in Rarity)
    rows: list[CardRow] = []
    first_line: dict[tuple[str, int], int] = {}
    for line, rec in records:
        bad = False
        raw_edition = rec.get("edition", "")
        edition = raw_edition.upper()
        set_size = editions.get(edition)
        if set_size is None:
            errors.append(issue("csv_unknown_edition", line=line, value=raw_edition))
            bad = True
        raw_number = rec.get("number", "")
        number = _positive_int(raw_number, MAX_SET_SIZE)
        if number is None:
            errors.append(issue("csv_bad_number", line=line, value=raw_number))
            bad = True
        elif set_size is not None:
            if number > set_size:
                errors.append(
                    issue(
                        "csv_number_beyond_set",
                        line=line,
                        value=number,
                        edition=edition,
                        set_size=set_size,
                    )
                )
                bad = True
            elif (edition, number) in first_line:
                errors.append(
                    issue(
                        "csv_duplicate_number",
                        line=line,
                        edition=edition,
                        value=number,
                        first_line=first_line[(edition, number)],
                    )
                )
                bad = True
            else:
                first_line[(edition, number)] = line
        name = rec.get("name", "")
        if not name:
            errors.append(issue("csv_missing_value", line=line, column="name"))
            bad = True
        elif len(name) > MAX_NAME:
            errors.append(issue("csv_value_too_long", line=line, column="name", limit=MAX_NAME))
            bad = True
        elif starts_like_a_formula(name):
            errors.append(issue("csv_formula", line=line, column="name", value=name))
            bad = True
        # "?" in the type, faction or cost: the sources do not give them. The card is kept
        # with stand-ins (a character with no faction and no cost) marked unknown.
        marks = [rec.get(col, "").strip() == UNKNOWN_MARK for col in ("type", "faction", "cost")]
        known = not any(marks)
        if not known:
            rec = {
                **rec,
                "type": rec.get("type", "") if not marks[0] else CardType.CHARACTER.value,
                "faction": "",
                "cost": "" if marks[2] else rec.get("cost", ""),
            }
        card_type = parse_card_type(rec.get("type", ""))
        if card_type is None:
            errors.append(
                issue("csv_bad_type", line=line, value=rec.get("type", ""), choices=type_choices)
            )
            bad = True
        ok, faction = parse_faction(rec.get("faction", ""))
        if not ok:
            errors.append(
                issue(
                    "csv_bad_faction",
                    line=line,
                    value=rec.get("faction", ""),
                    choices=faction_choices,
                )
            )
            bad = True
        raw_cost = rec.get("cost", "")
        cost: int | None = None
        if raw_cost:
            cost = parse_whole_number(raw_cost, maximum=MAX_COST, max_digits=3)
            if cost is None:
                errors.append(issue("csv_bad_cost", line=line, value=raw_cost, limit=MAX_COST))
                bad = True
        elif known and card_type is not None and card_type is not CardType.SANCTUARY:
            errors.append(issue("csv_missing_cost", line=line, type=card_type.spanish))
            bad = True
        ok, rarity = parse_rarity(rec.get("rarity", ""))
        if not ok:
            errors.append(
                issue(
                    "csv_bad_rarity", line=line, value=rec.get("rarity", ""), choices=rarity_choices
                )
            )
            bad = True
        texts: dict[str, str | None] = {}
        for column in TEXT_COLUMNS:
            value = rec.get(column)
            texts[column] = value
            if value is None:
                continue
            if len(value) > MAX_TEXT:
                errors.append(issue("csv_value_too_long", line=line, column=column, limit=MAX_TEXT))
                bad = True
            elif starts_like_a_formula(value):
                errors.append(issue("csv_formula", line=line, column=column, value=value[:40]))
                bad = True
        raw_sample = normalise(rec.get("sample", ""))
        if raw_sample not in _YES and raw_sample not in _NO:
            errors.append(
                issue("csv_bad_flag", line=line, value=rec.get("sample", ""), column="sample")
            )
            bad = True
        if not bad:
            rows.append(
                CardRow(
                    line=line,
                    edition=edition,
                    number=number,  # type: ignore[arg-type]
                    name=name,
                    type=card_type,  # type: ignore[arg-type]
                    faction=faction,
                    cost=cost,
                    rarity=rarity,
                    sample=raw_sample in _YES,
                    known=known,
                    text_es=texts["text_es"],
                    text_en=texts["text_en"],
                )
            )
    return CsvResult(tuple(rows), tuple(sorted(errors, key=_error_order)))


def _error_order(problem: Issue) -> tuple[int, int]:
    return (problem.line or 0, 0)


def write_editions_csv(rows: Iterable[EditionRow]) -> str:
    out = io.StringIO()
    lines = (
        [row.code, row.name, row.set_size, row.release_date.isoformat() if row.release_date else ""]
        for row in rows
    )
    write_rows([EDITION_COLUMNS, *lines], out)
    return out.getvalue()


def write_cards_csv(rows: Iterable[CardRow]) -> str:
    out = io.StringIO()
    lines = (
        [
            row.edition,
            row.number,
            row.name,
            row.type.spanish if row.known else UNKNOWN_MARK,
            (row.faction.label if row.faction else "") if row.known else UNKNOWN_MARK,
            ("" if row.cost is None else row.cost) if row.known else UNKNOWN_MARK,
            row.rarity.value if row.rarity else "",
            "yes" if row.sample else "",
            row.text_es or "",
            row.text_en or "",
        ]
        for row in rows
    )
    write_rows([CARD_COLUMNS, *lines], out)
    return out.getvalue()
