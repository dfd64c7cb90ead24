"""API plumbing shared by every app: one exception handler, the unknown-route answer and the
wrong-method answer.

The handler maps the project's domain errors to 400 / 403 / 404 / 409 with a
translated reason, so that no bad input ever becomes a 500.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from config.error_codes import documented_code
from config.errors import ConflictError, DomainError, ForbiddenError, NotFoundError
from config.request_log import note_refusal


def _detail_from_validation_error(exc: ValidationError) -> Any:
    if hasattr(exc, "error_dict"):
        return {
            field: [str(m) for e in errors for m in e.messages]
            for field, errors in exc.error_dict.items()
        }
    return {"detail": [str(m) for m in exc.messages]}


def _payload(exc: DomainError) -> dict[str, Any]:
    """The refusal's body, its code one the schema lists (config/error_codes.py)."""
    payload = exc.as_payload()
    payload["code"] = documented_code(exc.code, type(exc).default_code)
    return payload


def _throttled(exc: exceptions.Throttled) -> Response:
    wait = max(1, math.ceil(exc.wait or 1))
    detail = ngettext(
        "Too many requests: try again in %(n)s second.",
        "Too many requests: try again in %(n)s seconds.",
        wait,
    ) % {"n": wait}
    response = Response({"detail": detail, "code": "too_many_requests"}, status=429)
    response["Retry-After"] = str(wait)
    return response


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, exceptions.Throttled):
        return _throttled(exc)
    if isinstance(exc, ConflictError):
        return Response(_payload(exc), status=status.HTTP_409_CONFLICT)
    if isinstance(exc, NotFoundError):
        return Response(_payload(exc), status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, ForbiddenError):
        note_refusal(context["request"]._request, exc.message)
        return Response(_payload(exc), status=status.HTTP_403_FORBIDDEN)
    if isinstance(exc, DomainError):
        return Response(_payload(exc), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ValidationError):
        return Response(_detail_from_validation_error(exc), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        note_refusal(context["request"]._request, str(exc))
        exc = exceptions.PermissionDenied()
    return drf_exception_handler(exc, context)


# Exempt like every API view (it changes nothing): a token-authenticated POST to an unknown
# route is a 404, not a CSRF refusal that suggests the route exists.
@csrf_exempt
def api_not_found(request: HttpRequest, unknown: str) -> JsonResponse:
    return JsonResponse(
        {
            "detail": _("There is no API route at /api/%(path)s.")
            % {"path": request.path.removeprefix("/api/")}
        },
        status=404,
    )


class MethodNotAllowedFirst:
    """A method an API route does not have is a 405 with ``Allow``, for every caller.

    DRF authenticates (a session's CSRF check included) and checks permissions before it
    looks for the method's handler, so a wrong method was a CSRF refusal for a session and
    a 401 for an anonymous caller, saying the method exists and only the caller is wrong.
    Which methods a route has depends on its view class alone, so this answers before."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> HttpResponse | None:
        view_class = getattr(view_func, "cls", None)
        if not (isinstance(view_class, type) and issubclass(view_class, APIView)):
            return None
        allowed = [m for m in view_class.http_method_names if hasattr(view_class, m)]
        if "get" in allowed and "head" not in allowed:
            allowed.append("head")  # as Django's View.setup gives every view with a get
        if request.method.lower() in allowed:
            return None
        # DRF's own message, in the API's one error shape and the request's language.
        response = JsonResponse(
            {"detail": str(exceptions.MethodNotAllowed(request.method).detail)}, status=405
        )
        names = [m.upper() for m in view_class.http_method_names if m in allowed]
        response["Allow"] = ", ".join(names)
        return response


def takes_idempotency_key(view_class: object) -> bool:
    """Whether a POST to this view honours ``Idempotency-Key`` (idempotency/middleware.py):
    every API view's POST but the login's, whose answer holds a token."""
    return (
        isinstance(view_class, type)
        and issubclass(view_class, APIView)
        and hasattr(view_class, "post")
        and not getattr(view_class, "idempotency_exempt", False)
    )


class IndexOut(serializers.Serializer):
    description = serializers.CharField()
    schema = serializers.URLField(help_text="the OpenAPI schema of every route")
    docs = serializers.URLField(help_text="browsable documentation of the schema")
    auth = serializers.URLField(help_text="POST a username and password for a token")
    collections = serializers.DictField(
        child=serializers.URLField(), help_text="where to start: the top-level lists"
    )


# The top-level lists, by the name a client knows them by, and their route names.
INDEX_COLLECTIONS = {
    "events": "api:event-list",
    "games": "api:games-list",
    "rulings_versions": "api:rulings-versions",
    "rulings_editions": "api:rulings-editions",
    "rulings_cards": "api:rulings-cards",
    "me": "api:me",
}


class ApiIndex(APIView):
    """The API's front door: where the schema, its docs, the token and the lists are."""

    permission_classes = [AllowAny]

    @extend_schema(tags=["api"], responses=IndexOut, summary="Index of the API")
    def get(self, request: Request) -> Response:
        # In the instance asked through: the unversioned index links unversioned routes.
        namespace = request.resolver_match.namespace if request.resolver_match else None

        def url(name: str) -> str:
            return request.build_absolute_uri(reverse(name, current_app=namespace))

        return Response(
            {
                "description": _(
                    "Events, pairings, results, standings, rulings and game-record validation. "
                    "Send the token as the header Authorization: Token <key>."
                ),
                "schema": url("api:schema"),
                "docs": url("api:docs"),
                "auth": url("api:auth-token"),
                "collections": {key: url(name) for key, name in INDEX_COLLECTIONS.items()},
            }
        )
