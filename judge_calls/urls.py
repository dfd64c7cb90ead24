"""Judge calls, under /events/: a player calls from their match, judges answer."""

from django.urls import path

from judge_calls import views as judge_calls

app_name = "judge_calls"

urlpatterns = [
    path("<id:pk>/print/judge-calls/", judge_calls.print_log, name="print_judge_calls"),
    path("matches/<id:pk>/call-judge/", judge_calls.call_judge, name="call_judge"),
    path("judge-calls/<id:pk>/cancel/", judge_calls.cancel_call, name="cancel_judge_call"),
    path("<id:pk>/judge/calls/", judge_calls.queue, name="judge_calls"),
    path("judge-calls/<id:pk>/resolve/", judge_calls.resolve, name="resolve_judge_call"),
    path("judge-calls/<id:pk>/<str:action>/", judge_calls.call_action, name="judge_call_action"),
]
