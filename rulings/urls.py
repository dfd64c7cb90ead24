from django.urls import path

from rulings import views
from rulings.feeds import VersionFeed

app_name = "rulings"

urlpatterns = [
    path("", views.current, name="current"),
    path("on/", views.on_date, name="on_date"),
    path("history/", views.history, name="history"),
    path("versions/<int:number>/", views.version_detail, name="version"),
    path("diff/", views.diff, name="diff"),
    path("feed/", VersionFeed(), name="feed"),
    path("cards/", views.cards, name="cards"),
    path("events/<int:event_id>/deck/", views.my_deck, name="my_deck"),
    path("events/<int:event_id>/decks/", views.event_decks, name="event_decks"),
    path("events/<int:event_id>/decks/random/", views.random_pick, name="random_pick"),
    path("events/<int:event_id>/pools/<int:player_id>/", views.card_pool, name="card_pool"),
    path("decks/<int:deck_list_id>/", views.deck_detail, name="deck_detail"),
    path("decks/<int:deck_list_id>/print/", views.deck_print, name="deck_print"),
]
