from django.urls import path

from tournaments.api import drafts as d
from tournaments.api import judge_calls as jc
from tournaments.api import views as v

urlpatterns = [
    # First: every player reports every round, so the resolver should try this one first.
    path("matches/<id:pk>/report/", v.MatchReport.as_view(), name="match-report"),
    path("matches/<id:pk>/confirm/", v.MatchConfirmReport.as_view(), name="match-confirm"),
    path("events/", v.EventListCreate.as_view(), name="event-list"),
    path("events/<id:pk>/", v.EventDetail.as_view(), name="event-detail"),
    path("events/<id:pk>/players/", v.EventPlayers.as_view(), name="event-players"),
    path("events/<id:pk>/register/", v.EventRegister.as_view(), name="event-register"),
    path("events/<id:pk>/rounds/", v.EventRounds.as_view(), name="event-rounds"),
    path("events/<id:pk>/penalties/", v.EventPenalties.as_view(), name="event-penalties"),
    path("events/<id:pk>/audit/", v.EventAudit.as_view(), name="event-audit"),
    path("events/<id:pk>/rounds/pair/", v.EventPairNext.as_view(), name="event-pair"),
    path("events/<id:pk>/standings/", v.EventStandings.as_view(), name="event-standings"),
    path("events/<id:pk>/top-cut/start/", v.EventTopCutStart.as_view(), name="topcut-start"),
    path("events/<id:pk>/top-cut/advance/", v.EventTopCutAdvance.as_view(), name="topcut-advance"),
    path("events/<id:pk>/finish/", v.EventFinish.as_view(), name="event-finish"),
    path("events/<id:pk>/reopen/", v.EventReopen.as_view(), name="event-reopen"),
    path("events/<id:pk>/export/<str:what>.csv", v.EventExport.as_view(), name="event-export"),
    path(
        "registrations/<id:pk>/check-in/",
        v.RegistrationCheckIn.as_view(),
        name="registration-check-in",
    ),
    path("registrations/<id:pk>/drop/", v.RegistrationDrop.as_view(), name="registration-drop"),
    path(
        "registrations/<id:pk>/fixed-table/",
        v.RegistrationFixedTable.as_view(),
        name="registration-fixed-table",
    ),
    path("rounds/<id:pk>/", v.RoundDetail.as_view(), name="round-detail"),
    path("rounds/<id:pk>/publish/", v.RoundPublish.as_view(), name="round-publish"),
    path("rounds/<id:pk>/repair/", v.RoundRepair.as_view(), name="round-repair"),
    path("rounds/<id:pk>/swap/", v.RoundSwap.as_view(), name="round-swap"),
    path("rounds/<id:pk>/clock/start/", v.ClockStart.as_view(), name="clock-start"),
    path("rounds/<id:pk>/clock/pause/", v.ClockPause.as_view(), name="clock-pause"),
    path("rounds/<id:pk>/clock/resume/", v.ClockResume.as_view(), name="clock-resume"),
    path("rounds/<id:pk>/clock/adjust/", v.ClockAdjust.as_view(), name="clock-adjust"),
    path("matches/<id:pk>/", v.MatchDetail.as_view(), name="match-detail"),
    path("matches/<id:pk>/result/", v.MatchSetResult.as_view(), name="match-result"),
    path("matches/<id:pk>/extend/", v.MatchExtend.as_view(), name="match-extend"),
    path("events/<id:pk>/draft/start/", d.DraftStart.as_view(), name="draft-start"),
    path("events/<id:pk>/draft/my-seat/", d.MySeat.as_view(), name="draft-my-seat"),
    path("events/<id:pk>/draft/pick/", d.MyPick.as_view(), name="draft-pick"),
    path("events/<id:pk>/draft/bid/", d.MyBid.as_view(), name="draft-bid"),
    path("events/<id:pk>/draft/distribute/", d.MyDistribution.as_view(), name="draft-distribute"),
    path("events/<id:pk>/draft/deck/", d.MyDeck.as_view(), name="draft-deck"),
    path("pods/<id:pk>/pause/", d.PodPause.as_view(), name="pod-pause"),
    path("pods/<id:pk>/resume/", d.PodResume.as_view(), name="pod-resume"),
    path("pods/<id:pk>/extend/", d.PodExtend.as_view(), name="pod-extend"),
    path("pods/<id:pk>/seat-bot/", d.PodSeatBot.as_view(), name="pod-seat-bot"),
    path("pods/<id:pk>/begin-picking/", d.PodBeginPicking.as_view(), name="pod-begin-picking"),
    path("packs/<id:pk>/replace/", d.PackReplace.as_view(), name="pack-replace"),
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
