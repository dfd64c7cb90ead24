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
    path("events/<id:event_id>/deck/", views.my_deck, name="my_deck"),
    path("events/<id:event_id>/decks/", views.event_decks, name="event_decks"),
    path("events/<id:event_id>/decks/<id:player_id>/", views.player_deck, name="player_deck"),
    path("events/<id:event_id>/decks/random/", views.random_pick, name="random_pick"),
    path("events/<id:event_id>/deck-checks/", views.deck_checks, name="deck_checks"),
    path("events/<id:event_id>/deck-checks/draw/", views.deck_check_draw, name="deck_check_draw"),
    path("events/<id:event_id>/pools/<id:player_id>/", views.card_pool, name="card_pool"),
    path("decks/<id:deck_list_id>/", views.deck_detail, name="deck_detail"),
    path("decks/<id:deck_list_id>/print/", views.deck_print, name="deck_print"),
]
