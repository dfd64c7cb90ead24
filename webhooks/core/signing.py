"""Signing a delivery and checking its signature, as a receiver does.

A delivery's ``Webhook-Signature`` header is ``t=<unix seconds>,v1=<hex>``, where ``<hex>``
is HMAC-SHA256 with the endpoint's secret of ``"<t>.<body>"`` (the body as sent, bytes).
Putting the time in the signed text lets a receiver refuse an old delivery sent again (a
replay) without keeping the ones it saw: ``verify_signature`` refuses a timestamp more than
``tolerance`` seconds away from its clock. ``docs/api.md`` shows the same check for
receivers, and a test runs that copy against deliveries signed here.
"""

from __future__ import annotations

import hashlib
import hmac

SIGNATURE_HEADER = "Webhook-Signature"
ID_HEADER = "Webhook-Id"
KIND_HEADER = "Webhook-Event"
TOLERANCE_SECONDS = 300


class SignatureError(ValueError):
    """A signature that does not prove the body came from the site, now."""


class MalformedSignature(SignatureError):
    """The header is not ``t=<digits>,v1=<hex>``."""


class ForgedSignature(SignatureError):
    """No ``v1`` in the header matches the body and the secret."""


class StaleSignature(SignatureError):
    """The timestamp is too far from the receiver's clock (a replay, or a skewed clock)."""


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The hex HMAC-SHA256 of ``"<timestamp>.<body>"`` with ``secret``."""
    signed = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def signature_header(secrets: list[str], timestamp: int, body: bytes) -> str:
    """The header's value: one ``v1`` per secret (the current one first; during a rotation
    the previous one too, so receivers can switch over without losing deliveries)."""
    return ",".join([f"t={timestamp}", *(f"v1={signature(s, timestamp, body)}" for s in secrets)])


def parse_header(header: str) -> tuple[int, list[str]]:
    """The timestamp and the ``v1`` signatures of a header (unknown schemes are ignored)."""
    timestamp: int | None = None
    signatures: list[str] = []
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t":
            if timestamp is not None or not (value.isascii() and value.isdigit()):
                raise MalformedSignature(f"not one time in digits: {header[:100]!r}")
            if len(value) > 15:
                raise MalformedSignature(f"not a time: {header[:100]!r}")
            timestamp = int(value)
        elif key == "v1" and value:
            signatures.append(value)
    if timestamp is None or not signatures:
        raise MalformedSignature(f"not a webhook signature: {header[:100]!r}")
    return timestamp, signatures


def verify_signature(
    secret: str, header: str, body: bytes, *, now: float, tolerance: int = TOLERANCE_SECONDS
) -> int:
    """Check a delivery as its receiver does; return its timestamp. Raises
    ``MalformedSignature``, ``ForgedSignature`` or ``StaleSignature``."""
    timestamp, signatures = parse_header(header)
    expected = signature(secret, timestamp, body)
    if not any(hmac.compare_digest(expected, given) for given in signatures):
        raise ForgedSignature("the signature does not match the body and the secret")
    if abs(now - timestamp) > tolerance:
        raise StaleSignature(f"signed at {timestamp}, {int(now - timestamp)} s from now")
    return timestamp
