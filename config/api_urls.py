"""The REST API: every app's endpoints, the OpenAPI schema and its docs pages."""

from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from config.api import ApiIndex, api_not_found

app_name = "api"

urlpatterns = [
    path("", ApiIndex.as_view(), name="index"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api:schema"), name="redoc"),
    path("", include("accounts.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("drafts.api_urls")),
    path("", include("judge_calls.api_urls")),
    path("", include("games.api_urls")),
    path("", include("rulings.api_urls")),
    path("", include("decklists.api_urls")),
    path("", include("webhooks.api_urls")),
    path("", include("metagame.api_urls")),
    path("<path:unknown>", api_not_found, name="not-found"),
]
