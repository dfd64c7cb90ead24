"""Engine errors and verdicts in the reader's language.

The engines keep one table of error codes and English templates
(:mod:`games.engines.messages`, extracted by ``makemessages`` through its
``gettext_noop`` marks); here each error is rendered with
``gettext(template) % params``, its place (round, phase, side) too, and the
parameters that are sides, roles or phases are shown in the reader's
language. Record words the error quotes (token ids, counters, card ids) stay
as written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop, pgettext

from games.engines.errors import (
    EngineError,
    IllegalStepError,
    ResultMismatchError,
    UnreachableScoreError,
)
from games.engines.messages import (
    COUNTER_LABELS,
    GOBLIN_SETTING_LABELS,
    JSON_TYPE_LABELS,
    MESSAGES,
    ODDS_COUNTER_CODES,
    PHASE_LABELS,
    PHASE_PARAMS,
    PLACE_TEMPLATES,
    ROLE_LABELS,
    ROLE_PARAMS,
    SIDE_LABELS,
    SIDE_PARAMS,
    TYPE_PARAMS,
    place_template,
)
from games.engines.verdict import Verdict


def side_label(side: str | None) -> str:
    return gettext(SIDE_LABELS[side]) if side in SIDE_LABELS else (side or "")


def phase_label(phase: str | None) -> str:
    return gettext(PHASE_LABELS[phase]) if phase in PHASE_LABELS else (phase or "")


def score_text(score: Mapping[str, int]) -> str:
    """``{'heads': 3, 'tails': 2}`` as ``heads 3, tails 2`` in the reader's language."""
    return ", ".join(f"{side_label(side)} {value}" for side, value in score.items())


# Python's JSON parser speaks English; its messages, as the checker shows them.
JSON_PROBLEMS: dict[str, str] = {
    "Expecting value": gettext_noop("a value was expected"),
    "Expecting ',' delimiter": gettext_noop("a comma was expected"),
    "Expecting ':' delimiter": gettext_noop("a colon was expected"),
    "Expecting property name enclosed in double quotes": gettext_noop(
        "a key in double quotes was expected"
    ),
    "Extra data": gettext_noop("there is more text after the record"),
    "Unterminated string starting at": gettext_noop("a string is not closed"),
    "Invalid control character at": gettext_noop("a string holds a control character"),
    "Invalid \\escape": gettext_noop("a string holds an invalid escape"),
    "Invalid \\uXXXX escape": gettext_noop("a string holds an invalid \\u escape"),
    "Illegal trailing comma before end of object": gettext_noop(
        "a comma is followed by the end of an object"
    ),
    "Illegal trailing comma before end of array": gettext_noop(
        "a comma is followed by the end of an array"
    ),
}
JSON_DETAIL = re.compile(r"^(?P<msg>.*) at line (?P<line>\d+), column (?P<column>\d+)$")
# The root of a record, as the engines name it where a key is missing or of the wrong type.
RECORD_ROOT = "record"


def json_problem_text(detail: str) -> str:
    """Python's JSON error ("Expecting value at line 1, column 5") in the reader's language."""
    match = JSON_DETAIL.match(detail or "")
    if match is None:
        return detail
    problem = JSON_PROBLEMS.get(match["msg"])
    return gettext("%(problem)s (line %(line)s, column %(column)s)") % {
        "problem": gettext(problem) if problem else match["msg"],
        "line": match["line"],
        "column": match["column"],
    }


def _params(error: EngineError) -> dict[str, Any]:
    params = dict(error.params)
    for key, value in params.items():
        if key in ("path", "parent") and value == RECORD_ROOT:
            params[key] = pgettext("the root of a game record", "record")
        elif error.code == "record.not_json" and key == "detail":
            params[key] = json_problem_text(value)
        elif error.code in GOBLIN_SETTING_LABELS and key in ("expected", "value"):
            label = GOBLIN_SETTING_LABELS[error.code].get(value) if type(value) is str else None
            params[key] = gettext(label) if label else value
        elif error.code == "syntax.type":
            if key in TYPE_PARAMS and value in JSON_TYPE_LABELS:
                params[key] = gettext(JSON_TYPE_LABELS[value])
        elif error.code in ODDS_COUNTER_CODES and key in ("value", "counter", "allowed"):
            # The odds form's choices, not a record's literal: say them in the reader's words.
            params[key] = ", ".join(
                gettext(COUNTER_LABELS[part]) if part in COUNTER_LABELS else part
                for part in str(value).split(", ")
            )
        elif key in SIDE_PARAMS and value in SIDE_LABELS:
            params[key] = gettext(SIDE_LABELS[value])
        elif key in ROLE_PARAMS and value in ROLE_LABELS:
            params[key] = gettext(ROLE_LABELS[value])
        elif key in PHASE_PARAMS and value in PHASE_LABELS:
            params[key] = gettext(PHASE_LABELS[value])
    if isinstance(error, ResultMismatchError):
        params["recorded"] = score_text(error.recorded)
        params["replayed"] = score_text(error.replayed)
    if isinstance(error, UnreachableScoreError):
        params["score"] = score_text(error.score)
    return params


def place_text(error: EngineError) -> str:
    """Where the error is (``round 2, outfit, tails``), or '' when it has no place."""
    place = getattr(error, "place", None)
    if place is None or (place.round is None and place.phase is None):
        return ""
    template = place_template(place.round, place.phase, place.side)
    return gettext(PLACE_TEMPLATES[template]) % {
        "round": place.round,
        "phase": phase_label(place.phase),
        "side": side_label(place.side),
    }


def error_reason(error: EngineError) -> str:
    """The reason alone, in the reader's language."""
    return gettext(MESSAGES[error.code]) % _params(error)


def error_text(error: EngineError) -> str:
    """The whole located message in the reader's language."""
    where = place_text(error)
    reason = error_reason(error)
    return f"{where}: {reason}" if where else reason


def error_payload(error: EngineError) -> dict[str, Any]:
    """JSON for the API and the command: the engine's fields plus the translated text."""
    data = error.as_dict()
    data["message"] = error_text(error)
    data["reason"] = error_reason(error)
    data.setdefault("path", getattr(error, "path", None))
    if isinstance(error, IllegalStepError):
        data["place"] = error.place.as_dict()
    return data


def verdict_payload(verdict: Verdict, *, with_rounds: bool = True) -> dict[str, Any]:
    """The verdict as JSON (the record contract's keys), with translated error text."""
    data = verdict.as_dict(with_rounds=with_rounds)
    if verdict.error is not None:
        data["error"] = error_text(verdict.error)
        data["error_detail"] = error_payload(verdict.error)
    return data
