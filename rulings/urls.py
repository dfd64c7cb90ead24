from django.urls import path

from rulings import views
from rulings.feeds import VersionFeed

app_name = "rulings"

urlpatterns = [
    path("", views.current, name="current"),
    path("on/", views.on_date, name="on_date"),
    path("history/", views.history, name="history"),
    path("versions/<id:number>/", views.version_detail, name="version"),
    path("diff/", views.diff, name="diff"),
    path("feed/", VersionFeed(), name="feed"),
    path("cards/", views.cards, name="cards"),
]
