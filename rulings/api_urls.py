from django.urls import path

from rulings import api

urlpatterns = [
    path("rulings/versions/", api.VersionListView.as_view(), name="rulings-versions"),
    path(
        "rulings/versions/in-force/",
        api.VersionInForceView.as_view(),
        name="rulings-version-in-force",
    ),
    path(
        "rulings/versions/<id:number>/",
        api.VersionDetailView.as_view(),
        name="rulings-version",
    ),
    path("rulings/diff/", api.VersionDiffView.as_view(), name="rulings-diff"),
    path("rulings/editions/", api.EditionListView.as_view(), name="rulings-editions"),
    path("rulings/cards/", api.CardListView.as_view(), name="rulings-cards"),
    path(
        "rulings/events/<id:event_id>/deck-list/",
        api.MyDeckListView.as_view(),
        name="rulings-my-deck-list",
    ),
    path(
        "rulings/events/<id:event_id>/deck-list/submit/",
        api.DeckListSubmitView.as_view(),
        name="rulings-deck-list-submit",
    ),
    path(
        "rulings/events/<id:event_id>/deck-lists/",
        api.EventDeckListsView.as_view(),
        name="rulings-event-deck-lists",
    ),
    path(
        "rulings/events/<id:event_id>/deck-lists/<id:player_id>/",
        api.PlayerDeckListSubmitView.as_view(),
        name="rulings-player-deck-list",
    ),
    path(
        "rulings/events/<id:event_id>/deck-checks/random/",
        api.RandomDeckCheckView.as_view(),
        name="rulings-random-deck-check",
    ),
    path(
        "rulings/events/<id:event_id>/deck-status/",
        api.DeckStatusView.as_view(),
        name="rulings-deck-status",
    ),
    path(
        "rulings/events/<id:event_id>/deck-checks/",
        api.DeckChecksView.as_view(),
        name="rulings-deck-checks",
    ),
    path(
        "rulings/events/<id:event_id>/pools/<id:player_id>/",
        api.CardPoolSetView.as_view(),
        name="rulings-card-pool",
    ),
    path(
        "rulings/deck-lists/<id:deck_list_id>/",
        api.DeckListDetailView.as_view(),
        name="rulings-deck-list",
    ),
]
