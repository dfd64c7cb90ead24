"""Where deliveries may go: http(s) URLs only, and in production no loopback, private,
link-local or other non-public address, refused when the URL is registered and again when a
delivery is sent (whatever the name resolved to before)."""

from __future__ import annotations

import socket

import pytest

from config.errors import DomainError
from webhooks import transport
from webhooks.core.addresses import AddressRefused, checked_url, public_address, refuse_private
from webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEndpoint
from webhooks.sending import send_due
from webhooks.services import endpoint_create, endpoint_ping


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1", "10.1.2.3", "169.254.169.254", "192.168.1.20", "172.16.0.1", "100.64.0.1",
     "0.0.0.0", "224.0.0.1", "::1", "fe80::1", "fc00::1", "::ffff:127.0.0.1", "not an ip"],
)  # fmt: skip
def test_non_public_addresses_are_refused(address):
    assert not public_address(address)
    with pytest.raises(AddressRefused):
        refuse_private([address], "host")


@pytest.mark.parametrize("address", ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"])
def test_public_addresses_pass(address):
    assert public_address(address)
    refuse_private([address], "host")


def test_one_private_address_among_public_ones_refuses_the_host():
    with pytest.raises(AddressRefused):
        refuse_private(["8.8.8.8", "10.0.0.1"], "mixed.example")
    with pytest.raises(AddressRefused):
        refuse_private([], "nowhere.example")


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("ftp://example.org/", "scheme"),
        ("file:///etc/passwd", "scheme"),
        ("https://user:pw@example.org/", "credentials"),
        ("https:///nohost", "no_host"),
        ("https://example.org/" + "a" * 2000, "too_long"),
        ("http://[::1/", "malformed"),
    ],
)
def test_urls_of_the_wrong_form_are_refused(url, reason):
    with pytest.raises(AddressRefused) as refused:
        checked_url(url)
    assert refused.value.reason == reason


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/hook",
        "http://10.0.0.5/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://localhost/hook",
    ],
)
def test_registration_refuses_private_addresses_in_production(settings, organiser, event, url):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    with pytest.raises(DomainError) as refused:
        endpoint_create(actor=organiser, url=url, kinds=["round.published"], event_id=event.pk)
    assert refused.value.field == "url"
    assert not WebhookEndpoint.objects.exists()


def test_registration_allows_them_where_the_setting_does(organiser, event):
    endpoint = endpoint_create(
        actor=organiser, url="http://127.0.0.1:9/hook", kinds=["round.published"]
    )
    assert endpoint.event_id is None


def test_a_host_that_now_resolves_to_a_private_address_is_refused_at_send_time(
    settings, organiser, event, receiver, monkeypatch
):
    """DNS rebinding: registered while it resolved to a public address, the name now
    resolves to the receiver on 127.0.0.1; nothing reaches it."""
    public = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", 80))]
    port = int(receiver.url.rsplit(":", 1)[1].split("/")[0])
    local = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]
    answers = {"rebind.example": public}
    real = socket.getaddrinfo
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda host, *a, **k: answers.get(host) or real(host, *a, **k)
    )
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    endpoint = endpoint_create(
        actor=organiser, url=f"http://rebind.example:{port}/hooks", kinds=["round.published"]
    )
    answers["rebind.example"] = local
    endpoint_ping(actor=organiser, endpoint_id=endpoint.pk)
    assert send_due() == 1
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == DeliveryStatus.PENDING  # a failure, tried again later
    assert delivery.response_status is None
    assert "address not allowed" in delivery.error
    assert receiver.received == []
    # Allowed where the setting allows it: the same delivery arrives.
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    answer = transport.post(endpoint.url, headers={}, body=b"{}", allow_private=True)
    assert answer.status == 200
    assert len(receiver.received) == 1


def test_a_redirect_is_not_followed(receiver):
    receiver.status, receiver.answer = 302, b""
    answer = transport.post(receiver.url, headers={}, body=b"{}", allow_private=True)
    assert answer.status == 302
    assert len(receiver.received) == 1
