"""The ``Idempotency-Key`` header on every POST of the API.

A signed-in caller's POST with the header is run once per key: sent again with the same
method, path and body, it is answered with the stored answer (same status, body and
headers, plus ``Idempotent-Replayed: true``); with another request, or while the first one
still runs, it is a 409 that says which. Answers are stored unless they say the request may
be sent again as it is (a server error, 401, 403, 429). Anonymous callers' POSTs change
nothing (validating a record, odds) and the login's answer holds a token, so neither keeps
answers: the header is ignored there.

A middleware rather than a view mixin: it wraps every API view's POST whatever its class
(generic or plain ``APIView``), and it runs last (after CSRF, language and the 405 answer),
so the view it calls is the one the URL map resolved."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.request import RawPostDataException
from django.utils.translation import gettext as _
from rest_framework.exceptions import APIException

from config.api import takes_idempotency_key
from idempotency import services
from idempotency.services import Outcome

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_KEY_LENGTH = 255
# Answers that say "send it again as it is": not stored, the key stays free.
NOT_STORED = frozenset({401, 403, 429})
# Headers the answer gets anew each time, never replayed.
NOT_REPLAYED = frozenset({"set-cookie", "date", "vary"})


def honours_key(view_func: Callable[..., HttpResponse]) -> bool:
    """Whether a POST to this view takes an ``Idempotency-Key`` (the schema asks the same)."""
    return takes_idempotency_key(getattr(view_func, "cls", None))


def _refusal(detail: str, code: str, status: int) -> JsonResponse:
    return JsonResponse({"detail": detail, "code": code}, status=status)


def _bad_key(key: str) -> bool:
    return not (0 < len(key) <= MAX_KEY_LENGTH) or not all(" " <= c <= "~" for c in key)


def _caller_id(request: HttpRequest, view_func: Callable[..., HttpResponse]) -> int | None:
    """The signed-in caller as the view will see them (token or session), or None."""
    view = view_func.cls(**getattr(view_func, "initkwargs", {}))
    try:
        user = view.initialize_request(request).user
    except APIException:
        return None  # a bad token or a session without its CSRF token: the view refuses
    return user.pk if user is not None and user.is_authenticated else None


def _replay(record: Any) -> HttpResponse:
    response = HttpResponse(bytes(record.body), status=record.status_code)
    for name, value in record.headers:
        response[name] = value
    response[REPLAYED_HEADER] = "true"
    return response


class IdempotencyKeyMiddleware:
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
        key = request.headers.get(HEADER)
        if request.method != "POST" or key is None or not honours_key(view_func):
            return None
        if _bad_key(key):
            return _refusal(
                _("The Idempotency-Key header must be 1 to %(n)s printable ASCII characters.")
                % {"n": MAX_KEY_LENGTH},
                "bad_idempotency_key",
                400,
            )
        try:
            body = request.body  # read first: authenticating may read a form body
        except (RequestDataTooBig, RawPostDataException):  # the view refuses it, keyless
            return None
        user_id = _caller_id(request, view_func)
        if user_id is None:
            return None
        fingerprint = services.request_fingerprint(
            method=request.method, path=request.get_full_path(), body=body
        )
        claim = services.idempotency_key_claim(user_id=user_id, key=key, fingerprint=fingerprint)
        if claim.outcome is Outcome.REPLAY:
            return _replay(claim.record)
        if claim.outcome is Outcome.MISMATCH:
            return _refusal(
                _(
                    "This Idempotency-Key was first sent with another request (another "
                    "method, address or body): use a new key for a new request."
                ),
                "idempotency_key_reused",
                409,
            )
        if claim.outcome is Outcome.IN_PROGRESS:
            return _refusal(
                _(
                    "The first request with this Idempotency-Key is still in progress: "
                    "send it again once that one has been answered."
                ),
                "idempotency_key_in_progress",
                409,
            )
        return self._run_and_store(request, view_func, view_args, view_kwargs, claim.record)

    def _run_and_store(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
        record: Any,
    ) -> HttpResponse:
        try:
            response = view_func(request, *view_args, **view_kwargs)
            if hasattr(response, "render") and not getattr(response, "is_rendered", True):
                response.render()
        except BaseException:
            services.idempotency_key_release(record=record)
            raise
        if response.streaming or response.status_code >= 500 or response.status_code in NOT_STORED:
            services.idempotency_key_release(record=record)
            return response
        headers = [
            (name, value) for name, value in response.items() if name.lower() not in NOT_REPLAYED
        ]
        services.idempotency_key_store(
            record=record, status_code=response.status_code, headers=headers, body=response.content
        )
        return response
