"""An API refusal's `code` is one the schema lists: every code named where a refusal is
raised is in config/error_codes.py, a refusal naming none answers its status's generic
code, and no Python class name is ever a code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from config.api import exception_handler
from config.error_codes import GENERIC, api_error_codes
from config.errors import ConflictError, DomainError, ForbiddenError, NotFoundError
from tests.factories import UserFactory
from tests.tournaments.helpers import make_event, make_organiser

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "accounts",
    "archives",
    "config",
    "decklists",
    "drafts",
    "games",
    "judge_calls",
    "rulings",
    "screen",
    "tournaments",
)


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _refusal(name: str) -> bool:
    """A call that raises or builds a refusal (Django's ValidationError is a form's)."""
    if name == "ValidationError":
        return False
    return name.endswith(("Error", "Invalid", "Refused")) or name == "__init__"


def _codes_in(node: ast.AST) -> list[object]:
    """The literal codes this node names: a refusal's ``code=``, or the default ``code`` of
    a helper that builds refusals."""
    if isinstance(node, ast.Call) and _refusal(_name(node)):
        return [
            k.value.value
            for k in node.keywords
            if k.arg == "code" and isinstance(k.value, ast.Constant)
        ]
    if isinstance(node, ast.FunctionDef) and node.name.startswith("_refuse"):
        pairs = zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)
        return [d.value for a, d in pairs if a.arg == "code" and isinstance(d, ast.Constant)]
    return []


def named_codes() -> dict[str, str]:
    """Every code named as a literal where a refusal is built, and where."""
    found = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                for code in _codes_in(node):
                    found[str(code)] = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
    return found


def test_every_code_named_in_the_code_is_listed():
    found = named_codes()
    assert len(found) > 60  # the scan finds the codes (it would pass vacuously otherwise)
    assert {code: where for code, where in found.items() if code not in api_error_codes()} == {}


def test_the_codes_of_the_cores_catalogues_are_listed():
    from drafts.services.messages import MESSAGES as DRAFT
    from games.engines.messages import MESSAGES as ENGINE
    from tournaments.core_messages import MESSAGES as PAIRING

    assert set(DRAFT) | set(ENGINE) | set(PAIRING) <= api_error_codes()
    assert "result.mismatch" in api_error_codes()


def test_the_schema_s_error_code_is_the_enum_of_them():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    code = schema["components"]["schemas"]["Error"]["properties"]["code"]
    assert code["enum"] == sorted(api_error_codes())
    assert not [c for c in code["enum"] if c[:1].isupper()]  # no class name


@pytest.mark.parametrize(
    ("error", "status", "code"),
    [
        (DomainError, 400, "invalid"),
        (ForbiddenError, 403, "forbidden"),
        (NotFoundError, 404, "not_found"),
        (ConflictError, 409, "conflict"),
    ],
)
def test_a_refusal_naming_no_listed_code_answers_its_generic_one(rf, error, status, code):
    assert code in GENERIC
    request = type("R", (), {"_request": rf.get("/api/")})()
    for named in (None, "NotAListedCode"):
        response = exception_handler(error("No.", code=named), {"request": request})
        assert (response.status_code, response.data["code"]) == (status, code)
    listed = exception_handler(error("No.", code="draft_started"), {"request": request})
    assert listed.data["code"] == "draft_started"


@pytest.mark.django_db
def test_a_refusal_through_the_api_names_a_listed_code():
    organiser = make_organiser("codes_orga")
    event = make_event(organiser)
    client = APIClient()
    client.force_authenticate(organiser)
    early = client.post(f"/api/events/{event.pk}/top-cut/start/")
    assert early.status_code in {400, 409}
    assert early.json()["code"] in api_error_codes()
    player = APIClient()
    player.force_authenticate(UserFactory(username="codes_player"))
    refused = player.post(f"/api/events/{event.pk}/rounds/pair/", {}, format="json")
    assert refused.status_code == 403
