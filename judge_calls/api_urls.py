"""The API of judge calls (included by the project's API under /api/)."""

from django.urls import path

from judge_calls import api as jc

urlpatterns = [
    path("events/<id:pk>/judge-calls/", jc.EventJudgeCalls.as_view(), name="event-judge-calls"),
    path("matches/<id:pk>/judge-calls/", jc.MatchJudgeCall.as_view(), name="match-judge-call"),
    path("judge-calls/<id:pk>/", jc.JudgeCallDetail.as_view(), name="judge-call-detail"),
    path("judge-calls/<id:pk>/claim/", jc.JudgeCallClaim.as_view(), name="judge-call-claim"),
    path("judge-calls/<id:pk>/release/", jc.JudgeCallRelease.as_view(), name="judge-call-release"),
    path(
        "judge-calls/<id:pk>/escalate/", jc.JudgeCallEscalate.as_view(), name="judge-call-escalate"
    ),
    path("judge-calls/<id:pk>/resolve/", jc.JudgeCallResolve.as_view(), name="judge-call-resolve"),
    path("judge-calls/<id:pk>/cancel/", jc.JudgeCallCancel.as_view(), name="judge-call-cancel"),
]
