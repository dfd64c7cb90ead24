"""A receiver of webhooks on this machine (``http.server`` in a thread on 127.0.0.1), and an
organiser's endpoint pointing to it."""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from webhooks.services import endpoint_create

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> dict:
        return json.loads(self.body)


@dataclass
class Receiver:
    url: str = ""
    status: int = 200
    answer: bytes = b"ok"
    received: list[Received] = field(default_factory=list)

    def kinds(self) -> list[str]:
        return [r.headers["Webhook-Event"] for r in self.received]


@pytest.fixture
def receiver():
    state = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            state.received.append(Received(dict(self.headers.items()), body))
            self.send_response(state.status)
            self.send_header("Content-Length", str(len(state.answer)))
            self.end_headers()
            self.wfile.write(state.answer)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/hooks"
    yield state
    server.shutdown()
    server.server_close()


@pytest.fixture(autouse=True)
def _private_addresses_allowed(settings):
    """The receiver is on 127.0.0.1: tests allow private addresses unless they say not."""
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True


@pytest.fixture
def endpoint(organiser, event, receiver):
    return endpoint_create(
        actor=organiser,
        url=receiver.url,
        kinds=[
            "round.published",
            "result.confirmed",
            "match.disputed",
            "standings.changed",
            "player.dropped",
            "event.finished",
        ],
        event_id=event.pk,
    )


@pytest.fixture(scope="session")
def docs_verify_signature():
    """``verify_signature`` exactly as docs/api.md shows it to receivers."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## Webhooks") :]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    code = next(b for b in blocks if "def verify_signature" in b)
    namespace: dict = {}
    exec(compile(code, str(DOCS), "exec"), namespace)
    return namespace["verify_signature"]
