from django.urls import path

from metagame import api

urlpatterns = [
    path("metagame/", api.MetagameView.as_view(), name="metagame"),
]
