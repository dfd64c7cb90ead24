from django.contrib import admin

from webhooks.models import WebhookDelivery, WebhookEndpoint


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    list_display = ("url", "owner", "event", "active", "created_at")
    list_filter = ("active",)
    search_fields = ("url", "owner__username", "description")
    raw_id_fields = ("owner", "event")
    readonly_fields = ("created_at", "updated_at")


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = (
        "uid",
        "kind",
        "endpoint",
        "status",
        "attempts",
        "response_status",
        "created_at",
    )
    list_filter = ("status", "kind")
    search_fields = ("uid", "endpoint__url")
    raw_id_fields = ("endpoint", "event")
    readonly_fields = (
        "uid",
        "payload",
        "attempts",
        "failures",
        "last_attempt_at",
        "response_status",
        "response_body",
        "error",
        "delivered_at",
        "created_at",
    )
