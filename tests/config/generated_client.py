"""What an integrator does with the API's schema, as test helpers: write it with
``manage.py spectacular``, generate a Python client from it with openapi-python-client, and
send that client's requests into the site through an httpx transport whose hook checks
every request and answer against the schema with openapi-core.

The check is stricter than the schema's letter in one way: an object that lists its
properties may have no other member (an answer's undocumented field fails)."""

from __future__ import annotations

import copy
import importlib
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import parse_qsl

import httpx
import yaml
from django.core.management import call_command
from openapi_core import OpenAPI
from openapi_core.datatypes import RequestParameters
from werkzeug.datastructures import Headers, ImmutableMultiDict

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CLIENT_CONFIG = ROOT / "docs" / "openapi-python-client.yaml"
PACKAGE = "organised_play_tournament_manager_api_client"


def write_schema(where: Path) -> Path:
    path = where / "schema.yaml"
    call_command("spectacular", "--file", str(path))
    return path


def generate_client(schema: Path, where: Path) -> subprocess.CompletedProcess:
    """openapi-python-client on the schema, with the project's configuration (without its
    formatting hooks: not needed to import)."""
    config = where / "config.yaml"
    config.write_text(CLIENT_CONFIG.read_text() + "post_hooks: []\n")
    return subprocess.run(
        [
            str(BIN / "openapi-python-client"),
            "generate",
            "--path",
            str(schema),
            "--output-path",
            str(where / "client"),
            "--config",
            str(config),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def import_every_module() -> list[str]:
    """Import the generated package and every module in it; the failures."""
    failures = []
    root = importlib.import_module(PACKAGE)
    for info in pkgutil.walk_packages(root.__path__, PACKAGE + "."):
        try:
            importlib.import_module(info.name)
        except Exception as error:
            failures.append(f"{info.name}: {type(error).__name__}: {error}")
    return failures


def forget_package() -> None:
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]


def _closed(node: Any) -> None:
    if isinstance(node, list):
        for item in node:
            _closed(item)
        return
    if not isinstance(node, dict):
        return
    if isinstance(node.get("properties"), dict) and "additionalProperties" not in node:
        node["additionalProperties"] = False
    for key, value in node.items():
        if key == "properties" and isinstance(value, dict):
            for prop in value.values():
                _closed(prop)
        elif key != "example" and key != "examples":
            _closed(value)


def strict_openapi(schema: Path) -> OpenAPI:
    """The schema for openapi-core, with every object that lists its properties closed."""
    spec = copy.deepcopy(yaml.safe_load(schema.read_text()))
    _closed(spec.get("components", {}))
    _closed(spec.get("paths", {}))
    return OpenAPI.from_dict(spec)


class _Request:
    """An httpx request as openapi-core reads one."""

    def __init__(self, request: httpx.Request) -> None:
        url = request.url
        self.host_url = f"{url.scheme}://{url.netloc.decode()}"
        self.path = url.path
        self.method = request.method.lower()
        self.body = request.content or None
        self.content_type = request.headers.get("content-type", "")
        self.parameters = RequestParameters(
            query=ImmutableMultiDict(parse_qsl(url.query.decode())),
            header=Headers(dict(request.headers)),
            cookie=ImmutableMultiDict(),
        )


class _Response:
    def __init__(self, response: httpx.Response) -> None:
        self.data = response.content
        self.status_code = response.status_code
        self.content_type = response.headers.get("content-type", "")
        self.headers = Headers(dict(response.headers))


@dataclass
class Exchange:
    method: str
    path: str
    status: int


class CheckedTransport:
    """httpx arguments for the generated client: the site's WSGI app as the transport, and
    a response hook that validates each request and answer against the schema (raising
    on the first that does not match), and records what was exchanged."""

    def __init__(self, openapi: OpenAPI, app: Any) -> None:
        self.openapi = openapi
        self.app = app
        self.exchanges: list[Exchange] = []

    def check(self, response: httpx.Response) -> None:
        response.read()
        request = _Request(response.request)
        self.exchanges.append(Exchange(request.method, request.path, response.status_code))
        self.openapi.validate_request(request)
        self.openapi.validate_response(request, _Response(response))

    def httpx_args(self) -> dict[str, Any]:
        return {
            "transport": httpx.WSGITransport(app=self.app),
            "event_hooks": {"response": [self.check]},
        }


def generated_package(where: Path) -> Iterator[ModuleType]:
    sys.path.insert(0, str(where / "client"))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(where / "client"))
        forget_package()
