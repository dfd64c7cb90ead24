"""The OpenAPI schema is valid, and a client generated from it has every operation and
imports: what an integrator does with it (docs/api.md)."""

from __future__ import annotations

import enum
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CLIENT_CONFIG = ROOT / "docs" / "openapi-python-client.yaml"
PACKAGE = "organised_play_tournament_manager_api_client"


@pytest.fixture(scope="module")
def schema_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("schema") / "schema.yaml"
    call_command("spectacular", "--file", str(path))
    return path


@pytest.fixture(scope="module")
def generated(schema_file: Path, tmp_path_factory: pytest.TempPathFactory):
    """The client openapi-python-client generates, its output, and its package imported."""
    where = tmp_path_factory.mktemp("client")
    config = where / "config.yaml"
    # The project's configuration, without the formatting hooks (not needed to import).
    config.write_text(CLIENT_CONFIG.read_text() + "post_hooks: []\n")
    out = where / "client"
    run = subprocess.run(
        [
            str(BIN / "openapi-python-client"),
            "generate",
            "--path",
            str(schema_file),
            "--output-path",
            str(out),
            "--config",
            str(config),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    sys.path.insert(0, str(out))
    try:
        yield run, out / PACKAGE
    finally:
        sys.path.remove(str(out))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_schema_is_valid_openapi(schema_file):
    spec, _ = read_from_filename(str(schema_file))
    validate(spec)  # raises on the first error


def test_request_bodies_are_json_only(schema_file):
    schema = yaml.safe_load(schema_file.read_text())
    offered = {
        media
        for item in schema["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for media in operation.get("requestBody", {}).get("content", {})
    }
    assert offered == {"application/json"}


def test_the_client_generates_without_warnings(generated):
    run, package = generated
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Warning" not in run.stdout + run.stderr, run.stdout + run.stderr
    assert package.is_dir()


def test_every_generated_module_imports(generated):
    failures = []
    root = importlib.import_module(PACKAGE)
    for info in pkgutil.walk_packages(root.__path__, PACKAGE + "."):
        try:
            importlib.import_module(info.name)
        except Exception as error:
            failures.append(f"{info.name}: {type(error).__name__}: {error}")
    assert not failures, "\n".join(failures)


def _body_model(module) -> str:
    annotation = module.sync_detailed.__annotations__["body"]
    return getattr(annotation, "__name__", annotation)


def test_penalties_and_judge_call_resolve_have_request_models(generated):
    penalty = importlib.import_module(f"{PACKAGE}.api.events.events_penalties_create")
    resolve = importlib.import_module(f"{PACKAGE}.api.judge_calls.judge_calls_resolve_create")
    models = importlib.import_module(f"{PACKAGE}.models")
    assert _body_model(penalty) == "PenaltyInRequest"
    assert _body_model(resolve) == "ResolveInRequest"
    assert {"registration_id", "reason"} <= set(models.PenaltyInRequest.__annotations__)
    assert "outcome" in models.ResolveInRequest.__annotations__


def test_a_qiahn_record_is_built_with_real_enums(generated):
    models = importlib.import_module(f"{PACKAGE}.models")
    record = models.QiahnRecordRequest
    for name in ("format_", "game", "ruleset", "squad", "initiative"):
        kind = getattr(models, f"QiahnRecordRequest{name.rstrip('_').capitalize()}")
        assert issubclass(kind, enum.Enum), name
        assert len(kind) >= 1
    built = record.from_dict(
        {
            "format": 1,
            "game": "qiahn-tactics",
            "ruleset": "rulebook-1",
            "squad": 3,
            "initiative": "heads",
            "rounds": [],
            "result": {"heads": 0, "tails": 0},
        }
    )
    assert built.ruleset == models.QiahnRecordRequestRuleset("rulebook-1")
    assert built.to_dict()["squad"] == 3
    odds = models.OddsRequestRequestRuleset
    assert issubclass(odds, enum.Enum)


@pytest.mark.django_db
@pytest.mark.parametrize("body_format", ["multipart", None])
def test_a_form_body_is_refused_with_415(body_format):
    from rest_framework.test import APIClient

    client = APIClient()
    if body_format:
        response = client.post(
            "/api/auth/token/", {"username": "a", "password": "b"}, format=body_format
        )
    else:
        response = client.post(
            "/api/auth/token/",
            "username=a&password=b",
            content_type="application/x-www-form-urlencoded",
        )
    assert response.status_code == 415
    assert response.json()["detail"]
    json_body = client.post("/api/auth/token/", {"username": "a", "password": "b"})
    assert json_body.status_code == 400


def _schema(schema_file: Path) -> dict:
    return yaml.safe_load(schema_file.read_text())


def test_operation_ids_are_identifiers(schema_file):
    schema = _schema(schema_file)
    ids = [
        operation["operationId"]
        for item in schema["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    ]
    assert ids
    assert [i for i in ids if not i.isidentifier()] == []


def test_server_now_is_a_date_time(schema_file):
    components = _schema(schema_file)["components"]["schemas"]
    assert components["RoundOut"]["properties"]["server_now"]["format"] == "date-time"


def test_the_penalty_kinds_are_one_enum(schema_file):
    components = _schema(schema_file)["components"]["schemas"]
    kinds = [name for name in components if "KindEnum" in name and "Penalty" in name]
    assert kinds == ["PenaltyKindEnum"]
    penalty_in = components["PenaltyInRequest"]["properties"]["kind"]
    assert penalty_in["allOf"] == [{"$ref": "#/components/schemas/PenaltyKindEnum"}]


def test_an_audit_entry_kind_is_the_filter_enum(schema_file):
    schema = _schema(schema_file)
    audit = schema["paths"]["/api/v1/events/{id}/audit/"]["get"]
    (kind_filter,) = [p for p in audit["parameters"] if p["name"] == "kind"]
    components = schema["components"]["schemas"]
    kind = components["AuditOut"]["properties"]["kind"]
    assert kind["allOf"] == [{"$ref": "#/components/schemas/AuditKindEnum"}]
    assert set(components["AuditKindEnum"]["enum"]) == set(kind_filter["schema"]["enum"])
    assert len(kind_filter["schema"]["enum"]) == 10


def test_406_and_415_are_documented(schema_file):
    schema = _schema(schema_file)
    operations = [
        operation
        for item in schema["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "responses" in operation
    ]
    assert all("406" in operation["responses"] for operation in operations)
    with_body = [operation for operation in operations if "requestBody" in operation]
    assert with_body
    assert all("415" in operation["responses"] for operation in with_body)
    assert not any(
        "415" in operation["responses"] for operation in operations if operation not in with_body
    )


@pytest.mark.django_db
def test_an_accept_header_the_api_cannot_answer_is_a_406_error():
    from rest_framework.test import APIClient

    response = APIClient().get("/api/events/", HTTP_ACCEPT="text/csv")
    assert response.status_code == 406
    assert response.json()["detail"]


def test_every_answer_with_a_body_describes_it(schema_file):
    schema = _schema(schema_file)
    undescribed = [
        f"{method.upper()} {path} {status}"
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict)
        for status, response in operation.get("responses", {}).items()
        if str(status).startswith("2") and str(status) != "204" and "content" not in response
    ]
    assert undescribed == []
    start = schema["paths"]["/api/v1/events/{id}/draft/start/"]["post"]["responses"]
    assert "201" in start and "200" not in start


def test_answers_list_every_field_they_always_have_as_required(schema_file):
    components = _schema(schema_file)["components"]["schemas"]
    for name, fields in {
        "MatchOut": {"status", "winner", "games_won_a", "confirmed_at", "player_b"},
        "EventOut": {"status", "top_cut", "games_per_match", "venue"},
        "RegistrationOut": {"status", "drop_reason", "fixed_table"},
        "RoundOut": {"kind", "status", "ends_at"},
        "PenaltyOut": {"round", "infraction", "game_number"},
        "PaginatedEventOutList": {"count", "next", "previous", "results"},
    }.items():
        assert fields <= set(components[name]["required"]), name
    # What an answer may really leave out stays optional: a verdict's rounds (?rounds=false)
    # and, on a valid record, its error.
    verdict = set(components["Verdict"]["required"])
    assert {"valid", "game", "settings"} <= verdict
    assert not {"rounds", "error", "error_detail", "result"} & verdict
    # A request keeps its own rule: a field with a default may be left out.
    assert "games_drawn" not in components["ResultInRequest"].get("required", [])


def test_a_bye_and_a_rules_entry_are_null_in_a_way_validators_read(schema_file):
    components = _schema(schema_file)["components"]["schemas"]
    null = {"type": "object", "nullable": True, "enum": [None]}
    player_b = components["MatchOut"]["properties"]["player_b"]
    assert player_b["oneOf"] == [{"$ref": "#/components/schemas/PlayerRef"}, null]
    assert components["Entry"]["properties"]["card"]["oneOf"][1] == null
    assert "allOf" not in player_b


def test_the_token_prefix_is_in_the_security_scheme(schema_file):
    token = _schema(schema_file)["components"]["securitySchemes"]["tokenAuth"]
    assert (token["type"], token["in"], token["name"]) == ("apiKey", "header", "Authorization")
    assert "Authorization: Token " in token["description"]


def test_statuses_and_bodies_are_the_ones_answered(schema_file):
    schema = _schema(schema_file)
    random = schema["paths"]["/api/v1/rulings/events/{event_id}/deck-checks/random/"]["post"]
    assert "201" in random["responses"] and "200" not in random["responses"]
    detail = schema["components"]["schemas"]["ErrorDetail"]["properties"]
    assert {"recorded", "replayed"} <= set(detail)
    login = schema["paths"]["/api/v1/auth/token/"]["post"]
    assert {} in login["security"]


def test_a_draft_s_state_and_options_are_operations(schema_file):
    draft = _schema(schema_file)["paths"]["/api/v1/events/{id}/draft/"]
    assert set(draft) >= {"get", "patch"}
    assert {} in draft["get"]["security"]
    assert "{}" not in str(draft["patch"]["security"])
