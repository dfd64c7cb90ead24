from django.urls import path

from games import api

urlpatterns = [
    path("games/", api.GameListView.as_view(), name="games-list"),
    path("games/records/validate/", api.RecordValidateView.as_view(), name="games-record-validate"),
    path("games/qiahn-tactics/odds/", api.OddsView.as_view(), name="games-qiahn-odds"),
    path(
        "games/qiahn-tactics/reachable-scores/",
        api.ReachableScoresView.as_view(),
        name="games-qiahn-reachable",
    ),
]
