"""The organiser's webhook pages, under /events/."""

from django.urls import path

from webhooks import views

app_name = "webhooks"

urlpatterns = [
    path("<id:pk>/webhooks/", views.event_webhooks, name="event_webhooks"),
    path("webhooks/<id:pk>/", views.endpoint_page, name="endpoint"),
]
