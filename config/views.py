"""Site-wide pages: home, health and the error pages."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from config.deadlines import broker_configured


def _database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return f"down: {type(exc).__name__}"
    return "ok"


def _broker_state() -> str:
    if not broker_configured():
        return "not configured"
    from config.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return f"down: {type(exc).__name__}"
    return "ok"


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """Report the database and broker. 503 only when the database is down: without a
    broker the site still works, deadlines being applied lazily. A load balancer (anonymous)
    learns only the status; staff also see what is up or down, and why."""
    database = _database_state()
    broker = _broker_state()
    healthy = database == "ok"
    body: dict[str, object] = {
        "status": "ok"
        if healthy and broker in {"ok", "not configured"}
        else ("degraded" if healthy else "down"),
    }
    if getattr(request.user, "is_staff", False):
        body |= {
            "database": database,
            "database_vendor": connection.vendor,
            "broker": broker,
            "debug": settings.DEBUG,
        }
    return JsonResponse(body, status=200 if healthy else 503)


def _error(
    request: HttpRequest, status: int, template: str, detail: str | None = None
) -> HttpResponse:
    """The error page, or on the API a JSON body with ``detail`` (a generic one if none)."""
    if request.path.startswith("/api/"):
        from django.utils.translation import gettext as _

        messages = {
            400: _("Bad request."),
            403: _("You do not have permission to do this."),
            404: _("Not found."),
            500: _("Server error."),
        }
        return JsonResponse({"detail": detail or messages[status]}, status=status)
    return render(request, template, {"detail": detail}, status=status)


def bad_request(
    request: HttpRequest, exception: Exception | None = None, *, detail: str | None = None
) -> HttpResponse:
    return _error(request, 400, "errors/400.html", detail)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    # An event page refused to someone not on its staff names who can add them.
    managers = getattr(exception, "staff_managers", None)
    if managers is not None and not request.path.startswith("/api/"):
        return render(request, "errors/403.html", {"staff_managers": managers}, status=403)
    return _error(request, 403, "errors/403.html")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 404, "errors/404.html")


def server_error(request: HttpRequest) -> HttpResponse:
    return _error(request, 500, "errors/500.html")


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A forged or stale form: say so in the user's language; nothing was changed."""
    if request.path.startswith("/api/"):
        from django.utils.translation import gettext as _

        return JsonResponse(
            {"detail": _("CSRF check failed: the request was refused.")}, status=403
        )
    return render(request, "errors/403_csrf.html", status=403)


# Admin pages of models that moved app: (old app, model) -> new app.
MOVED_ADMIN_PAGES = {
    ("tournaments", "auctiondeck"): "drafts",
    ("tournaments", "boosterconfig"): "drafts",
    ("tournaments", "draft"): "drafts",
    ("rulings", "decklist"): "decklists",
}


def moved_admin_page(request: HttpRequest, old: str, model: str) -> HttpResponse:
    """An admin page of a model that moved to another app: the same page at its new address
    (language prefix, the rest of the path and the query kept)."""
    new = MOVED_ADMIN_PAGES.get((old, model))
    if new is None:
        return page_not_found(request)
    path = request.get_full_path().replace(f"/admin/{old}/{model}/", f"/admin/{new}/{model}/", 1)
    return HttpResponsePermanentRedirect(path)
