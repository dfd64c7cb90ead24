from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.index, name="index"),
    path("records/check/", views.check, name="check"),
    path("anachronism/replay/", views.anachronism_replay, name="anachronism_replay"),
    path("qiahn-tactics/odds/", views.odds, name="odds"),
]
