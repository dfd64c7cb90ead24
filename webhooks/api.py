"""Webhooks in the API: an organiser's endpoints (list, register, read, change, delete,
rotate the secret, test ping) and their deliveries (list, redeliver). Only the owner sees
an endpoint: anyone else gets 404. Every write goes through ``webhooks.services``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from webhooks import selectors, services
from webhooks.core.addresses import MAX_URL_LENGTH
from webhooks.kinds import Kind
from webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEndpoint

if TYPE_CHECKING:
    from django.db.models import QuerySet

TAG = ["webhooks"]


# --- shapes --------------------------------------------------------------------------------
class EndpointOut(serializers.ModelSerializer):
    event_id = serializers.IntegerField(
        allow_null=True, help_text="The event it is for; null: every event the owner organises."
    )
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=Kind.choices))

    class Meta:
        model = WebhookEndpoint
        fields = ("id", "url", "description", "event_id", "kinds", "active", "created_at")
        read_only_fields = fields


class EndpointWithSecretOut(EndpointOut):
    secret = serializers.CharField(
        help_text="The secret that signs the deliveries (HMAC-SHA256): answered when the "
        "endpoint is registered and when its secret is rotated, never again."
    )

    class Meta(EndpointOut.Meta):
        fields = (*EndpointOut.Meta.fields, "secret")
        read_only_fields = fields


class EndpointIn(serializers.Serializer):
    url = serializers.CharField(max_length=MAX_URL_LENGTH)
    description = serializers.CharField(max_length=100, required=False, allow_blank=True)
    event_id = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="The event (you must organise it); leave it out for all your events.",
    )
    kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=Kind.choices),
        min_length=1,
        required=False,
        help_text="What to send; every kind when left out.",
    )
    active = serializers.BooleanField(required=False)


class EndpointChangeIn(serializers.Serializer):
    url = serializers.CharField(max_length=MAX_URL_LENGTH, required=False)
    description = serializers.CharField(max_length=100, required=False, allow_blank=True)
    kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=Kind.choices), min_length=1, required=False
    )
    active = serializers.BooleanField(required=False)


class DeliveryOut(serializers.ModelSerializer):
    id = serializers.IntegerField()
    uid = serializers.UUIDField(help_text="The Webhook-Id header and the body's `id`.")
    endpoint_id = serializers.IntegerField()
    event_id = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField(help_text="A kind the endpoint subscribes to, or `ping`.")
    status = serializers.ChoiceField(choices=DeliveryStatus.choices)
    response_status = serializers.IntegerField(
        allow_null=True, help_text="The HTTP status of the last answer (null: none yet)."
    )
    response_body = serializers.CharField(help_text="The start of the last answer's body.")
    error = serializers.CharField(help_text="Why the last attempt got no answer, if it did not.")

    class Meta:
        model = WebhookDelivery
        fields = (
            "id",
            "uid",
            "endpoint_id",
            "event_id",
            "kind",
            "status",
            "attempts",
            "next_attempt_at",
            "last_attempt_at",
            "response_status",
            "response_body",
            "error",
            "delivered_at",
            "created_at",
            "payload",
        )
        read_only_fields = fields


def _parsed(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


# --- views ---------------------------------------------------------------------------------
@extend_schema(tags=TAG)
class EndpointListCreate(ListAPIView):
    """Your webhook endpoints; register one for an event you organise or for all of them."""

    serializer_class = EndpointOut
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self) -> QuerySet[WebhookEndpoint]:
        return selectors.own_endpoints(self.request.user)

    @extend_schema(request=EndpointIn, responses={201: EndpointWithSecretOut})
    def post(self, request: Request) -> Response:
        data = _parsed(EndpointIn, request)
        endpoint = services.endpoint_create(
            actor=request.user,
            url=data["url"],
            kinds=data.get("kinds") or list(Kind.values),
            event_id=data.get("event_id"),
            description=data.get("description", ""),
            active=data.get("active", True),
        )
        return Response(EndpointWithSecretOut(endpoint).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG)
class EndpointDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=EndpointOut)
    def get(self, request: Request, pk: int) -> Response:
        return Response(EndpointOut(selectors.own_endpoint(request.user, pk)).data)

    @extend_schema(request=EndpointChangeIn, responses=EndpointOut)
    def patch(self, request: Request, pk: int) -> Response:
        data = _parsed(EndpointChangeIn, request)
        endpoint = services.endpoint_update(actor=request.user, endpoint_id=pk, **data)
        return Response(EndpointOut(endpoint).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, pk: int) -> Response:
        services.endpoint_delete(actor=request.user, endpoint_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=TAG, request=None, responses=EndpointWithSecretOut)
class EndpointRotateSecret(APIView):
    """A new secret (answered once); the old one still signs beside it for a day."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        endpoint = services.endpoint_rotate_secret(actor=request.user, endpoint_id=pk)
        return Response(EndpointWithSecretOut(endpoint).data)


@extend_schema(tags=TAG, request=None, responses={202: DeliveryOut})
class EndpointPing(APIView):
    """Queue a test delivery (kind `ping`)."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        delivery = services.endpoint_ping(actor=request.user, endpoint_id=pk)
        return Response(DeliveryOut(delivery).data, status=status.HTTP_202_ACCEPTED)


@extend_schema(tags=TAG)
class EndpointDeliveries(ListAPIView):
    """The endpoint's deliveries, newest first, each with the last answer received."""

    serializer_class = DeliveryOut
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self) -> QuerySet[WebhookDelivery]:
        endpoint = selectors.own_endpoint(self.request.user, self.kwargs["pk"])
        return selectors.endpoint_deliveries(endpoint)


@extend_schema(tags=TAG, request=None, responses={202: DeliveryOut})
class DeliveryRedeliver(APIView):
    """Send a delivery again (same id and body, newly signed)."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request, pk: int) -> Response:
        delivery = services.delivery_redeliver(actor=request.user, delivery_id=pk)
        return Response(DeliveryOut(delivery).data, status=status.HTTP_202_ACCEPTED)
