"""One HTTP POST to a webhook endpoint, with the address rule applied where the connection is
made.

The check runs in the network backend (``httpcore``, the transport under ``httpx``): the
host is resolved there, every address it resolves to is checked, and the connection goes to
an address that was checked, so a name that resolved to a public address at registration
and to ``127.0.0.1`` now (DNS rebinding) is refused. TLS still verifies the certificate
against the URL's host name. No redirect is followed (a 3xx is a failed delivery), no proxy
is read from the environment, and the answer's body is read up to a few kilobytes.
"""

from __future__ import annotations

import socket
import ssl
import time
from collections.abc import Iterable
from dataclasses import dataclass

import httpcore

from webhooks.core.addresses import AddressRefused, refuse_private

CONNECT_SECONDS = 5.0
READ_SECONDS = 5.0
# However slowly a receiver drips its answer, the attempt ends by then.
TOTAL_SECONDS = 20.0
BODY_BYTES_READ = 4096


class DeliveryError(Exception):
    """The request failed before an answer (refused address, no connection, timeout)."""


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes


class GuardedBackend(httpcore.SyncBackend):
    """Connects only to addresses the site setting allows (public ones, unless private
    addresses are allowed)."""

    def __init__(self, *, allow_private: bool) -> None:
        self.allow_private = allow_private

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[tuple] | None = None,
    ) -> httpcore.NetworkStream:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError as exc:
            raise httpcore.ConnectError(f"cannot resolve {host}: {exc}") from exc
        addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
        if not self.allow_private:
            refuse_private(addresses, host)
        error: Exception | None = None
        for address in addresses:
            try:
                return super().connect_tcp(address, port, timeout, local_address, socket_options)
            except httpcore.ConnectError as exc:
                error = exc
        raise error or httpcore.ConnectError(f"no address for {host}")


def post(url: str, *, headers: dict[str, str], body: bytes, allow_private: bool) -> Answer:
    """POST ``body`` to ``url``; the answer (any status), or ``DeliveryError``."""
    started = time.monotonic()
    try:
        with httpcore.ConnectionPool(
            ssl_context=ssl.create_default_context(),
            network_backend=GuardedBackend(allow_private=allow_private),
            max_connections=1,
        ) as pool:
            timeouts = {"connect": CONNECT_SECONDS, "read": READ_SECONDS}
            timeouts |= {"write": READ_SECONDS, "pool": CONNECT_SECONDS}
            with pool.stream(
                "POST",
                url,
                headers=list(headers.items()),
                content=body,
                extensions={"timeout": timeouts},
            ) as response:
                read = bytearray()
                for chunk in response.iter_stream():
                    read += chunk
                    if len(read) >= BODY_BYTES_READ or time.monotonic() - started > TOTAL_SECONDS:
                        break
                return Answer(response.status, bytes(read[:BODY_BYTES_READ]))
    except AddressRefused as exc:
        raise DeliveryError(f"address not allowed: {exc.value}") from exc
    except httpcore.TimeoutException as exc:
        raise DeliveryError(f"timed out: {exc}") from exc
    except (httpcore.NetworkError, httpcore.ProtocolError, httpcore.UnsupportedProtocol) as exc:
        raise DeliveryError(f"{type(exc).__name__}: {exc}") from exc
    except (OSError, ValueError) as exc:
        raise DeliveryError(f"{type(exc).__name__}: {exc}") from exc
