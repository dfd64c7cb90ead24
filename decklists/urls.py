"""Pages of deck lists, card pools and deck checks, under /rulings/ as before they had their
own app."""

from django.urls import path

from decklists import views

app_name = "decklists"

urlpatterns = [
    path("events/<id:event_id>/deck/", views.my_deck, name="my_deck"),
    path("events/<id:event_id>/deck/cards/", views.card_suggestions, name="card_suggestions"),
    path("events/<id:event_id>/decks/", views.event_decks, name="event_decks"),
    path("events/<id:event_id>/decks/<id:player_id>/", views.player_deck, name="player_deck"),
    path("events/<id:event_id>/decks/random/", views.random_pick, name="random_pick"),
    path("events/<id:event_id>/deck-checks/", views.deck_checks, name="deck_checks"),
    path("events/<id:event_id>/deck-checks/draw/", views.deck_check_draw, name="deck_check_draw"),
    path(
        "events/<id:event_id>/deck-checks/<id:check_id>/",
        views.deck_check_detail,
        name="deck_check_detail",
    ),
    path("events/<id:event_id>/pools/<id:player_id>/", views.card_pool, name="card_pool"),
    path("decks/<id:deck_list_id>/", views.deck_detail, name="deck_detail"),
    path("decks/<id:deck_list_id>/print/", views.deck_print, name="deck_print"),
    path(
        "rulings-notices/<id:notice_id>/dismiss/",
        views.rulings_notice_dismiss,
        name="rulings_notice_dismiss",
    ),
]
