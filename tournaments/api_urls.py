from django.urls import path

from tournaments.api import views as v

urlpatterns = [
    # First: every player reports every round, so the resolver should try this one first.
    path("matches/<int:pk>/report/", v.MatchReport.as_view(), name="match-report"),
    path("events/", v.EventListCreate.as_view(), name="event-list"),
    path("events/<int:pk>/", v.EventDetail.as_view(), name="event-detail"),
    path("events/<int:pk>/players/", v.EventPlayers.as_view(), name="event-players"),
    path("events/<int:pk>/register/", v.EventRegister.as_view(), name="event-register"),
    path("events/<int:pk>/rounds/", v.EventRounds.as_view(), name="event-rounds"),
    path("events/<int:pk>/penalties/", v.EventPenalties.as_view(), name="event-penalties"),
    path("events/<int:pk>/audit/", v.EventAudit.as_view(), name="event-audit"),
    path("events/<int:pk>/rounds/pair/", v.EventPairNext.as_view(), name="event-pair"),
    path("events/<int:pk>/standings/", v.EventStandings.as_view(), name="event-standings"),
    path("events/<int:pk>/top-cut/start/", v.EventTopCutStart.as_view(), name="topcut-start"),
    path("events/<int:pk>/top-cut/advance/", v.EventTopCutAdvance.as_view(), name="topcut-advance"),
    path("events/<int:pk>/finish/", v.EventFinish.as_view(), name="event-finish"),
    path("events/<int:pk>/export/<str:what>.csv", v.EventExport.as_view(), name="event-export"),
    path(
        "registrations/<int:pk>/check-in/",
        v.RegistrationCheckIn.as_view(),
        name="registration-check-in",
    ),
    path("registrations/<int:pk>/drop/", v.RegistrationDrop.as_view(), name="registration-drop"),
    path(
        "registrations/<int:pk>/fixed-table/",
        v.RegistrationFixedTable.as_view(),
        name="registration-fixed-table",
    ),
    path("rounds/<int:pk>/", v.RoundDetail.as_view(), name="round-detail"),
    path("rounds/<int:pk>/publish/", v.RoundPublish.as_view(), name="round-publish"),
    path("rounds/<int:pk>/repair/", v.RoundRepair.as_view(), name="round-repair"),
    path("rounds/<int:pk>/swap/", v.RoundSwap.as_view(), name="round-swap"),
    path("rounds/<int:pk>/clock/start/", v.ClockStart.as_view(), name="clock-start"),
    path("rounds/<int:pk>/clock/pause/", v.ClockPause.as_view(), name="clock-pause"),
    path("rounds/<int:pk>/clock/resume/", v.ClockResume.as_view(), name="clock-resume"),
    path("rounds/<int:pk>/clock/adjust/", v.ClockAdjust.as_view(), name="clock-adjust"),
    path("matches/<int:pk>/", v.MatchDetail.as_view(), name="match-detail"),
    path("matches/<int:pk>/result/", v.MatchSetResult.as_view(), name="match-result"),
    path("matches/<int:pk>/extend/", v.MatchExtend.as_view(), name="match-extend"),
]
