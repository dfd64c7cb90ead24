"""Signing and checking a delivery: the site's signer, the core's check and the recipe of
docs/api.md agree; a forged body, another secret, a bad header and a replayed (old) delivery
are refused by both."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webhooks.core import signing

SECRET = "whsec_test-secret"


def signed(body: bytes, at: int, secret: str = SECRET) -> str:
    return signing.signature_header([secret], at, body)


def test_a_fresh_signature_passes_the_core_and_the_documented_recipe(docs_verify_signature):
    body = b'{"type":"ping"}'
    now = int(time.time())
    header = signed(body, now)
    assert signing.verify_signature(SECRET, header, body, now=now) == now
    assert docs_verify_signature(SECRET, header, body) is True


@pytest.mark.parametrize(
    "case",
    [
        "changed body",
        "other secret",
        "signature of another time",
        "no v1",
        "garbage",
        "a time in other digits",
        "two times",
    ],
)
def test_a_forged_signature_fails_both_checks(case, docs_verify_signature):
    body = b'{"type":"result.confirmed","data":{"winner":"a"}}'
    now = int(time.time())
    header = signed(body, now)
    sent = body
    if case == "changed body":
        sent = body.replace(b'"a"', b'"b"')
    elif case == "other secret":
        header = signed(body, now, "whsec_someone-else")
    elif case == "signature of another time":
        header = f"t={now}," + signed(body, now - 1).split(",", 1)[1]
    elif case == "a time in other digits":
        header = "t=²," + signed(body, now).split(",", 1)[1]
    elif case == "two times":
        header = f"t={now - 1000}," + header
    elif case == "no v1":
        header = f"t={now}"
    else:
        header = "nonsense"
    assert docs_verify_signature(SECRET, header, sent) is False
    with pytest.raises(signing.SignatureError):
        signing.verify_signature(SECRET, header, sent, now=now)


def test_a_replayed_delivery_fails_after_five_minutes(docs_verify_signature):
    body = b'{"type":"round.published"}'
    then = int(time.time()) - 301
    header = signed(body, then)
    assert docs_verify_signature(SECRET, header, body) is False
    with pytest.raises(signing.StaleSignature):
        signing.verify_signature(SECRET, header, body, now=then + 301)
    # The same delivery within the window is fine.
    assert signing.verify_signature(SECRET, header, body, now=then + 299) == then


def test_during_a_rotation_either_secret_verifies(docs_verify_signature):
    body = b"{}"
    now = int(time.time())
    header = signing.signature_header(["whsec_new", "whsec_old"], now, body)
    for secret in ("whsec_new", "whsec_old"):
        assert docs_verify_signature(secret, header, body) is True
        assert signing.verify_signature(secret, header, body, now=now) == now
    assert docs_verify_signature("whsec_other", header, body) is False


@given(
    body=st.binary(max_size=200), secret=st.text(min_size=1, max_size=40), at=st.integers(0, 2**40)
)
def test_any_body_signed_verifies_and_any_changed_byte_does_not(body, secret, at):
    header = signing.signature_header([secret], at, body)
    assert signing.verify_signature(secret, header, body, now=at) == at
    changed = body + b"x"
    with pytest.raises(signing.ForgedSignature):
        signing.verify_signature(secret, header, changed, now=at)
