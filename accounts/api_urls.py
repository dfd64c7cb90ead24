from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny
from rest_framework.settings import api_settings

from accounts.api import MeView, NotificationPreferencesView, TokenRevokeView


@extend_schema_view(post=extend_schema(tags=["accounts"]))
class TokenView(ObtainAuthToken):
    """Exchange a username and password for an API token (send it as `Authorization: Token …`)."""

    # DRF's view names its own parsers; use the API's, which bound body size and depth.
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES
    # Open to everyone, as DRF's view is (its empty list): said so, the schema lets the
    # request go without credentials.
    permission_classes = [AllowAny]
    # Its answer holds a token: never stored to be replayed (idempotency/middleware.py).
    idempotency_exempt = True

    def get_serializer_context(self) -> dict[str, Any]:
        # Authenticate with Django's request, not DRF's wrapper: the login lockout marks
        # the request it is given, and the middleware that answers 429 reads Django's.
        return {**super().get_serializer_context(), "request": self.request._request}


urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="auth-token"),
    path("auth/token/revoke/", TokenRevokeView.as_view(), name="auth-token-revoke"),
    path("me/", MeView.as_view(), name="me"),
    path(
        "me/notifications/",
        NotificationPreferencesView.as_view(),
        name="me-notifications",
    ),
]
