from django.urls import path

from tournaments.views import lists

app_name = "tournaments"

urlpatterns = [
    path("", lists.event_list, name="event_list"),
    path("mine/", lists.my_events, name="my_events"),
    path("judge/", lists.judge_desk, name="judge_desk"),
]
