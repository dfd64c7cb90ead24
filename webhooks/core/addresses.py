"""Which addresses a delivery may go to.

A site that sends requests where its users say is a way into the network it runs in (a
server-side request forgery): an "endpoint" at ``http://127.0.0.1:6379/`` or at a cloud's
metadata address (``169.254.169.254``). In production a delivery goes only to public
addresses, checked when the URL is registered and again for every address the name resolves
to when it is sent (a name may resolve elsewhere by then).
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

MAX_URL_LENGTH = 2000
SCHEMES = ("http", "https")

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class AddressRefused(ValueError):
    """A URL or an address a delivery may not go to; ``reason`` says which rule."""

    def __init__(self, reason: str, value: str) -> None:
        super().__init__(f"{reason}: {value[:200]!r}")
        self.reason = reason
        self.value = value


def public_address(address: str) -> bool:
    """Whether ``address`` (an IP address's text) is on the public internet: not loopback,
    private, shared (carrier NAT), link-local, multicast, reserved or unspecified, including
    an IPv4 address written as IPv6 (``::ffff:127.0.0.1``)."""
    try:
        ip: IPAddress = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        mapped = ip.ipv4_mapped or ip.sixtofour
        if mapped is not None:
            ip = mapped
    return bool(
        ip.is_global
        and not ip.is_multicast
        and not ip.is_reserved
        and not ip.is_loopback
        and not ip.is_link_local
        and not ip.is_unspecified
    )


def checked_url(url: str) -> tuple[str, str, int]:
    """The URL's scheme, host and port, or ``AddressRefused``: http or https only, a host,
    no user or password in it, at most ``MAX_URL_LENGTH`` characters."""
    if len(url) > MAX_URL_LENGTH:
        raise AddressRefused("too_long", url)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise AddressRefused("malformed", url) from exc
    if parts.scheme not in SCHEMES:
        raise AddressRefused("scheme", url)
    if not parts.hostname:
        raise AddressRefused("no_host", url)
    if parts.username is not None or parts.password is not None:
        raise AddressRefused("credentials", url)
    if any(c.isspace() or ord(c) < 32 for c in url):
        raise AddressRefused("malformed", url)
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


def refuse_private(addresses: list[str], host: str) -> None:
    """Refuse a host none of whose addresses, or one of whose addresses, is not public: one
    private address among public ones would let a resolver choose it."""
    if not addresses:
        raise AddressRefused("unresolved", host)
    for address in addresses:
        if not public_address(address):
            raise AddressRefused("private", address)
