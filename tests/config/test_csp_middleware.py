"""The site's CSP middleware writes exactly the headers django-csp's own would."""

from __future__ import annotations

import pytest
from csp.middleware import CSPMiddleware as LibraryCSPMiddleware
from django.http import HttpResponse
from django.test import RequestFactory

from config.csp_middleware import CSPMiddleware

POLICY = {"DIRECTIVES": {"default-src": ["'self'"], "img-src": ["'self'", "data:"]}}


def _headers(middleware_class, path="/", prepare=lambda request, response: None):
    request = RequestFactory().get(path)
    middleware = middleware_class(lambda r: HttpResponse("ok"))
    middleware.process_request(request)
    response = HttpResponse("ok")
    prepare(request, response)
    middleware.process_response(request, response)
    return {k: v for k, v in response.items() if "Content-Security-Policy" in k}


def _use_nonce(request, response):
    str(request.csp_nonce)


def _exempt(request, response):
    response._csp_exempt = True


def _update(request, response):
    response._csp_update = {"img-src": ["https://img.example"]}


@pytest.mark.parametrize("prepare", [lambda q, r: None, _use_nonce, _exempt, _update])
def test_same_headers_as_the_library(settings, prepare):
    settings.CONTENT_SECURITY_POLICY = POLICY
    ours = _headers(CSPMiddleware, prepare=prepare)
    assert ours.keys() == _headers(LibraryCSPMiddleware, prepare=prepare).keys()
    if prepare is not _use_nonce:  # a nonce is random per request
        assert ours == _headers(LibraryCSPMiddleware, prepare=prepare)


def test_a_changed_setting_changes_the_header(settings):
    settings.CONTENT_SECURITY_POLICY = POLICY
    assert "data:" in _headers(CSPMiddleware)["Content-Security-Policy"]
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    assert _headers(CSPMiddleware) == {"Content-Security-Policy": "default-src 'none'"}


def test_report_only_and_excluded_prefixes(settings):
    settings.CONTENT_SECURITY_POLICY = {**POLICY, "EXCLUDE_URL_PREFIXES": ["/skip/"]}
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"script-src": ["'self'"]}}
    assert _headers(CSPMiddleware, "/skip/x") == _headers(LibraryCSPMiddleware, "/skip/x")
    assert list(_headers(CSPMiddleware, "/skip/x")) == ["Content-Security-Policy-Report-Only"]
    assert _headers(CSPMiddleware, "/page") == _headers(LibraryCSPMiddleware, "/page")
