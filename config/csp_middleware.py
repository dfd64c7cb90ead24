"""django-csp's middleware with the site-wide policy built once.

The library rebuilds both policies (enforced and report-only) from the settings on every
response; on a result report that costs more than the lookups of the report itself. A
response that asks for nothing of its own (no nonce used, no per-view config, update or
replace) gets the policies built once, with the library's own rules for exempt views,
excluded paths and debug error pages. Anything else takes the library's path.
"""

from __future__ import annotations

import functools
import http.client

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as LibraryCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase

_PER_RESPONSE = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)
_DEBUG_EXEMPT = (http.client.INTERNAL_SERVER_ERROR, http.client.NOT_FOUND)


@functools.cache
def _site_policies() -> tuple[tuple[str, str, tuple[str, ...], str], ...]:
    """(header, policy, excluded path prefixes, exempt attribute) for each policy in force."""
    policies = []
    for header, setting, report_only, exempt in (
        (HEADER, "CONTENT_SECURITY_POLICY", False, "_csp_exempt"),
        (HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", True, "_csp_exempt_ro"),
    ):
        policy = build_policy(report_only=report_only)
        if policy:
            config = getattr(settings, setting, None) or {}
            prefixes = tuple(config.get("EXCLUDE_URL_PREFIXES", None) or ())
            policies.append((header, policy, prefixes, exempt))
    return tuple(policies)


@receiver(setting_changed)
def _forget_policies(*, setting: str, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _site_policies.cache_clear()


class CSPMiddleware(LibraryCSPMiddleware):
    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, name) for name in _PER_RESPONSE
        ):
            return super().process_response(request, response)
        if response.status_code in _DEBUG_EXEMPT and settings.DEBUG:
            return response
        for header, policy, prefixes, exempt in _site_policies():
            if (
                header not in response
                and not getattr(response, exempt, False)
                and not request.path_info.startswith(prefixes)
            ):
                response[header] = policy
        # As the library does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
