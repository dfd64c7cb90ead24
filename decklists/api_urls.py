"""The API of deck lists, card pools and deck checks (under /api/rulings/ as before)."""

from django.urls import path

from decklists import api

urlpatterns = [
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
        "rulings/events/<id:event_id>/deck-checks/<id:check_id>/",
        api.DeckCheckDetailView.as_view(),
        name="rulings-deck-check",
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
