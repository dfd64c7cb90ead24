"""The API of webhooks (included by the project's API under /api/)."""

from django.urls import path

from webhooks import api

urlpatterns = [
    path("webhooks/", api.EndpointListCreate.as_view(), name="webhook-list"),
    path("webhooks/<id:pk>/", api.EndpointDetail.as_view(), name="webhook-detail"),
    path(
        "webhooks/<id:pk>/rotate-secret/",
        api.EndpointRotateSecret.as_view(),
        name="webhook-rotate-secret",
    ),
    path("webhooks/<id:pk>/ping/", api.EndpointPing.as_view(), name="webhook-ping"),
    path(
        "webhooks/<id:pk>/deliveries/",
        api.EndpointDeliveries.as_view(),
        name="webhook-deliveries",
    ),
    path(
        "webhook-deliveries/<id:pk>/redeliver/",
        api.DeliveryRedeliver.as_view(),
        name="webhook-redeliver",
    ),
]
