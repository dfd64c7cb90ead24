from django.urls import path

from metagame import views

app_name = "metagame"

urlpatterns = [
    path("rulings/metagame/", views.metagame_admin, name="desk"),
    path("metagame/", views.metagame_public, name="public"),
]
