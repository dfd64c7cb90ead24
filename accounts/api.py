from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.generics import RetrieveUpdateAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import NotificationKind, NotificationPreferences, User
from accounts.selectors import email_in_use, notification_preferences_of
from accounts.services import notification_preferences_set


class MeSerializer(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ("id", "username", "display_name", "email", "player_number", "is_staff")
        read_only_fields = ("id", "username", "player_number", "is_staff")

    def validate_email(self, value: str) -> str:
        if email_in_use(value, exclude_pk=self.instance.pk):
            raise serializers.ValidationError(
                _("An account with this e-mail address already exists.")
            )
        return value

    def update(self, instance: User, validated_data: dict[str, Any]) -> User:
        try:
            with transaction.atomic():
                return super().update(instance, validated_data)
        except IntegrityError:
            # Two changes to one address at the same instant: the constraint decides, and the
            # loser hears what the check above says, as on sign-up.
            raise serializers.ValidationError(
                {"email": [_("An account with this e-mail address already exists.")]}
            ) from None


@extend_schema(tags=["accounts"])
class MeView(RetrieveUpdateAPIView):
    """The logged-in person's profile."""

    serializer_class = MeSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_object(self) -> User:
        return self.request.user


@extend_schema(tags=["accounts"], request=None, responses={204: None})
class TokenRevokeView(APIView):
    """Revoke the caller's API token: it stops working at once (a new one comes from
    `POST /api/v1/auth/token/`). Changing the password revokes it too."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request) -> Response:
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class NotificationPreferencesSerializer(serializers.ModelSerializer):
    class Meta:
        model = NotificationPreferences
        fields = (*NotificationKind.values, "language")

    def update(
        self, instance: NotificationPreferences, validated_data: dict[str, Any]
    ) -> NotificationPreferences:
        return notification_preferences_set(user=instance.user, changes=validated_data)


@extend_schema(tags=["accounts"])
class NotificationPreferencesView(RetrieveUpdateAPIView):
    """Which e-mails the logged-in person gets: one switch per kind (all on but
    `pairings_published` until changed) and the language of the mails (empty: the site's).
    A person without an e-mail address gets none, whatever the switches say."""

    serializer_class = NotificationPreferencesSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_object(self) -> NotificationPreferences:
        return notification_preferences_of(self.request.user)
