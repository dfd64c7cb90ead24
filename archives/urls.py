"""An event's archive download, under /events/."""

from django.urls import path

from archives import views

app_name = "archives"

urlpatterns = [
    path("<id:pk>/archive.json", views.archive, name="archive"),
]
