from django.urls import path

from metagame import views

app_name = "metagame"

urlpatterns = [
    path("rulings/metagame/", views.metagame_admin, name="desk"),
    path("rulings/metagame/<slug:table>.csv", views.admin_csv, name="desk_csv"),
    path("rulings/metagame/<slug:table>.xlsx", views.admin_xlsx, name="desk_xlsx"),
    path("metagame/", views.metagame_public, name="public"),
    path("metagame/<slug:table>.csv", views.public_csv, name="public_csv"),
    path("metagame/<slug:table>.xlsx", views.public_xlsx, name="public_xlsx"),
]
