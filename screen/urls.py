"""The big screen and its control from a judge's phone, under /events/."""

from django.urls import path

from screen import views as screen

app_name = "screen"

urlpatterns = [
    path("<id:pk>/screen/", screen.screen, name="screen"),
    path("<id:pk>/judge/screen/", screen.screen_control, name="screen_control"),
]
